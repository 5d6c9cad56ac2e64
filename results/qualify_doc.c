/* SPDX-License-Identifier: MIT */
/* The document of a qualification (results/qualify_doc.h). */
#include <math.h>
#include <stdio.h>

#include <json-c/json.h>

#include "results/batch_json.h"
#include "results/qualify_doc.h"
#include "results/qualify_json.h"
#include "results/result_doc.h"
#include "results/result_json.h"

struct json_object *qualify_settings_json(const struct qualify_settings *prof, const struct requirement_set *reqs,
					  uint64_t round_ns, const struct endurance_settings *e)
{
	struct json_object *s = json_object_new_object(), *ops = json_object_new_array();

	json_object_object_add(s, "requirements", qualify_requirements_json(reqs));
	json_object_object_add(s, "plan", json_object_new_string(prof->plan.fixed ? "list" : "adaptive"));
	for (size_t i = 0; i < prof->plan.ngrid; i++)
		json_object_array_add(ops, result_json_number(prof->plan.grid[i], 2));
	json_object_object_add(s, prof->plan.fixed ? "op_list" : "op_grid", ops);
	json_object_object_add(s, "slc", json_object_new_boolean(prof->slc));
	json_object_object_add(s, "qd", json_object_new_boolean(prof->qd));
	if (prof->qd) {
		struct json_object *qds = json_object_new_array();

		for (size_t i = 0; i < prof->nqd; i++)
			json_object_array_add(qds, json_object_new_int((int)prof->qd_list[i]));
		json_object_object_add(s, "qd_list", qds);
		json_object_object_add(s, "qd_time_s",
				       result_json_number((double)(prof->qd_time_ns ? prof->qd_time_ns : round_ns) / 1e9,
							  RP_SECONDS));
	}
	json_object_object_add(s, "daily_writes_bytes", result_json_number(e->daily_writes, 0));
	json_object_object_add(s, "target_life_years", result_json_number(e->target_life, 3));
	json_object_object_add(s, "rated_tbw", result_json_number(e->rated_tbw, 3));
	json_object_object_add(s, "rated_dwpd", result_json_number(e->rated_dwpd, 3));
	json_object_object_add(s, "warranty_years", result_json_number(e->warranty_years, 3));
	return s;
}

bool qualify_verdict_add(struct json_object *drives, const struct requirement_set *reqs, const struct qualify_drive *d)
{
	struct req_outcome out[REQ_MAX];
	struct req_measured m;
	char results[32], sweep[48], slc[48], qd[2][48];
	double op = !d->rc && d->sweep_doc ? qualify_chosen_op(d->sweep_doc) : NAN;
	struct json_object *curve;
	bool pass;

	for (int k = 0; k < 2; k++)
		snprintf(qd[k], sizeof(qd[k]), "drive-%u/%s/result.json", d->index, qualify_qd_dirs[k]);
	curve = qualify_qd_curve_json(d->qd_doc[0], d->qd_doc[1], qd[0], qd[1]);
	qualify_measured(d->rc ? NULL : d->sweep_doc, op, d->rc ? NULL : d->slc_doc, d->rc ? NULL : curve, &m);
	pass = requirements_check(reqs, &m, out) && !d->rc;
	snprintf(results, sizeof(results), "drive-%u", d->index);
	snprintf(sweep, sizeof(sweep), "drive-%u/sweep/result.json", d->index);
	snprintf(slc, sizeof(slc), "drive-%u/slc/result.json", d->index);
	json_object_array_add(drives, qualify_drive_json(&(struct qualify_drive_result){
		.t = d->t, .spec = d->spec, .error = d->rc ? d->error : NULL, .chosen_op_percent = op, .set = reqs,
		.out = out, .pass = pass, .results = results, .sweep = d->sweep_doc ? sweep : NULL,
		.slc = d->slc_doc ? slc : NULL, .qd_curve = curve }));
	json_object_put(curve);
	return pass;
}

struct json_object *qualify_json_doc(const char *command, const struct batch_drive *bd, const struct qualify_drive *d,
				     unsigned n, const struct requirement_set *reqs, struct json_object *settings,
				     unsigned *passed)
{
	struct json_object *doc = result_doc_new_kind(RESULT_KIND_QUALIFY, command, d[0].t),
			   *drives = json_object_new_array(), *target = batch_target_json(bd, n);

	*passed = 0;
	if (!doc || !drives || !target) {
		json_object_put(doc);
		json_object_put(drives);
		json_object_put(target);
		json_object_put(settings);
		return NULL;
	}
	/* A qualification's target says how many drives it holds; a batch's does not. */
	json_object_object_add(target, "drives", json_object_new_int((int)n));
	json_object_object_add(doc, "target", target);
	json_object_object_add(doc, "settings", settings);
	json_object_object_add(doc, "drives", drives);
	for (unsigned i = 0; i < n; i++)
		*passed += qualify_verdict_add(drives, reqs, &d[i]);
	result_doc_finish(doc, d[0].t);
	return doc;
}
