/* SPDX-License-Identifier: MIT */
/*
 * NVMe namespaces as targets (kind "nvme").  I/O goes through the io_uring
 * target of the namespace's block device; identify, purge (sanitize, format,
 * deallocate), namespace OP and the SMART / OCP C0 counters go to the
 * controller as admin commands built by nvme_cmds.c.
 */
#ifndef SSDPROF_NVME_TARGET_H
#define SSDPROF_NVME_TARGET_H

#include <stdbool.h>
#include <stddef.h>

struct target;
struct json_object;

/*
 * Open /dev/nvmeXnY; flags as target_open_flags (TARGET_OPEN_READONLY).
 * -ENODEV (err untouched) when path is not a whole NVMe namespace, so the
 * caller can try another kind; -EINVAL with a one-line reason for an NVMe
 * controller character device (/dev/nvme0).
 */
int nvme_target_open(const char *path, unsigned flags, struct target **out, char *err, size_t errlen);
/*
 * What only an NVMe drive does goes through the target's control hook
 * (device/target.h): TARGET_CTL_METHODS, TARGET_CTL_NSMGMT_REFUSED, and the
 * dry run and progress of every wrapped drive.
 */

/* Whether a kernel block name is an NVMe namespace ("nvme0n1"; not a path or a partition). */
bool nvme_is_namespace_node(const char *node);

#endif
