/* SPDX-License-Identifier: MIT */
/*
 * What `list` prints of the drives it found (the array --json prints: one
 * object per NVMe namespace or SATA disk, then the disks skipped with why):
 * a line per drive (path, kind, model, serial, GB, purge and OP methods, in
 * use), or its error, then the skipped disks.
 */
#ifndef SSDPROF_TERM_LIST_H
#define SSDPROF_TERM_LIST_H

#include <stdio.h>

struct json_object;

void term_list(FILE *f, struct json_object *arr);

#endif
