/* SPDX-License-Identifier: MIT */
/* The page of an slc probe: the cache found, write speed against data written, recovery after idle. */
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
#include "util/text.h"

/* MB/s against data written, the phases shaded, the cache size marked; then every sample. */
static void slc_speed(struct html_page *pg, struct json_object *slc)
{
	struct json_object *samples = jget(slc, "samples"), *phases = jget(slc, "phases");
	size_t n = jlen(samples), np = jlen(phases);
	double cache = jnum(slc, "cache_bytes"), *x, *y;
	struct plot p = { .c = { .title = "Sequential write speed against data written", .xlabel = "written (GB)",
				 .ylabel = "MB/s", .x_from_zero = true, .y_from_zero = true } };
	char labels[CHART_MAX_BANDS][48], cl[64];
	struct chart_series *line;
	struct table t;

	line = plot_line(&p, n, &x, &y, NULL);
	for (size_t i = 0; line && i < n; i++) {
		x[i] = jnum(jidx(samples, i), "written_bytes") / 1e9;
		y[i] = jnum(jidx(samples, i), "mbps");
	}
	if (line)
		line->label = "MB/s per sample";
	for (size_t i = 0; i < np && i < CHART_MAX_BANDS; i++) {
		struct json_object *ph = jidx(phases, i);

		snprintf(labels[i], sizeof(labels[i]), "phase %zu: %.0f MB/s", i + 1, jnum(ph, "mbps"));
		p.c.bands[p.c.nbands++] = (struct chart_band){ jnum(ph, "from_bytes") / 1e9, jnum(ph, "to_bytes") / 1e9,
							      labels[i] };
	}
	if (cache > 0) {
		snprintf(cl, sizeof(cl), "SLC cache %.2f GB", cache / 1e9);
		p.c.vlines[p.c.nvlines++] = (struct chart_vline){ cache / 1e9, cl };
	}
	if (!n)
		p.c.empty = "no samples";
	table_slc_phases(&t, slc);
	plot_show(pg, "slc-speed", &p, &t);
	table_free(&t);
	table_init(&t, "MB/s per sample");
	table_col(&t, "written GB", TA_RIGHT);
	table_col(&t, "MB/s", TA_RIGHT);
	for (size_t i = 0; i < n; i++) {
		table_row(&t);
		table_num(&t, 0, jnum(jidx(samples, i), "written_bytes") / 1e9, 3);
		table_num(&t, 1, jnum(jidx(samples, i), "mbps"), 1);
	}
	html_table(pg, &t, false);
	table_free(&t);
}

/* Cache recovered against idle time, hollow where only a lower bound was seen. */
static void slc_recovery(struct html_page *pg, struct json_object *slc)
{
	struct json_object *rec = jget(slc, "recovery");
	size_t nr = jlen(rec);
	struct plot p = { .c = { .title = "SLC cache recovered after idle time", .xlabel = "idle (s)",
				 .ylabel = "recovered (GB)", .x_from_zero = true, .y_from_zero = true,
				 .open_note = "hollow: at least (no drop within what was written)" } };
	struct chart_series *line = NULL;
	double *x, *y;
	bool *open;
	struct table t;

	if (nr)
		line = plot_line(&p, nr, &x, &y, &open);
	if (line) {
		for (size_t i = 0; i < nr; i++) {
			x[i] = jnum(jidx(rec, i), "idle_s");
			y[i] = jnum(jidx(rec, i), "recovered_bytes") / 1e9;
			open[i] = jtrue(jidx(rec, i), "lower_bound");
		}
		line->label = "recovered";
		line->markers = true;
		line->color = 2;
	} else {
		p.c.empty = "recovery not measured (slc --idle LIST measures it)";
	}
	table_slc_recovery(&t, slc);
	plot_show(pg, "slc-recovery", &p, &t);
	table_free(&t);
}

/*
 * The answer the page opens with: the cache found and the speeds either
 * side of it (as the phases table prints them), what idle time gave back,
 * and what a write past the cache costs.
 */
static void slc_answer(struct html_page *pg, struct json_object *slc)
{
	double cache = jnum(slc, "cache_bytes"), in = jnum(slc, "in_cache_mbps"), post = jnum(slc, "post_cache_mbps");
	struct json_object *rec = jget(slc, "recovery"), *last = jlen(rec) ? jidx(rec, jlen(rec) - 1) : NULL;
	char head[256], why[512] = "", cost[256] = "";

	if (cache > 0)
		snprintf(head, sizeof(head), "SLC cache %.2f GB: %.1f MB/s in the cache, then %.1f MB/s", cache / 1e9,
			 in, post);
	else
		snprintf(head, sizeof(head), "No SLC cache cliff found: %.1f MB/s end to end", in);
	if (cache > 0 && last)
		snprintf(why, sizeof(why), "The speed falls where the cache is full; after %g s idle the drive had "
			 "folded %s%.2f GB of it back.", jnum(last, "idle_s"), jtrue(last, "lower_bound") ? "at least " : "",
			 jnum(last, "recovered_bytes") / 1e9);
	else if (cache > 0)
		snprintf(why, sizeof(why), "The speed falls where the cache is full; recovery after idle was not measured "
			 "(slc --idle LIST measures it).");
	if (cache > 0 && in > 0 && isfinite(post))
		snprintf(cost, sizeof(cost), "A write longer than %.2f GB runs at %.1f MB/s past it: %.0f%% of the "
			 "in-cache speed.", cache / 1e9, post, 100 * post / in);
	html_answer(pg, head, why, cost);
}

void report_slc(struct html_page *pg, struct json_object *doc)
{
	struct json_object *slc = jget(doc, "slc"), *s = jget(doc, "settings");
	double cache = jnum(slc, "cache_bytes");
	char gb[64];

	/* The answer first, then the chart it rests on, then the details. */
	slc_answer(pg, slc);
	page_drive(pg, doc);
	html_h2(pg, "speed", "Write speed against data written");
	slc_speed(pg, slc);
	html_h2(pg, "summary", "Summary");
	html_dl_begin(pg);
	summary_target(pg, doc);
	html_dl(pg, "method", "purge (%s), then %g-byte sequential writes at QD %g end to end, MB/s sampled every %.2f GB",
		text_or_na(jstr(slc, "purge_method")), jnum(s, "bs"), jnum(s, "qd"),
		jnum(slc, "sample_bytes") / 1e9);
	if (jnum(slc, "prefill_bytes") > 0)
		html_dl(pg, "prefill", "%.2f GB written first, then %g s idle", jnum(slc, "prefill_bytes") / 1e9,
			jnum(s, "prefill_idle_s"));
	fmt_gb(gb, sizeof(gb), cache);
	html_dl(pg, "result", "%s", jstr(slc, "summary") ? jstr(slc, "summary") : gb);
	if (jnum(slc, "write_buffer_bytes") > 0)
		html_dl(pg, "write buffer", "%.2f GB%s, its size (not counted in the SLC cache)",
			jnum(slc, "write_buffer_bytes") / 1e9, jtrue(slc, "write_buffer_lower_bound") ? " or more" : "");
	else if (isfinite(jnum(slc, "write_buffer_bytes")))
		html_dl(pg, "write buffer", "none seen");
	html_dl(pg, "phases", "%zu", jlen(jget(slc, "phases")));
	html_dl_end(pg);
	settings_table(pg, doc);

	html_h2(pg, "recovery", "Cache recovery after idle");
	slc_recovery(pg, slc);
	raid_single_section(pg, doc, slc, "Members over the probe");
}
