/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#include <linux/fs.h>
#include <sys/ioctl.h>

#include <json-c/json.h>

#include "device/op_journal.h"
#include "device/safety.h"
#include "engine/wrap.h"

static struct target *inner(struct target *t)
{
	return ((struct wrap_target *)t)->io;
}

int wrap_control(struct target *t, int op, void *arg)
{
	struct wrap_target *w = (struct wrap_target *)t;

	switch (op) {
	case TARGET_CTL_SET_DRY_RUN: {
		const struct target_dry_run *d = arg;

		w->dry_run = d->on;
		w->dry_out = d->out ? d->out : stdout;
		return 0;
	}
	case TARGET_CTL_SET_PROGRESS: {
		const struct target_progress *p = arg;

		w->progress = p->fn;
		w->progress_arg = p->arg;
		return 0;
	}
	default:
		return -ENOTTY;
	}
}

void wrap_flush_bdev(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return;
	fsync(fd);
	ioctl(fd, BLKFLSBUF, 0);
	close(fd);
}

int wrap_trim(struct target *t, uint64_t off, uint64_t len)
{
	struct wrap_target *w = (struct wrap_target *)t;

	if (w->dry_run) {
		fprintf(w->dry_out, "would send to %s: BLKDISCARD offset=%llu length=%llu (%s)\n", t->info.path,
			(unsigned long long)off, (unsigned long long)len, w->trim_cmd);
		return 0;
	}
	return inner(t)->ops->trim(inner(t), off, len);
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

int wrap_register_buffers(struct target *t, const struct iovec *iov, unsigned n)
{
	return target_register_buffers(inner(t), iov, n);
}

void wrap_unregister_buffers(struct target *t)
{
	target_unregister_buffers(inner(t));
}

void wrap_describe_state(struct target *t, struct json_object *obj)
{
	struct op_journal_entry e;
	char b[TARGET_ERRLEN];

	if (op_journal_load(t->info.serial, &e) == 0) {
		char note[1024];

		snprintf(note, sizeof(note), "%s OP in place since %s; original %llu bytes (ssdprof op %s --restore "
			 "--yes %s)", e.method, e.when, (unsigned long long)e.original_bytes, t->info.path,
			 t->info.serial);
		json_object_object_add(obj, "op_journal", json_object_new_string(note));
	}
	json_object_object_add(obj, "in_use", safety_check_in_use(t->info.path, b, sizeof(b)) < 0 ?
			       json_object_new_string(b) : NULL);
}
