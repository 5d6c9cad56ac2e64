/* SPDX-License-Identifier: MIT */
/*
 * A target that adds its own commands (identify, purge, OP, SMART) to another
 * target's I/O queue: NVMe and SATA drives over the io_uring block target.
 * Embed struct wrap_target first and point the queue hooks at wrap_*.
 */
#ifndef SSDPROF_WRAP_H
#define SSDPROF_WRAP_H

#include <stdbool.h>
#include <stdio.h>

#include "device/target.h"

struct wrap_target {
	struct target t;
	struct target_ops ops;          /* per drive: the caps depend on what it supports */
	struct target *io;              /* the target whose queue does the I/O */
	/*
	 * --dry-run: every command that would change the drive is printed (one
	 * line, fields decoded) to dry_out instead of being sent; reads
	 * (identify, logs) still go to the drive.
	 */
	bool dry_run;
	FILE *dry_out;
	target_progress_fn progress;
	void *progress_arg;
	/* The drive's name for a TRIM, for the --dry-run line ("DATA SET MANAGEMENT TRIM"). */
	const char *trim_cmd;
};

/*
 * The control operations every wrapped drive shares (TARGET_CTL_SET_DRY_RUN,
 * TARGET_CTL_SET_PROGRESS); -ENOTTY for the others.  A drive's own control
 * hook answers what it knows and passes the rest here.
 */
int wrap_control(struct target *t, int op, void *arg);

/*
 * The kernel's page cache of the block device at path knows nothing of an
 * erase sent as a passthrough: called before, it writes back dirty pages (so
 * they do not land after the erase); after, it drops the cache (so reads see
 * the drive).
 */
void wrap_flush_bdev(const char *path);

struct json_object;
/* info's last words on a drive: an OP change ssdprof left in place (op_journal), and whether it is in use. */
void wrap_describe_state(struct target *t, struct json_object *obj);

/* The trim hook: through the inner queue, or under --dry-run the line saying what would be sent. */
int wrap_trim(struct target *t, uint64_t off, uint64_t len);
int wrap_submit(struct target *t, const struct io_req *reqs, unsigned n);
int wrap_reap(struct target *t, struct io_completion *out, unsigned max, unsigned min_complete);
uint64_t wrap_now(struct target *t);
int wrap_idle(struct target *t, uint64_t ns);
int wrap_completion_fd(struct target *t);
/* The engine's fixed buffers go to the inner queue's ring, which does the I/O. */
int wrap_register_buffers(struct target *t, const struct iovec *iov, unsigned n);
void wrap_unregister_buffers(struct target *t);

#endif
