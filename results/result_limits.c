// SPDX-License-Identifier: MIT
/*
 * Nothing to run: this file includes the loader's limits beside their
 * owners' headers, so the compiler checks each macro is defined the same
 * (a macro defined again differently is a -Werror failure).
 */
#include "precondition/precondition.h"
#include "profiler/requirements.h"
#include "profiler/sweep_plan.h"
#include "results/qualify_json.h"
#include "results/result_limits.h"
#include "results/run_json.h"
#include "results/sweep_json.h"

/* ISO C wants a declaration in every file. */
extern const int result_limits_checked;
const int result_limits_checked = 1;
