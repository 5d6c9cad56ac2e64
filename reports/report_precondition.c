/* SPDX-License-Identifier: MIT */
/* The page of a precondition: the summary, the point as a one-point sweep, IOPS per round. */

#include <json-c/json.h>

#include "reports/html.h"
#include "reports/report_parts.h"
#include "reports/table.h"
#include "results/json_get.h"

void report_precondition(struct html_page *pg, struct json_object *doc)
{
	struct json_object *p = jget(doc, "precondition"), *fake = json_object_new_object();
	struct json_object *arr = json_object_new_array();
	struct table t;

	json_object_array_add(arr, json_object_get(p));
	json_object_object_add(fake, "points", arr);
	html_h2(pg, "summary", "Summary");
	html_dl_begin(pg);
	summary_target(pg, doc);
	html_dl(pg, "steady state", "%s after %g rounds", jtrue(jget(p, "steady_state"), "reached") ? "reached" : "NOT reached",
		jnum(jget(p, "steady_state"), "rounds"));
	html_dl_end(pg);
	table_sweep_points(&t, fake, true);
	html_table(pg, &t, true);
	table_free(&t);
	settings_table(pg, doc);
	html_h2(pg, "throughput", "Throughput while writing to steady state");
	steady_charts(pg, doc, arr, false);
	raid_single_section(pg, doc, p, "Members over the steady window");
	json_object_put(fake);
}
