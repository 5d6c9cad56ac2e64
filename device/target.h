/* SPDX-License-Identifier: MIT */
/*
 * The target interface: everything ssdprof can profile (a simulated drive, a
 * file, a block device, an NVMe or SATA drive, a RAID group) is a struct
 * target driven through a const struct target_ops table.  Commands check the
 * capability bits before acting, so a missing hook is never called.
 *
 * Every hook returns 0 (or a count) on success and a negative errno on
 * failure; a human-readable reason goes into the caller's error buffer.
 */
#ifndef SSDPROF_TARGET_H
#define SSDPROF_TARGET_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct iovec;
struct json_object;
struct device_claim;

#define TARGET_ERRLEN 256

enum target_cap {
	TARGET_CAP_READ          = 1u << 0,
	TARGET_CAP_WRITE         = 1u << 1,
	TARGET_CAP_TRIM          = 1u << 2,
	TARGET_CAP_PURGE         = 1u << 3,
	TARGET_CAP_OP_NAMESPACE  = 1u << 4,  /* shrink the namespace / user capacity */
	TARGET_CAP_OP_HPA        = 1u << 5,
	TARGET_CAP_OP_SPAN       = 1u << 6,  /* confine the workload to a span */
	TARGET_CAP_MEDIA_COUNTER = 1u << 7,  /* reports media (NAND) bytes written */
	TARGET_CAP_VIRTUAL_TIME  = 1u << 8,  /* now_ns is a virtual clock */
	TARGET_CAP_REAL_DEVICE   = 1u << 9,  /* destructive steps need --yes SERIAL */
	/*
	 * What kind of thing the target is, for the commands that treat kinds
	 * differently.  Internal: past TARGET_CAP_COUNT, so the JSON
	 * "capabilities" list never names them (info.kind is the name to show).
	 */
	TARGET_CAP_SIMULATED     = 1u << 16, /* a model: stores no data, its WAF is the model's */
	TARGET_CAP_GENERIC       = 1u << 17, /* a file or block device through the kernel alone:
					      * purge is a full TRIM (BLKDISCARD, a punched hole) */
	TARGET_CAP_DRIVE_CMDS    = 1u << 18, /* sends its own commands to the drive (NVMe admin,
					      * ATA pass-through): dry run, progress, method lists */
	TARGET_CAP_GROUP         = 1u << 19, /* a group of member targets (RAID): TARGET_CTL_MEMBER */
};

/* Names of the capability bits, for --help, info and the JSON "capabilities" list. */
const char *target_cap_name(unsigned bit_index);
#define TARGET_CAP_COUNT 10

/*
 * Progress of a long command (sanitize, secure erase): fraction done, 0..1;
 * NAN: msg is a warning (a step went differently than asked), shown as is.
 */
typedef void (*target_progress_fn)(const char *msg, double fraction, void *arg);

/*
 * Operations of the control hook (as SQLite's xFileControl): what only some
 * kinds can do, asked without knowing the kind.  A target answers the ones it
 * knows; target_control gives -ENOTTY for the others.
 */
enum target_ctl {
	/* arg: struct target_dry_run.  Print every command that would change the drive instead of sending it. */
	TARGET_CTL_SET_DRY_RUN = 1,
	/* arg: struct target_progress.  Report the progress of sanitize and erase. */
	TARGET_CTL_SET_PROGRESS,
	/* arg: struct target_methods.  The purge and OP methods, space separated ("sanitize-block format trim"). */
	TARGET_CTL_METHODS,
	/* arg: uint64_t *.  The native capacity in bytes (SATA: READ NATIVE MAX ADDRESS); 0 when unknown. */
	TARGET_CTL_NATIVE_BYTES,
	/* arg: const char **.  Why namespace OP is off although the drive claims it (a refusal recorded earlier), or NULL. */
	TARGET_CTL_NSMGMT_REFUSED,
	/* arg: bool *.  HPA changes survive power cycles (SATA: SET MAX ADDRESS EXT with VV set). */
	TARGET_CTL_SET_PERMANENT,
	/* arg: unsigned *.  How many members the group has (TARGET_CAP_GROUP). */
	TARGET_CTL_MEMBERS,
	/* arg: struct target_member.  Member index of the group; -ERANGE past the last. */
	TARGET_CTL_MEMBER,
	/*
	 * arg: struct target_endurance.  What the drive says it can take (NVMe:
	 * the Endurance Group log's estimate; a simulated drive: P/E cycles
	 * times its raw flash); -ENODATA when it says nothing.
	 */
	TARGET_CTL_ENDURANCE,
	/*
	 * arg: double *.  The sequential write rate, MB/s, a drive of this
	 * interface is assumed to have before one is measured (--dry-run's
	 * estimate): NVMe 1000, SATA 400; -ENOTTY: no assumption of its own.
	 */
	TARGET_CTL_ASSUMED_WRITE_MBPS,
	/*
	 * arg: struct target_wa_model.  The analytic WA reference of the
	 * drive's own geometry (a simulated drive: its flash, GC unit and
	 * policy); a kind that cannot say (a real drive) gives -ENOTTY.
	 */
	TARGET_CTL_WA_MODEL,
	/*
	 * The group queries the profiler needs (TARGET_CAP_GROUP), so nothing
	 * above open/ includes a backend header.  arg: struct target_group_geom.
	 */
	TARGET_CTL_GROUP_GEOM,
	/* arg: struct target_member_stats.  What member index did since the group was opened. */
	TARGET_CTL_MEMBER_STATS,
	/*
	 * arg: struct target_member_op.  The bytes of each member the group would
	 * use with one OP per member (op_percent, one value per member); with set,
	 * give each member its OP by namespace (all or none).
	 */
	TARGET_CTL_MEMBER_OP,
	/*
	 * arg: uint64_t *.  How long from now until the drive has programmed
	 * the writes it acknowledged (its write buffer drained), 0 when quiet;
	 * an idle that long starts no background work.  Virtual-time targets.
	 */
	TARGET_CTL_BUSY_NS,
	/*
	 * arg: struct target_io_fault.  The message of an I/O the target
	 * failed, where it knows more than target_io_error would say (a group:
	 * the member that failed it and the member's LBA).  Returns the errno to
	 * report (> 0), or -ENOENT when it has nothing to add.
	 */
	TARGET_CTL_IO_ERROR,
	/*
	 * arg: const char **.  The purge method purge(NULL or "auto") uses on
	 * the target as it is now (a name of PURGE_METHOD_NAMES, static), so a
	 * result records what was done rather than "auto"; -ENOTTY when the
	 * kind cannot say, -ENODATA when a group's members would differ.
	 */
	TARGET_CTL_PURGE_AUTO,
};

struct target_wa_model {
	double native_bytes;            /* the flash GC works in, factory OP included */
	double line_units;              /* mapping units per GC unit */
	bool fifo;                      /* FIFO cleaning; else greedy */
	/*
	 * Host bytes its write cache takes after a purge (0: none, so a
	 * construction has nothing to use up first); NAN: not said.
	 */
	double cache_bytes;
};

/* The most members a group has (raid/raid_map.h RAID_MAX_MEMBERS is the same). */
#define TARGET_GROUP_MAX_MEMBERS 32

struct target_group_geom {
	int level;                      /* enum raid_level: 0, 1, 5, 6 or 10 */
	unsigned members;
	uint64_t chunk_bytes;
	uint64_t member_bytes;          /* bytes of each member the group uses now */
	uint64_t full_member_bytes;     /* ... when opened, at full capacity */
};

struct lat_hist;

struct target_member_stats {
	unsigned index;                 /* in */
	uint64_t ios, bytes_read, bytes_written;
	uint64_t lat_sum_ns, lat_max_ns;
	uint64_t full_bytes;            /* the member's capacity when the group was opened */
	const struct lat_hist *lat;     /* its latencies since then (cumulative) */
};

struct target_member_op {
	const double *op_percent;       /* in: one per member */
	bool set;                       /* in: change the members, not only ask */
	uint64_t member_bytes;          /* out: bytes of each member the group would use */
	char *err;                      /* in: the one-line reason when set fails */
	size_t errlen;
};

struct target_dry_run {
	bool on;
	void *out;                      /* a FILE *; NULL for stdout */
};

struct target_progress {
	target_progress_fn fn;
	void *arg;
};

struct target_methods {
	char *purge;
	size_t purge_len;
	char *op;
	size_t op_len;
};

struct target_endurance {
	double rated_tbw;               /* TB (10^12 bytes) the NAND takes at WA 1 */
	char source[32];                /* "nvme-endurance-group", "sim-pe-cycles" */
};

struct target_io_fault {
	unsigned dir;                   /* the failed I/O as the target returned it */
	uint64_t offset;
	uint32_t len;
	int32_t res;
	char *err;                      /* out: the one-line message */
	size_t errlen;
};

struct target_member {
	unsigned index;
	struct target *member;          /* out */
};

enum io_dir {
	IO_READ  = 0,
	IO_WRITE = 1,
	IO_TRIM  = 2,
};

/* One I/O as the engine submits it. offset and len are bytes, aligned to lba_bytes. */
struct io_req {
	uint64_t offset;
	uint32_t len;
	uint8_t dir;          /* enum io_dir */
	void *buf;            /* may be NULL on targets that do not move data (sim) */
	uint64_t cookie;      /* returned untouched in the completion */
};

struct io_completion {
	uint64_t cookie;
	int32_t res;          /* bytes done, or a negative errno */
	uint64_t submit_ns;   /* on the target's clock */
	uint64_t complete_ns;
};

/* Identity of a target; unknown strings are empty, unknown numbers 0. */
struct target_info {
	char kind[16];        /* "sim", "file", "block", "nvme", "ata", "raid": shown, never compared */
	char path[256];       /* what the user typed */
	char model[64];
	char serial[64];
	char firmware[32];
	uint64_t capacity_bytes;
	uint32_t lba_bytes;
};

/*
 * Lifetime counters.  media_bytes_written is meaningful only when
 * media_known; unmapped_bytes_read (host reads of blocks never written, or
 * trimmed since: the drive answers them without reading flash) only when
 * unmapped_known, which only a simulated drive can be.
 */
struct target_counters {
	uint64_t host_bytes_written;
	uint64_t host_bytes_read;
	uint64_t media_bytes_written;
	bool media_known;
	uint64_t unmapped_bytes_read;
	bool unmapped_known;
};

enum op_method {
	OP_METHOD_AUTO = 0,
	OP_METHOD_NAMESPACE,
	OP_METHOD_HPA,
	OP_METHOD_SPAN,
};

struct target;

struct target_ops {
	const char *name;
	unsigned caps;                  /* enum target_cap bits */

	int (*identify)(struct target *t, struct target_info *info);
	/* Kind-specific description (geometry, timings, ...) added to obj. */
	int (*describe)(struct target *t, struct json_object *obj);
	/* method is a DESIGN.md purge method name or NULL for the target's best. */
	int (*purge)(struct target *t, const char *method, char *err, size_t errlen);
	/* Set user-visible capacity to usable_bytes by the given method. */
	int (*set_op)(struct target *t, enum op_method method, uint64_t usable_bytes,
		      char *err, size_t errlen);
	int (*trim)(struct target *t, uint64_t offset, uint64_t len);
	int (*counters)(struct target *t, struct target_counters *c);

	/*
	 * The I/O queue.  submit queues up to n requests and returns how many it
	 * took (0..n) or -errno.  reap returns between min_complete and max
	 * completions, waiting (in real or virtual time) until min_complete are
	 * done.  now_ns is the target's clock: CLOCK_MONOTONIC for real targets,
	 * virtual time for the simulator.
	 */
	int (*submit)(struct target *t, const struct io_req *reqs, unsigned n);
	int (*reap)(struct target *t, struct io_completion *out, unsigned max,
		    unsigned min_complete);
	uint64_t (*now_ns)(struct target *t);
	/* Let the drive sit idle for ns (background GC and SLC folding run). */
	int (*idle)(struct target *t, uint64_t ns);
	/*
	 * Virtual-time targets only (optional): when the earliest I/O in flight
	 * completes, or UINT64_MAX with none.  A group of targets reaps its
	 * members in global time order with it, so their clocks stay consistent.
	 */
	uint64_t (*next_completion_ns)(struct target *t);
	/*
	 * Real-time targets only (optional): a file descriptor that polls
	 * readable when a completion is posted (an eventfd), or -errno.  A group
	 * drives all its members from one thread and sleeps on all of them at
	 * once with it.  Reading it clears it.
	 */
	int (*completion_fd)(struct target *t);
	/*
	 * Optional: register buffers for fixed-buffer I/O, so requests whose
	 * buf lies inside one skip the kernel's page walk.  Replaces an earlier
	 * registration; unregister before freeing the memory.  -errno when it
	 * cannot, and plain buffers still work.  Call through
	 * target_register_buffers, which treats an absent hook as -EOPNOTSUPP.
	 */
	int (*register_buffers)(struct target *t, const struct iovec *iov, unsigned n);
	void (*unregister_buffers)(struct target *t);
	/*
	 * Optional: one of enum target_ctl (arg as it says), 0 or -errno;
	 * -ENOTTY for an operation the target does not know.  Call through
	 * target_control, which treats an absent hook the same way.
	 */
	int (*control)(struct target *t, int op, void *arg);
	/* Largest number of I/Os in flight the queue accepts. */
	unsigned max_queue_depth;

	void (*close)(struct target *t);
};

struct target {
	const struct target_ops *ops;
	struct target_info info;
	void *priv;
	/*
	 * What the drive or file can do when opened for writing, where that
	 * differs from ops->caps (a TARGET_OPEN_READONLY open); 0 otherwise.
	 * Results describe the drive with it (target_drive_caps).
	 */
	unsigned drive_caps;
	/* The exclusive claim a writing command took (device/claim.h); target_close drops it. */
	struct device_claim *claim;
};

/* The capabilities that need a read-write open. */
#define TARGET_CAPS_WRITING (TARGET_CAP_WRITE | TARGET_CAP_TRIM | TARGET_CAP_PURGE | TARGET_CAP_OP_NAMESPACE | \
			     TARGET_CAP_OP_HPA)

/* Record full as what the drive can do, and give the open what flags allow of it. */
static inline void target_set_caps(struct target *t, unsigned *ops_caps, unsigned full, bool readonly)
{
	*ops_caps = readonly ? full & ~(unsigned)TARGET_CAPS_WRITING : full;
	t->drive_caps = readonly ? full : 0;
}

static inline unsigned target_drive_caps(const struct target *t)
{
	return t->drive_caps ? t->drive_caps : t->ops->caps;
}

/*
 * Flags of target_open_flags.  TARGET_OPEN_READONLY opens no file or device
 * for writing: closing a block device opened for writing makes udev re-scan
 * it (a "change" uevent, partitions re-read), which a command that only reads
 * must not cause.  The target then lacks the write, trim, purge, namespace
 * and HPA capabilities (a span still confines reads); target_drive_caps
 * still names what the drive can do.  The simulator opens
 * nothing, and gives a reader's target all the same.
 */
#define TARGET_OPEN_READONLY (1u << 0)
/*
 * The open writes: target_open_flags opens read-only (as with
 * TARGET_OPEN_READONLY) unless the caller asks for this, so a caller that
 * forgets gets a target without TARGET_CAP_WRITE, never a writable one.  The
 * commands take it from the command table (CMD_DESTRUCTIVE, cli/options.c).
 */
#define TARGET_OPEN_WRITE (1u << 1)

void target_close(struct target *t);

/*
 * The one-line message of a failed or short I/O (res: a negative errno, or
 * the bytes done of len): the target's path, the direction, the byte offset
 * and LBA, and the status ("Input/output error", "short write: 2048 of
 * 4096 bytes").  Returns the errno to report: -res, or EIO for a short one.
 */
int target_io_error(const struct target *t, unsigned dir, uint64_t offset, uint32_t len, int32_t res,
		    char *err, size_t errlen);

static inline bool target_has(const struct target *t, unsigned cap)
{
	return (t->ops->caps & cap) == cap;
}

/* Fixed buffers where the target has them; -EOPNOTSUPP where not (sim, RAID groups). */
static inline int target_register_buffers(struct target *t, const struct iovec *iov, unsigned n)
{
	return t->ops->register_buffers ? t->ops->register_buffers(t, iov, n) : -EOPNOTSUPP;
}

static inline void target_unregister_buffers(struct target *t)
{
	if (t->ops->unregister_buffers)
		t->ops->unregister_buffers(t);
}

static inline int target_control(struct target *t, int op, void *arg)
{
	return t->ops->control ? t->ops->control(t, op, arg) : -ENOTTY;
}

/*
 * The purge and OP methods t supports, space separated ("sanitize-block
 * format trim", "namespace span"): the backend's answer to
 * TARGET_CTL_METHODS, else what its capabilities say (a file, a block
 * device, a group).
 */
void target_method_names(struct target *t, char *purge, size_t plen, char *op, size_t olen);

/*
 * Whether writes may be sent to t: a real device (TARGET_CAP_REAL_DEVICE)
 * only once the safety gate claimed it (t->claim, device/claim.h), a group
 * when every member may; anything else (a file, a simulated drive) always.
 * The backstop of the one gate: the engine refuses a workload that writes
 * to a target this says no to (-EPERM), whichever command forgot the gate.
 */
bool target_write_claimed(const struct target *t);

/* A group's geometry (TARGET_CTL_GROUP_GEOM); -ENOTTY for anything but a group. */
static inline int target_group_geom(const struct target *t, struct target_group_geom *g)
{
	return target_control((struct target *)t, TARGET_CTL_GROUP_GEOM, g);
}

/* What member st->index of a group did (TARGET_CTL_MEMBER_STATS). */
static inline int target_member_stats(const struct target *t, struct target_member_stats *st)
{
	return target_control((struct target *)t, TARGET_CTL_MEMBER_STATS, st);
}

/* The members of a group (TARGET_CAP_GROUP); 0 for any other target. */
unsigned target_members(const struct target *t);
/* Member i of a group, i < target_members(t). */
struct target *target_member(const struct target *t, unsigned i);

#endif
