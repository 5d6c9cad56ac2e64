/* SPDX-License-Identifier: MIT */
/*
 * The exclusive claim of a drive or a file (claim.h).  Every lock here is
 * one the kernel drops with the process (O_EXCL, flock), never a pid file
 * that a crash would leave behind: the lock file's text only names the
 * holder, its flock is what excludes.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include <linux/fs.h>

#include "device/claim.h"
#include "device/op_journal.h"
#include "device/safety.h"
#include "device/target.h"
#include "util/escape.h"

/*
 * A piece of storage has one identity whatever its name: a loop device and
 * the file behind it are claimed together, so a writer of either excludes
 * a writer of the other, or of a second loop device over the same file.
 */
#define CLAIM_MAX (1 + SAFETY_MAX_LOOPS)

struct device_claim {
	int kernel_fd[CLAIM_MAX];       /* block devices opened O_EXCL, regular files flock()ed */
	unsigned nkernel;
	int lock_fd[CLAIM_MAX];         /* the lock files, flock()ed */
	char lock_path[CLAIM_MAX][PATH_MAX];
	unsigned nlock;
};

/* How long a holder's text may be, and how much of its command a refusal shows. */
#define HOLDER_MAX 1024
#define COMMAND_SHOWN 160

void device_claim_release(struct device_claim *c)
{
	if (!c)
		return;
	for (unsigned i = 0; i < c->nkernel; i++)
		close(c->kernel_fd[i]);
	for (unsigned i = 0; i < c->nlock; i++) {
		/* Unlinked while still locked, so whoever opened it meanwhile sees it gone (take_lock_file). */
		unlink(c->lock_path[i]);
		close(c->lock_fd[i]);
	}
	free(c);
}

bool device_same(const char *a, const char *b)
{
	struct stat x, y;

	if (stat(a, &x) || stat(b, &y))
		return false;
	if (S_ISBLK(x.st_mode) && S_ISBLK(y.st_mode))
		return x.st_rdev == y.st_rdev;
	return S_ISREG(x.st_mode) && S_ISREG(y.st_mode) && x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

/* The lock file's name: the kernel name of a block device, else the device numbers or the inode. */
static void lock_key(const char *path, const struct stat *sb, char *key, size_t len)
{
	char node[64], disk[64];

	if (S_ISBLK(sb->st_mode) && safety_block_names(path, node, sizeof(node), disk, sizeof(disk)) == 0)
		snprintf(key, len, "%s", node);
	else if (S_ISBLK(sb->st_mode) || S_ISCHR(sb->st_mode))
		snprintf(key, len, "%s-%u-%u", S_ISBLK(sb->st_mode) ? "block" : "char", major(sb->st_rdev),
			 minor(sb->st_rdev));
	else
		snprintf(key, len, "file-%llx-%llu", (unsigned long long)sb->st_dev,
			 (unsigned long long)sb->st_ino);
}

/* This process's command line, arguments joined by spaces; "ssdprof CMD" when /proc cannot tell. */
static void own_command(const char *cmd, char *buf, size_t len)
{
	int fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, len - 1);

	if (fd >= 0)
		close(fd);
	if (n <= 0) {
		snprintf(buf, len, "ssdprof %s", cmd ? cmd : "");
		return;
	}
	buf[n] = '\0';
	while (n > 0 && buf[n - 1] == '\0')
		n--;
	for (ssize_t i = 0; i < n; i++)
		if (buf[i] == '\0' || buf[i] == '\n')
			buf[i] = ' ';
	buf[n] = '\0';
}

static void write_holder(int fd, const char *cmd)
{
	char command[HOLDER_MAX - 64], text[HOLDER_MAX], since[32];
	time_t now = time(NULL);
	struct tm tm;
	int n;

	own_command(cmd, command, sizeof(command));
	strftime(since, sizeof(since), "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&now, &tm));
	n = snprintf(text, sizeof(text), "pid %ld\nsince %s\ncommand %s\n", (long)getpid(), since, command);
	if (n >= (int)sizeof(text))
		n = (int)sizeof(text) - 1;
	/* Best effort: the flock, not the text, is the claim. */
	if (ftruncate(fd, 0) == 0 && pwrite(fd, text, (size_t)n, 0) == n)
		fsync(fd);
}

/* Value of "key value" line in text into buf ("" when absent). */
static void holder_field(const char *text, const char *key, char *buf, size_t len)
{
	size_t k = strlen(key);

	buf[0] = '\0';
	for (const char *p = text; *p; p += strcspn(p, "\n"), p += *p == '\n') {
		if (!strncmp(p, key, k) && p[k] == ' ') {
			snprintf(buf, len, "%.*s", (int)strcspn(p + k + 1, "\n"), p + k + 1);
			return;
		}
	}
}

/* "pid 1234, 'ssdprof run ...', since 2026-01-01T00:00:00Z", escaped, from the holder's lock file. */
static void describe_holder(int fd, char *buf, size_t len)
{
	char text[HOLDER_MAX + 1], pid[32], since[40], command[HOLDER_MAX], shown[COMMAND_SHOWN * 4 + 8];
	ssize_t n = pread(fd, text, HOLDER_MAX, 0);

	text[n > 0 ? n : 0] = '\0';
	holder_field(text, "pid", pid, sizeof(pid));
	holder_field(text, "since", since, sizeof(since));
	holder_field(text, "command", command, sizeof(command));
	if (!pid[0]) {
		snprintf(buf, len, "it has not said who it is yet");
		return;
	}
	escape_bytes(shown, sizeof(shown), command, strnlen(command, COMMAND_SHOWN));
	snprintf(buf, len, "pid %ld, '%s'%s, since %.32s", strtol(pid, NULL, 10), shown,
		 strlen(command) > COMMAND_SHOWN ? "..." : "", since);
}

/*
 * The lock file for key, flock()ed into c.  0; 1 when the state folder
 * cannot hold one (not writable: the kernel's locks still stand); -EBUSY
 * naming the holder; other -errno.
 */
static int take_lock_file(struct device_claim *c, const char *key, const char *what, const char *cmd,
			  char *reason, size_t len)
{
	char dir[PATH_MAX - 80], who[HOLDER_MAX + 64], *lock_path;
	struct stat a, b;
	int fd, ret;

	op_journal_dir(dir, sizeof(dir));
	ret = op_journal_make_dir();
	if (ret == -EACCES || ret == -EPERM || ret == -EROFS)
		return 1;
	if (ret < 0) {
		snprintf(reason, len, "cannot claim %s: the state folder '%s': %s", what, dir, strerror(-ret));
		return ret;
	}
	lock_path = c->lock_path[c->nlock];
	if (snprintf(lock_path, PATH_MAX, "%s/lock-%s", dir, key) >= PATH_MAX) {
		snprintf(reason, len, "cannot claim %s: the state folder's path is too long; set SSDPROF_STATE "
			 "to a shorter one", what);
		return -ENAMETOOLONG;
	}
	for (int tries = 0; tries < 16; tries++) {
		fd = open(lock_path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
		if (fd < 0) {
			ret = -errno;
			if (ret == -EACCES || ret == -EPERM || ret == -EROFS)
				return 1;
			snprintf(reason, len, "cannot claim %s: '%s': %s", what, lock_path, strerror(-ret));
			return ret;
		}
		if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
			ret = -errno;
			if (ret == -EWOULDBLOCK) {
				describe_holder(fd, who, sizeof(who));
				snprintf(reason, len, "refusing %s: another ssdprof is writing to it (%s); nothing written",
					 what, who);
				ret = -EBUSY;
			} else {
				snprintf(reason, len, "cannot claim %s: locking '%s': %s", what, lock_path,
					 strerror(-ret));
			}
			close(fd);
			return ret;
		}
		/* A holder unlinks its file as it lets go: the lock counts only on the file the path names now. */
		if (fstat(fd, &a) == 0 && stat(lock_path, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino) {
			c->lock_fd[c->nlock++] = fd;
			write_holder(fd, cmd);
			return 0;
		}
		close(fd);
	}
	snprintf(reason, len, "cannot claim %s: '%s' keeps changing", what, lock_path);
	return -EAGAIN;
}

/* The kernel's own exclusion: O_EXCL on a block device, flock on a regular file. */
static int take_kernel_lock(struct device_claim *c, const char *path, const struct stat *sb, const char *what,
			    bool first, bool force, char *reason, size_t len)
{
	int fd, ret;

	if (S_ISBLK(sb->st_mode)) {
		/* Read-only: closing it then causes no udev re-scan. */
		fd = open(path, O_RDONLY | O_EXCL | O_CLOEXEC);
		if (fd < 0 && errno == EBUSY && force)
			return 0;  /* mounted or held: --force --yes already let the gate pass it */
		if (fd < 0 && errno == EBUSY) {
			/* The target itself is "it"; the loop device over a file is named. */
			snprintf(reason, len, "refusing %s: another program holds %s exclusively (a mount, md, "
				 "device-mapper, or another writer); nothing written", what, first ? "it" : path);
			return -EBUSY;
		}
	} else if (S_ISREG(sb->st_mode)) {
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) < 0 && errno == EWOULDBLOCK) {
			close(fd);
			snprintf(reason, len, "refusing %s: another ssdprof is writing to it; nothing written", what);
			return -EBUSY;
		}
	} else {
		return 0;
	}
	if (fd < 0) {
		ret = -errno;
		snprintf(reason, len, "cannot claim %s: %s", what, strerror(-ret));
		return ret;
	}
	c->kernel_fd[c->nkernel++] = fd;
	return 0;
}

/*
 * What else is the storage at path, with sb its stat(): the loop devices
 * over a regular file, the backing file of a loop device; each as a path
 * and its stat() into also.  How many.
 */
static unsigned same_storage(const char *path, const struct stat *sb, char (*also)[PATH_MAX], struct stat *asb)
{
	char loops[SAFETY_MAX_LOOPS][32], node[64], disk[64];
	unsigned n = 0, k;

	if (S_ISREG(sb->st_mode)) {
		k = safety_file_loops(sb, loops, SAFETY_MAX_LOOPS);
		for (unsigned i = 0; i < k; i++) {
			snprintf(also[n], PATH_MAX, "/dev/%s", loops[i]);
			if (stat(also[n], &asb[n]) == 0 && S_ISBLK(asb[n].st_mode))
				n++;
		}
	} else if (S_ISBLK(sb->st_mode) && safety_block_names(path, node, sizeof(node), disk, sizeof(disk)) == 0 &&
		   safety_loop_backing(node, &asb[0], also[0], PATH_MAX) == 0) {
		n = 1;
	}
	return n;
}

int device_claim(struct target *t, const char *cmd, bool force, char *reason, size_t len)
{
	ESCAPE_BUF(q);
	char key[96], what[sizeof(q) + 2], (*paths)[PATH_MAX] = NULL;
	struct stat sb, sbs[CLAIM_MAX];
	struct device_claim *c;
	unsigned n;
	int ret;

	if (t->claim || target_has(t, TARGET_CAP_SIMULATED))
		return 0;
	if (target_has(t, TARGET_CAP_GROUP)) {
		for (unsigned i = 0; i < target_members(t); i++)
			if ((ret = device_claim(target_member(t, i), cmd, force, reason, len)) < 0)
				return ret;
		return 0;
	}
	/* Only what has a path can be claimed; what has none is the opener's to refuse. */
	if (stat(t->info.path, &sb) < 0 || !(S_ISBLK(sb.st_mode) || S_ISREG(sb.st_mode) || S_ISCHR(sb.st_mode)))
		return 0;
	c = calloc(1, sizeof(*c));
	paths = calloc(CLAIM_MAX, sizeof(*paths));
	if (!c || !paths) {
		free(c);
		free(paths);
		snprintf(reason, len, "out of memory");
		return -ENOMEM;
	}
	snprintf(what, sizeof(what), "'%s'", escape_arg(q, sizeof(q), t->info.path));
	snprintf(paths[0], PATH_MAX, "%s", t->info.path);
	sbs[0] = sb;
	/* The storage under every name it has: the loop devices over a file, the file behind a loop device. */
	n = 1 + same_storage(t->info.path, &sb, paths + 1, sbs + 1);
	ret = 0;
	for (unsigned i = 0; i < n && ret >= 0; i++) {
		lock_key(paths[i], &sbs[i], key, sizeof(key));
		ret = take_lock_file(c, key, what, cmd, reason, len);
	}
	for (unsigned i = 0; i < n && ret >= 0; i++)
		ret = take_kernel_lock(c, paths[i], &sbs[i], what, i == 0, force, reason, len);
	free(paths);
	if (ret < 0) {
		device_claim_release(c);
		return ret;
	}
	t->claim = c;
	return 0;
}

int device_check_writable(const char *path, char *reason, size_t len)
{
	ESCAPE_BUF(q);
	struct stat sb;
	int fd, ro = 0;

	if (stat(path, &sb) < 0)
		return 0;
	if (S_ISBLK(sb.st_mode)) {
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return 0;
		if (ioctl(fd, BLKROGET, &ro) < 0)
			ro = 0;
		close(fd);
		if (ro) {
			snprintf(reason, len, "refusing '%s': the kernel marks the device read-only (BLKROGET); "
				 "nothing written", escape_arg(q, sizeof(q), path));
			return -EROFS;
		}
	} else if (S_ISREG(sb.st_mode) && access(path, W_OK) < 0) {
		snprintf(reason, len, "refusing '%s': the file cannot be written (%s); nothing written",
			 escape_arg(q, sizeof(q), path), strerror(errno));
		return -EROFS;
	} else if (S_ISREG(sb.st_mode) && !(sb.st_mode & 0222)) {
		/* Root may write anyway; a file nobody may write is a refusal its owner meant. */
		snprintf(reason, len, "refusing '%s': its mode (%04o) lets nobody write it; chmod u+w it "
			 "to profile it; nothing written", escape_arg(q, sizeof(q), path),
			 (unsigned)(sb.st_mode & 07777));
		return -EROFS;
	}
	return 0;
}
