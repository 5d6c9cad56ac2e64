/* SPDX-License-Identifier: MIT */
/*
 * The fault-injecting wrapper (fault_target.h).  Every hook passes through to
 * the inner target; the queue hooks count I/Os and, at the planned one, mark
 * its cookie so its completion comes back changed.  Until the device
 * vanishes nothing is made up: a failed I/O was sent to the inner target too
 * (as a drive that fails a write may have written some of it), so the inner
 * target's queue and counters stay consistent and a group's completion_fd
 * still wakes for it.  Once it has vanished, submissions never reach the
 * inner target: each is taken and completes at once with -ENODEV, so the
 * caller learns which I/O failed where, as from a real vanished device.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/fault_target.h"
#include "util/escape.h"
#include "util/parse.h"

#define NS_PER_S 1000000000ull
#define MAX_STALL_S 3600
#define MAX_ITEM 128

/* An I/O in flight whose completion is to be changed. */
struct fault_mark {
	uint64_t cookie;
	int32_t res;            /* a negative errno, or the most bytes to report */
};

struct fault_target {
	struct target t;
	struct target_ops ops;          /* the inner target's, hooks pointed here */
	struct target *inner;
	struct fault f[FAULT_MAX];
	bool fired[FAULT_MAX];
	unsigned n;
	uint64_t ios;                   /* I/Os the inner target took */
	struct fault_mark marks[FAULT_MAX];
	unsigned nmarks;
	bool vanished;
	struct io_completion *gone;     /* completions of the I/Os taken since, max_queue_depth of them */
	unsigned ngone, gone_cap;
	uint64_t stall_end_ns;          /* nothing completes before (inner clock); 0 without a stall */
};

static const char *const kind_names[] = { "eio", "short", "stall", "vanish", "nsop" };
#define NKINDS (sizeof(kind_names) / sizeof(kind_names[0]))

static struct fault_target *to_ft(struct target *t)
{
	return (struct fault_target *)t;
}

/* One KEY=VALUE of a fault; seen records the keys met, for duplicates. */
static int parse_key(struct fault *f, char *kv, unsigned *seen, char *err, size_t errlen)
{
	static const char *const keys[] = { "io", "lba", "s", "member" };
	char *eq = strchr(kv, '=');
	uint64_t v;
	unsigned k;
	int ret;
	ESCAPE_BUF(q);

	if (!eq) {
		snprintf(err, errlen, FAULT_ENV ": '%s' is not KEY=VALUE", escape_arg(q, sizeof(q), kv));
		return -EINVAL;
	}
	*eq = '\0';
	for (k = 0; k < 4 && strcmp(kv, keys[k]); k++)
		;
	if (k == 4) {
		snprintf(err, errlen, FAULT_ENV ": unknown key '%s'; use io, lba, s or member",
			 escape_arg(q, sizeof(q), kv));
		return -EINVAL;
	}
	if (*seen & 1u << k) {
		snprintf(err, errlen, FAULT_ENV ": '%s' given twice in one fault", keys[k]);
		return -EINVAL;
	}
	*seen |= 1u << k;
	switch (k) {
	case 0:
		ret = parse_u64(FAULT_ENV " io", eq + 1, 1, UINT64_MAX, &f->io, err, errlen);
		break;
	case 1:
		ret = parse_u64(FAULT_ENV " lba", eq + 1, 0, UINT64_MAX, &f->lba, err, errlen);
		break;
	case 2:
		ret = parse_u64(FAULT_ENV " s", eq + 1, 1, MAX_STALL_S, &v, err, errlen);
		f->stall_ns = v * NS_PER_S;
		break;
	default:
		ret = parse_u64(FAULT_ENV " member", eq + 1, 0, 63, &v, err, errlen);
		f->member = (int)v;
		break;
	}
	return ret;
}

/* "KIND:KEY=VALUE,..." into f; item is modified. */
static int parse_one(char *item, struct fault *f, char *err, size_t errlen)
{
	char *colon = strchr(item, ':'), *kv, *save = NULL;
	unsigned seen = 0, k;
	int ret;
	ESCAPE_BUF(q);

	if (!colon || colon[1] == '\0') {
		snprintf(err, errlen, FAULT_ENV ": '%s' is not KIND:KEY=VALUE[,...] (e.g. eio:io=5000)",
			 escape_arg(q, sizeof(q), item));
		return -EINVAL;
	}
	*colon = '\0';
	for (k = 0; k < NKINDS && strcmp(item, kind_names[k]); k++)
		;
	if (k == NKINDS) {
		snprintf(err, errlen, FAULT_ENV ": unknown fault '%s'; use eio, short, stall, vanish or nsop",
			 escape_arg(q, sizeof(q), item));
		return -EINVAL;
	}
	*f = (struct fault){ .kind = (enum fault_kind)k, .member = -1 };
	if (colon[strlen(colon + 1)] == ',' || strstr(colon + 1, ",,")) {
		snprintf(err, errlen, FAULT_ENV ": empty KEY=VALUE in '%s'", kind_names[k]);
		return -EINVAL;
	}
	for (kv = strtok_r(colon + 1, ",", &save); kv; kv = strtok_r(NULL, ",", &save))
		if ((ret = parse_key(f, kv, &seen, err, errlen)) < 0)
			return ret;
	/* Bits of parse_key's keys: io 1, lba 2, s 4. */
	if (!(seen & 1) == !(seen & 2) || ((seen & 2) && f->kind != FAULT_EIO)) {
		snprintf(err, errlen, FAULT_ENV ": %s needs %s", kind_names[k],
			 f->kind == FAULT_EIO ? "exactly one of io=N and lba=L" : "io=N (and no lba)");
		return -EINVAL;
	}
	if (!(seen & 4) != (f->kind != FAULT_STALL)) {
		snprintf(err, errlen, FAULT_ENV ": %s", f->kind == FAULT_STALL ? "stall needs s=SECONDS" :
			 "s=SECONDS belongs to stall alone");
		return -EINVAL;
	}
	return 0;
}

int fault_plan_parse(const char *spec, struct fault_plan *p, char *err, size_t errlen)
{
	const char *s = spec;

	memset(p, 0, sizeof(*p));
	for (;;) {
		size_t len = strcspn(s, ";");
		char item[MAX_ITEM];

		if (len == 0 || len >= sizeof(item)) {
			snprintf(err, errlen, FAULT_ENV ": %s fault in the list", len ? "an over-long" : "an empty");
			return -EINVAL;
		}
		if (p->n == FAULT_MAX) {
			snprintf(err, errlen, FAULT_ENV ": at most %d faults", FAULT_MAX);
			return -EINVAL;
		}
		memcpy(item, s, len);
		item[len] = '\0';
		/* Out of range is a bad spec like any other: -EINVAL, a usage error. */
		if (parse_one(item, &p->f[p->n], err, errlen) < 0)
			return -EINVAL;
		p->n++;
		if (s[len] == '\0')
			return 0;
		s += len + 1;
	}
}

/* Which fault, if any, the I/O req (the ios-th, from 1) sets off. */
static int due(struct fault_target *ft, const struct io_req *req, uint64_t ios)
{
	uint64_t lba = ft->t.info.lba_bytes ? ft->t.info.lba_bytes : 1;

	for (unsigned i = 0; i < ft->n; i++) {
		const struct fault *f = &ft->f[i];

		/* nsop is no I/O's fault: set_op asks for it. */
		if (ft->fired[i] || f->kind == FAULT_NSOP)
			continue;
		if (f->io ? f->io == ios :
		    req->dir != IO_TRIM && f->lba >= req->offset / lba &&
		    f->lba < (req->offset + req->len + lba - 1) / lba)
			return (int)i;
	}
	return -1;
}

/* Send req, the I/O that sets off fault i.  1 when the inner target took it, 0 or -errno when not. */
static int fire(struct fault_target *ft, unsigned i, const struct io_req *req)
{
	struct target *in = ft->inner;
	const struct fault *f = &ft->f[i];
	struct io_req r = *req;
	uint32_t lba = ft->t.info.lba_bytes ? ft->t.info.lba_bytes : 512;
	int32_t res = -EIO;
	int ret;

	if (f->kind == FAULT_SHORT) {
		uint32_t part = r.len / 2 / lba * lba;

		if (part)
			r.len = part;
		res = (int32_t)(part ? part : req->len / 2);
	} else if (f->kind == FAULT_VANISH) {
		ft->fired[i] = true;
		ft->vanished = true;
		return 0;
	}
	ret = in->ops->submit(in, &r, 1);
	if (ret <= 0)
		return ret;
	ft->fired[i] = true;
	ft->ios++;
	if (f->kind == FAULT_STALL) {
		/*
		 * The inner target idles (a real one sleeps; the simulator's clock
		 * moves on) with the I/O queued, and reap holds back whatever
		 * completes before the end of it.  A signal cuts the sleep short.
		 */
		in->ops->idle(in, f->stall_ns);
		ft->stall_end_ns = in->ops->now_ns(in);
		return 1;
	}
	ft->marks[ft->nmarks++] = (struct fault_mark){ .cookie = req->cookie, .res = res };
	return 1;
}

/* After the vanishing: take what fits, each to complete at once with -ENODEV. */
static unsigned take_gone(struct fault_target *ft, const struct io_req *reqs, unsigned n)
{
	uint64_t now = ft->inner->ops->now_ns(ft->inner);
	unsigned k;

	for (k = 0; k < n && ft->ngone < ft->gone_cap; k++)
		ft->gone[ft->ngone++] = (struct io_completion){
			.cookie = reqs[k].cookie, .res = -ENODEV, .submit_ns = now, .complete_ns = now,
		};
	return k;
}

static int ft_submit(struct target *t, const struct io_req *reqs, unsigned n)
{
	struct fault_target *ft = to_ft(t);
	struct target *in = ft->inner;
	unsigned done = 0;
	int ret;

	while (!ft->vanished && done < n) {
		unsigned j;
		int i = -1;

		/* The run of requests up to the next one that sets a fault off goes out as it is. */
		for (j = done; j < n && (i = due(ft, &reqs[j], ft->ios + (j - done) + 1)) < 0; j++)
			;
		if (j > done) {
			ret = in->ops->submit(in, reqs + done, j - done);
			if (ret < 0)
				return done ? (int)done : ret;
			ft->ios += (uint64_t)ret;
			done += (unsigned)ret;
			if (done < j)
				return (int)done;  /* the queue is full */
		}
		if (j == n)
			break;
		ret = fire(ft, (unsigned)i, &reqs[j]);
		if (ret < 0 || (!ret && !ft->vanished))
			return done ? (int)done : ret;
		done += (unsigned)ret;
	}
	if (ft->vanished && done < n)
		done += take_gone(ft, reqs + done, n - done);
	return (int)done;
}

/* Apply the marks, the vanishing and the stall to completions just reaped. */
static void alter(struct fault_target *ft, struct io_completion *c, int n)
{
	for (int k = 0; k < n; k++) {
		if (c[k].complete_ns < ft->stall_end_ns)
			c[k].complete_ns = ft->stall_end_ns;
		for (unsigned m = 0; m < ft->nmarks; m++) {
			if (ft->marks[m].cookie != c[k].cookie)
				continue;
			if (ft->marks[m].res < 0)
				c[k].res = ft->marks[m].res;
			else if (c[k].res > ft->marks[m].res)
				c[k].res = ft->marks[m].res;
			ft->marks[m] = ft->marks[--ft->nmarks];
			break;
		}
		/* What was in flight when the device went fails with it. */
		if (ft->vanished)
			c[k].res = -ENODEV;
	}
}

static int ft_reap(struct target *t, struct io_completion *out, unsigned max, unsigned min_complete)
{
	struct fault_target *ft = to_ft(t);
	unsigned got = 0;
	int n;

	/* The vanished device's answers first: they are due already. */
	while (ft->ngone && got < max)
		out[got++] = ft->gone[--ft->ngone];
	if (got == max)
		return (int)got;
	n = ft->inner->ops->reap(ft->inner, out + got, max - got, min_complete > got ? min_complete - got : 0);
	if (n < 0)
		return got ? (int)got : n;
	alter(ft, out + got, n);
	return (int)got + n;
}

static uint64_t ft_next_completion(struct target *t)
{
	struct fault_target *ft = to_ft(t);
	uint64_t next = ft->inner->ops->next_completion_ns(ft->inner);

	if (ft->ngone)
		return ft->inner->ops->now_ns(ft->inner);

	return next != UINT64_MAX && next < ft->stall_end_ns ? ft->stall_end_ns : next;
}

static uint64_t ft_now(struct target *t)
{
	return to_ft(t)->inner->ops->now_ns(to_ft(t)->inner);
}

static int ft_completion_fd(struct target *t)
{
	return to_ft(t)->inner->ops->completion_fd(to_ft(t)->inner);
}

static int ft_register_buffers(struct target *t, const struct iovec *iov, unsigned n)
{
	return target_register_buffers(to_ft(t)->inner, iov, n);
}

static void ft_unregister_buffers(struct target *t)
{
	target_unregister_buffers(to_ft(t)->inner);
}

/* The admin hooks: refused once the device is gone, passed on before. */
static int gone(struct target *t, char *err, size_t errlen)
{
	if (err)
		snprintf(err, errlen, "%s: %s", t->info.path, strerror(ENODEV));
	return -ENODEV;
}

static int ft_identify(struct target *t, struct target_info *info)
{
	struct fault_target *ft = to_ft(t);

	return ft->vanished ? -ENODEV : ft->inner->ops->identify(ft->inner, info);
}

static int ft_describe(struct target *t, struct json_object *obj)
{
	struct fault_target *ft = to_ft(t);

	return ft->vanished ? -ENODEV : ft->inner->ops->describe(ft->inner, obj);
}

static int ft_purge(struct target *t, const char *method, char *err, size_t errlen)
{
	struct fault_target *ft = to_ft(t);

	return ft->vanished ? gone(t, err, errlen) : ft->inner->ops->purge(ft->inner, method, err, errlen);
}

static int ft_set_op(struct target *t, enum op_method method, uint64_t usable_bytes, char *err, size_t errlen)
{
	struct fault_target *ft = to_ft(t);

	for (unsigned i = 0; method == OP_METHOD_NAMESPACE && !ft->vanished && i < ft->n; i++)
		if (ft->f[i].kind == FAULT_NSOP && ft->f[i].io <= ft->ios + 1) {
			snprintf(err, errlen, "%s: namespace OP refused (" FAULT_ENV " nsop)", t->info.path);
			return -EOPNOTSUPP;
		}
	return ft->vanished ? gone(t, err, errlen) :
	       ft->inner->ops->set_op(ft->inner, method, usable_bytes, err, errlen);
}

static int ft_trim(struct target *t, uint64_t offset, uint64_t len)
{
	struct fault_target *ft = to_ft(t);

	return ft->vanished ? -ENODEV : ft->inner->ops->trim(ft->inner, offset, len);
}

static int ft_counters(struct target *t, struct target_counters *c)
{
	struct fault_target *ft = to_ft(t);

	return ft->vanished ? -ENODEV : ft->inner->ops->counters(ft->inner, c);
}

/* Time passes whether the device is there or not (a group keeps its members' clocks in step with it). */
static int ft_idle(struct target *t, uint64_t ns)
{
	return to_ft(t)->inner->ops->idle(to_ft(t)->inner, ns);
}

static int ft_control(struct target *t, int op, void *arg)
{
	struct fault_target *ft = to_ft(t);

	return ft->vanished ? -ENODEV : target_control(ft->inner, op, arg);
}

static void ft_close(struct target *t)
{
	struct fault_target *ft = to_ft(t);

	target_close(ft->inner);
	free(ft->gone);
	free(ft);
}

/* The inner table with each hook it has pointed at the wrapper's; absent hooks stay absent. */
static void build_ops(struct target_ops *o, const struct target_ops *in)
{
	*o = *in;
#define HOOK(name, fn) o->name = in->name ? fn : NULL
	HOOK(identify, ft_identify);
	HOOK(describe, ft_describe);
	HOOK(purge, ft_purge);
	HOOK(set_op, ft_set_op);
	HOOK(trim, ft_trim);
	HOOK(counters, ft_counters);
	HOOK(submit, ft_submit);
	HOOK(reap, ft_reap);
	HOOK(now_ns, ft_now);
	HOOK(idle, ft_idle);
	HOOK(next_completion_ns, ft_next_completion);
	HOOK(completion_fd, ft_completion_fd);
	HOOK(register_buffers, ft_register_buffers);
	HOOK(unregister_buffers, ft_unregister_buffers);
	HOOK(control, ft_control);
#undef HOOK
	o->close = ft_close;
}

int fault_target_wrap(struct target **t, const struct fault_plan *p, int member)
{
	struct fault_target *ft;
	unsigned n = 0;

	for (unsigned i = 0; i < p->n; i++)
		n += p->f[i].member == member;
	if (!n)
		return 0;
	ft = calloc(1, sizeof(*ft));
	if (ft) {
		ft->gone_cap = (*t)->ops->max_queue_depth ? (*t)->ops->max_queue_depth : 1024;
		ft->gone = calloc(ft->gone_cap, sizeof(*ft->gone));
	}
	if (!ft || !ft->gone) {
		free(ft);
		return -ENOMEM;
	}
	for (unsigned i = 0; i < p->n; i++)
		if (p->f[i].member == member)
			ft->f[ft->n++] = p->f[i];
	ft->inner = *t;
	build_ops(&ft->ops, (*t)->ops);
	ft->t.ops = &ft->ops;
	ft->t.info = (*t)->info;
	ft->t.drive_caps = (*t)->drive_caps;
	ft->t.priv = ft;
	*t = &ft->t;
	return 0;
}
