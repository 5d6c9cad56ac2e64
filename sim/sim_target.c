/* SPDX-License-Identifier: MIT */
/*
 * The simulated drive as a struct target.  Commands are executed by the FTL
 * when submitted, at the current virtual time; their completion times go into
 * a sorted queue, and reaping advances the virtual clock to them.  So the engine
 * sees a queue that behaves like a drive's, in virtual time.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "sim/drive.h"
#include "sim/sim_internal.h"

#define SIM_MAX_QD 1024
#define SLOT_BITS 10          /* log2(SIM_MAX_QD) */

/*
 * The queue: completions wait in slots, and their keys (complete_ns,
 * submission sequence) packed into one 128-bit key whose low bits name the
 * slot, are kept sorted in a ring: the earliest is taken from the front in
 * O(1).  A new key goes in from whichever end is nearer (one comparison with
 * the middle decides), shifting the keys it passes: at QD 32 a write's
 * completion lands a few places from one end or the other, cheaper than a
 * heap's sifts both ways.  Keys are unique, so the order is the heap's.
 */
typedef unsigned __int128 heap_key;

struct sim_target {
	struct target t;
	struct sim_drive *drive;
	const struct sim_geometry *geo;   /* the drive's, asked once: execute reads them per I/O */
	const struct sim_config *cfg;
	uint64_t clock_ns;
	heap_key *heap;               /* the sorted ring, SIM_MAX_QD keys */
	unsigned heap_head, heap_len;
	uint64_t seq;                 /* submission order breaks ties deterministically */
	struct io_completion *slots;
	unsigned *free_slots, nfree;
	/* lba=512: bytes the drive counted beyond what the host asked (whole units of partial I/Os). */
	uint64_t excess_written, excess_read;
	/* Opened with TARGET_OPEN_READONLY: a reader's capabilities, and writes refused as by a read-only fd. */
	bool readonly;
	struct target_ops ops_table;  /* sim_ops with the open's capabilities */
};

static struct sim_target *to_sim(struct target *t)
{
	return (struct sim_target *)t;
}

static uint64_t key_ns(heap_key k)
{
	return (uint64_t)(k >> 64);
}

static unsigned key_slot(heap_key k)
{
	return (unsigned)k & (SIM_MAX_QD - 1);
}

#define RING(s, i) ((s)->heap[((s)->heap_head + (i)) & (SIM_MAX_QD - 1)])

/* The earliest completion's key; the queue must not be empty. */
static heap_key heap_top(const struct sim_target *s)
{
	return s->heap[s->heap_head];
}

static void heap_push(struct sim_target *s, uint64_t complete_ns, unsigned slot)
{
	heap_key k = (heap_key)complete_ns << 64 | (heap_key)(s->seq++ << SLOT_BITS | slot);
	unsigned n = s->heap_len++, j;

	if (n && k < RING(s, n / 2)) {
		/* Nearer the front: the keys before it move one place forward. */
		s->heap_head = (s->heap_head - 1) & (SIM_MAX_QD - 1);
		for (j = 0; j < n && RING(s, j + 1) < k; j++)
			RING(s, j) = RING(s, j + 1);
	} else {
		for (j = n; j > 0 && k < RING(s, j - 1); j--)
			RING(s, j) = RING(s, j - 1);
	}
	RING(s, j) = k;
}

static heap_key heap_pop(struct sim_target *s)
{
	heap_key top = s->heap[s->heap_head];

	s->heap_head = (s->heap_head + 1) & (SIM_MAX_QD - 1);
	s->heap_len--;
	return top;
}

/* With track_data, the first 4 bytes of each 4 KiB of a buffer are its tag. */
static uint32_t buf_tag(const struct io_req *r, uint32_t i)
{
	uint32_t tag;

	memcpy(&tag, (const char *)r->buf + (size_t)i * SIM_UNIT_BYTES, sizeof(tag));
	return tag;
}

/*
 * lba=512: a transfer that covers part of a 4 KiB mapping unit.  The drive
 * moves the whole units: a write first reads each partly covered unit (the
 * read-modify-write of a 512e drive) and programs whole units, so the NAND
 * sees the rounding as write amplification; the host counters keep the bytes
 * the host asked for.  Tags (track_data) are not kept for partial units.
 */
static int32_t execute_partial(struct sim_target *s, const struct io_req *r, uint64_t *done)
{
	const struct sim_geometry *g = sim_drive_geometry(s->drive);
	uint64_t unit = r->offset / SIM_UNIT_BYTES;
	uint64_t end = (r->offset + r->len + SIM_UNIT_BYTES - 1) / SIM_UNIT_BYTES;
	uint32_t count = (uint32_t)(end - unit);
	uint64_t moved = (uint64_t)count * SIM_UNIT_BYTES, t;

	if (r->offset % 512 || r->len % 512 || !r->len || end > g->user_units)
		return -EINVAL;
	switch (r->dir) {
	case IO_WRITE:
		/* Head and tail units partly covered: read them whole first. */
		*done = s->clock_ns;
		if (r->offset % SIM_UNIT_BYTES) {
			*done = sim_drive_read(s->drive, unit, 1, s->clock_ns);
			s->excess_read += SIM_UNIT_BYTES;
		}
		if ((r->offset + r->len) % SIM_UNIT_BYTES && (end - 1 != unit || !(r->offset % SIM_UNIT_BYTES))) {
			t = sim_drive_read(s->drive, end - 1, 1, s->clock_ns);
			*done = t > *done ? t : *done;
			s->excess_read += SIM_UNIT_BYTES;
		}
		t = sim_drive_write(s->drive, unit, count, s->clock_ns, 0);
		if (t == UINT64_MAX)
			return -ENOSPC;
		*done = t > *done ? t : *done;
		s->excess_written += moved - r->len;
		break;
	case IO_READ:
		*done = sim_drive_read(s->drive, unit, count, s->clock_ns);
		s->excess_read += moved - r->len;
		break;
	default:
		return -EINVAL;
	}
	return (int32_t)r->len;
}

static int32_t execute(struct sim_target *s, const struct io_req *r, uint64_t *done)
{
	const struct sim_geometry *g = s->geo;
	bool tags = s->cfg->track_data && r->buf;
	uint64_t unit = r->offset / SIM_UNIT_BYTES;
	uint32_t count = r->len / SIM_UNIT_BYTES;

	/* As a write to a file opened O_RDONLY: the drive is not touched. */
	if (s->readonly && r->dir != IO_READ)
		return -EBADF;
	if ((r->offset | r->len) % SIM_UNIT_BYTES && s->cfg->lba == 512)
		return execute_partial(s, r, done);
	if (r->offset % SIM_UNIT_BYTES || r->len % SIM_UNIT_BYTES || !r->len ||
	    unit + count > g->user_units)
		return -EINVAL;
	switch (r->dir) {
	case IO_WRITE:
		if (tags) {
			/* Unit by unit so each keeps its own tag. */
			*done = s->clock_ns;
			for (uint32_t i = 0; i < count; i++) {
				uint64_t t = sim_drive_write(s->drive, unit + i, 1, s->clock_ns, buf_tag(r, i));
				if (t == UINT64_MAX)
					return -ENOSPC;
				*done = t > *done ? t : *done;
			}
		} else {
			*done = sim_drive_write(s->drive, unit, count, s->clock_ns, 0);
			if (*done == UINT64_MAX)
				return -ENOSPC;
		}
		break;
	case IO_READ:
		*done = sim_drive_read(s->drive, unit, count, s->clock_ns);
		for (uint32_t i = 0; tags && i < count; i++) {
			uint32_t tag = sim_drive_read_tag(s->drive, unit + i);
			memcpy((char *)r->buf + (size_t)i * SIM_UNIT_BYTES, &tag, sizeof(tag));
		}
		break;
	case IO_TRIM:
		*done = sim_drive_trim(s->drive, unit, count, s->clock_ns);
		break;
	default:
		return -EINVAL;
	}
	return (int32_t)r->len;
}

static int sim_submit(struct target *t, const struct io_req *reqs, unsigned n)
{
	struct sim_target *s = to_sim(t);
	unsigned i;

	/* Start every command's L2P miss before executing the first. */
	for (i = 0; i < n; i++)
		sim_drive_prefetch(s->drive, reqs[i].offset / SIM_UNIT_BYTES);
	for (i = 0; i < n && s->nfree; i++) {
		unsigned slot = s->free_slots[--s->nfree];
		struct io_completion *c = &s->slots[slot];
		uint64_t done = s->clock_ns;

		c->res = execute(s, &reqs[i], &done);
		c->cookie = reqs[i].cookie;
		c->submit_ns = s->clock_ns;
		c->complete_ns = done;
		heap_push(s, done, slot);
	}
	return (int)i;
}

static int sim_reap(struct target *t, struct io_completion *out, unsigned max, unsigned min_complete)
{
	struct sim_target *s = to_sim(t);
	unsigned n = 0;

	if (min_complete > s->heap_len)
		min_complete = s->heap_len;
	while (n < max && s->heap_len &&
	       (n < min_complete || key_ns(heap_top(s)) <= s->clock_ns)) {
		unsigned slot = key_slot(heap_pop(s));

		out[n] = s->slots[slot];
		s->free_slots[s->nfree++] = slot;
		if (out[n].complete_ns > s->clock_ns)
			s->clock_ns = out[n].complete_ns;
		n++;
	}
	return (int)n;
}

static uint64_t sim_now(struct target *t)
{
	return to_sim(t)->clock_ns;
}

static uint64_t sim_next_completion(struct target *t)
{
	struct sim_target *s = to_sim(t);

	return s->heap_len ? key_ns(heap_top(s)) : UINT64_MAX;
}

static int sim_idle(struct target *t, uint64_t ns)
{
	struct sim_target *s = to_sim(t);

	sim_drive_idle(s->drive, s->clock_ns, s->clock_ns + ns);
	s->clock_ns += ns;
	return 0;
}

static int sim_identify(struct target *t, struct target_info *info)
{
	*info = t->info;
	return 0;
}

static int sim_purge(struct target *t, const char *method, char *err, size_t errlen)
{
	struct sim_target *s = to_sim(t);
	const struct sim_geometry *g = sim_drive_geometry(s->drive);
	uint64_t done;

	if (s->readonly) {
		snprintf(err, errlen, "purge: the simulated drive was opened read-only");
		return -EBADF;
	}
	if (s->heap_len) {
		snprintf(err, errlen, "purge: %u I/Os still in flight; reap them first", s->heap_len);
		return -EBUSY;
	}
	if (method && !strcmp(method, "trim")) {
		done = sim_drive_trim(s->drive, 0, g->user_units, s->clock_ns);
	} else if (!method || !strcmp(method, "auto") || !strncmp(method, "sanitize-", 9) ||
		   !strncmp(method, "format", 6)) {
		done = sim_drive_purge(s->drive, s->clock_ns);
	} else {
		snprintf(err, errlen, "--method: '%s' is not a purge method of the simulator; use auto, "
			 "sanitize-block, sanitize-crypto, sanitize-overwrite, format, format-crypto or trim", method);
		return -EINVAL;
	}
	if (done > s->clock_ns)
		s->clock_ns = done;
	return 0;
}

static int sim_set_op(struct target *t, enum op_method method, uint64_t usable_bytes, char *err,
		      size_t errlen)
{
	struct sim_target *s = to_sim(t);
	const struct sim_geometry *g = sim_drive_geometry(s->drive);
	uint64_t done;

	if (usable_bytes % SIM_UNIT_BYTES || !usable_bytes ||
	    usable_bytes > g->max_user_units * SIM_UNIT_BYTES) {
		snprintf(err, errlen, "usable size %llu is not a whole number of 4 KiB blocks within the capacity",
			 (unsigned long long)usable_bytes);
		return -EINVAL;
	}
	switch (method) {
	case OP_METHOD_AUTO:
	case OP_METHOD_NAMESPACE:
		if (s->readonly) {
			snprintf(err, errlen, "op: the simulated drive was opened read-only");
			return -EBADF;
		}
		if (s->heap_len) {
			snprintf(err, errlen, "op: %u I/Os still in flight", s->heap_len);
			return -EBUSY;
		}
		sim_drive_resize(s->drive, usable_bytes / SIM_UNIT_BYTES, s->clock_ns, &done);
		s->clock_ns = done > s->clock_ns ? done : s->clock_ns;
		t->info.capacity_bytes = usable_bytes;
		return 0;
	case OP_METHOD_SPAN:
		return 0;  /* the workload confines itself; nothing changes in the drive */
	default:
		snprintf(err, errlen, "--method: the simulator has no HPA; use namespace or span");
		return -EOPNOTSUPP;
	}
}

static int sim_trim(struct target *t, uint64_t offset, uint64_t len)
{
	struct sim_target *s = to_sim(t);
	const struct sim_geometry *g = sim_drive_geometry(s->drive);
	uint64_t done;

	if (s->readonly)
		return -EBADF;
	if (offset % SIM_UNIT_BYTES || len % SIM_UNIT_BYTES ||
	    (offset + len) / SIM_UNIT_BYTES > g->user_units)
		return -EINVAL;
	done = sim_drive_trim(s->drive, offset / SIM_UNIT_BYTES, len / SIM_UNIT_BYTES, s->clock_ns);
	s->clock_ns = done > s->clock_ns ? done : s->clock_ns;
	return 0;
}

static int sim_counters(struct target *t, struct target_counters *c)
{
	struct sim_counters sc;

	sim_drive_counters(to_sim(t)->drive, &sc);
	c->host_bytes_written = sc.host_write_bytes - to_sim(t)->excess_written;
	c->host_bytes_read = sc.host_read_bytes - to_sim(t)->excess_read;
	c->media_bytes_written = sc.media_native_bytes + sc.media_slc_bytes;
	c->media_known = true;
	c->unmapped_bytes_read = sc.host_unmapped_read_bytes;
	c->unmapped_known = true;
	return 0;
}

static const char *const cell_names[] = { "", "slc", "mlc", "tlc", "qlc" };

static void add_u64(struct json_object *o, const char *k, uint64_t v)
{
	json_object_object_add(o, k, json_object_new_uint64(v));
}

static void add_num(struct json_object *o, const char *k, double v)
{
	/* Rounded so the text is the same on every run and platform. */
	char buf[32];

	snprintf(buf, sizeof(buf), "%.6g", v);
	json_object_object_add(o, k, json_object_new_double_s(v, buf));
}

static void add_str(struct json_object *o, const char *k, const char *v)
{
	json_object_object_add(o, k, json_object_new_string(v));
}

static int sim_describe(struct target *t, struct json_object *obj)
{
	struct sim_drive *d = to_sim(t)->drive;
	const struct sim_config *c = sim_drive_config(d);
	const struct sim_geometry *g = sim_drive_geometry(d);
	uint64_t native_raw = (uint64_t)g->lines * g->line_slots;
	double op = (double)(native_raw - g->user_units) / (double)g->user_units;
	struct json_object *geo = json_object_new_object();
	struct json_object *cache = json_object_new_object();
	struct json_object *tim = json_object_new_object();
	struct json_object *perf = json_object_new_object();
	char policy[64];

	add_str(obj, "preset", c->preset);
	add_u64(obj, "capacity_bytes", g->user_units * SIM_UNIT_BYTES);
	add_u64(obj, "raw_bytes", g->raw_bytes);
	add_num(obj, "factory_op_percent", op * 100.0);
	add_str(obj, "cell", cell_names[c->cell]);

	add_u64(geo, "channels", c->channels);
	add_u64(geo, "dies_per_channel", c->dies);
	add_u64(geo, "planes", c->planes);
	add_u64(geo, "page_bytes", c->page);
	add_u64(geo, "pages_per_block", g->pages_per_block);
	add_u64(geo, "mapping_unit_bytes", SIM_UNIT_BYTES);
	add_u64(geo, "line_bytes", (uint64_t)g->line_slots * SIM_UNIT_BYTES);
	add_u64(geo, "lines", g->lines);
	add_u64(geo, "static_slc_lines", g->static_slc_lines);
	add_str(geo, "gc", c->gc == SIM_GC_FIFO ? "fifo" : "greedy");
	add_u64(geo, "gc_threshold_lines", g->gc_threshold);
	json_object_object_add(obj, "geometry", geo);

	snprintf(policy, sizeof(policy), "%s%s",
		 c->slc_cache == SIM_CACHE_NONE ? "none" : c->slc_cache == SIM_CACHE_STATIC ? "static" : "dynamic",
		 c->slc_cache == SIM_CACHE_DYNAMIC && g->static_slc_lines ? "+static" : "");
	add_str(cache, "policy", policy);
	add_u64(cache, "static_bytes", (uint64_t)g->static_slc_lines * g->slc_line_slots * SIM_UNIT_BYTES);
	add_u64(cache, "available_bytes_now", sim_drive_slc_available(d));
	json_object_object_add(cache, "fold_while_writing", json_object_new_boolean(c->fold_while_writing));
	json_object_object_add(obj, "slc_cache", cache);

	add_num(tim, "t_read_us", c->t_read_us);
	add_num(tim, "t_read_slc_us", c->t_read_slc_us);
	add_num(tim, "t_prog_us", c->t_prog_us);
	add_num(tim, "t_prog_slc_us", c->t_prog_slc_us);
	add_num(tim, "t_erase_us", c->t_erase_us);
	add_num(tim, "channel_mbps", c->channel_mbps);
	add_num(tim, "cmd_overhead_us", c->cmd_overhead_us);
	add_num(tim, "jitter_percent", c->jitter_pct);
	add_num(tim, "bg_idle_ms", c->bg_idle_ms);
	json_object_object_add(obj, "timing", tim);

	add_u64(perf, "buffer_bytes", c->buffer);
	add_u64(perf, "effective_buffer_bytes", d->nt.buf_cap * SIM_UNIT_BYTES);
	json_object_object_add(perf, "interface_mbps",
			       c->interface_mbps > 0 ? json_object_new_double(c->interface_mbps) : NULL);
	json_object_object_add(perf, "max_iops", c->max_iops > 0 ? json_object_new_double(c->max_iops) : NULL);
	add_num(perf, "native_program_mbps",
		(double)g->dies_total * g->unit_slots * SIM_UNIT_BYTES / c->t_prog_us);
	add_num(perf, "slc_program_mbps",
		(double)g->dies_total * g->unit_slots * SIM_UNIT_BYTES / c->t_prog_slc_us);
	add_num(perf, "waf_uniform_random_analytic", sim_waf_greedy(op, g->line_slots));
	json_object_object_add(obj, "performance", perf);

	add_u64(obj, "memory_bytes", sim_drive_memory_bytes(d));
	struct json_object *keys = json_object_new_object();
	sim_config_keys_json(c, keys);
	json_object_object_add(obj, "keys", keys);
	return 0;
}

static void sim_close(struct target *t)
{
	struct sim_target *s = to_sim(t);

	if (!s)
		return;
	sim_drive_free(s->drive);
	free(s->heap);
	free(s->slots);
	free(s->free_slots);
	free(s);
}

/* The rated endurance of the model: its raw flash (native and static SLC) times the P/E cycles. */
static int sim_endurance(struct target *t, struct target_endurance *e)
{
	struct sim_drive *d = to_sim(t)->drive;

	e->rated_tbw = (double)sim_drive_geometry(d)->raw_bytes * sim_pe_cycles(sim_drive_config(d)) / 1e12;
	snprintf(e->source, sizeof(e->source), "sim-pe-cycles");
	return 0;
}

/* The analytic WA of the drive's own geometry and GC policy (sim/analytic.c). */
static int sim_wa_reference(struct target *t, struct target_wa_model *w)
{
	struct sim_wa_model m;
	int ret = sim_wa_model(sim_drive_config(to_sim(t)->drive), &m);

	if (ret)
		return ret;
	*w = (struct target_wa_model){ m.native_bytes, m.line_units, m.gc == SIM_GC_FIFO,
				       (double)sim_drive_slc_capacity(to_sim(t)->drive) };
	return 0;
}

/* The purge methods all erase the model alike (sim_purge); namespace OP resizes it. */
static int sim_control(struct target *t, int op, void *arg)
{
	struct target_methods *m = arg;

	if (op == TARGET_CTL_ENDURANCE)
		return sim_endurance(t, arg);
	if (op == TARGET_CTL_WA_MODEL)
		return sim_wa_reference(t, arg);
	if (op == TARGET_CTL_PURGE_AUTO) {
		/* auto erases every block, as sanitize block erase does (sim_purge). */
		*(const char **)arg = "sanitize-block";
		return 0;
	}
	if (op == TARGET_CTL_BUSY_NS) {
		const struct sim_target *s = to_sim(t);
		uint64_t busy = s->drive->nt.busy_until_ns;

		*(uint64_t *)arg = busy > s->clock_ns ? busy - s->clock_ns : 0;
		return 0;
	}
	if (op != TARGET_CTL_METHODS)
		return -ENOTTY;
	snprintf(m->purge, m->purge_len, "sanitize-block sanitize-crypto sanitize-overwrite format format-crypto trim");
	snprintf(m->op, m->op_len, "namespace span");
	return 0;
}

static const struct target_ops sim_ops = {
	.name = "sim",
	.caps = TARGET_CAP_READ | TARGET_CAP_WRITE | TARGET_CAP_TRIM | TARGET_CAP_PURGE |
		TARGET_CAP_OP_NAMESPACE | TARGET_CAP_OP_SPAN | TARGET_CAP_MEDIA_COUNTER |
		TARGET_CAP_VIRTUAL_TIME | TARGET_CAP_SIMULATED,
	.identify = sim_identify,
	.describe = sim_describe,
	.purge = sim_purge,
	.set_op = sim_set_op,
	.trim = sim_trim,
	.counters = sim_counters,
	.submit = sim_submit,
	.reap = sim_reap,
	.now_ns = sim_now,
	.idle = sim_idle,
	.next_completion_ns = sim_next_completion,
	.control = sim_control,
	.max_queue_depth = SIM_MAX_QD,
	.close = sim_close,
};

int sim_target_memory_bytes(const char *spec, uint64_t *bytes, char *err, size_t errlen)
{
	struct sim_config cfg;
	int ret = sim_config_parse(spec, &cfg, err, errlen);

	if (!ret)
		ret = sim_config_memory_bytes(&cfg, bytes, err, errlen);
	if (!ret)
		*bytes += sizeof(struct sim_target) + sizeof(struct sim_drive) +
			  SIM_MAX_QD * (sizeof(heap_key) + sizeof(struct io_completion) + sizeof(unsigned));
	return ret;
}

int sim_target_open(const char *spec, struct target **out, char *err, size_t errlen)
{
	return sim_target_open_flags(spec, TARGET_OPEN_WRITE, out, err, errlen);
}

int sim_target_open_flags(const char *spec, unsigned flags, struct target **out, char *err, size_t errlen)
{
	struct sim_config cfg;
	struct sim_target *s;
	int ret;

	ret = sim_config_parse(spec, &cfg, err, errlen);
	if (ret)
		return ret;
	s = calloc(1, sizeof(*s));
	if (!s) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	s->heap = calloc(SIM_MAX_QD, sizeof(*s->heap));
	s->slots = calloc(SIM_MAX_QD, sizeof(*s->slots));
	s->free_slots = calloc(SIM_MAX_QD, sizeof(*s->free_slots));
	if (!s->heap || !s->slots || !s->free_slots) {
		snprintf(err, errlen, "out of memory");
		ret = -ENOMEM;
		goto fail;
	}
	/* Slot 0 handed out first, as the array order. */
	for (unsigned i = 0; i < SIM_MAX_QD; i++)
		s->free_slots[s->nfree++] = SIM_MAX_QD - 1 - i;
	ret = sim_drive_new(&cfg, &s->drive, err, errlen);
	if (ret)
		goto fail;
	s->geo = sim_drive_geometry(s->drive);
	s->cfg = sim_drive_config(s->drive);
	/* A read-only open gets a reader's share of the drive's capabilities, as a file's or a group's. */
	s->ops_table = sim_ops;
	s->readonly = (flags & TARGET_OPEN_READONLY) || !(flags & TARGET_OPEN_WRITE);
	target_set_caps(&s->t, &s->ops_table.caps, sim_ops.caps, s->readonly);
	s->t.ops = &s->ops_table;
	s->t.priv = s;
	snprintf(s->t.info.kind, sizeof(s->t.info.kind), "sim");
	snprintf(s->t.info.path, sizeof(s->t.info.path), "sim:%s", spec);
	snprintf(s->t.info.model, sizeof(s->t.info.model), "ssdprof simulated %s", cfg.preset);
	snprintf(s->t.info.serial, sizeof(s->t.info.serial), "SIM-%s-%llu", cfg.preset,
		 (unsigned long long)cfg.seed);
	snprintf(s->t.info.firmware, sizeof(s->t.info.firmware), "sim-1");
	s->t.info.capacity_bytes = cfg.capacity / SIM_UNIT_BYTES * SIM_UNIT_BYTES;
	s->t.info.lba_bytes = cfg.lba ? cfg.lba : SIM_UNIT_BYTES;
	*out = &s->t;
	return 0;
fail:
	sim_close(&s->t);
	return ret;
}
