/* SPDX-License-Identifier: MIT */
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include <json-c/json.h>
#include <libsmartcols.h>

#include "results/json_get.h"
#include "results/result_json.h"
#include "reports/table.h"
#include "util/text.h"

void table_init(struct table *t, const char *caption)
{
	*t = (struct table){ .caption = caption };
}

void table_col(struct table *t, const char *head, enum table_align align)
{
	if (t->ncols >= TABLE_MAX_COLS || t->nrows) {
		t->failed = true;
		return;
	}
	t->head[t->ncols] = head;
	t->align[t->ncols++] = align;
}

void table_cols(struct table *t, ...)
{
	va_list ap;
	const char *head;

	va_start(ap, t);
	/* enum arguments arrive promoted to int. */
	while ((head = va_arg(ap, const char *)))
		table_col(t, head, (enum table_align)va_arg(ap, int));
	va_end(ap);
}

void table_row(struct table *t)
{
	if (t->failed)
		return;
	if (t->nrows == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 16;
		char **c = realloc(t->cells, cap * t->ncols * sizeof(*c));

		if (!c) {
			t->failed = true;
			return;
		}
		t->cells = c;
		t->cap = cap;
	}
	memset(&t->cells[t->nrows * t->ncols], 0, t->ncols * sizeof(char *));
	t->nrows++;
}

void table_cell(struct table *t, size_t col, const char *fmt, ...)
{
	va_list ap;
	char **cell;

	if (t->failed || !t->nrows || col >= t->ncols)
		return;
	cell = &t->cells[(t->nrows - 1) * t->ncols + col];
	free(*cell);
	va_start(ap, fmt);
	if (vasprintf(cell, fmt, ap) < 0) {
		*cell = NULL;
		t->failed = true;
	}
	va_end(ap);
}

void table_num(struct table *t, size_t col, double v, int decimals)
{
	if (isfinite(v))
		table_cell(t, col, "%.*f", decimals, v == 0 ? 0 : v);
	else
		table_cell(t, col, TEXT_NOT_MEASURED);
}

const char *table_get(const struct table *t, size_t row, size_t col)
{
	const char *s = row < t->nrows && col < t->ncols ? t->cells[row * t->ncols + col] : NULL;

	return s ? s : "";
}

/*
 * libsmartcols lays the table out: columns as wide as their widest cell,
 * two spaces apart, numbers right-aligned, and cells shown safe (a control
 * byte, or a byte that is no UTF-8, as \xNN).  It measures and escapes by
 * the locale's character type, so the thread takes C.UTF-8's while a table
 * is laid out and measured (struct utf8): "µs" is one column, never
 * \xc2\xb5s, whatever locale the process runs in.  Never cut to the
 * terminal (termforce never): a table too wide for it is narrowed by its
 * caller, which drops whole columns (term_sweep.c), not digits.
 */
struct utf8 {
	locale_t loc, old;
};

static void utf8_enter(struct utf8 *u)
{
	u->loc = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
	u->old = u->loc ? uselocale(u->loc) : (locale_t)0;
}

static void utf8_leave(struct utf8 *u)
{
	if (!u->loc)
		return;
	uselocale(u->old);
	freelocale(u->loc);
}

/* The table's text, malloc'd (lines may end in blanks); NULL when out of memory. */
static char *layout(const struct table *t)
{
	struct libscols_table *tb = scols_new_table();
	char *text = NULL;

	if (!tb)
		return NULL;
	scols_table_set_column_separator(tb, "  ");
	scols_table_set_termforce(tb, SCOLS_TERMFORCE_NEVER);
	for (size_t c = 0; c < t->ncols; c++)
		if (!scols_table_new_column(tb, t->head[c], 0, t->align[c] == TA_RIGHT ? SCOLS_FL_RIGHT : 0))
			goto out;
	for (size_t r = 0; r < t->nrows; r++) {
		struct libscols_line *ln = scols_table_new_line(tb, NULL);

		for (size_t c = 0; ln && c < t->ncols; c++)
			scols_line_set_data(ln, c, table_get(t, r, c));
	}
	if (scols_print_table_to_string(tb, &text)) {
		free(text);
		text = NULL;
	}
out:
	scols_unref_table(tb);
	return text;
}

/* The bytes of the line at text that are shown: up to its newline, trailing blanks left out. */
static size_t line_len(const char *text, size_t *next)
{
	size_t n = strcspn(text, "\n"), end = n;

	while (end && text[end - 1] == ' ')
		end--;
	*next = n + (text[n] == '\n');
	return end;
}

void table_print(const struct table *t, FILE *f, const char *indent)
{
	struct utf8 u;
	char *text;
	size_t n, next;

	utf8_enter(&u);
	text = layout(t);
	for (const char *p = text; p && *p; p += next) {
		n = line_len(p, &next);
		fputs(indent, f);
		fwrite(p, 1, n, f);
		fputc('\n', f);
	}
	free(text);
	utf8_leave(&u);
}

size_t table_width(const struct table *t)
{
	struct utf8 u;
	char *text, line[1024];
	wchar_t wide[1024];
	size_t total = 0, n, next;

	utf8_enter(&u);
	text = layout(t);
	for (const char *p = text; p && *p; p += next) {
		size_t w;
		int cols;

		n = line_len(p, &next);
		snprintf(line, sizeof(line), "%.*s", (int)n, p);
		/* Laid out, every cell is valid UTF-8 (libsmartcols escaped the rest): its columns, else its bytes. */
		w = mbstowcs(wide, line, sizeof(wide) / sizeof(wide[0]));
		cols = w == (size_t)-1 ? -1 : wcswidth(wide, w);
		w = cols < 0 ? n : (size_t)cols;
		if (w > total)
			total = w;
	}
	free(text);
	utf8_leave(&u);
	return total;
}

int table_find(const struct table *t, const char *head)
{
	for (size_t c = 0; c < t->ncols; c++)
		if (!strcmp(t->head[c], head))
			return (int)c;
	return -1;
}

void table_drop(struct table *t, size_t col)
{
	if (col >= t->ncols)
		return;
	for (size_t r = 0; r < t->nrows; r++) {
		char **row = t->cells + r * t->ncols;

		free(row[col]);
		memmove(row + col, row + col + 1, (t->ncols - col - 1) * sizeof(*row));
	}
	/* The rows close up one by one: row r starts at r * (ncols - 1) after it. */
	for (size_t r = 1; r < t->nrows; r++)
		memmove(t->cells + r * (t->ncols - 1), t->cells + r * t->ncols, (t->ncols - 1) * sizeof(*t->cells));
	memmove(t->head + col, t->head + col + 1, (t->ncols - col - 1) * sizeof(*t->head));
	memmove(t->align + col, t->align + col + 1, (t->ncols - col - 1) * sizeof(*t->align));
	t->ncols--;
}

void table_free(struct table *t)
{
	for (size_t i = 0; t->cells && i < t->nrows * t->ncols; i++)
		free(t->cells[i]);
	free(t->cells);
	t->cells = NULL;
	t->nrows = t->cap = 0;
}

enum {
	SP_OP, SP_USABLE, SP_STEADY, SP_ROUNDS, SP_IOPS, SP_MBPS, SP_LAT, SP_WA, SP_MIN, SP_NOTE,
};

/* Whether any point has a life figure: the column is shown only then. */
static bool any_life(struct json_object *points)
{
	for (size_t i = 0; points && i < json_object_array_length(points); i++)
		if (!isnan(jnum(jget(json_object_array_get_idx(points, i), "endurance"), "life_years")))
			return true;
	return false;
}

/* The point's method (issue 18) is name; a point saved without one was measured fresh. */
static bool method_is(struct json_object *p, const char *name)
{
	const char *m = jstr(p, "method");

	return m && !strcmp(m, name);
}

void table_sweep_points(struct table *t, struct json_object *doc, bool detail)
{
	struct json_object *points = jget(doc, "points"), *knee = jget(doc, "knee");
	double knee_op = jnum(knee, "op_percent"), rec_op = jnum(knee, "recommended_op_percent");
	bool life = any_life(points);
	size_t more = SP_NOTE + life, base = more;

	table_init(t, "Steady state per OP point");
	table_cols(t, "OP %", TA_RIGHT, "usable GB", TA_RIGHT, "steady", TA_LEFT, "rounds", TA_RIGHT,
		   "IOPS", TA_RIGHT, "MB/s", TA_RIGHT, "lat mean µs", TA_RIGHT, "WA", TA_RIGHT,
		   "drive-min", TA_RIGHT, NULL);
	if (life)
		table_col(t, "life y", TA_RIGHT);
	if (detail) {
		table_cols(t, "p99 µs", TA_RIGHT, "p99.9 µs", TA_RIGHT, "WA source", TA_LEFT,
			   "OP method", TA_LEFT, "purge", TA_LEFT, "stop reason", TA_LEFT, NULL);
		base = more + 6;
	}
	table_col(t, "", TA_LEFT);
	for (size_t i = 0; points && i < json_object_array_length(points); i++) {
		struct json_object *p = json_object_array_get_idx(points, i);
		struct json_object *ss = jget(p, "steady_state"), *lat = jget(p, "lat_us");
		struct json_object *reached = jget(ss, "reached");
		double op = jnum(p, "op_percent");
		bool is_knee = fabs(op - knee_op) < 0.005, is_rec = fabs(op - rec_op) < 0.005;

		table_row(t);
		table_num(t, SP_OP, op, 2);
		table_num(t, SP_USABLE, jnum(p, "usable_bytes") / 1e9, 2);
		/* A predicted point stopped before the window: steady by its prediction (issue 18). */
		table_cell(t, SP_STEADY, "%s", method_is(p, "predicted") ? "predicted"
			   : reached && json_object_get_boolean(reached) ? "yes" : "NO");
		table_num(t, SP_ROUNDS, jnum(ss, "rounds"), 0);
		table_num(t, SP_IOPS, jnum(p, "iops"), 0);
		table_num(t, SP_MBPS, jnum(p, "mbps"), 1);
		table_num(t, SP_LAT, jnum(lat, "mean"), 1);
		table_num(t, SP_WA, jnum(p, "waf"), 2);
		table_num(t, SP_MIN, jnum(p, "drive_seconds") / 60, 1);
		if (life)
			table_num(t, SP_NOTE, jnum(jget(p, "endurance"), "life_years"), 2);
		if (detail) {
			const char *src = jstr(p, "waf_source"), *reason = jstr(ss, "stop_reason");
			const char *method = jstr(p, "op_method"), *purge = jstr(p, "purge_method");

			table_num(t, more, jnum(lat, "p99"), 1);
			table_num(t, more + 1, jnum(lat, LAT_KEY_P999), 1);
			table_cell(t, more + 2, "%s", text_or_na(src));
			table_cell(t, more + 3, "%s", text_or_na(method));
			table_cell(t, more + 4, "%s", text_or_na(purge));
			table_cell(t, more + 5, "%s", text_or_na(reason));
		}
		if (is_knee || is_rec)
			table_cell(t, base, "<- %s%s", is_knee && is_rec ? "knee, recommended" : is_knee ? "knee" : "recommended",
				   method_is(p, "carried-over") ? "; carried over" : "");
		else if (method_is(p, "carried-over"))
			table_cell(t, base, "carried over");
	}
}

void table_slc_phases(struct table *t, struct json_object *slc)
{
	struct json_object *phases = jget(slc, "phases");

	table_init(t, "Phases of the sequential write");
	table_cols(t, "phase", TA_RIGHT, "from GB", TA_RIGHT, "to GB", TA_RIGHT, "MB/s", TA_RIGHT, "role", TA_LEFT,
		   NULL);
	for (size_t i = 0; phases && i < json_object_array_length(phases); i++) {
		struct json_object *p = json_object_array_get_idx(phases, i);

		table_row(t);
		table_cell(t, 0, "%zu", i + 1);
		table_num(t, 1, jnum(p, "from_bytes") / 1e9, 2);
		table_num(t, 2, jnum(p, "to_bytes") / 1e9, 2);
		table_num(t, 3, jnum(p, "mbps"), 1);
		if (jget(p, "role"))
			table_cell(t, 4, "%s", json_object_get_string(jget(p, "role")));
	}
}

void table_slc_recovery(struct table *t, struct json_object *slc)
{
	struct json_object *rec = jget(slc, "recovery");

	table_init(t, "Cache recovered after idle");
	table_cols(t, "idle s", TA_RIGHT, "recovered GB", TA_RIGHT, "", TA_LEFT, NULL);
	for (size_t i = 0; rec && i < json_object_array_length(rec); i++) {
		struct json_object *p = json_object_array_get_idx(rec, i), *lb = jget(p, "lower_bound");

		table_row(t);
		table_num(t, 0, jnum(p, "idle_s"), 0);
		table_num(t, 1, jnum(p, "recovered_bytes") / 1e9, 2);
		if (lb && json_object_get_boolean(lb))
			table_cell(t, 2, "at least (no drop within what was written)");
	}
}
