/* SPDX-License-Identifier: MIT */
/*
 * The documents of pts's tests (profiler/pts_suite_run.h's store): each
 * test's document built from its result and saved in its folder as it
 * goes, and on --resume the saved one read and checked against the test
 * that continues it.
 */
#ifndef SSDPROF_PTS_STORE_H
#define SSDPROF_PTS_STORE_H

#include "profiler/pts_suite_run.h"

extern const struct pts_suite_store pts_store;

#endif
