/* SPDX-License-Identifier: MIT */
/*
 * The terminal text of a run over several RAID chunk sizes (term.h): one
 * row per series of the document's chunk_comparison (chunk, QD, IOPS, MB/s,
 * p50 and p99 latency, WA, the limiting member), what `run --chunk A,B`
 * prints when it ends and `report --text` prints again from its result.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include <json-c/json.h>

#include "reports/term.h"
#include "results/json_get.h"
#include "results/run_json.h"
#include "util/text.h"

bool term_run_has_chunks(struct json_object *doc)
{
	struct json_object *cmp = jget(doc, "chunk_comparison");
	double first = jnum(jidx(cmp, 0), "chunk_bytes");

	for (size_t i = 1; i < jlen(cmp); i++)
		if (jnum(jidx(cmp, i), "chunk_bytes") != first)
			return true;
	return false;
}

void term_run_chunks(FILE *f, struct json_object *doc)
{
	struct json_object *cmp = jget(doc, "chunk_comparison");
	char b[5][32], name[24], lim[16];

	fprintf(f, "%6s %5s %10s %9s %10s %10s %6s %8s\n", "chunk", "qd", "iops", "MB/s", "p50_us", "p99_us", "WA",
		"limiting");
	for (size_t i = 0; i < jlen(cmp); i++) {
		struct json_object *e = jidx(cmp, i), *lat = jget(e, "lat_us");
		double limiting = jnum(e, "limiting_member");

		if (isfinite(limiting))
			snprintf(lim, sizeof(lim), "%.0f", limiting);
		else
			snprintf(lim, sizeof(lim), TEXT_NOT_MEASURED);
		fprintf(f, "%6s %5.0f %s %s %s %s %s %8s\n",
			chunk_name(name, sizeof(name), (uint64_t)jnum(e, "chunk_bytes")), jnum(e, "qd"),
			text_fixed(b[0], sizeof(b[0]), 10, 0, jnum(e, "iops")),
			text_fixed(b[1], sizeof(b[1]), 9, 1, jnum(e, "mbps")),
			text_fixed(b[2], sizeof(b[2]), 10, 1, jnum(lat, "p50")),
			text_fixed(b[3], sizeof(b[3]), 10, 1, jnum(lat, "p99")),
			text_fixed(b[4], sizeof(b[4]), 6, 2, jnum(e, "waf")), lim);
	}
	fprintf(f, "limiting: the member with the highest mean latency (index into the TARGETs)\n");
}
