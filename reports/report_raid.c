/* SPDX-License-Identifier: MIT */
/*
 * The RAID sections of every page: the group and its members, each member's
 * figures, which member limited the group, and a run's chunk sizes compared.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "reports/html.h"
#include "reports/report_parts.h"
#include "reports/table.h"
#include "results/json_get.h"
#include "util/strbuf.h"
#include "util/text.h"

/* Member idx of the group as "idx (path)", or TEXT_NOT_MEASURED when idx names none. */
static void member_name(struct json_object *doc, double idx, char *buf, size_t len)
{
	struct json_object *members = jget(jget(doc, "group"), "members");
	const char *path;

	if (!(idx >= 0 && idx < (double)jlen(members))) {
		snprintf(buf, len, TEXT_NOT_MEASURED);
		return;
	}
	path = jstr(jidx(members, (size_t)idx), "path");
	snprintf(buf, len, "%.0f (%s)", idx, text_or_na(path));
}

/* The chunk size, or the chunk sizes of a run that compared several. */
static void chunk_text(struct json_object *group, char *buf, size_t len)
{
	struct json_object *list = jget(group, "chunk_list");
	size_t n = jlen(list), off = 0;

	buf[0] = '\0';
	if (isfinite(jnum(group, "chunk_bytes"))) {
		snprintf(buf, len, "%.0f KiB", jnum(group, "chunk_bytes") / 1024);
		return;
	}
	for (size_t i = 0; i < n && off < len; i++)
		off += (size_t)snprintf(buf + off, len - off, "%s%.0f", list_sep(i, n),
					json_object_get_double(jidx(list, i)) / 1024);
	if (n && off < len)
		snprintf(buf + off, len - off, " KiB: the workload once per chunk size, each time on the group opened afresh");
}

/* The group: level, chunk, and the member drives. */
static void raid_group(struct html_page *pg, struct json_object *doc)
{
	struct json_object *group = jget(doc, "group"), *members = jget(group, "members");
	char chunk[256];
	struct table t;

	html_h2(pg, "raid", "RAID group");
	html_dl_begin(pg);
	html_dl(pg, "level", "RAID %s", jget(group, "level") ? json_object_get_string(jget(group, "level")) : TEXT_NOT_MEASURED);
	chunk_text(group, chunk, sizeof(chunk));
	if (*chunk)
		html_dl(pg, "chunk", "%s", chunk);
	html_dl(pg, "members", "%zu", jlen(members));
	html_dl_end(pg);
	table_init(&t, "Members");
	table_cols(&t, "#", TA_RIGHT, "path", TA_LEFT, "model", TA_LEFT, "serial", TA_LEFT,
		   "capacity GB", TA_RIGHT, NULL);
	for (size_t i = 0; i < jlen(members); i++) {
		struct json_object *m = jidx(members, i);

		table_row(&t);
		table_cell(&t, 0, "%zu", i);
		table_cell(&t, 1, "%s", text_or_na(jstr(m, "path")));
		table_cell(&t, 2, "%s", text_or_na(jstr(m, "model")));
		table_cell(&t, 3, "%s", text_or_na(jstr(m, "serial")));
		table_num(&t, 4, jnum(m, "capacity_bytes") / 1e9, 2);
	}
	html_table(pg, &t, true);
	table_free(&t);
	html_note(pg, "note", "The limiting member is the one with the highest mean latency over the interval its "
			      "figures cover (a run's series, a steady window, a round, an slc probe): the group's I/Os "
			      "wait for it.");
}

/* Optional column groups of a per-member table. */
enum {
	MEMBER_BYTES = 1,  /* serial, and bytes written and read, host and media */
	MEMBER_OP = 2,     /* the OP given (--op-member) and the OP in effect */
};

/* The per-member columns, after any the caller added first. */
static void member_cols(struct table *t, unsigned flags)
{
	table_col(t, "#", TA_RIGHT);
	table_col(t, "path", TA_LEFT);
	if (flags & MEMBER_BYTES)
		table_col(t, "serial", TA_LEFT);
	table_col(t, "IOPS", TA_RIGHT);
	if (flags & MEMBER_BYTES) {
		table_cols(t, "host GB written", TA_RIGHT, "host GB read", TA_RIGHT,
			   "media GB written", TA_RIGHT, NULL);
	}
	table_cols(t, "WA", TA_RIGHT, "lat mean µs", TA_RIGHT, "p99 µs", TA_RIGHT, NULL);
	if (flags & MEMBER_OP) {
		table_col(t, "OP given %", TA_RIGHT);
		table_col(t, "OP in effect %", TA_RIGHT);
	}
	table_col(t, "", TA_LEFT);
}

/* Member idx of owner (a series, point or probe) into the current row from column c on, marked if it limited. */
static void member_cells(struct table *t, size_t c, struct json_object *owner, size_t idx, unsigned flags)
{
	struct json_object *m = jidx(jget(owner, "members"), idx);
	double lim = jnum(owner, "limiting_member");

	table_cell(t, c++, "%zu", idx);
	table_cell(t, c++, "%s", text_or_na(jstr(m, "path")));
	if (flags & MEMBER_BYTES)
		table_cell(t, c++, "%s", text_or_na(jstr(m, "serial")));
	table_num(t, c++, jnum(m, "iops"), 0);
	if (flags & MEMBER_BYTES) {
		table_num(t, c++, jnum(m, "host_bytes_written") / 1e9, 2);
		table_num(t, c++, jnum(m, "host_bytes_read") / 1e9, 2);
		table_num(t, c++, jnum(m, "media_bytes_written") / 1e9, 2);
	}
	table_num(t, c++, jnum(m, "waf"), 2);
	table_num(t, c++, jat(m, "lat_us/mean"), 1);
	table_num(t, c++, jat(m, "lat_us/p99"), 1);
	if (flags & MEMBER_OP) {
		table_num(t, c++, jnum(m, "op_percent"), 2);
		table_num(t, c++, jnum(m, "effective_op_percent"), 2);
	}
	if (isfinite(lim) && lim == (double)idx)
		table_cell(t, c, "limiting");
}

/* MEMBER_OP when a member of any entry of arr was given its own OP. */
static unsigned member_op_flag(struct json_object *arr)
{
	for (size_t i = 0; i < jlen(arr); i++)
		for (size_t m = 0; m < jlen(jget(jidx(arr, i), "members")); m++)
			if (isfinite(jnum(jidx(jget(jidx(arr, i), "members"), m), "op_percent")))
				return MEMBER_OP;
	return 0;
}

/* The largest number of members any entry of arr reports. */
static size_t members_reported(struct json_object *arr)
{
	size_t nm = 0;

	for (size_t i = 0; i < jlen(arr); i++)
		nm = jlen(jget(jidx(arr, i), "members")) > nm ? jlen(jget(jidx(arr, i), "members")) : nm;
	return nm;
}

/* Steady IOPS of each member against OP, with every member's figures per point under it. */
static void sweep_members_chart(struct html_page *pg, struct json_object *points, size_t nm)
{
	struct plot p = { .c = { .title = "Steady IOPS per member against OP", .xlabel = "OP (% of capacity held back)",
				 .ylabel = "member IOPS", .x_from_zero = true, .y_from_zero = true } };
	unsigned flags = member_op_flag(points);
	struct table t;

	for (size_t m = 0; m < nm && m < CHART_MAX_SERIES; m++) {
		struct chart_series *line;
		char path[32];
		const char *label = NULL;

		snprintf(path, sizeof(path), "members/%zu/iops", m);
		for (size_t i = 0; i < jlen(points) && !label; i++)
			label = jstr(jidx(jget(jidx(points, i), "members"), m), "path");
		line = line_of(&p, points, NULL, NAN, "op_percent", 1, path);
		if (!line)
			continue;
		line->label = label ? label : "member";
		line->markers = true;
		line->color = (int)m;
	}
	table_init(&t, "Per-member figures");
	table_col(&t, "OP %", TA_RIGHT);
	member_cols(&t, flags);
	for (size_t i = 0; i < jlen(points); i++) {
		struct json_object *pt = jidx(points, i);

		for (size_t m = 0; m < jlen(jget(pt, "members")); m++) {
			table_row(&t);
			table_num(&t, 0, jnum(pt, "op_percent"), 2);
			member_cells(&t, 1, pt, m, flags);
		}
	}
	plot_show(pg, "members-iops-vs-op", &p, &t);
	table_free(&t);
	if (flags & MEMBER_OP)
		html_note(pg, "note", "OP given is what --op-member asked of each member; OP in effect is what the member "
				      "keeps unwritten: like md, the group uses of every member only what its most "
				      "over-provisioned member leaves.");
}

/*
 * Which members limited how many rounds of point p, most first, and which
 * limited the steady window: a straggler shows as one member in most rounds.
 */
static void round_limiting_line(struct html_page *pg, struct json_object *doc, struct json_object *p)
{
	struct json_object *rounds = jget(p, "round_limiting_member");
	size_t nr = jlen(rounds), nm = jlen(jget(jget(doc, "group"), "members"));
	struct strbuf b = { 0 };
	char name[320], lead[32];
	size_t *count;

	if (!nr)
		return;
	count = calloc(nm + 1, sizeof(size_t));
	if (!count) {
		pg->error = -ENOMEM;
		return;
	}
	for (size_t r = 0; r < nr; r++) {
		double m = json_object_is_type(jidx(rounds, r), json_type_int) ? json_object_get_double(jidx(rounds, r)) : -1;

		count[m >= 0 && m < (double)nm ? (size_t)m : nm]++;
	}
	for (;;) {
		size_t best = nm;

		for (size_t m = 0; m < nm; m++)
			best = count[m] && (best == nm || count[m] > count[best]) ? m : best;
		if (best == nm)
			break;
		member_name(doc, (double)best, name, sizeof(name));
		if (b.len)
			sb_printf(&b, ", member %s in %zu", name, count[best]);
		else
			sb_printf(&b, "member %s limited %zu of %zu rounds", name, count[best], nr);
		count[best] = 0;
	}
	member_name(doc, jnum(p, "limiting_member"), name, sizeof(name));
	if (isfinite(jnum(p, "op_percent")))
		snprintf(lead, sizeof(lead), "OP %g%%:", jnum(p, "op_percent"));
	else
		snprintf(lead, sizeof(lead), "Per round,");
	if (b.err)
		pg->error = pg->error ? pg->error : b.err;
	html_p(pg, "%s %s; over the steady window member %s.", lead, b.p ? b.p : "no member known", name);
	sb_free(&b);
	free(count);
}

void raid_sweep_section(struct html_page *pg, struct json_object *doc)
{
	struct json_object *points = jget(doc, "points");
	size_t nm;

	if (!jget(doc, "group"))
		return;
	raid_group(pg, doc);
	nm = members_reported(points);
	if (!nm)
		return;
	sweep_members_chart(pg, points, nm);
	for (size_t i = 0; i < jlen(points); i++)
		round_limiting_line(pg, doc, jidx(points, i));
}

/* The chunk sizes side by side: one row per series. */
static void chunk_table(struct table *t, struct json_object *doc)
{
	struct json_object *cc = jget(doc, "chunk_comparison");
	char name[320];

	table_init(t, "Chunk sizes side by side");
	table_cols(t, "chunk KiB", TA_RIGHT, "QD", TA_RIGHT, "IOPS", TA_RIGHT, "MB/s", TA_RIGHT,
		   "p50 µs", TA_RIGHT, "p99 µs", TA_RIGHT, "WA", TA_RIGHT, "limiting member", TA_LEFT, NULL);
	for (size_t i = 0; i < jlen(cc); i++) {
		struct json_object *e = jidx(cc, i);

		table_row(t);
		table_num(t, 0, jnum(e, "chunk_bytes") / 1024, 0);
		table_num(t, 1, jnum(e, "qd"), 0);
		table_num(t, 2, jnum(e, "iops"), 0);
		table_num(t, 3, jnum(e, "mbps"), 1);
		table_num(t, 4, jat(e, "lat_us/p50"), 1);
		table_num(t, 5, jat(e, "lat_us/p99"), 1);
		table_num(t, 6, jnum(e, "waf"), 2);
		member_name(doc, jnum(e, "limiting_member"), name, sizeof(name));
		table_cell(t, 7, "%s", name);
	}
}

/* A run over several chunk sizes: IOPS and latency per chunk size, one line per queue depth. */
static void chunk_comparison(struct html_page *pg, struct json_object *doc)
{
	static const struct line_plan by_qd = { .xpath = "chunk_bytes", .xdiv = 1024, .group = "qd",
						.group_pre = "QD ", .group_div = 1, .group_post = "" };
	static const struct line_spec iops[] = { { "IOPS", "iops" } };
	static const struct line_spec lat[] = { { "p50", "lat_us/p50" }, { "p99", "lat_us/p99" } };
	struct json_object *cc = jget(doc, "chunk_comparison");
	struct plot a = { .c = { .title = "Throughput against chunk size", .xlabel = "chunk size (KiB)",
				 .ylabel = "IOPS", .y2label = "MB/s", .x_log2 = true, .y_from_zero = true } };
	struct plot b = { .c = { .title = "Latency against chunk size", .xlabel = "chunk size (KiB)",
				 .ylabel = "latency (µs)", .x_log2 = true, .y_from_zero = true } };
	struct table t;

	if (!jlen(cc))
		return;
	a.c.y2_scale = last_mbps_per_iops(cc);
	add_lines(&a, cc, &by_qd, iops, 1);
	add_lines(&b, cc, &by_qd, lat, 2);
	empty_unless_measured(&b.c, "latency percentiles not measured");
	chunk_table(&t, doc);
	html_h2(pg, "chunks", "Chunk sizes compared");
	plot_show(pg, "iops-vs-chunk", &a, &t);
	plot_show(pg, "latency-vs-chunk", &b, NULL);
	table_free(&t);
}

/* Every member's figures over one measurement (owner: a series, a precondition, an slc probe). */
static void member_table(struct html_page *pg, struct json_object *owner, const char *caption)
{
	struct table t;

	table_init(&t, caption);
	member_cols(&t, MEMBER_BYTES);
	for (size_t m = 0; m < jlen(jget(owner, "members")); m++) {
		table_row(&t);
		member_cells(&t, 0, owner, m, MEMBER_BYTES);
	}
	html_table(pg, &t, true);
	table_free(&t);
}

/* Every member's figures over each series of a RAID run. */
static void run_member_tables(struct html_page *pg, struct json_object *doc)
{
	struct json_object *series = jget(doc, "series");

	if (!members_reported(series))
		return;
	html_h2(pg, "members", "Members per series");
	for (size_t i = 0; i < jlen(series); i++) {
		struct json_object *s = jidx(series, i);
		char name[64], caption[96];

		if (!jlen(jget(s, "members")))
			continue;
		series_name(s, name, sizeof(name));
		snprintf(caption, sizeof(caption), "Members at %s", name);
		member_table(pg, s, caption);
	}
}

void raid_single_section(struct html_page *pg, struct json_object *doc, struct json_object *owner,
			 const char *caption)
{
	if (!jget(doc, "group"))
		return;
	raid_group(pg, doc);
	if (!jlen(jget(owner, "members")))
		return;
	member_table(pg, owner, caption);
	round_limiting_line(pg, doc, owner);
}

void raid_run_section(struct html_page *pg, struct json_object *doc)
{
	if (!jget(doc, "group"))
		return;
	raid_group(pg, doc);
	chunk_comparison(pg, doc);
	run_member_tables(pg, doc);
}
