/* SPDX-License-Identifier: MIT */
/*
 * Whose a saved result is (issue 26): a result belongs to one drive, told
 * by what the drive is, not by the name it was typed as.  --resume of
 * sweep and qualify checks it before a saved point joins new ones.
 */
#ifndef SSDPROF_RESULT_IDENTITY_H
#define SSDPROF_RESULT_IDENTITY_H

#include <stddef.h>

struct json_object;
struct target;

/*
 * Whether doc (a result document: its "target", and for a group its
 * "group") was measured on t as t is now.  A drive's identity is its
 * kind, model, serial, capacity and LBA size; without a serial (a file)
 * its path too; a simulated drive's also its spec's keys, in any order;
 * a RAID group's its level, chunk and each member's identity in order.
 * The name of a drive with a serial may change (/dev/nvme* after a
 * reboot).  0 when it matches, -ESRCH when not, with err naming both
 * ("sim:a (serial S, N bytes), not of sim:b (...)").
 */
int result_identity_check(struct json_object *doc, struct target *t, char *err, size_t errlen);

#endif
