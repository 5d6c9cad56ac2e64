/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <string.h>

#include "profiler/sweep_construct.h"
#include "profiler/sweep_run.h"

const char *sweep_point_method(const struct sweep_point *pt)
{
	if (pt->pc.stop_reason && !strcmp(pt->pc.stop_reason, "predicted"))
		return "predicted";
	return pt->carried_over ? "carried-over" : pt->constructed ? "constructed" : "fresh";
}

const char *sweep_point_steps(const struct sweep_run *run, double op, const double *member_op)
{
	if (sweep_point_carries(run, op, member_op))
		return sweep_usable_bytes(run->capacity, op) < run->last_usable
		       ? "TRIM of the span's tail (carried over from the last point), rounds to steady state"
		       : "fill of the span's new tail (carried over from the last point), rounds to steady state";
	char why[160];

	if (sweep_construct_ok(run, op, member_op, why, sizeof(why)))
		return run->method == OP_METHOD_NAMESPACE ? "purge, namespace OP, the flash written once to GC's "
							    "steady state, rounds to steady state"
		       : run->method == OP_METHOD_HPA ? "purge, hpa OP, the flash written once to GC's steady state, "
							"rounds to steady state"
						      : "purge, span OP, the flash written once to GC's steady state, "
							"rounds to steady state";
	return run->method == OP_METHOD_NAMESPACE ? "purge, namespace OP, fill, rounds to steady state"
	       : run->method == OP_METHOD_HPA ? "purge, hpa OP, fill, rounds to steady state"
					       : "purge, span OP, fill, rounds to steady state";
}

static int stopped(struct sweep_runner *r, double op, const double *member_op, const struct sweep_point *pt,
		   int ret, const char *err)
{
	return r->hooks.stop ? r->hooks.stop(r->hooks.arg, op, member_op, pt, ret, err) : ret;
}

int sweep_runner_run(struct sweep_runner *r)
{
	char err[TARGET_ERRLEN];
	double next;
	int ret;

	if (!(r->run.cal.line_units > 0))
		sweep_calib_init(&r->run.cal, r->run.t);
	while (r->n < SWEEP_MAX_POINTS && sweep_plan_next(&r->plan, r->kp, r->n, &next)) {
		const double *member_op = r->member_op ? r->member_op(r->member_arg, next) : NULL;
		struct sweep_point pt;

		if (r->hooks.start)
			r->hooks.start(r->hooks.arg, next, member_op, sweep_point_steps(&r->run, next, member_op));
		err[0] = '\0';
		ret = sweep_point_measure(&r->run, next, member_op, &pt, err, sizeof(err));
		if (ret) {
			ret = stopped(r, next, member_op, &pt, ret, err);
			sweep_point_free(&pt);
			return ret;
		}
		/* A signal after the point's last round: the point is whole, keep it, then stop. */
		r->kp[r->n] = (struct knee_point){ 0 };
		ret = r->hooks.point(r->hooks.arg, next, member_op, &pt, &r->kp[r->n]);
		sweep_point_free(&pt);
		if (ret)
			return ret;
		r->n++;
		if (r->hooks.interrupted && r->hooks.interrupted(r->hooks.arg))
			return stopped(r, next, NULL, NULL, -EINTR, "interrupted");
	}
	return 0;
}
