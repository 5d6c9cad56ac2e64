/* SPDX-License-Identifier: MIT */
/*
 * One point of an OP sweep (DESIGN.md 5): purge, set the OP, fill, and write
 * to steady state, timed on the target's clock.  The sweep command strings
 * the points together, saves after each and finds the knee.
 */
#ifndef SSDPROF_SWEEP_H
#define SSDPROF_SWEEP_H

#include <stdint.h>

#include "precondition/precondition.h"
#include "device/target.h"

struct sweep_point {
	double op_percent;
	enum op_method op_method;     /* resolved: never AUTO */
	uint64_t usable_bytes;
	char purge_method[32];
	double drive_seconds;
	struct precondition_result pc;
};

/* The method auto resolves to on t: namespace, then HPA, then span. */
enum op_method sweep_resolve_op_method(const struct target *t, enum op_method requested);
const char *op_method_name(enum op_method m);
/* Usable bytes with op_percent of capacity held back, in whole MiB. */
uint64_t sweep_usable_bytes(uint64_t capacity, double op_percent);

/*
 * Measure one point of a drive of the given full capacity (a namespace
 * resize changes t->info.capacity_bytes).  settings->usable_bytes is set here.
 * member_op (a RAID group only; NULL otherwise) gives each member its own
 * OP by namespace instead of op_percent on all (raid_target_set_op_members).  Returns 0, -EINTR
 * when interrupted (nothing of the point is kept), or another -errno.
 */
int sweep_run_point(struct target *t, uint64_t capacity, double op_percent, enum op_method method,
		    const double *member_op, const char *purge_method, struct precondition_settings *settings,
		    struct sweep_point *out, precondition_progress_fn progress,
		    precondition_poll_fn poll, void *arg, char *err, size_t errlen);

void sweep_point_free(struct sweep_point *p);

#endif
