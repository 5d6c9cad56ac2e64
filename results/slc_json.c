/* SPDX-License-Identifier: MIT */
#include <json-c/json.h>

#include "results/result_json.h"
#include "results/slc_json.h"
#include "profiler/slc_probe.h"

struct json_object *slc_json(const struct slc_result *r)
{
	struct json_object *o = json_object_new_object(), *phases = json_object_new_array();
	struct json_object *rec = json_object_new_array(), *samples = json_object_new_array();

	char summary[256];

	slc_summary(r, summary, sizeof(summary));
	json_object_object_add(o, "summary", json_object_new_string(summary));
	json_object_object_add(o, "cache_bytes", r->cache_known ? json_object_new_uint64(r->cache_bytes) : NULL);
	json_object_object_add(o, "in_cache_mbps", result_json_number(r->in_cache_mbps, RP_MBPS));
	json_object_object_add(o, "post_cache_mbps", result_json_number(r->post_cache_mbps, RP_MBPS));
	json_object_object_add(o, "write_buffer_bytes",
			       r->buffer_known ? json_object_new_uint64(r->write_buffer_bytes) : NULL);
	json_object_object_add(o, "write_buffer_lower_bound",
			       r->buffer_known ? json_object_new_boolean(r->buffer_lower_bound) : NULL);
	json_object_object_add(o, "cliff", json_object_new_boolean(r->cliff));
	json_object_object_add(o, "purge_method", json_object_new_string(r->purge_method));
	json_object_object_add(o, "prefill_bytes", json_object_new_uint64(r->prefill_bytes));
	json_object_object_add(o, "sample_bytes", json_object_new_uint64(r->bin_bytes));
	json_object_object_add(o, "drive_seconds", result_json_number(r->seconds, RP_SECONDS));
	for (size_t i = 0; i < r->nphases; i++) {
		struct json_object *p = json_object_new_object();

		json_object_object_add(p, "from_bytes", json_object_new_uint64(r->phases[i].from_bytes));
		json_object_object_add(p, "to_bytes", json_object_new_uint64(r->phases[i].to_bytes));
		json_object_object_add(p, "mbps", result_json_number(r->phases[i].mbps, RP_MBPS));
		json_object_object_add(p, "role", json_object_new_string(slc_role_name(r->phases[i].role)));
		json_object_array_add(phases, p);
	}
	json_object_object_add(o, "phases", phases);
	for (size_t i = 0; i < r->nrecovery; i++) {
		struct json_object *p = json_object_new_object();

		json_object_object_add(p, "idle_s", result_json_number(r->recovery[i].idle_s, RP_SECONDS));
		json_object_object_add(p, "recovered_bytes", json_object_new_uint64(r->recovery[i].recovered_bytes));
		json_object_object_add(p, "lower_bound", json_object_new_boolean(r->recovery[i].lower_bound));
		json_object_array_add(rec, p);
	}
	json_object_object_add(o, "recovery", rec);
	for (size_t i = 0; i < r->nsamples; i++) {
		struct json_object *p = json_object_new_object();

		json_object_object_add(p, "written_bytes", json_object_new_uint64(r->samples[i].written_bytes));
		json_object_object_add(p, "mbps", result_json_number(r->samples[i].mbps, RP_MBPS));
		json_object_array_add(samples, p);
	}
	json_object_object_add(o, "samples", samples);
	return o;
}
