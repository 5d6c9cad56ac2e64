/* SPDX-License-Identifier: MIT */
/*
 * The io_uring backend.  Per I/O it does no allocation and no system call:
 * a slot from a free stack remembers the cookie and the submit time, the SQE
 * uses the registered file and, where the buffer is registered, a fixed
 * buffer.  reap() submits everything prepared and waits in one
 * io_uring_enter, then takes all completions at once with one clock read.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include <json-c/json.h>
#include <liburing.h>

#include "util/clock.h"
#include "device/safety.h"
#include "device/target.h"
#include "engine/uring_target.h"

#define MAX_BUFS 4
/* SQEs are flushed when this many are prepared; completions have room for all in flight. */
#define SQ_ENTRIES 256
#define CQ_ENTRIES (2 * URING_MAX_QD)
/* Deep queues look at the CQ for about a microsecond before sleeping (see ur_reap). */
#define SPIN_MIN_INFLIGHT 4
#define SPIN_PAUSES 64

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	__asm__ __volatile__("yield");
#endif
}

struct ur_slot {
	uint64_t cookie;
	uint64_t submit_ns;
	uint32_t len;
	uint8_t dir;
};

struct uring_target {
	struct target t;
	int fd;
	bool is_block;
	bool fixed_file;
	struct io_uring ring;
	struct ur_slot *slots;
	unsigned *free_slots;
	unsigned nfree;
	struct io_uring_cqe **cqes;
	struct iovec bufs[MAX_BUFS];
	unsigned nbufs;
	struct target_counters ctr;
	char node[64];               /* kernel name of a block device */
	char disk[64];
	uint32_t fs_block;           /* st_blksize of a file */
	uint64_t file_size;          /* st_size of a file */
	int event_fd;                /* completion eventfd, -1 until a group asks */
};

static struct uring_target *to_ur(struct target *t)
{
	return (struct uring_target *)t;
}

static int ur_identify(struct target *t, struct target_info *info)
{
	*info = t->info;
	return 0;
}

static int ur_submit(struct target *t, const struct io_req *reqs, unsigned n)
{
	struct uring_target *u = to_ur(t);
	uint64_t now = mono_ns();
	unsigned i;

	for (i = 0; i < n && u->nfree; i++) {
		const struct io_req *r = &reqs[i];
		struct io_uring_sqe *sqe;
		struct ur_slot *sl;
		unsigned idx, b;
		int fd = u->fixed_file ? 0 : u->fd;

		if (r->dir != IO_READ && r->dir != IO_WRITE)
			return i ? (int)i : -EOPNOTSUPP;  /* TRIM goes through the trim hook */
		sqe = io_uring_get_sqe(&u->ring);
		if (!sqe) {
			/* The SQ is full: hand it to the kernel and go on. */
			int ret = io_uring_submit(&u->ring);

			if (ret < 0 && ret != -EAGAIN && ret != -EBUSY)
				return i ? (int)i : ret;
			sqe = io_uring_get_sqe(&u->ring);
			if (!sqe)
				break;
		}
		idx = u->free_slots[--u->nfree];
		sl = &u->slots[idx];
		sl->cookie = r->cookie;
		sl->submit_ns = now;
		sl->len = r->len;
		sl->dir = r->dir;

		for (b = 0; b < u->nbufs; b++) {
			const char *base = u->bufs[b].iov_base;

			if ((const char *)r->buf >= base &&
			    (const char *)r->buf + r->len <= base + u->bufs[b].iov_len)
				break;
		}
		if (b < u->nbufs) {
			if (r->dir == IO_WRITE)
				io_uring_prep_write_fixed(sqe, fd, r->buf, r->len, r->offset, (int)b);
			else
				io_uring_prep_read_fixed(sqe, fd, r->buf, r->len, r->offset, (int)b);
		} else {
			if (r->dir == IO_WRITE)
				io_uring_prep_write(sqe, fd, r->buf, r->len, r->offset);
			else
				io_uring_prep_read(sqe, fd, r->buf, r->len, r->offset);
		}
		if (u->fixed_file)
			sqe->flags |= IOSQE_FIXED_FILE;
		io_uring_sqe_set_data64(sqe, idx);
	}
	return (int)i;
}

static int ur_reap(struct target *t, struct io_completion *out, unsigned max,
		   unsigned min_complete)
{
	struct uring_target *u = to_ur(t);
	unsigned inflight = URING_MAX_QD - u->nfree;
	unsigned got = 0;

	if (min_complete > inflight)
		min_complete = inflight;
	if (max > inflight)
		max = inflight;
	for (;;) {
		uint64_t now;
		unsigned n;
		int ret;

		/*
		 * With a deep queue, completions arrive every few microseconds:
		 * submit, then look at the CQ for a moment before sleeping.  A
		 * sleeping reaper makes the kernel wake it per completion, which
		 * cost 10-15% of the IOPS on io-wq-bound targets (tmpfs writes)
		 * in bench/engine_vs_fio.sh.  At shallow depths the wait is
		 * long anyway and the extra enter only costs, so one enter
		 * submits and waits.
		 */
		if (inflight >= SPIN_MIN_INFLIGHT && min_complete > got &&
		    io_uring_cq_ready(&u->ring) == 0) {
			if (io_uring_sq_ready(&u->ring))
				io_uring_submit(&u->ring);
			for (int spin = 0; spin < SPIN_PAUSES && io_uring_cq_ready(&u->ring) == 0;
			     spin++)
				cpu_relax();
		}
		if (min_complete > got && io_uring_cq_ready(&u->ring) < min_complete - got)
			ret = io_uring_submit_and_wait(&u->ring, min_complete - got);
		else if (inflight >= SPIN_MIN_INFLIGHT)
			ret = io_uring_sq_ready(&u->ring) ? io_uring_submit(&u->ring) : 0;
		else
			ret = io_uring_submit_and_get_events(&u->ring);
		if (ret < 0 && ret != -EINTR && ret != -EAGAIN && ret != -EBUSY && ret != -ETIME)
			return got ? (int)got : ret;

		now = mono_ns();
		n = io_uring_peek_batch_cqe(&u->ring, u->cqes, max - got);
		for (unsigned i = 0; i < n; i++) {
			const struct io_uring_cqe *cqe = u->cqes[i];
			unsigned idx = (unsigned)io_uring_cqe_get_data64(cqe);
			struct ur_slot *sl = &u->slots[idx];
			struct io_completion *c = &out[got + i];

			c->cookie = sl->cookie;
			c->res = cqe->res;
			c->submit_ns = sl->submit_ns;
			c->complete_ns = now;
			if (cqe->res > 0) {
				if (sl->dir == IO_WRITE)
					u->ctr.host_bytes_written += (uint64_t)cqe->res;
				else
					u->ctr.host_bytes_read += (uint64_t)cqe->res;
			}
			u->free_slots[u->nfree++] = idx;
		}
		io_uring_cq_advance(&u->ring, n);
		got += n;
		if (got >= min_complete || got >= max)
			return (int)got;
	}
}

static uint64_t ur_now(struct target *t)
{
	(void)t;
	return mono_ns();
}

static int ur_idle(struct target *t, uint64_t ns)
{
	struct timespec ts = {
		.tv_sec = (time_t)(ns / 1000000000ull),
		.tv_nsec = (long)(ns % 1000000000ull),
	};

	/* Whatever was prepared goes out first: idle means the drive has nothing queued. */
	io_uring_submit(&to_ur(t)->ring);
	/* A signal ends the idle early, so an interrupt is seen at once. */
	if (nanosleep(&ts, NULL) < 0)
		return -errno;
	return 0;
}

/* Registered on first use: a lone target never pays for the eventfd write per completion. */
static int ur_completion_fd(struct target *t)
{
	struct uring_target *u = to_ur(t);
	int fd, ret;

	if (u->event_fd >= 0)
		return u->event_fd;
	fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (fd < 0)
		return -errno;
	ret = io_uring_register_eventfd(&u->ring, fd);
	if (ret < 0) {
		close(fd);
		return ret;
	}
	u->event_fd = fd;
	return fd;
}

static int ur_trim(struct target *t, uint64_t offset, uint64_t len)
{
	struct uring_target *u = to_ur(t);
	uint32_t lba = t->info.lba_bytes;

	if (offset % lba || len % lba || offset > t->info.capacity_bytes ||
	    len > t->info.capacity_bytes - offset)
		return -EINVAL;
	if (!len)
		return 0;
	if (u->is_block) {
		uint64_t range[2] = { offset, len };

		if (ioctl(u->fd, BLKDISCARD, range) < 0)
			return -errno;
		return 0;
	}
	/* A hole reads back as zeros, like a trimmed LBA with DRAT/RZAT. */
	if (fallocate(u->fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, (off_t)offset,
		      (off_t)len) < 0)
		return -errno;
	return 0;
}

static int ur_purge(struct target *t, const char *method, char *err, size_t errlen)
{
	struct uring_target *u = to_ur(t);
	int ret;

	if (method && strcmp(method, "auto") != 0 && strcmp(method, "trim") != 0) {
		snprintf(err, errlen, "--method: a %s can only be purged by trim (a full TRIM); "
			 "'%s' needs an NVMe or SATA target", t->info.kind, method);
		return -EOPNOTSUPP;
	}
	if (u->nfree != URING_MAX_QD) {
		snprintf(err, errlen, "purge: %u I/Os still in flight; reap them first",
			 URING_MAX_QD - u->nfree);
		return -EBUSY;
	}
	ret = ur_trim(t, 0, t->info.capacity_bytes);
	if (ret < 0)
		snprintf(err, errlen, "full TRIM of '%s' failed: %s", t->info.path,
			 strerror(-ret));
	return ret;
}

static int ur_set_op(struct target *t, enum op_method method, uint64_t usable_bytes,
		     char *err, size_t errlen)
{
	if (method != OP_METHOD_SPAN && method != OP_METHOD_AUTO) {
		snprintf(err, errlen, "--method: a %s supports only span over-provisioning",
			 t->info.kind);
		return -EOPNOTSUPP;
	}
	if (!usable_bytes || usable_bytes > t->info.capacity_bytes ||
	    usable_bytes % t->info.lba_bytes) {
		snprintf(err, errlen, "usable size %llu is not a whole number of %u-byte LBAs "
			 "within the capacity", (unsigned long long)usable_bytes,
			 t->info.lba_bytes);
		return -EINVAL;
	}
	/* The workload confines itself to the span; nothing changes on the device. */
	return 0;
}

static int ur_counters(struct target *t, struct target_counters *c)
{
	*c = to_ur(t)->ctr;
	c->media_known = false;
	return 0;
}

static void add_str(struct json_object *o, const char *k, const char *v)
{
	json_object_object_add(o, k, v && *v ? json_object_new_string(v) : NULL);
}

static void add_u64(struct json_object *o, const char *k, uint64_t v)
{
	json_object_object_add(o, k, json_object_new_uint64(v));
}

/* A sysfs attribute of the disk, "" when absent. */
static void sysfs_attr(const char *disk, const char *attr, char *buf, size_t len)
{
	char path[PATH_MAX];
	FILE *f;
	size_t n;

	buf[0] = '\0';
	snprintf(path, sizeof(path), "/sys/class/block/%s/%s", disk, attr);
	f = fopen(path, "re");
	if (!f)
		return;
	if (!fgets(buf, (int)len, f))
		buf[0] = '\0';
	fclose(f);
	/* Trim the padding SCSI and NVMe put around identity strings. */
	n = strlen(buf);
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' ' || buf[n - 1] == '\0'))
		buf[--n] = '\0';
	n = strspn(buf, " ");
	memmove(buf, buf + n, strlen(buf + n) + 1);
}

static int ur_describe(struct target *t, struct json_object *obj)
{
	struct uring_target *u = to_ur(t);
	char buf[PATH_MAX], reason[TARGET_ERRLEN];

	add_str(obj, "io_engine", "io_uring, O_DIRECT");
	add_str(obj, "registered_file", u->fixed_file ? "yes" : "no");
	if (!u->is_block) {
		add_u64(obj, "filesystem_block_bytes", u->fs_block);
		add_u64(obj, "file_bytes", u->file_size);
		return 0;
	}
	add_str(obj, "kernel_name", u->node);
	if (strcmp(u->node, u->disk) != 0)
		add_str(obj, "disk", u->disk);
	sysfs_attr(u->disk, "queue/rotational", buf, sizeof(buf));
	add_str(obj, "rotational", buf);
	sysfs_attr(u->disk, "queue/physical_block_size", buf, sizeof(buf));
	add_str(obj, "physical_block_bytes", buf);
	sysfs_attr(u->disk, "queue/discard_max_bytes", buf, sizeof(buf));
	add_str(obj, "discard_max_bytes", buf);
	sysfs_attr(u->disk, "loop/backing_file", buf, sizeof(buf));
	if (*buf)
		add_str(obj, "backing_file", buf);
	/* info is harmless, but whether a write would be refused is worth knowing. */
	if (safety_check_in_use(t->info.path, reason, sizeof(reason)) < 0)
		add_str(obj, "in_use", reason);
	else
		json_object_object_add(obj, "in_use", NULL);
	return 0;
}

static void ur_unregister_buffers(struct target *t)
{
	struct uring_target *u = to_ur(t);

	if (!u->nbufs)
		return;
	io_uring_unregister_buffers(&u->ring);
	u->nbufs = 0;
}

/* A request whose buf lies inside one of them uses it as a fixed buffer (see ur_submit). */
static int ur_register_buffers(struct target *t, const struct iovec *iov, unsigned n)
{
	struct uring_target *u = to_ur(t);
	int ret;

	if (n > MAX_BUFS)
		return -EINVAL;
	ur_unregister_buffers(t);
	ret = io_uring_register_buffers(&u->ring, iov, n);
	if (ret < 0)
		return ret;  /* plain buffers still work, a little slower */
	memcpy(u->bufs, iov, n * sizeof(*iov));
	u->nbufs = n;
	return 0;
}

static void ur_close(struct target *t)
{
	struct uring_target *u = to_ur(t);

	if (!u)
		return;
	io_uring_queue_exit(&u->ring);
	if (u->event_fd >= 0)
		close(u->event_fd);
	if (u->fd >= 0)
		close(u->fd);
	free(u->cqes);
	free(u->free_slots);
	free(u->slots);
	free(u);
}

/* A file or block device purges with a full TRIM (ur_purge), whatever auto. */
static int ur_control(struct target *t, int op, void *arg)
{
	(void)t;
	if (op != TARGET_CTL_PURGE_AUTO)
		return -ENOTTY;
	*(const char **)arg = "trim";
	return 0;
}

#define UR_OPS(kind_, caps_) { \
	.name = kind_, .caps = (caps_), .identify = ur_identify, .describe = ur_describe, \
	.purge = ur_purge, .set_op = ur_set_op, .trim = ur_trim, .counters = ur_counters, \
	.submit = ur_submit, .reap = ur_reap, .now_ns = ur_now, .idle = ur_idle, \
	.completion_fd = ur_completion_fd, .register_buffers = ur_register_buffers, \
	.unregister_buffers = ur_unregister_buffers, .control = ur_control, \
	.max_queue_depth = URING_MAX_QD, .close = ur_close, }

#define RW_CAPS (TARGET_CAP_READ | TARGET_CAP_WRITE | TARGET_CAP_TRIM | TARGET_CAP_PURGE | \
		 TARGET_CAP_OP_SPAN | TARGET_CAP_GENERIC)
#define RO_CAPS (TARGET_CAP_READ | TARGET_CAP_OP_SPAN | TARGET_CAP_GENERIC)

/* Read-only opens get tables without the write capabilities, so commands check as usual. */
static const struct target_ops file_ops = UR_OPS("file", RW_CAPS);
static const struct target_ops file_ro_ops = UR_OPS("file", RO_CAPS);
static const struct target_ops block_ops = UR_OPS("block", RW_CAPS | TARGET_CAP_REAL_DEVICE);
static const struct target_ops block_ro_ops = UR_OPS("block", RO_CAPS | TARGET_CAP_REAL_DEVICE);

/* Sizes and names of a block device, from the kernel. */
static int identify_block(struct uring_target *u, char *err, size_t errlen)
{
	struct target_info *info = &u->t.info;
	uint64_t bytes;
	int lbs;
	int ret;

	if (ioctl(u->fd, BLKGETSIZE64, &bytes) < 0 || ioctl(u->fd, BLKSSZGET, &lbs) < 0) {
		ret = -errno;
		snprintf(err, errlen, "'%s': cannot read the device size: %s", info->path,
			 strerror(errno));
		return ret;
	}
	info->lba_bytes = (uint32_t)lbs;
	info->capacity_bytes = bytes - bytes % (uint64_t)lbs;
	ret = safety_block_names(info->path, u->node, sizeof(u->node), u->disk,
				 sizeof(u->disk));
	if (ret < 0) {
		snprintf(err, errlen, "'%s': cannot find the device in /sys: %s", info->path,
			 strerror(-ret));
		return ret;
	}
	sysfs_attr(u->disk, "device/model", info->model, sizeof(info->model));
	/* Where the serial lives differs by driver: NVMe, virtio, SCSI VPD page 0x80. */
	sysfs_attr(u->disk, "device/serial", info->serial, sizeof(info->serial));
	if (!*info->serial)
		sysfs_attr(u->disk, "serial", info->serial, sizeof(info->serial));
	if (!*info->serial) {
		unsigned char vpd[128];
		char path[PATH_MAX];
		FILE *f;
		size_t n;

		snprintf(path, sizeof(path), "/sys/class/block/%s/device/vpd_pg80", u->disk);
		f = fopen(path, "re");
		if (f) {
			n = fread(vpd, 1, sizeof(vpd) - 1, f);
			fclose(f);
			if (n > 4) {
				size_t len = vpd[3] < n - 4 ? vpd[3] : n - 4;
				char *s = (char *)vpd + 4;

				s[len] = '\0';
				while (*s == ' ')
					s++;
				while (len && (s[strlen(s) - 1] == ' '))
					s[strlen(s) - 1] = '\0';
				snprintf(info->serial, sizeof(info->serial), "%s", s);
			}
		}
	}
	sysfs_attr(u->disk, "device/firmware_rev", info->firmware, sizeof(info->firmware));
	if (!*info->firmware)
		sysfs_attr(u->disk, "device/rev", info->firmware, sizeof(info->firmware));
	return 0;
}

/* The O_DIRECT alignment of a file: the filesystem's, when the kernel says. */
static uint32_t file_lba(int fd, const struct stat *sb)
{
#ifdef STATX_DIOALIGN
	struct statx stx;

	if (statx(fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &stx) == 0 &&
	    (stx.stx_mask & STATX_DIOALIGN) && stx.stx_dio_offset_align)
		return stx.stx_dio_offset_align < 512 ? 512 : stx.stx_dio_offset_align;
#endif
	(void)fd;
	/* Unknown: 4096 is accepted by O_DIRECT on every common filesystem. */
	(void)sb;
	return 4096;
}

bool uring_target_path_writable(const char *path)
{
	struct stat sb;
	int fd, ro = 0;

	if (stat(path, &sb) < 0 || (!S_ISREG(sb.st_mode) && !S_ISBLK(sb.st_mode)))
		return false;
	/* What the O_RDWR open would meet: permissions, a read-only filesystem. */
	if (faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) < 0)
		return false;
	if (!S_ISBLK(sb.st_mode))
		return true;
	/* The kernel's read-only flag, asked through a read-only open (udev ignores its close). */
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	if (ioctl(fd, BLKROGET, &ro) < 0)
		ro = 0;
	close(fd);
	return !ro;
}

/* The request slots and the ring, with the file registered; -errno and the reason. */
static int setup_queue(struct uring_target *u, const char *path, char *err, size_t errlen)
{
	struct io_uring_params p = { 0 };
	int ret;

	u->slots = calloc(URING_MAX_QD, sizeof(*u->slots));
	u->free_slots = calloc(URING_MAX_QD, sizeof(*u->free_slots));
	u->cqes = calloc(URING_MAX_QD, sizeof(*u->cqes));
	if (!u->slots || !u->free_slots || !u->cqes) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	for (unsigned i = 0; i < URING_MAX_QD; i++)
		u->free_slots[i] = URING_MAX_QD - 1 - i;
	u->nfree = URING_MAX_QD;

	/*
	 * Cooperative task work: completions are run when we next enter the
	 * kernel (which reap does anyway) instead of interrupting us.
	 * DEFER_TASKRUN was measured slower here: with a wait for one
	 * completion it wakes the thread per completion when the I/O is
	 * punted to io-wq (tmpfs, loop).  Older kernels lack both; retry
	 * without.  No SINGLE_ISSUER: a target is opened (and its safety
	 * gate passed) by the main thread before anything is written, then
	 * driven by a thread of its own when several drives run at once
	 * (qualify), and a single-issuer ring refuses that thread's
	 * io_uring_enter with EEXIST.
	 */
	p.flags = IORING_SETUP_CQSIZE | IORING_SETUP_COOP_TASKRUN;
	p.cq_entries = CQ_ENTRIES;
	ret = io_uring_queue_init_params(SQ_ENTRIES, &u->ring, &p);
	if (ret == -EINVAL) {
		memset(&p, 0, sizeof(p));
		p.flags = IORING_SETUP_CQSIZE;
		p.cq_entries = CQ_ENTRIES;
		ret = io_uring_queue_init_params(SQ_ENTRIES, &u->ring, &p);
	}
	if (ret < 0) {
		snprintf(err, errlen, "'%s': io_uring is unavailable (%s); it needs Linux 5.6+ "
			 "and kernel.io_uring_disabled=0", path, strerror(-ret));
		return ret == -ENOMEM ? ret : -ENOSYS;
	}
	u->fixed_file = io_uring_register_files(&u->ring, &u->fd, 1) == 0;
	return 0;
}

int uring_target_open(const char *path, unsigned flags, struct target **out, char *err,
		      size_t errlen)
{
	struct uring_target *u;
	struct stat sb;
	bool writable = !(flags & TARGET_OPEN_READONLY);
	int ret;

	*out = NULL;
	if (stat(path, &sb) < 0) {
		ret = -errno;
		snprintf(err, errlen, "'%s': %s", path, strerror(errno));
		return ret;
	}
	if (S_ISDIR(sb.st_mode)) {
		snprintf(err, errlen, "'%s' is a directory; give a file, a block device or "
			 "sim:PRESET", path);
		return -EISDIR;
	}
	if (!S_ISREG(sb.st_mode) && !S_ISBLK(sb.st_mode)) {
		snprintf(err, errlen, "'%s' is neither a regular file nor a block device", path);
		return -EINVAL;
	}

	u = calloc(1, sizeof(*u));
	if (!u) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	u->fd = -1;
	u->event_fd = -1;
	u->is_block = S_ISBLK(sb.st_mode);
	snprintf(u->t.info.kind, sizeof(u->t.info.kind), "%s", u->is_block ? "block" : "file");
	snprintf(u->t.info.path, sizeof(u->t.info.path), "%s", path);
	u->t.priv = u;

	if (writable) {
		u->fd = open(path, O_RDWR | O_DIRECT | O_CLOEXEC);
		/* No write permission or a read-only filesystem: a reader's target. */
		if (u->fd < 0 && (errno == EROFS || errno == EACCES || errno == EPERM))
			writable = false;
	}
	if (!writable)
		u->fd = open(path, O_RDONLY | O_DIRECT | O_CLOEXEC);
	/* Read-only by choice: what a write open would have is what the file or device can do. */
	if ((flags & TARGET_OPEN_READONLY) && uring_target_path_writable(path))
		u->t.drive_caps = (u->is_block ? block_ops : file_ops).caps;
	if (u->fd < 0) {
		ret = -errno;
		if (errno == EINVAL)
			snprintf(err, errlen, "'%s': O_DIRECT is not supported here; use a "
				 "filesystem that supports direct I/O (ext4, xfs, tmpfs on "
				 "Linux 6.6+) or a block device", path);
		else
			snprintf(err, errlen, "'%s': %s", path, strerror(errno));
		goto err;
	}
	if (u->is_block) {
		u->t.ops = writable ? &block_ops : &block_ro_ops;
		ret = identify_block(u, err, errlen);
		if (ret < 0)
			goto err;
		/* A read-only block device (blockdev --setro, losetup -r) opens O_RDWR fine. */
		{
			int ro = 0;

			if (writable && ioctl(u->fd, BLKROGET, &ro) == 0 && ro)
				u->t.ops = &block_ro_ops;
		}
	} else {
		u->t.ops = writable ? &file_ops : &file_ro_ops;
		u->t.info.lba_bytes = file_lba(u->fd, &sb);
		u->fs_block = (uint32_t)sb.st_blksize;
		u->file_size = (uint64_t)sb.st_size;
		u->t.info.capacity_bytes = (uint64_t)sb.st_size -
			(uint64_t)sb.st_size % u->t.info.lba_bytes;
	}
	if (u->t.info.capacity_bytes == 0) {
		if (u->is_block)
			snprintf(err, errlen, "'%s' has no capacity (a loop device without a "
				 "backing file?)", path);
		else
			snprintf(err, errlen, "'%s' is smaller than one %u-byte block; give it "
				 "a size first (e.g. truncate -s 1G)", path, u->t.info.lba_bytes);
		ret = -EINVAL;
		goto err;
	}

	ret = setup_queue(u, path, err, errlen);
	if (ret < 0)
		goto err;

	*out = &u->t;
	return 0;

err:
	/* The ring is not set up yet: close by hand. */
	if (u->fd >= 0)
		close(u->fd);
	free(u->cqes);
	free(u->free_slots);
	free(u->slots);
	free(u);
	return ret;
}
