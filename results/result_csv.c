// SPDX-License-Identifier: MIT
/* What every CSV shares: fields and the drive column (results/result_csv.h). */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "results/json_get.h"
#include "results/result_csv.h"
#include "util/strbuf.h"

/* Whether s is a number as a whole ("-12.5", "1e3"): a spreadsheet reads it as one, never as a formula. */
static bool is_number(const char *s)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	return end != s && !*end && isfinite(v) && strspn(s, "+-0123456789.eE") == strlen(s);
}

/*
 * A cell a spreadsheet would run as a formula (it starts with =, +, -, @,
 * a tab or a CR) gets a single quote before it, as OWASP's CSV injection
 * advice says; numbers stay numbers.
 */
static bool formula_like(const char *s)
{
	return strchr("=+-@\t\r", s[0]) && s[0] && !is_number(s);
}

void csv_field(struct strbuf *b, const char *s)
{
	bool quote;

	if (!s)
		return;
	quote = formula_like(s);
	if (!strpbrk(s, ",\"\r\n")) {
		if (quote)
			sb_add(b, "'");
		sb_add(b, s);
		return;
	}
	sb_add(b, quote ? "\"'" : "\"");
	for (; *s; s++)
		sb_add(b, *s == '"' ? "\"\"" : (char[]){ *s, 0 });
	sb_add(b, "\"");
}

const char *result_drive_name(struct json_object *target, char *buf, size_t len)
{
	const char *model = jstr(target, "model"), *serial = jstr(target, "serial"), *path = jstr(target, "path");

	if (model && *model && ((serial && *serial) || (path && *path)))
		snprintf(buf, len, "%s (%s)", model, serial && *serial ? serial : path);
	else
		snprintf(buf, len, "%s", path ? path : model ? model : "");
	return buf;
}
