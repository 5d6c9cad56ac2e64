/* SPDX-License-Identifier: MIT */
/* A sweep's method settings (profiler/sweep_settings.h). */
#include <errno.h>
#include <stdio.h>

#include "profiler/sweep_settings.h"

const char *const sweep_predict_names[3] = { "off", "stop", "check" };

int sweep_settings_member_rule(const struct sweep_settings *set, char *err, size_t errlen)
{
	bool fixed = set->plan.fixed;

	if (set->member.npoints &&
	    (!fixed || (set->op_method != OP_METHOD_AUTO && set->op_method != OP_METHOD_NAMESPACE))) {
		snprintf(err, errlen, "settings.op_member: goes with a list plan and namespace OP, not a%s plan "
			 "with %s OP", fixed ? " list" : "n adaptive", op_method_name(set->op_method));
		return -EINVAL;
	}
	return 0;
}

int sweep_settings_carry_rule(const struct sweep_settings *set, char *err, size_t errlen)
{
	if (set->carry_over && set->op_method != OP_METHOD_SPAN) {
		snprintf(err, errlen, "settings.carry_over: goes with span OP, not %s", op_method_name(set->op_method));
		return -EINVAL;
	}
	return 0;
}
