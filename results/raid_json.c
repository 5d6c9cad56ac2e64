/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <json-c/json.h>

#include "profiler/op_member.h"
#include "profiler/raid_members.h"
#include "profiler/raid_rounds.h"
#include "results/raid_json.h"
#include "results/result_json.h"
#include "device/target.h"

/*
 * Add v under key.  A NULL v is JSON null, legal only when the figure is
 * unknown (known false); otherwise it means an allocation failed.
 */
static int put(struct json_object *o, const char *key, struct json_object *v, bool known)
{
	if ((known && !v) || json_object_object_add(o, key, v) < 0) {
		json_object_put(v);
		return -ENOMEM;
	}
	return 0;
}

static int put_num(struct json_object *o, const char *key, double v, int decimals)
{
	return put(o, key, result_json_number(v, decimals), isfinite(v));
}

/* lat_us of one member's interval, as run and sweep write the group's. */
static struct json_object *lat_json(const struct raid_member_figures *f)
{
	return result_lat_json(f->lat_mean_us, f->lat_p50_us, f->lat_p99_us, f->lat_p999_us, f->lat_p9999_us,
			       f->lat_max_us);
}

/* One entry of members[]. */
static int member_json(const struct target *group, const struct raid_snap *a, const struct raid_snap *b,
		       unsigned i, struct json_object **out)
{
	const struct target *m = target_member(group, i);
	struct raid_member_figures f;
	struct json_object *o;
	int rc;

	*out = NULL;
	if ((rc = raid_members_figures(a, b, i, &f)))
		return rc;
	if (!(o = json_object_new_object()))
		return -ENOMEM;
	rc |= put(o, "path", json_object_new_string(m->info.path), true);
	rc |= put(o, "serial", m->info.serial[0] ? json_object_new_string(m->info.serial) : NULL,
		  m->info.serial[0]);
	rc |= put(o, "host_bytes_written", json_object_new_uint64(f.host_bytes_written), true);
	rc |= put(o, "host_bytes_read", json_object_new_uint64(f.host_bytes_read), true);
	rc |= put(o, "media_bytes_written", f.media_known ? json_object_new_uint64(f.media_bytes_written) : NULL,
		  f.media_known);
	rc |= put_num(o, "waf", f.waf, RP_WAF);
	rc |= put_num(o, "iops", f.iops, RP_IOPS);
	rc |= put(o, "lat_us", lat_json(&f), true);
	if (rc) {
		json_object_put(o);
		return -ENOMEM;
	}
	*out = o;
	return 0;
}

int raid_members_json_add(struct json_object *obj, const struct target *group, const struct raid_snap *a,
			  const struct raid_snap *b, int *limiting)
{
	struct json_object *arr = NULL, *one;
	unsigned members = raid_snap_members(a);
	int lim = -1, ret;

	if (members != raid_snap_members(b) || members != target_members(group)) {
		ret = -EINVAL;
		goto out;
	}
	if (!(arr = json_object_new_array())) {
		ret = -ENOMEM;
		goto out;
	}
	for (unsigned i = 0; i < members; i++) {
		if ((ret = member_json(group, a, b, i, &one)))
			goto out;
		if (json_object_array_add(arr, one) < 0) {
			json_object_put(one);
			ret = -ENOMEM;
			goto out;
		}
	}
	lim = raid_members_limiting(a, b);
	ret = put(obj, "members", arr, true);
	arr = NULL;
	if (!ret)
		ret = put(obj, "limiting_member", lim >= 0 ? json_object_new_int(lim) : NULL, lim >= 0);
out:
	if (limiting)
		*limiting = ret ? -1 : lim;
	json_object_put(arr);
	return ret;
}

int raid_rounds_json_add(const struct raid_rounds *w, struct json_object *obj, size_t nrounds)
{
	const struct raid_snap *a, *b;
	size_t n = raid_rounds_window(w, nrounds, &a, &b);
	struct json_object *rounds = json_object_new_array();
	int ret;

	if (!rounds)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		int m = raid_rounds_limiting(w, i);
		struct json_object *v = m >= 0 ? json_object_new_int(m) : NULL;

		if ((m >= 0 && !v) || json_object_array_add(rounds, v) < 0) {
			json_object_put(v);
			ret = -ENOMEM;
			goto fail;
		}
	}
	if (!n || !a || !b) {
		/* No rounds ran: no interval to report. */
		ret = json_object_object_add(obj, "members", json_object_new_array()) < 0 ||
		      json_object_object_add(obj, "limiting_member", NULL) < 0 ? -ENOMEM : 0;
	} else {
		ret = raid_members_json_add(obj, raid_rounds_group(w), a, b, NULL);
	}
	if (ret)
		goto fail;
	if (json_object_object_add(obj, "round_limiting_member", rounds) < 0) {
		ret = -ENOMEM;
		goto fail;
	}
	return 0;
fail:
	json_object_put(rounds);
	return ret;
}

struct json_object *raid_group_json(const struct target *group)
{
	struct target_group_geom geom = { 0 }, *g = &geom;
	struct json_object *o = json_object_new_object(), *members = json_object_new_array();
	uint64_t smallest = UINT64_MAX, largest = 0;
	int rc = 0;

	if (!o || !members) {
		json_object_put(members);
		json_object_put(o);
		return NULL;
	}
	if (target_group_geom(group, g) < 0)
		rc = -EINVAL;
	rc |= put(o, "level", json_object_new_int((int)g->level), true);
	rc |= put(o, "chunk_bytes", json_object_new_uint64(g->chunk_bytes), true);
	for (unsigned i = 0; i < g->members; i++) {
		const struct target *m = target_member(group, i);
		struct json_object *mj = result_target_json(m);

		if (!mj || json_object_array_add(members, mj) < 0) {
			json_object_put(mj);
			rc = -ENOMEM;
		}
		smallest = m->info.capacity_bytes < smallest ? m->info.capacity_bytes : smallest;
		largest = m->info.capacity_bytes > largest ? m->info.capacity_bytes : largest;
	}
	rc |= put(o, "members", members, true);
	rc |= put(o, "member_bytes_used", json_object_new_uint64(g->member_bytes), true);
	if (smallest != largest) {
		char note[160];

		snprintf(note, sizeof(note), "members differ in size: the group uses %llu bytes of each, the smallest member's",
			 (unsigned long long)g->member_bytes);
		rc |= put(o, "capacity_note", json_object_new_string(note), true);
	}
	if (rc) {
		json_object_put(o);
		return NULL;
	}
	return o;
}

struct json_object *op_member_json(const struct op_member_plan *p)
{
	struct json_object *arr = json_object_new_array();

	for (size_t i = 0; i < p->npoints; i++) {
		struct json_object *pt = json_object_new_array();

		for (size_t m = 0; m < p->nvalues[i]; m++)
			json_object_array_add(pt, result_json_number(p->op[i][m], 2));
		json_object_array_add(arr, pt);
	}
	return arr;
}

int op_member_from_json(struct op_member_plan *p, struct json_object *arr)
{
	p->npoints = 0;
	if (!json_object_is_type(arr, json_type_array) || json_object_array_length(arr) > SWEEP_MAX_POINTS)
		return -EINVAL;
	for (size_t i = 0; i < json_object_array_length(arr); i++) {
		struct json_object *pt = json_object_array_get_idx(arr, i);

		if (!json_object_is_type(pt, json_type_array) || json_object_array_length(pt) > TARGET_GROUP_MAX_MEMBERS)
			return -EINVAL;
		p->nvalues[i] = json_object_array_length(pt);
		for (size_t m = 0; m < p->nvalues[i]; m++)
			p->op[i][m] = json_object_get_double(json_object_array_get_idx(pt, m));
		p->npoints++;
	}
	return p->npoints ? 0 : -EINVAL;
}

void op_member_json_annotate(struct json_object *point, const struct target *group, const double *ops)
{
	struct json_object *members;

	if (!json_object_object_get_ex(point, "members", &members))
		return;
	for (size_t i = 0; i < json_object_array_length(members) && i < target_members(group); i++) {
		struct json_object *m = json_object_array_get_idx(members, i);

		json_object_object_add(m, "op_percent", result_json_number(ops[i], 2));
		json_object_object_add(m, "effective_op_percent",
				       result_json_number(op_member_effective(group, (unsigned)i), 2));
	}
}
