/* SPDX-License-Identifier: MIT */
/*
 * What a group answers besides I/O: the control hook (members, geometry,
 * member figures and OP, the member behind a failed I/O), per-member OP,
 * and the accessors tests and open/ use.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "raid/raid_priv.h"
#include "util/escape.h"

/* Member i's capacity with op_percent of it held back, in whole logical blocks. */
static uint64_t member_usable(const struct raid_target *r, unsigned i, double op_percent)
{
	uint32_t lba = r->m[i]->info.lba_bytes ? r->m[i]->info.lba_bytes : RAID_PAGE;

	return (uint64_t)((double)r->member_full[i] * (1.0 - op_percent / 100.0)) / lba * lba;
}

uint64_t raid_target_member_bytes_for(const struct target *t, const double *op_percent)
{
	const struct raid_target *r = to_raid(t);
	uint64_t smallest = UINT64_MAX;

	for (unsigned i = 0; i < r->g.members; i++) {
		uint64_t usable = member_usable(r, i, op_percent[i]);

		smallest = usable < smallest ? usable : smallest;
	}
	return smallest / r->g.chunk_bytes * r->g.chunk_bytes;
}

uint64_t raid_target_full_member_bytes(const struct target *t)
{
	const struct raid_target *r = to_raid(t);

	return r->group_full / (raid_capacity(&r->g) / r->g.member_bytes);
}

int raid_target_set_op_members(struct target *t, const double *op_percent, char *err, size_t errlen)
{
	struct raid_target *r = to_raid(t);
	int ret;

	for (unsigned i = 0; i < r->g.members; i++) {
		uint64_t usable = member_usable(r, i, op_percent[i]);

		if (usable < r->g.chunk_bytes) {
			snprintf(err, errlen, "--op-member: %.4g%% OP leaves member %s less than one chunk", op_percent[i],
				 r->m[i]->info.path);
			ret = -EINVAL;
			goto rollback;
		}
		ret = r->m[i]->ops->set_op(r->m[i], OP_METHOD_NAMESPACE, usable, err, errlen);
		if (ret < 0)
			goto rollback;
		continue;
rollback:
		while (i--) {
			char ignored[TARGET_ERRLEN];

			r->m[i]->ops->set_op(r->m[i], OP_METHOD_NAMESPACE, r->member_full[i], ignored, sizeof(ignored));
		}
		return ret;
	}
	/* Like md, the group uses as much of every member as its smallest member has. */
	r->g.member_bytes = raid_target_member_bytes_for(t, op_percent);
	t->info.capacity_bytes = raid_capacity(&r->g);
	return raid_sync_all(r);
}

uint64_t raid_target_member_full(const struct target *t, unsigned i)
{
	return to_raid(t)->member_full[i];
}

/*
 * The message of a group I/O that failed: the group's offset, then the
 * member that failed it (index and path) with its own offset and LBA and
 * its status, as one line.  Where the whole does not fit, the byte
 * offsets go (the LBAs stay), then the group's LBA, then the group's path
 * gives way to its level.  The errno to
 * report, or -ENOENT for an I/O the group did not fail for a member.
 */
static int raid_io_fault(struct raid_target *r, struct target_io_fault *q)
{
	static const char *const dirs[] = { "read", "write", "trim" };
	const struct member_fault *f = NULL;
	char gpath[160], mpath[160], status[64], where[64], mwhere[64];

	for (unsigned k = 0; k < FAULTS_KEPT && k < r->nfaults && !f; k++) {
		const struct member_fault *c = &r->faults[(r->nfaults - 1 - k) % FAULTS_KEPT];

		if (c->offset == q->offset && c->len == q->len && c->dir == q->dir)
			f = c;
	}
	if (!f || q->dir > IO_TRIM || f->mdir > IO_TRIM)
		return -ENOENT;

	const struct target *m = r->m[f->member];
	uint32_t mlba = m->info.lba_bytes ? m->info.lba_bytes : 1;

	escape_bytes(gpath, sizeof(gpath), r->t.info.path, strlen(r->t.info.path));
	escape_bytes(mpath, sizeof(mpath), m->info.path, strlen(m->info.path));
	if (f->mres < 0)
		snprintf(status, sizeof(status), "%s", strerror(-f->mres));
	else
		snprintf(status, sizeof(status), "short %s: %d of %u bytes", dirs[f->mdir], f->mres, f->mlen);
	snprintf(where, sizeof(where), " at byte offset %llu (LBA %llu)", (unsigned long long)q->offset,
		 (unsigned long long)(q->offset / r->t.info.lba_bytes));
	snprintf(mwhere, sizeof(mwhere), "byte offset %llu (LBA %llu)", (unsigned long long)f->moffset,
		 (unsigned long long)(f->moffset / mlba));
	for (int tries = 0; tries < 5; tries++) {
		int n;

		/* What must fit first: the member, its LBA and the group's path. */
		if (tries == 1)
			snprintf(mwhere, sizeof(mwhere), "LBA %llu", (unsigned long long)(f->moffset / mlba));
		else if (tries == 2)
			snprintf(where, sizeof(where), " at LBA %llu", (unsigned long long)(q->offset / r->t.info.lba_bytes));
		else if (tries == 3)
			where[0] = '\0';
		else if (tries == 4)
			snprintf(gpath, sizeof(gpath), "raid%d", (int)r->g.level);
		n = snprintf(q->err, q->errlen, "%s: %s error%s: member %u (%s) %s at %s: %s", gpath, dirs[q->dir],
			     where, f->member, mpath, dirs[f->mdir], mwhere, status);
		if (n >= 0 && (size_t)n < q->errlen)
			break;
	}
	return f->mres < 0 ? -f->mres : EIO;
}

/*
 * The members, and the settings every member takes as its own (dry run and
 * progress: each drive prints and reports its own commands).
 */
_Static_assert(RAID_MAX_MEMBERS == TARGET_GROUP_MAX_MEMBERS, "device/target.h names the same limit");

int raid_control(struct target *t, int op, void *arg)
{
	struct raid_target *r = to_raid(t);

	switch (op) {
	case TARGET_CTL_MEMBERS:
		*(unsigned *)arg = r->g.members;
		return 0;
	case TARGET_CTL_MEMBER: {
		struct target_member *m = arg;

		if (m->index >= r->g.members)
			return -ERANGE;
		m->member = r->m[m->index];
		return 0;
	}
	case TARGET_CTL_IO_ERROR:
		return raid_io_fault(r, arg);
	case TARGET_CTL_PURGE_AUTO: {
		/* Every member purges with its own auto: one name when they agree. */
		const char *name = NULL, *m;

		for (unsigned i = 0; i < r->g.members; i++) {
			int ret = target_control(r->m[i], op, &m);

			if (ret)
				return ret;
			if (name && strcmp(name, m))
				return -ENODATA;
			name = m;
		}
		*(const char **)arg = name;
		return name ? 0 : -ENODATA;
	}
	case TARGET_CTL_SET_DRY_RUN:
	case TARGET_CTL_SET_PROGRESS:
		for (unsigned i = 0; i < r->g.members; i++)
			target_control(r->m[i], op, arg);
		return 0;
	case TARGET_CTL_GROUP_GEOM: {
		struct target_group_geom *g = arg;

		*g = (struct target_group_geom){ .level = (int)r->g.level, .members = r->g.members,
			.chunk_bytes = r->g.chunk_bytes, .member_bytes = r->g.member_bytes,
			.full_member_bytes = raid_target_full_member_bytes(t) };
		return 0;
	}
	case TARGET_CTL_MEMBER_STATS: {
		struct target_member_stats *s = arg;
		const struct raid_member_stats *st;

		if (s->index >= r->g.members)
			return -ERANGE;
		st = &r->st[s->index];
		s->ios = st->ios;
		s->bytes_read = st->bytes_read;
		s->bytes_written = st->bytes_written;
		s->lat_sum_ns = st->lat_sum_ns;
		s->lat_max_ns = st->lat_max_ns;
		s->full_bytes = r->member_full[s->index];
		s->lat = &r->lat[s->index];
		return 0;
	}
	case TARGET_CTL_MEMBER_OP: {
		struct target_member_op *o = arg;

		o->member_bytes = raid_target_member_bytes_for(t, o->op_percent);
		return o->set ? raid_target_set_op_members(t, o->op_percent, o->err, o->errlen) : 0;
	}
	case TARGET_CTL_BUSY_NS: {
		/* The group is quiet when its busiest member is (members' clocks run with the group's). */
		uint64_t most = 0, ns;

		for (unsigned i = 0; i < r->g.members; i++) {
			int ret = target_control(r->m[i], op, &ns);

			if (ret < 0)
				return ret;
			if (ns > most)
				most = ns;
		}
		*(uint64_t *)arg = most;
		return 0;
	}
	default:
		return -ENOTTY;
	}
}

unsigned raid_target_members(const struct target *t)
{
	return to_raid(t)->g.members;
}

struct target *raid_target_member(const struct target *t, unsigned i)
{
	return to_raid(t)->m[i];
}

void raid_target_member_stats(const struct target *t, unsigned i, struct raid_member_stats *st)
{
	*st = to_raid(t)->st[i];
}

const struct raid_geom *raid_target_geom(const struct target *t)
{
	return &to_raid(t)->g;
}

const struct lat_hist *raid_target_member_lat(const struct target *t, unsigned i)
{
	return &to_raid(t)->lat[i];
}
