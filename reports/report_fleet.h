/* SPDX-License-Identifier: MIT */
/*
 * The fleet page (issue 29): every drive of a results store, ranked, with
 * its verdict.  Drawn from the rows the store answers (store/store.h
 * STORE_Q_DRIVES, a JSON array), never from the store itself: a page is
 * drawn from its document alone.
 */
#ifndef SSDPROF_REPORT_FLEET_H
#define SSDPROF_REPORT_FLEET_H

#include <stddef.h>
#include <stdio.h>

struct json_object;

/*
 * The page of drives (an array of objects: model, serial, firmware, host,
 * verdict, recommended_op_percent, steady_iops, waf, runs; null where not
 * known) from the store named store, written to out as report_write does
 * (an existing out replaced only when it is a page ssdprof wrote).  The
 * ranking: passed, then not qualified, then failed; within each, the
 * highest steady IOPS first, not measured last.  0 or -errno with err.
 */
int report_fleet_make(struct json_object *drives, const char *store, const char *out, char *err, size_t errlen);

#endif
