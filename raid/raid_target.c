/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <json-c/json.h>

#include "raid/raid_priv.h"
#include "util/clock.h"
#include "util/escape.h"
#include "engine/workload.h"

/* A member I/O's cookie: the op, the piece of its raid_io (real members) and the raid_io. */
#define COOKIE_SHIFT 32
#define COOKIE_IO_BITS 9                   /* OP_MAX_IOS */
#define COOKIE_IO_MASK ((1u << COOKIE_IO_BITS) - 1)
/*
 * Real members write from, and read into, the group's own buffers: the
 * drives see the array's I/O pattern with incompressible data, and the data
 * itself is never read back (a profiled group is purged anyway).  Member
 * I/Os larger than a buffer go out in pieces of this size, as the block
 * layer would split them at the drive's max_sectors_kb.
 */
#define SCRATCH_BYTES (1u << 20)
#define REAP_BATCH 64

/* An idle member catches up with the group's clock before it is given work. */
static int sync_member(struct raid_target *r, struct target *m)
{
	uint64_t mn;

	if (r->real)
		return 0;   /* real drives share the wall clock */
	mn = m->ops->now_ns(m);

	return mn < r->now ? m->ops->idle(m, r->now - mn) : 0;
}

static void complete_op(struct raid_target *r, unsigned idx)
{
	struct raid_op *op = &r->ops[idx];
	unsigned tail = (r->done_head + r->ndone) % RAID_QD;

	r->done[tail] = (struct io_completion){
		.cookie = op->cookie, .res = op->res < 0 ? op->res : (int32_t)op->len,
		.submit_ns = op->submit_ns, .complete_ns = r->real ? mono_ns() : r->now,
	};
	r->ndone++;
	if (op->res >= 0)
		*(op->dir == IO_WRITE ? &r->host_written : &r->host_read) += op->len;
	else if (op->failed)
		r->faults[r->nfaults++ % FAULTS_KEPT] = op->fault;
	r->free_ops[r->nfree++] = idx;
	r->inflight--;
}

/* Issue the op's I/Os of its current phase; 0 issued means the phase is empty. */
static int issue_phase(struct raid_target *r, unsigned idx)
{
	struct raid_op *op = &r->ops[idx];
	int ret;

	op->pending = 0;
	op->phase_bytes = op->phase_bytes_done = 0;
	for (int i = 0; i < op->nio; i++) {
		struct raid_io *io = &op->io[i];
		struct target *m = r->m[io->member];
		uint32_t piece = r->real ? SCRATCH_BYTES : io->len;

		if (io->phase != op->phase)
			continue;
		if (io->dir == IO_READ && raid_mirrored(&r->g)) {
			/* md's read_balance: the whole read to one mirror of its set. */
			for (unsigned k = 0; k < r->g.members; k++)
				r->mirror[k].pending = r->member_inflight[k];
			io->member = raid_read_mirror(&r->g, io->member, io->offset, io->len, r->mirror);
			m = r->m[io->member];
		}
		if ((ret = sync_member(r, m)) < 0)
			return ret;
		for (uint32_t done = 0; done < io->len; done += piece) {
			struct io_req req = {
				.offset = io->offset + done, .len = io->len - done < piece ? io->len - done : piece,
				.dir = io->dir, .buf = io->dir == IO_WRITE ? r->write_src : r->read_sink,
				.cookie = ((uint64_t)idx << COOKIE_SHIFT) | (uint64_t)(done / piece) << COOKIE_IO_BITS |
					  (uint64_t)i,
			};

			ret = m->ops->submit(m, &req, 1);
			if (ret != 1)
				return ret < 0 ? ret : -EBUSY;
			op->pending++;
			op->phase_bytes += req.len;
			r->member_inflight[io->member]++;
		}
	}
	return 0;
}

static int raid_submit(struct target *t, const struct io_req *reqs, unsigned n)
{
	struct raid_target *r = to_raid(t);
	unsigned i;
	int ret;

	for (i = 0; i < n && r->nfree; i++) {
		unsigned idx = r->free_ops[--r->nfree];
		struct raid_op *op = &r->ops[idx];

		r->inflight++;
		op->cookie = reqs[i].cookie;
		op->submit_ns = r->real ? mono_ns() : r->now;
		op->offset = reqs[i].offset;
		op->failed = false;
		op->len = reqs[i].len;
		op->dir = reqs[i].dir;
		op->res = 0;
		op->nio = raid_map(&r->g, reqs[i].offset, reqs[i].len, reqs[i].dir, op->io, OP_MAX_IOS);
		if (op->nio < 0) {
			op->res = op->nio == -ENOSPC ? -E2BIG : op->nio;
			complete_op(r, idx);
			continue;
		}
		op->phase = op->io[0].phase;
		if ((ret = issue_phase(r, idx)) < 0)
			return ret;
	}
	return (int)i;
}

/* The member whose next completion is earliest, or -1 with nothing in flight. */
static int earliest_member(struct raid_target *r, uint64_t *at)
{
	int best = -1;

	*at = UINT64_MAX;
	for (unsigned i = 0; i < r->g.members; i++) {
		uint64_t c = r->m[i]->ops->next_completion_ns(r->m[i]);

		if (c < *at) {
			*at = c;
			best = (int)i;
		}
	}
	return best;
}

/* One member completion: account it, and move its op to the next phase or finish it. */
static int process_completion(struct raid_target *r, unsigned mi, const struct io_completion *cp)
{
	struct io_completion c = *cp;
	int ret;

	r->member_inflight[mi]--;
	if (c.complete_ns > r->now)
		r->now = c.complete_ns;

	unsigned idx = (unsigned)(c.cookie >> COOKIE_SHIFT);
	struct raid_op *op = &r->ops[idx];
	const struct raid_io *io = &op->io[c.cookie & COOKIE_IO_MASK];
	uint32_t piece = r->real ? SCRATCH_BYTES : io->len;
	uint64_t done = (uint64_t)((c.cookie & 0xffffffffu) >> COOKIE_IO_BITS) * piece;
	uint32_t len = io->len - done < piece ? (uint32_t)(io->len - done) : piece;
	struct raid_member_stats *st = &r->st[mi];
	uint64_t lat = c.complete_ns - c.submit_ns;

	if ((c.res < 0 || (uint32_t)c.res != len) && !op->failed) {
		op->failed = true;
		op->fault = (struct member_fault){ op->offset, op->len, op->dir, mi, io->offset + done, len, io->dir,
						   c.res };
	}
	if (c.res > 0)
		r->mirror[mi].head = io->offset + done + (uint64_t)c.res;   /* md's update_head_pos */

	st->ios++;
	if (c.res > 0)
		*(io->dir == IO_READ ? &st->bytes_read : &st->bytes_written) += (uint64_t)c.res;
	st->lat_sum_ns += lat;
	lat_hist_record(&r->lat[mi], lat);
	if (lat > st->lat_max_ns)
		st->lat_max_ns = lat;
	if (c.res < 0)
		op->res = c.res;
	else
		op->phase_bytes_done += (uint64_t)c.res;
	if (--op->pending)
		return 0;
	if (op->res >= 0 && op->phase_bytes_done != op->phase_bytes)
		op->res = -EIO;   /* a short member I/O fails the group's I/O */
	if (op->phase == 0 && op->res >= 0) {
		op->phase = 1;
		if ((ret = issue_phase(r, idx)) < 0)
			return ret;
		if (op->pending)
			return 0;
	}
	complete_op(r, idx);
	return 0;
}

static int process_one(struct raid_target *r, unsigned mi)
{
	struct target *m = r->m[mi];
	struct io_completion c;
	int ret = m->ops->reap(m, &c, 1, 1);

	if (ret != 1)
		return ret < 0 ? ret : -EIO;
	return process_completion(r, mi, &c);
}

/*
 * Real members: take whatever each member has completed (this also hands
 * their prepared submissions to the kernel).  Returns how many completions
 * were processed.
 */
static int reap_real_members(struct raid_target *r)
{
	struct io_completion c[REAP_BATCH];
	int total = 0, ret;

	for (unsigned i = 0; i < r->g.members; i++) {
		struct target *m = r->m[i];

		if (!r->member_inflight[i])
			continue;
		if ((ret = m->ops->reap(m, c, REAP_BATCH, 0)) < 0)
			return ret;
		for (int k = 0; k < ret; k++) {
			int err = process_completion(r, i, &c[k]);

			if (err < 0)
				return err;
		}
		total += ret;
	}
	return total;
}

/*
 * Sleep until any busy member posts a completion.  One thread drives every
 * member's ring; each ring signals an eventfd on completion, so the group
 * waits on all of them at once instead of on one member while another has
 * finished (which would add the wait to that member's measured latency).
 */
static int wait_real_members(struct raid_target *r)
{
	struct pollfd pfd[RAID_MAX_MEMBERS];
	nfds_t n = 0;
	uint64_t drain;

	for (unsigned i = 0; i < r->g.members; i++)
		if (r->member_inflight[i]) {
			int fd = r->m[i]->ops->completion_fd(r->m[i]);

			if (fd < 0)
				return fd;
			pfd[n++] = (struct pollfd){ .fd = fd, .events = POLLIN };
		}
	if (!n)
		return 0;
	if (poll(pfd, n, -1) < 0)
		return errno == EINTR ? 0 : -errno;
	for (nfds_t i = 0; i < n; i++)
		if (pfd[i].revents & POLLIN)
			while (read(pfd[i].fd, &drain, sizeof(drain)) == sizeof(drain))
				;
	return 0;
}

/* Hand finished group I/Os to the caller's array (holding n) up to max; the new count. */
static unsigned take_done(struct raid_target *r, struct io_completion *out, unsigned n, unsigned max)
{
	while (r->ndone && n < max) {
		out[n++] = r->done[r->done_head];
		r->done_head = (r->done_head + 1) % RAID_QD;
		r->ndone--;
	}
	return n;
}

static int raid_reap_real(struct raid_target *r, struct io_completion *out, unsigned max, unsigned min_complete)
{
	unsigned n = 0;
	int ret;

	for (;;) {
		unsigned busy = 0, only = 0;

		if ((n = take_done(r, out, n, max)) == max)
			break;
		for (unsigned i = 0; i < r->g.members; i++)
			if (r->member_inflight[i]) {
				busy++;
				only = i;
			}
		if (!busy)
			break;
		if (busy == 1 && n < min_complete) {
			/* One member busy (QD 1, or a lone straggler): submit and wait in its ring, one call. */
			if ((ret = process_one(r, only)) < 0)
				return ret;
			continue;
		}
		if ((ret = reap_real_members(r)) < 0)
			return ret;
		if (ret > 0)
			continue;
		if (n >= min_complete)
			break;
		if ((ret = wait_real_members(r)) < 0)
			return ret;
	}
	return (int)n;
}

static int raid_reap(struct target *t, struct io_completion *out, unsigned max, unsigned min_complete)
{
	struct raid_target *r = to_raid(t);
	unsigned n = 0;
	int ret;

	if (r->real)
		return raid_reap_real(r, out, max, min_complete);
	for (;;) {
		uint64_t at;
		int mi;

		if ((n = take_done(r, out, n, max)) == max)
			break;
		mi = earliest_member(r, &at);
		if (mi < 0 || (n >= min_complete && at > r->now))
			break;
		if ((ret = process_one(r, (unsigned)mi)) < 0)
			return ret;
	}
	return (int)n;
}

static uint64_t raid_now(struct target *t)
{
	return to_raid(t)->real ? mono_ns() : to_raid(t)->now;
}

static uint64_t raid_next_completion(struct target *t)
{
	uint64_t at;

	return to_raid(t)->ndone ? to_raid(t)->now : (earliest_member(to_raid(t), &at), at);
}

/* Bring every member to the group's clock (after work that moved members unevenly). */
int raid_sync_all(struct raid_target *r)
{
	int ret;

	for (unsigned i = 0; i < r->g.members; i++) {
		uint64_t mn = r->m[i]->ops->now_ns(r->m[i]);

		if (mn > r->now)
			r->now = mn;
	}
	for (unsigned i = 0; i < r->g.members; i++)
		if ((ret = sync_member(r, r->m[i])) < 0)
			return ret;
	return 0;
}

static int raid_idle(struct target *t, uint64_t ns)
{
	struct raid_target *r = to_raid(t);

	if (r->real) {
		/* Every member idles at once: one sleep, after the queued work went out. */
		int ret = reap_real_members(r);

		return ret < 0 ? ret : r->m[0]->ops->idle(r->m[0], ns);
	}
	r->now += ns;
	return raid_sync_all(r);
}

static int raid_identify(struct target *t, struct target_info *info)
{
	*info = t->info;
	return 0;
}

static int raid_purge(struct target *t, const char *method, char *err, size_t errlen)
{
	struct raid_target *r = to_raid(t);
	int ret;

	if (r->inflight) {
		snprintf(err, errlen, "purge: %u I/Os still in flight", r->inflight);
		return -EBUSY;
	}
	for (unsigned i = 0; i < r->g.members; i++) {
		if ((ret = sync_member(r, r->m[i])) < 0 ||
		    (ret = r->m[i]->ops->purge(r->m[i], method, err, errlen)) < 0)
			return ret;
	}
	/* Members erase in parallel: the group is done when the slowest is. */
	return raid_sync_all(r);
}

static int raid_set_op(struct target *t, enum op_method method, uint64_t usable, char *err, size_t errlen)
{
	struct raid_target *r = to_raid(t);
	uint64_t width = raid_capacity(&r->g) / r->g.member_bytes;
	uint64_t per = (usable / width + r->g.chunk_bytes - 1) / r->g.chunk_bytes * r->g.chunk_bytes;
	int ret;

	if (method == OP_METHOD_SPAN)
		return 0;   /* the workload stays inside the span; members are untouched */
	if (method == OP_METHOD_HPA) {
		snprintf(err, errlen, "--method: a RAID group has no HPA; use namespace or span");
		return -EOPNOTSUPP;
	}
	/* The whole group back: every member gets its own whole capacity back, not the group's share. */
	for (unsigned i = 0; i < r->g.members; i++) {
		ret = r->m[i]->ops->set_op(r->m[i], OP_METHOD_NAMESPACE,
					   usable >= r->group_full ? r->member_full[i] : per, err, errlen);
		if (ret < 0) {
			/* All or none: give the members already changed their capacity back. */
			char ignored[TARGET_ERRLEN];

			while (i--)
				r->m[i]->ops->set_op(r->m[i], OP_METHOD_NAMESPACE, r->member_full[i], ignored,
						     sizeof(ignored));
			return ret;
		}
	}
	if (usable >= r->group_full)
		per = r->group_full / width;
	r->g.member_bytes = per;
	t->info.capacity_bytes = raid_capacity(&r->g);
	return raid_sync_all(r);
}

static int raid_trim(struct target *t, uint64_t offset, uint64_t len)
{
	struct raid_target *r = to_raid(t);
	int ret;

	/* The whole group: every member whole.  Otherwise the data pages of the range (every copy of them). */
	if (offset == 0 && len >= t->info.capacity_bytes) {
		for (unsigned i = 0; i < r->g.members; i++)
			if ((ret = r->m[i]->ops->trim(r->m[i], 0, r->g.member_bytes)) < 0)
				return ret;
		return 0;
	}
	for (uint64_t pos = offset; pos < offset + len; pos += r->g.chunk_bytes) {
		struct raid_io io[RAID_MAX_MEMBERS];
		uint64_t chunk_end = (pos / r->g.chunk_bytes + 1) * r->g.chunk_bytes;
		uint32_t l = (uint32_t)((chunk_end < offset + len ? chunk_end : offset + len) - pos);
		int n = raid_map(&r->g, pos, l, raid_mirrored(&r->g) ? IO_WRITE : IO_READ, io, RAID_MAX_MEMBERS);

		for (int i = 0; i < n; i++)
			if ((ret = r->m[io[i].member]->ops->trim(r->m[io[i].member], io[i].offset, io[i].len)) < 0)
				return ret;
	}
	return 0;
}

static int raid_counters(struct target *t, struct target_counters *c)
{
	struct raid_target *r = to_raid(t);
	int ret;

	memset(c, 0, sizeof(*c));
	c->media_known = true;
	for (unsigned i = 0; i < r->g.members; i++) {
		struct target_counters mc;

		if ((ret = r->m[i]->ops->counters(r->m[i], &mc)) < 0)
			return ret;
		c->media_bytes_written += mc.media_bytes_written;
		c->media_known &= mc.media_known;
	}
	/*
	 * Host bytes are what the group's user wrote; media is every member's
	 * NAND writes, so the group WA includes the parity and mirror copies.
	 */
	c->host_bytes_written = r->host_written;
	c->host_bytes_read = r->host_read;
	return 0;
}

static int raid_describe(struct target *t, struct json_object *obj)
{
	struct raid_target *r = to_raid(t);
	struct json_object *members = json_object_new_array();

	json_object_object_add(obj, "level", json_object_new_int((int)r->g.level));
	json_object_object_add(obj, "chunk_bytes", json_object_new_uint64(r->g.chunk_bytes));
	json_object_object_add(obj, "member_bytes", json_object_new_uint64(r->g.member_bytes));
	for (unsigned i = 0; i < r->g.members; i++)
		json_object_array_add(members, json_object_new_string(r->m[i]->info.path));
	json_object_object_add(obj, "members", members);
	return 0;
}

static void raid_close(struct target *t)
{
	struct raid_target *r = to_raid(t);

	for (unsigned i = 0; i < RAID_MAX_MEMBERS; i++)
		if (r->m[i])
			target_close(r->m[i]);
	free(r->write_src);
	free(r->read_sink);
	free(r->lat);
	free(r->ops);
	free(r);
}

/*
 * Real members: every member's completion eventfd now, before any I/O.
 * Taken at the first wait instead, a member whose I/Os had completed just
 * before (their completions are posted whenever this thread enters the
 * kernel, for any ring) never signalled it, and with nothing else in flight
 * the group slept in poll() for good.
 */
static int watch_members(struct raid_target *r, const char *const *specs, char *err, size_t errlen)
{
	for (unsigned i = 0; i < r->g.members; i++) {
		int fd = r->m[i]->ops->completion_fd(r->m[i]);

		if (fd < 0) {
			snprintf(err, errlen, "--raid: member %s gives no completion event (%s)", specs[i],
				 strerror(-fd));
			return fd;
		}
	}
	return 0;
}

int raid_target_assemble(enum raid_level level, uint64_t chunk_bytes, struct target **members,
			 const char *const *specs, unsigned n, unsigned flags, struct target **out, char *err,
			 size_t errlen)
{
	struct raid_target *r;
	uint64_t smallest = UINT64_MAX;
	unsigned caps = TARGET_CAP_READ | TARGET_CAP_WRITE | TARGET_CAP_TRIM | TARGET_CAP_PURGE |
			TARGET_CAP_OP_SPAN | TARGET_CAP_OP_NAMESPACE | TARGET_CAP_MEDIA_COUNTER |
			TARGET_CAP_VIRTUAL_TIME;
	unsigned real_dev = TARGET_CAP_REAL_DEVICE;   /* kept only when every member is a device */
	int ret;

	if (n > RAID_MAX_MEMBERS) {
		snprintf(err, errlen, "--raid: at most %d members", RAID_MAX_MEMBERS);
		ret = -EINVAL;
		goto fail_members;
	}
	r = calloc(1, sizeof(*r));
	if (!r || !(r->ops = calloc(RAID_QD, sizeof(*r->ops))) || !(r->lat = calloc(n ? n : 1, sizeof(*r->lat)))) {
		if (r)
			free(r->ops);
		free(r);
		snprintf(err, errlen, "out of memory");
		ret = -ENOMEM;
		goto fail_members;
	}
	for (unsigned i = 0; i < n; i++) {
		r->m[i] = members[i];
		members[i] = NULL;
	}
	for (unsigned i = 0; i < n; i++) {
		if (target_has(r->m[i], TARGET_CAP_VIRTUAL_TIME) ? !r->m[i]->ops->next_completion_ns
								  : !r->m[i]->ops->completion_fd) {
			snprintf(err, errlen, "--raid: member %s (%s) cannot be driven as part of a group",
				 specs[i], r->m[i]->info.kind);
			ret = -EOPNOTSUPP;
			goto fail;
		}
		if (i && target_has(r->m[i], TARGET_CAP_VIRTUAL_TIME) != target_has(r->m[0], TARGET_CAP_VIRTUAL_TIME)) {
			snprintf(err, errlen, "--raid: %s and %s mix simulated and real drives; a group is all "
				 "sim: members or all devices", specs[0], specs[i]);
			ret = -EINVAL;
			goto fail;
		}
		caps &= target_drive_caps(r->m[i]) | TARGET_CAP_OP_SPAN;
		real_dev &= target_drive_caps(r->m[i]);
		r->member_full[i] = r->m[i]->info.capacity_bytes;
		if (r->m[i]->info.capacity_bytes < smallest)
			smallest = r->m[i]->info.capacity_bytes;
		r->st[i].member = r->m[i];
		lat_hist_reset(&r->lat[i]);
	}
	if ((ret = raid_geom_init(&r->g, level, n, chunk_bytes, smallest, err, errlen)) < 0)
		goto fail;
	/* md's group takes the largest logical block of its members (blk_stack_limits). */
	r->g.lba_bytes = 0;
	for (unsigned i = 0; i < n; i++)
		if (r->m[i]->info.lba_bytes > r->g.lba_bytes)
			r->g.lba_bytes = r->m[i]->info.lba_bytes;
	if (!r->g.lba_bytes)
		r->g.lba_bytes = RAID_PAGE;
	r->real = !(caps & TARGET_CAP_VIRTUAL_TIME);
	if (r->real) {
		caps |= real_dev;   /* destructive steps confirm every member (safety_gate) */
		if (posix_memalign(&r->write_src, 4096, SCRATCH_BYTES) ||
		    posix_memalign(&r->read_sink, 4096, SCRATCH_BYTES)) {
			snprintf(err, errlen, "out of memory");
			ret = -ENOMEM;
			goto fail;
		}
		workload_pattern(1, 0, r->write_src, SCRATCH_BYTES);
		if ((ret = watch_members(r, specs, err, errlen)) < 0)
			goto fail;
	}
	for (unsigned i = 0; i < RAID_QD; i++)
		r->free_ops[r->nfree++] = RAID_QD - 1 - i;
	/* What the members can do together; a group opened to read gets a reader's share of it. */
	caps |= TARGET_CAP_GROUP;
	target_set_caps(&r->t, &caps, caps, flags & TARGET_OPEN_READONLY);
	r->ops_table = (struct target_ops){
		.name = "raid", .caps = caps, .identify = raid_identify, .describe = raid_describe,
		.purge = raid_purge, .set_op = raid_set_op, .trim = raid_trim, .counters = raid_counters,
		.submit = raid_submit, .reap = raid_reap, .now_ns = raid_now, .idle = raid_idle,
		.next_completion_ns = r->real ? NULL : raid_next_completion,
		.completion_fd = NULL, .control = raid_control, .max_queue_depth = RAID_QD, .close = raid_close,
	};
	r->t.ops = &r->ops_table;
	r->t.priv = r;
	snprintf(r->t.info.kind, sizeof(r->t.info.kind), "raid");
	snprintf(r->t.info.model, sizeof(r->t.info.model), "RAID %d of %u members, %llu KiB chunks", (int)level, n,
		 (unsigned long long)(chunk_bytes / 1024));
	{
		size_t len = (size_t)snprintf(r->t.info.path, sizeof(r->t.info.path), "raid%d", (int)level);
		for (unsigned i = 0; i < n && len < sizeof(r->t.info.path); i++)
			len += (size_t)snprintf(r->t.info.path + len, sizeof(r->t.info.path) - len, "%s%s",
						i ? "+" : ":", specs[i]);
	}
	r->t.info.capacity_bytes = r->group_full = raid_capacity(&r->g);
	r->t.info.lba_bytes = r->g.lba_bytes;
	if ((ret = raid_sync_all(r)) < 0) {
		snprintf(err, errlen, "--raid: cannot align the members' clocks");
		goto fail;
	}
	*out = &r->t;
	return 0;
fail:
	raid_close(&r->t);
	return ret;
fail_members:
	for (unsigned i = 0; i < n && i < RAID_MAX_MEMBERS; i++) {
		target_close(members[i]);
		members[i] = NULL;
	}
	return ret;
}
