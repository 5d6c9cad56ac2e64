/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdio.h>

#include <json-c/json.h>

#include "cli/commands.h"
#include "cli/workload_opts.h"
#include "device/target.h"
#include "engine/access_spec.h"
#include "engine/offset_dist.h"
#include "engine/workload.h"
#include "util/escape.h"

/* A workload with access zones places its own offsets: --random-dist would replace them. */
static int zones_conflict(const char *name)
{
	cli_error("--random-dist: the %s workload has access zones of its own; drop --random-dist", name);
	return EXIT_USAGE;
}

int cli_workload_name(const char *arg, struct workload *w)
{
	const struct access_spec *spec = access_spec_find(arg);
	char esc[96];

	if (!spec) {
		cli_error("--workload: '%s' is not an access specification; use fileserver, "
			  "webserver, database, workstation, snia-70-30, snia-65-35, snia-cbw or nas "
			  "(list them with: ssdprof workloads)", escape_arg(esc, sizeof(esc), arg));
		return EXIT_USAGE;
	}
	if (spec->dist.kind != OD_UNIFORM && w->dist.kind != OD_UNIFORM)
		return zones_conflict(spec->name);
	access_spec_apply(spec, w);
	return 0;
}

int cli_random_dist(const char *arg, struct workload *w)
{
	const struct access_spec *spec = w->workload ? access_spec_find(w->workload) : NULL;
	char err[192];

	if (spec && spec->dist.kind != OD_UNIFORM)
		return zones_conflict(spec->name);
	if (offset_dist_parse("--random-dist", arg, &w->dist, err, sizeof(err))) {
		cli_error("%s", err);
		return EXIT_USAGE;
	}
	return 0;
}

int cli_workload_check(const struct workload *w, const struct target *t, const char *opt)
{
	uint32_t lba = t->info.lba_bytes;

	for (unsigned i = 0; i < w->nbs_mix; i++) {
		if (lba && w->bs_mix[i].bs % lba == 0)
			continue;
		cli_error("%s: %u-byte transfers need a %u-byte logical block; target '%s' has %u%s",
			  opt, w->bs_mix[i].bs, w->bs_mix[i].bs < 4096 ? 512 : 4096, t->info.path, lba,
			  target_has(t, TARGET_CAP_SIMULATED) ? " (add lba=512 to the sim)" : "");
		return EXIT_USAGE;
	}
	return 0;
}

int cli_workload_from_settings(struct json_object *settings, struct workload *w, bool *have, char *err,
			       size_t errlen)
{
	struct json_object *v;

	*have = false;
	if (json_object_object_get_ex(settings, "workload", &v) && v) {
		const struct access_spec *spec = access_spec_find(json_object_get_string(v));

		if (!spec) {
			snprintf(err, errlen, "settings.workload: \"%.64s\" is not a workload this version knows "
				 "(list them with: ssdprof workloads)", json_object_get_string(v));
			return -EINVAL;
		}
		access_spec_apply(spec, w);
		*have = true;
	}
	if (json_object_object_get_ex(settings, "random_dist", &v) && v) {
		if (offset_dist_parse("settings.random_dist", json_object_get_string(v), &w->dist, err, errlen))
			return -EINVAL;
		*have = true;
	}
	return 0;
}
