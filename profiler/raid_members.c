/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <json-c/json.h>

#include "engine/histogram.h"
#include "profiler/raid_members.h"
#include "raid/raid_target.h"
#include "results/result_json.h"
#include "device/target.h"

struct member_snap {
	uint64_t ios, bytes_read, bytes_written, lat_sum_ns;
	uint64_t media;
	bool media_known;
	struct lat_hist lat;     /* cumulative since the group was opened */
};

struct raid_snap {
	unsigned members;
	uint64_t now_ns;         /* the group's clock: the interval's length for IOPS */
	struct member_snap m[];
};

struct raid_snap *raid_snap_new(const struct target *group)
{
	unsigned n = raid_target_members(group);
	struct raid_snap *s = calloc(1, sizeof(*s) + (size_t)n * sizeof(s->m[0]));

	if (s)
		s->members = n;
	return s;
}

void raid_snap_free(struct raid_snap *s)
{
	free(s);
}

void raid_snap_take(struct raid_snap *s, struct target *group)
{
	s->now_ns = group->ops->now_ns(group);
	for (unsigned i = 0; i < s->members; i++) {
		struct raid_member_stats st;
		struct target *m = raid_target_member(group, i);
		struct target_counters mc = { 0 };
		struct member_snap *ms = &s->m[i];

		raid_target_member_stats(group, i, &st);
		if (m->ops->counters(m, &mc))
			mc.media_known = false;
		ms->ios = st.ios;
		ms->bytes_read = st.bytes_read;
		ms->bytes_written = st.bytes_written;
		ms->lat_sum_ns = st.lat_sum_ns;
		ms->media = mc.media_bytes_written;
		ms->media_known = mc.media_known;
		ms->lat = *raid_target_member_lat(group, i);
	}
}

/* Mean latency of member i between a and b in ns; NAN when it completed nothing. */
static double mean_ns(const struct raid_snap *a, const struct raid_snap *b, unsigned i)
{
	uint64_t ios = b->m[i].ios - a->m[i].ios;

	return ios ? (double)(b->m[i].lat_sum_ns - a->m[i].lat_sum_ns) / (double)ios : NAN;
}

int raid_members_limiting(const struct raid_snap *a, const struct raid_snap *b)
{
	double worst = -1;
	int limiting = -1;

	for (unsigned i = 0; i < a->members && i < b->members; i++) {
		double mean = mean_ns(a, b, i);

		/* NAN compares false: a member that did nothing never limits. */
		if (mean > worst) {
			worst = mean;
			limiting = (int)i;
		}
	}
	return limiting;
}

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

/* lat_us of one member's interval histogram, as run and sweep write the group's. */
static struct json_object *lat_json(const struct lat_hist *h)
{
	static const struct {
		const char *key;
		double pct;
	} pcts[] = { { "p50", 50 }, { "p99", 99 }, { "p99.9", 99.9 }, { "p99.99", 99.99 } };
	struct json_object *lat = json_object_new_object();
	int rc = 0;

	if (!lat)
		return NULL;
	rc |= put_num(lat, "mean", lat_hist_mean_ns(h) / 1e3, RP_LAT_US);
	for (size_t i = 0; i < sizeof(pcts) / sizeof(pcts[0]); i++)
		rc |= put_num(lat, pcts[i].key, lat_hist_percentile_ns(h, pcts[i].pct) / 1e3, RP_LAT_US);
	rc |= put_num(lat, "max", h->count ? (double)h->max_ns / 1e3 : NAN, RP_LAT_US);
	if (rc) {
		json_object_put(lat);
		return NULL;
	}
	return lat;
}

/* One entry of members[]; hist is scratch space for the interval's latencies. */
static int member_json(const struct target *group, const struct raid_snap *a, const struct raid_snap *b,
		       unsigned i, struct lat_hist *hist, struct json_object **out)
{
	const struct member_snap *x = &a->m[i], *y = &b->m[i];
	const struct target *m = raid_target_member(group, i);
	double secs = (double)(b->now_ns - a->now_ns) / 1e9;
	bool media = x->media_known && y->media_known && y->media >= x->media;
	uint64_t wr = y->bytes_written - x->bytes_written;
	struct json_object *o;
	int rc = 0;

	*out = NULL;
	/* Counters only grow: a later snapshot below an earlier one means a different group. */
	if (b->now_ns < a->now_ns || y->ios < x->ios || y->bytes_written < x->bytes_written ||
	    y->bytes_read < x->bytes_read || y->lat_sum_ns < x->lat_sum_ns)
		return -EINVAL;
	*hist = y->lat;
	if (lat_hist_subtract(hist, &x->lat))
		return -EINVAL;
	if (!(o = json_object_new_object()))
		return -ENOMEM;
	rc |= put(o, "path", json_object_new_string(m->info.path), true);
	rc |= put(o, "serial", m->info.serial[0] ? json_object_new_string(m->info.serial) : NULL,
		  m->info.serial[0]);
	rc |= put(o, "host_bytes_written", json_object_new_uint64(wr), true);
	rc |= put(o, "host_bytes_read", json_object_new_uint64(y->bytes_read - x->bytes_read), true);
	rc |= put(o, "media_bytes_written", media ? json_object_new_uint64(y->media - x->media) : NULL, media);
	rc |= put_num(o, "waf", media && wr ? (double)(y->media - x->media) / (double)wr : NAN, RP_WAF);
	rc |= put_num(o, "iops", secs > 0 ? (double)(y->ios - x->ios) / secs : NAN, RP_IOPS);
	rc |= put(o, "lat_us", lat_json(hist), true);
	if (rc) {
		json_object_put(o);
		return -ENOMEM;
	}
	*out = o;
	return 0;
}

int raid_members_add(struct json_object *obj, const struct target *group, const struct raid_snap *a,
		     const struct raid_snap *b, int *limiting)
{
	struct json_object *arr = NULL, *one;
	struct lat_hist *hist = NULL;
	int lim = -1, ret;

	if (a->members != b->members || a->members != raid_target_members(group)) {
		ret = -EINVAL;
		goto out;
	}
	hist = malloc(sizeof(*hist));
	arr = json_object_new_array();
	if (!hist || !arr) {
		ret = -ENOMEM;
		goto out;
	}
	for (unsigned i = 0; i < a->members; i++) {
		if ((ret = member_json(group, a, b, i, hist, &one)))
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
	free(hist);
	return ret;
}

struct json_object *raid_group_json(const struct target *group)
{
	const struct raid_geom *g = raid_target_geom(group);
	struct json_object *o = json_object_new_object(), *members = json_object_new_array();
	uint64_t smallest = UINT64_MAX, largest = 0;
	int rc = 0;

	if (!o || !members) {
		json_object_put(members);
		json_object_put(o);
		return NULL;
	}
	rc |= put(o, "level", json_object_new_int((int)g->level), true);
	rc |= put(o, "chunk_bytes", json_object_new_uint64(g->chunk_bytes), true);
	for (unsigned i = 0; i < g->members; i++) {
		const struct target *m = raid_target_member(group, i);
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
