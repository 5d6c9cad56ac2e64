/* SPDX-License-Identifier: MIT */
/*
 * Faults as tests: a target that wraps any other target (the simulator, a
 * file, a block device, an NVMe or SATA drive, a RAID group or one of its
 * members) and misbehaves as told, the way SQLite's test6.c wraps its real
 * VFS.  Only tests use it: open/open.c reads the plan from the environment
 * variable SSDPROF_FAULT, so the command line stays as it is.
 *
 * The plan: faults separated by ';', each KIND:KEY=VALUE[,KEY=VALUE...]
 *
 *   eio:io=N          the N-th I/O submitted since the open (counting from
 *                     1) completes with -EIO
 *   eio:lba=L         the first I/O whose range covers LBA L (the target's
 *                     LBA size) completes with -EIO
 *   short:io=N        the N-th I/O completes short: half its bytes (down to
 *                     a whole LBA) are sent and reported done; an I/O of one
 *                     LBA is sent whole and reported as half done
 *   stall:io=N,s=S    at the N-th I/O the device stops answering for S
 *                     seconds (1..3600): nothing in flight completes before
 *                     then.  A real target sleeps for real; the simulator's
 *                     virtual clock moves on (the drive idles meanwhile)
 *   vanish:io=N       the device disappears at the N-th I/O: it, every I/O
 *                     still in flight and every later one complete with
 *                     -ENODEV (the later ones never reach the device), and
 *                     every admin step (purge, OP, TRIM, counters, identify,
 *                     describe, control) fails with -ENODEV; time still
 *                     passes (idle)
 *   nsop:io=N         from the N-th I/O on (io=1: from the open), namespace
 *                     OP is refused with -EOPNOTSUPP, every time, as drives
 *                     that claim namespace management and refuse it do
 *                     (QEMU's); span OP and the I/Os pass
 *
 * Any fault may add member=M (from 0): it then applies to member M of a RAID
 * group instead of the group.  Each fault fires once.  Example:
 *   SSDPROF_FAULT='eio:io=5000;stall:io=200,s=3'
 * A spec that does not parse is refused whole (-EINVAL, one-line reason).
 */
#ifndef SSDPROF_FAULT_TARGET_H
#define SSDPROF_FAULT_TARGET_H

#include <stddef.h>
#include <stdint.h>

#include "device/target.h"

#define FAULT_ENV "SSDPROF_FAULT"
/* With it set, a single TARGET spelled exactly so gets the faults (open/open.c); a group ignores it. */
#define FAULT_TARGET_ENV "SSDPROF_FAULT_TARGET"
#define FAULT_MAX 8

enum fault_kind {
	FAULT_EIO,
	FAULT_SHORT,
	FAULT_STALL,
	FAULT_VANISH,
	FAULT_NSOP,
};

struct fault {
	enum fault_kind kind;
	uint64_t io;            /* the N-th I/O, from 1; 0 when by LBA */
	uint64_t lba;           /* with io == 0 */
	uint64_t stall_ns;
	int member;             /* -1: the target itself (the group, for a group) */
};

struct fault_plan {
	struct fault f[FAULT_MAX];
	unsigned n;
};

/* Parse spec (the variable's value) into p.  0, or -EINVAL with a one-line reason in err. */
int fault_plan_parse(const char *spec, struct fault_plan *p, char *err, size_t errlen);

/*
 * Wrap *t in the faults of p meant for member (-1: the target itself).  With
 * none, *t is left as it is.  The wrapper owns the inner target: closing it
 * closes both.  0 or -ENOMEM (then *t is untouched and still open).
 */
int fault_target_wrap(struct target **t, const struct fault_plan *p, int member);

#endif
