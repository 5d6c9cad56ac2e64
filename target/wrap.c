/* SPDX-License-Identifier: MIT */
#include "wrap.h"

static struct target *inner(struct target *t)
{
	return ((struct wrap_target *)t)->io;
}

int wrap_submit(struct target *t, const struct io_req *reqs, unsigned n)
{
	return inner(t)->ops->submit(inner(t), reqs, n);
}

int wrap_reap(struct target *t, struct io_completion *out, unsigned max, unsigned min_complete)
{
	return inner(t)->ops->reap(inner(t), out, max, min_complete);
}

uint64_t wrap_now(struct target *t)
{
	return inner(t)->ops->now_ns(inner(t));
}

int wrap_idle(struct target *t, uint64_t ns)
{
	return inner(t)->ops->idle(inner(t), ns);
}

int wrap_completion_fd(struct target *t)
{
	return inner(t)->ops->completion_fd(inner(t));
}
