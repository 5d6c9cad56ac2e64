/* SPDX-License-Identifier: MIT */
/*
 * Parsers for command-line and key=value values.  Each takes the name of the
 * option or key being parsed ("--bs", "capacity") so its one-line error can
 * name the problem and the fix.  They return 0 or -EINVAL / -ERANGE, and on
 * error write the message (without a trailing newline) into err.
 */
#ifndef SSDPROF_PARSE_H
#define SSDPROF_PARSE_H

#include <stddef.h>
#include <stdint.h>

/* "4096", "4k", "16G", "1.5T" (powers of 1024), "4kB", "1MB", "2TB" (powers of 1000). */
int parse_size(const char *what, const char *s, uint64_t *out, char *err, size_t errlen);
/* "500ms", "60s", "5m", "2h"; a bare number is seconds.  Result in ns. */
int parse_duration(const char *what, const char *s, uint64_t *out_ns, char *err, size_t errlen);
/* "7", "7%", "12.5%": within [min, max]. */
int parse_percent(const char *what, const char *s, double min, double max, double *out,
		  char *err, size_t errlen);
/* A plain unsigned integer within [min, max]. */
int parse_u64(const char *what, const char *s, uint64_t min, uint64_t max, uint64_t *out,
	      char *err, size_t errlen);
/* A plain decimal number (no unit) within [min, max]. */
int parse_double(const char *what, const char *s, double min, double max, double *out,
		 char *err, size_t errlen);

/* "10x" or "10" (a multiple, of the capacity say): a decimal number within [min, max]. */
int parse_multiple(const char *what, const char *s, double min, double max, double *out,
		   char *err, size_t errlen);

/*
 * Comma-separated lists: "1,2,4,8".  Empty lists and empty items are errors.
 * At most max items; *out is caller-provided storage of max elements.
 */
int parse_u64_list(const char *what, const char *s, uint64_t min, uint64_t max,
		   uint64_t *out, size_t max_items, size_t *n, char *err, size_t errlen);
int parse_size_list(const char *what, const char *s, uint64_t *out, size_t max_items,
		    size_t *n, char *err, size_t errlen);
int parse_duration_list(const char *what, const char *s, uint64_t *out_ns, size_t max_items,
			size_t *n, char *err, size_t errlen);

/* "A:B": a range of percentages, lo < hi, each within [min, max] (--op-range). */
int parse_percent_range(const char *what, const char *s, double min, double max, double *lo, double *hi,
			char *err, size_t errlen);
int parse_percent_list(const char *what, const char *s, double min, double max, double *out,
		       size_t max_items, size_t *n, char *err, size_t errlen);

/* "4k:60,64k:40": sizes above 0 with whole-number weights in [1, max_weight]. */
struct size_weight {
	uint64_t size;
	uint64_t weight;
};
int parse_size_weight_list(const char *what, const char *s, uint64_t max_weight, struct size_weight *out,
			   size_t max_items, size_t *n, char *err, size_t errlen);

#endif
