/* SPDX-License-Identifier: MIT */
/*
 * The group target's state, shared by raid_target.c (the I/O path, purge,
 * OP, opening) and raid_control.c (the control hook, member OP, failed
 * I/Os' messages, accessors).  Private to raid/.
 */
#ifndef SSDPROF_RAID_PRIV_H
#define SSDPROF_RAID_PRIV_H

#include "raid/raid_target.h"

#define RAID_QD 256
#define OP_MAX_IOS 512
/* Group I/Os that failed, kept to name the member behind each (raid_io_fault). */
#define FAULTS_KEPT 16

/* The first member I/O that failed a group I/O. */
struct member_fault {
	uint64_t offset;        /* the group I/O's */
	uint32_t len;
	uint8_t dir;
	unsigned member;
	uint64_t moffset;       /* the member I/O's */
	uint32_t mlen;
	uint8_t mdir;
	int32_t mres;           /* a negative errno, or the bytes done of mlen */
};

struct raid_op {
	uint64_t cookie, submit_ns;
	uint64_t offset;
	bool failed;            /* fault holds the member I/O that failed it */
	struct member_fault fault;
	int32_t res;
	uint32_t len;
	uint8_t dir;
	uint8_t phase;
	unsigned pending;
	uint64_t phase_bytes, phase_bytes_done;   /* asked of and done by the members in this phase */
	int nio;
	struct raid_io io[OP_MAX_IOS];
};

struct raid_target {
	struct target t;
	struct raid_geom g;
	struct target *m[RAID_MAX_MEMBERS];
	uint64_t member_full[RAID_MAX_MEMBERS];   /* each member's capacity when opened */
	uint64_t group_full;                      /* the group's capacity when opened */
	struct raid_member_stats st[RAID_MAX_MEMBERS];
	struct lat_hist *lat;              /* one per member */
	bool real;                         /* members are real devices on the monotonic clock */
	unsigned member_inflight[RAID_MAX_MEMBERS];
	struct raid_mirror_state mirror[RAID_MAX_MEMBERS];   /* RAID 1 and 10 read balancing */
	struct member_fault faults[FAULTS_KEPT];             /* the last failed group I/Os, a ring */
	unsigned nfaults;
	void *write_src, *read_sink;       /* real members only, SCRATCH_BYTES each */
	uint64_t now;
	struct raid_op *ops;
	unsigned free_ops[RAID_QD], nfree;
	struct io_completion done[RAID_QD];
	unsigned done_head, ndone;
	unsigned inflight;
	uint64_t host_written, host_read;   /* what the group's user asked for */
	struct target_ops ops_table;
};

static inline struct raid_target *to_raid(const struct target *t)
{
	return (struct raid_target *)t;
}


/* Every member catches up with the group's clock (raid_target.c). */
int raid_sync_all(struct raid_target *r);
/* The group's control hook (raid_control.c). */
int raid_control(struct target *t, int op, void *arg);

#endif
