/* SPDX-License-Identifier: MIT */
/*
 * Opening: the chain that turns a TARGET string into a target.  "sim:" is the
 * simulator; a path is tried as an NVMe namespace, then a SATA disk, then any
 * file or block device through io_uring.  The one place that knows every
 * backend.
 */
#ifndef SSDPROF_OPEN_H
#define SSDPROF_OPEN_H

#include <stdbool.h>
#include <stddef.h>

#include "device/target.h"
#include "raid/raid_map.h"
#include "sim/sim.h"

/*
 * Open a target from its command-line spelling, e.g. "sim:budget-tlc" or
 * "sim:dc-tlc,capacity=4G,seed=7".  On failure returns -errno and writes a
 * one-line reason into err.  Files and devices are opened read-only: a
 * caller that writes uses target_open_flags with TARGET_OPEN_WRITE.
 */
int target_open(const char *spec, struct target **out, char *err, size_t errlen);

/* flags: TARGET_OPEN_WRITE to write; without it the open is read-only (device/target.h). */
int target_open_flags(const char *spec, unsigned flags, struct target **out, char *err,
		      size_t errlen);

/*
 * Whether t's ops table can be driven (as fio's check_engine_ops): a name,
 * identify and close; every capability bit's hook (read and write: submit,
 * reap, now_ns and a queue depth; trim, purge, set_op for namespace or HPA
 * OP, counters for the media counter, control for a group).  0, or -EINVAL
 * and the reason naming the backend and the hook.  Every target the
 * backends[] table (open.c) or a group opens is checked before it is used.
 */
int target_check_ops(const struct target *t, char *err, size_t errlen);

/*
 * What the simulator takes, for help texts and shell completion, asked
 * through the opener so the commands include no backend header: the
 * preset names (NULL-terminated), every key with the first preset's value
 * into obj, and the key reference of `info --help` (a string literal).
 */
const char *const *target_sim_presets(void);
void target_sim_keys_json(struct json_object *obj);
#define TARGET_SIM_KEYS_HELP SIM_KEYS_HELP

/*
 * Whether the file or device behind t takes writes: for a target opened
 * with TARGET_OPEN_READONLY, whether a read-write open would have
 * TARGET_CAP_WRITE (write permission, not a read-only device), found without
 * opening anything for writing.
 */
bool target_writable(const struct target *t);

/*
 * Open the members from their specs (flags as target_open_flags: a group
 * opened without TARGET_OPEN_WRITE opens its members read-only) and build the RAID group.
 * -errno and a one-line reason.
 */
/*
 * Every NVMe namespace, then every SATA disk, on this machine, each in name
 * order: fn gets its /dev path and its kind ("nvme", "ata").  Opens nothing;
 * reads /sys only.
 */
void target_list_drives(void (*fn)(const char *path, const char *kind, void *arg), void *arg);
/* Whether target_list_drives lists the kernel block device node ("nvme0n1", "sda"). */
bool target_node_listed(const char *node);

int target_open_group(enum raid_level level, uint64_t chunk_bytes, const char *const *specs, unsigned n,
		      unsigned flags, struct target **out, char *err, size_t errlen);

#endif
