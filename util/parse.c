// SPDX-License-Identifier: MIT
/*
 * Value parsers for options and key=value settings.
 *
 * Numbers are scanned by hand instead of with strtoull/strtod: those accept
 * leading blanks, signs, hex, exponents, "inf" and "nan", and depend on the
 * locale, none of which a size or a duration should.  Sizes and durations are
 * computed exactly in 128-bit integers so "1.5G" is exactly 1610612736 and a
 * value that is not a whole number of bytes (or nanoseconds) is an error
 * rather than silently rounded.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "util/escape.h"
#include "util/parse.h"

__extension__ typedef unsigned __int128 u128;

/* Fraction digits kept exactly; 10^19 still fits in a uint64_t. */
#define FRAC_MAX 19

static const uint64_t pow10_u64[FRAC_MAX + 1] = {
	1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull,
	100000000ull, 1000000000ull, 10000000000ull, 100000000000ull,
	1000000000000ull, 10000000000000ull, 100000000000000ull,
	1000000000000000ull, 10000000000000000ull, 100000000000000000ull,
	1000000000000000000ull, 10000000000000000000ull,
};

/* A scanned "digits[.digits]" prefix and whatever follows it. */
struct number {
	uint64_t ip;         /* integer part, valid unless ip_overflow */
	bool ip_overflow;
	uint64_t frac;       /* significant fraction digits (trailing zeros dropped) */
	unsigned frac_digits;
	bool frac_long;      /* more than FRAC_MAX significant fraction digits */
	bool has_point;
	double value;        /* the number as a double, for percentages */
	const char *rest;    /* the unit, or junk */
	size_t restlen;
};

/* -------------------------------------------------------------------------- */
/* Error messages                                                             */

#define QUOTE_MAX ESCAPE_MAX_INPUT

/*
 * The bad input as it goes between quotes: control and non-ASCII bytes are
 * escaped so the message stays one printable line, and long input is cut.
 */
static const char *quote(char buf[static ESCAPE_BUF_SIZE], const char *s, size_t len)
{
	escape_bytes(buf, ESCAPE_BUF_SIZE, s, len > QUOTE_MAX ? QUOTE_MAX : len);
	if (len > QUOTE_MAX)
		strcat(buf, "...");
	return buf;
}

#define QUOTE_BUF(name) ESCAPE_BUF(name)

__attribute__((format(printf, 3, 4)))
static void set_err(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (!err || errlen == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

static const char *name_of(const char *what)
{
	return what && *what ? what : "value";
}

/* -------------------------------------------------------------------------- */
/* Scanning                                                                   */

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/*
 * Scan "digits[.digits]" at the start of s[0..len).  False when there is no
 * digit first or the point has no digit after it; the rest is left to the
 * caller, which decides which units it takes.
 */
static bool scan_number(const char *s, size_t len, struct number *n)
{
	size_t i = 0;

	memset(n, 0, sizeof(*n));
	if (len == 0 || !is_digit(s[0]))
		return false;

	for (; i < len && is_digit(s[i]); i++) {
		unsigned d = (unsigned)(s[i] - '0');

		n->value = n->value * 10 + d;
		if (n->ip > (UINT64_MAX - d) / 10)
			n->ip_overflow = true;
		else
			n->ip = n->ip * 10 + d;
	}

	if (i < len && s[i] == '.') {
		size_t start = ++i, last = 0;
		bool nonzero = false;

		for (; i < len && is_digit(s[i]); i++) {
			if (s[i] != '0') {
				last = i;
				nonzero = true;
			}
		}
		if (i == start)
			return false;
		n->has_point = true;
		if (nonzero) {
			size_t sig = last - start + 1;
			size_t keep = sig > FRAC_MAX ? FRAC_MAX : sig;

			n->frac_long = sig > FRAC_MAX;
			for (size_t j = 0; j < keep; j++)
				n->frac = n->frac * 10 + (unsigned)(s[start + j] - '0');
			n->frac_digits = (unsigned)keep;
			n->value += (double)n->frac / (double)pow10_u64[keep];
		}
	}

	n->rest = s + i;
	n->restlen = len - i;
	return true;
}

static bool rest_is(const struct number *n, const char *unit)
{
	return strlen(unit) == n->restlen && memcmp(n->rest, unit, n->restlen) == 0;
}

struct unit {
	const char *name;
	uint64_t mult;
};

#define KI (1ull << 10)
#define MI (1ull << 20)
#define GI (1ull << 30)
#define TI (1ull << 40)

static const struct unit size_units[] = {
	{ "", 1 }, { "B", 1 },
	{ "k", KI }, { "K", KI }, { "KiB", KI },
	{ "M", MI }, { "m", MI }, { "MiB", MI },
	{ "G", GI }, { "g", GI }, { "GiB", GI },
	{ "T", TI }, { "t", TI }, { "TiB", TI },
	{ "kB", 1000ull }, { "MB", 1000000ull }, { "GB", 1000000000ull },
	{ "TB", 1000000000000ull },
};

#define NS_PER_S 1000000000ull

static const struct unit duration_units[] = {
	{ "", NS_PER_S },
	{ "ms", 1000000ull },
	{ "s", NS_PER_S },
	{ "m", 60 * NS_PER_S },
	{ "h", 3600 * NS_PER_S },
};

static const struct unit *find_unit(const struct unit *units, size_t count,
				    const struct number *n)
{
	for (size_t i = 0; i < count; i++)
		if (rest_is(n, units[i].name))
			return &units[i];
	return NULL;
}

/*
 * n * mult exactly.  Returns 0, -ERANGE past UINT64_MAX, or -EDOM when the
 * product has a fractional part (then *out holds the integer part).
 */
static int scale_exact(const struct number *n, uint64_t mult, uint64_t *out)
{
	if (n->ip_overflow)
		return -ERANGE;

	u128 frac_scaled = (u128)n->frac * mult;
	u128 v = (u128)n->ip * mult + frac_scaled / pow10_u64[n->frac_digits];
	bool inexact = n->frac_long || frac_scaled % pow10_u64[n->frac_digits] != 0;

	if (v > UINT64_MAX || (v == UINT64_MAX && inexact))
		return -ERANGE;
	*out = (uint64_t)v;
	if (inexact)
		return -EDOM;
	return 0;
}

/* -------------------------------------------------------------------------- */
/* Single values, on a (pointer, length) so lists need no copies              */

#define SIZE_HINT "use a number with k/M/G/T (1024) or kB/MB/GB/TB (1000), e.g. 4k"
#define DURATION_HINT "use a number with ms, s, m or h (a bare number is seconds), e.g. 10m"

/* A number with a unit: what it is called, its units and how it goes wrong. */
struct quantity {
	const char *noun_hint;          /* "a size; " SIZE_HINT */
	const struct unit *units;
	size_t nunits;
	const char *too_large;          /* what to use instead */
	const char *too_fine;           /* NULL: suggest the two whole numbers around it */
};

static const struct quantity size_quantity = {
	"a size; " SIZE_HINT, size_units, sizeof(size_units) / sizeof(size_units[0]),
	"use a size below 16777216T (2^64 bytes)", NULL,
};

static const struct quantity duration_quantity = {
	"a duration; " DURATION_HINT, duration_units, sizeof(duration_units) / sizeof(duration_units[0]),
	"use at most 5124095h (about 584 years)", "finer than a nanosecond; use fewer decimals, e.g. 1.5s",
};

static int quantity_n(const struct quantity *k, const char *what, const char *s, size_t len, uint64_t *out,
		      char *err, size_t errlen)
{
	const struct unit *u;
	struct number n;
	uint64_t v = 0;
	QUOTE_BUF(q);
	int ret;

	if (!scan_number(s, len, &n) || !(u = find_unit(k->units, k->nunits, &n))) {
		set_err(err, errlen, "%s: '%s' is not %s", name_of(what), quote(q, s, len), k->noun_hint);
		return -EINVAL;
	}
	ret = scale_exact(&n, u->mult, &v);
	if (ret == -ERANGE) {
		set_err(err, errlen, "%s: '%s' is too large; %s", name_of(what), quote(q, s, len), k->too_large);
		return -ERANGE;
	}
	if (ret == -EDOM && k->too_fine) {
		set_err(err, errlen, "%s: '%s' is %s", name_of(what), quote(q, s, len), k->too_fine);
		return -EINVAL;
	}
	if (ret == -EDOM) {
		set_err(err, errlen, "%s: '%s' is not a whole number of bytes; use e.g. %llu or %llu",
			name_of(what), quote(q, s, len), (unsigned long long)v, (unsigned long long)v + 1);
		return -EINVAL;
	}
	*out = v;
	return 0;
}

static int size_n(const char *what, const char *s, size_t len, uint64_t *out, char *err, size_t errlen)
{
	return quantity_n(&size_quantity, what, s, len, out, err, errlen);
}

static int duration_n(const char *what, const char *s, size_t len, uint64_t *out_ns, char *err, size_t errlen)
{
	return quantity_n(&duration_quantity, what, s, len, out_ns, err, errlen);
}

static int percent_n(const char *what, const char *s, size_t len, double min, double max,
		     double *out, char *err, size_t errlen)
{
	struct number n;
	QUOTE_BUF(q);

	if (!scan_number(s, len, &n) || !(rest_is(&n, "") || rest_is(&n, "%"))) {
		set_err(err, errlen,
			"%s: '%s' is not a percentage; use a number with an optional %%, e.g. 12.5%%",
			name_of(what), quote(q, s, len));
		return -EINVAL;
	}
	if (!(n.value >= min && n.value <= max)) {
		set_err(err, errlen, "%s: '%s' is out of range; use %g%% to %g%%",
			name_of(what), quote(q, s, len), min, max);
		return -ERANGE;
	}
	*out = n.value;
	return 0;
}

static int u64_n(const char *what, const char *s, size_t len, uint64_t min, uint64_t max,
		 uint64_t *out, char *err, size_t errlen)
{
	struct number n;
	QUOTE_BUF(q);

	if (!scan_number(s, len, &n) || n.has_point || n.restlen != 0) {
		set_err(err, errlen, "%s: '%s' is not a whole number; use digits only, e.g. %llu",
			name_of(what), quote(q, s, len), (unsigned long long)min);
		return -EINVAL;
	}
	if (n.ip_overflow || n.ip < min || n.ip > max) {
		if (max == UINT64_MAX)
			set_err(err, errlen, "%s: '%s' is out of range; use at least %llu",
				name_of(what), quote(q, s, len), (unsigned long long)min);
		else
			set_err(err, errlen, "%s: '%s' is out of range; use %llu to %llu",
				name_of(what), quote(q, s, len), (unsigned long long)min,
				(unsigned long long)max);
		return -ERANGE;
	}
	*out = n.ip;
	return 0;
}

/* -------------------------------------------------------------------------- */
/* Public single-value parsers                                                */

static size_t len_of(const char *s)
{
	return s ? strlen(s) : 0;
}

int parse_size(const char *what, const char *s, uint64_t *out, char *err, size_t errlen)
{
	return size_n(what, s ? s : "", len_of(s), out, err, errlen);
}

int parse_duration(const char *what, const char *s, uint64_t *out_ns, char *err, size_t errlen)
{
	return duration_n(what, s ? s : "", len_of(s), out_ns, err, errlen);
}

int parse_percent(const char *what, const char *s, double min, double max, double *out,
		  char *err, size_t errlen)
{
	return percent_n(what, s ? s : "", len_of(s), min, max, out, err, errlen);
}

int parse_u64(const char *what, const char *s, uint64_t min, uint64_t max, uint64_t *out,
	      char *err, size_t errlen)
{
	return u64_n(what, s ? s : "", len_of(s), min, max, out, err, errlen);
}

static int double_n(const char *what, const char *s, size_t len, double min, double max, double *out,
		    char *err, size_t errlen)
{
	struct number n;
	QUOTE_BUF(q);

	if (!scan_number(s, len, &n) || n.restlen != 0) {
		set_err(err, errlen, "%s: '%s' is not a number; use digits with an optional "
			"decimal point, e.g. 1.5", name_of(what), quote(q, s, len));
		return -EINVAL;
	}
	if (!(n.value >= min && n.value <= max)) {
		set_err(err, errlen, "%s: '%s' is out of range; use %g to %g",
			name_of(what), quote(q, s, len), min, max);
		return -ERANGE;
	}
	*out = n.value;
	return 0;
}

int parse_double(const char *what, const char *s, double min, double max, double *out,
		 char *err, size_t errlen)
{
	return double_n(what, s ? s : "", len_of(s), min, max, out, err, errlen);
}

int parse_multiple(const char *what, const char *s, double min, double max, double *out,
		   char *err, size_t errlen)
{
	size_t len = len_of(s);
	struct number n;
	QUOTE_BUF(q);

	if (!s)
		s = "";
	/* The whole argument is checked: nothing is cut to a buffer first. */
	if (!scan_number(s, len, &n) || !(rest_is(&n, "") || rest_is(&n, "x"))) {
		set_err(err, errlen, "%s: '%s' is not a multiple; use a number with an optional x, e.g. 10x",
			name_of(what), quote(q, s, len));
		return -EINVAL;
	}
	if (!(n.value >= min && n.value <= max)) {
		set_err(err, errlen, "%s: '%s' is out of range; use %gx to %gx",
			name_of(what), quote(q, s, len), min, max);
		return -ERANGE;
	}
	*out = n.value;
	return 0;
}

/* -------------------------------------------------------------------------- */
/* Lists                                                                      */

static size_t item_len(const char *p)
{
	const char *c = strchr(p, ',');

	return c ? (size_t)(c - p) : strlen(p);
}

/*
 * Check the shape of a list before parsing its items: not empty, no empty
 * item, at most max_items.  example is a good list of the right kind.
 */
static int check_list(const char *what, const char *s, size_t max_items, const char *example,
		      char *err, size_t errlen)
{
	size_t count = 0;
	QUOTE_BUF(q);

	if (!s || !*s) {
		set_err(err, errlen, "%s: the list is empty; use comma-separated values, e.g. %s",
			name_of(what), example);
		return -EINVAL;
	}
	for (const char *p = s;; ) {
		size_t len = item_len(p);

		if (len == 0) {
			set_err(err, errlen,
				"%s: '%s' has an empty item; use comma-separated values "
				"without empty items, e.g. %s",
				name_of(what), quote(q, s, strlen(s)), example);
			return -EINVAL;
		}
		count++;
		if (p[len] == '\0')
			break;
		p += len + 1;
	}
	if (count > max_items) {
		set_err(err, errlen, "%s: '%s' has %zu items; use at most %zu",
			name_of(what), quote(q, s, strlen(s)), count, max_items);
		return -ERANGE;
	}
	return 0;
}

/* Step through a list accepted by check_list; false after the last item. */
static bool next_item(const char **cursor, const char **item, size_t *len)
{
	const char *p = *cursor;

	if (!p)
		return false;
	*item = p;
	*len = item_len(p);
	*cursor = p[*len] ? p + *len + 1 : NULL;
	return true;
}

/*
 * Parse each item of a list accepted by check_list into out[i] with one
 * item parser; the parsers differ only in their bounds and output type.
 */
typedef int (*item_parser)(const char *what, const char *p, size_t len, const void *bounds,
			   void *out_item, char *err, size_t errlen);

static int parse_list(const char *what, const char *s, size_t max_items, const char *example,
		      item_parser parse_item, const void *bounds, void *out, size_t item_size,
		      size_t *n, char *err, size_t errlen)
{
	const char *cur = s, *p;
	size_t i = 0, len;
	int ret;

	*n = 0;
	ret = check_list(what, s, max_items, example, err, errlen);
	if (ret)
		return ret;
	while (next_item(&cur, &p, &len)) {
		ret = parse_item(what, p, len, bounds, (char *)out + i * item_size, err, errlen);
		if (ret)
			return ret;
		i++;
	}
	*n = i;
	return 0;
}

struct u64_bounds { uint64_t min, max; };
struct double_bounds { double min, max; };

static int u64_item(const char *what, const char *p, size_t len, const void *bounds, void *out,
		    char *err, size_t errlen)
{
	const struct u64_bounds *b = bounds;

	return u64_n(what, p, len, b->min, b->max, out, err, errlen);
}

static int size_item(const char *what, const char *p, size_t len, const void *bounds, void *out,
		     char *err, size_t errlen)
{
	(void)bounds;
	return size_n(what, p, len, out, err, errlen);
}

static int duration_item(const char *what, const char *p, size_t len, const void *bounds,
			 void *out, char *err, size_t errlen)
{
	(void)bounds;
	return duration_n(what, p, len, out, err, errlen);
}

static int percent_item(const char *what, const char *p, size_t len, const void *bounds,
			void *out, char *err, size_t errlen)
{
	const struct double_bounds *b = bounds;

	return percent_n(what, p, len, b->min, b->max, out, err, errlen);
}

int parse_u64_list(const char *what, const char *s, uint64_t min, uint64_t max,
		   uint64_t *out, size_t max_items, size_t *n, char *err, size_t errlen)
{
	const struct u64_bounds b = { min, max };

	return parse_list(what, s, max_items, "1,4,32", u64_item, &b, out, sizeof(*out), n, err,
			  errlen);
}

int parse_size_list(const char *what, const char *s, uint64_t *out, size_t max_items,
		    size_t *n, char *err, size_t errlen)
{
	return parse_list(what, s, max_items, "4k,128k,1M", size_item, NULL, out, sizeof(*out), n,
			  err, errlen);
}

int parse_duration_list(const char *what, const char *s, uint64_t *out_ns, size_t max_items,
			size_t *n, char *err, size_t errlen)
{
	return parse_list(what, s, max_items, "10s,1m,5m", duration_item, NULL, out_ns,
			  sizeof(*out_ns), n, err, errlen);
}

int parse_percent_list(const char *what, const char *s, double min, double max, double *out,
		       size_t max_items, size_t *n, char *err, size_t errlen)
{
	const struct double_bounds b = { min, max };

	return parse_list(what, s, max_items, "0,7,14,20%", percent_item, &b, out, sizeof(*out), n,
			  err, errlen);
}

/*
 * "4k:60": the size by parse_size's rules and above 0, the weight digits
 * only (no blank, no sign) within [1, b->max].
 */
static int size_weight_item(const char *what, const char *p, size_t len, const void *bounds,
			    void *out, char *err, size_t errlen)
{
	const struct u64_bounds *b = bounds;
	struct size_weight *sw = out;
	const char *colon = memchr(p, ':', len);
	QUOTE_BUF(q);
	int ret;

	if (!colon) {
		set_err(err, errlen, "%s: '%s' has no weight; use SIZE:WEIGHT, e.g. 4k:60",
			name_of(what), quote(q, p, len));
		return -EINVAL;
	}
	ret = size_n(what, p, (size_t)(colon - p), &sw->size, err, errlen);
	if (ret)
		return ret;
	if (sw->size == 0) {
		set_err(err, errlen, "%s: block size '%s' is out of range; use at least 1 logical block, e.g. 4k",
			name_of(what), quote(q, p, (size_t)(colon - p)));
		return -ERANGE;
	}
	return u64_n(what, colon + 1, len - (size_t)(colon - p) - 1, b->min, b->max, &sw->weight, err,
		     errlen);
}

int parse_size_weight_list(const char *what, const char *s, uint64_t max_weight, struct size_weight *out,
			   size_t max_items, size_t *n, char *err, size_t errlen)
{
	const struct u64_bounds b = { 1, max_weight };

	return parse_list(what, s, max_items, "4k:60,64k:40", size_weight_item, &b, out, sizeof(*out), n,
			  err, errlen);
}

int parse_percent_range(const char *what, const char *s, double min, double max, double *lo, double *hi,
			char *err, size_t errlen)
{
	const char *colon = strchr(s, ':');
	char a[64];
	ESCAPE_BUF(q);

	if (!colon || (size_t)(colon - s) >= sizeof(a)) {
		snprintf(err, errlen, "%s: '%s' is not a range; use A:B, e.g. 0:40", what, escape_arg(q, sizeof(q), s));
		return -EINVAL;
	}
	snprintf(a, sizeof(a), "%.*s", (int)(colon - s), s);
	if (parse_percent(what, a, min, max, lo, err, errlen) || parse_percent(what, colon + 1, min, max, hi, err, errlen))
		return -EINVAL;
	if (*hi <= *lo) {
		snprintf(err, errlen, "%s: '%s' is empty; the upper end must be above the lower", what,
			 escape_arg(q, sizeof(q), s));
		return -EINVAL;
	}
	return 0;
}
