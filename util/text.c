/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util/text.h"

/* Characters no shell treats specially: an argument of only these needs no quotes. */
static const char plain[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-+=.,:/%@";

const char *text_num(char *buf, size_t len, int decimals, double v)
{
	if (!isfinite(v))
		snprintf(buf, len, "%s", TEXT_NOT_MEASURED);
	else
		snprintf(buf, len, "%.*f", decimals, v);
	return buf;
}

char *shell_join(const char *prog, int argc, char *const *argv)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int ferr;

	if (!f)
		return NULL;
	fputs(prog, f);
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];

		fputc(' ', f);
		if (*a && strspn(a, plain) == strlen(a)) {
			fputs(a, f);
			continue;
		}
		fputc('\'', f);
		for (; *a; a++) {
			if (*a == '\'')
				fputs("'\\''", f);
			else
				fputc(*a, f);
		}
		fputc('\'', f);
	}
	ferr = ferror(f);
	if (fclose(f) != 0 || ferr) {
		free(buf);
		return NULL;
	}
	return buf;
}

void utc_stamp(char *buf, size_t len, bool iso)
{
	time_t now = time(NULL);
	struct tm tm;

	gmtime_r(&now, &tm);
	strftime(buf, len, iso ? "%Y-%m-%dT%H:%M:%SZ" : "%Y%m%d-%H%M%S", &tm);
}
