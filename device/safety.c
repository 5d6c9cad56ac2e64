/* SPDX-License-Identifier: MIT */
/*
 * The one safety gate (safety_gate) and its checks.  The in-use checks read
 * only /proc (through libmount's tables) and /sys; the signature check is
 * libblkid's probe.  Devices are compared by
 * dev_t, never by name, because the same disk has many names (/dev/sda,
 * /dev/disk/by-id/..., a symlink the user made).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <blkid.h>
#include <libmount.h>

#include "device/claim.h"
#include "device/safety.h"
#include "util/escape.h"
#include "device/target.h"

/* A whole disk and its partitions, the set a destructive step would touch. */
#define MAX_MEMBERS 256

struct member {
	char name[64];
	dev_t dev;
};

struct members {
	struct member m[MAX_MEMBERS];
	unsigned n;
};

static int read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "re");
	size_t n;

	if (!f)
		return -errno;
	if (!fgets(buf, (int)len, f)) {
		fclose(f);
		buf[0] = '\0';
		return -ENODATA;
	}
	fclose(f);
	n = strcspn(buf, "\n");
	buf[n] = '\0';
	return 0;
}

static int read_dev_file(const char *path, dev_t *dev)
{
	char buf[32];
	unsigned ma, mi;
	int ret = read_line(path, buf, sizeof(buf));

	if (ret < 0)
		return ret;
	if (sscanf(buf, "%u:%u", &ma, &mi) != 2)
		return -EINVAL;
	*dev = makedev(ma, mi);
	return 0;
}

static const char *base_name(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

int safety_block_names(const char *path, char *node, size_t nodelen, char *disk,
		       size_t disklen)
{
	char link[64], real[PATH_MAX], part[PATH_MAX + 16];
	struct stat sb;
	char *slash;

	if (stat(path, &sb) < 0)
		return -errno;
	if (!S_ISBLK(sb.st_mode))
		return -ENOTBLK;
	snprintf(link, sizeof(link), "/sys/dev/block/%u:%u", major(sb.st_rdev),
		 minor(sb.st_rdev));
	if (!realpath(link, real))
		return -errno;
	snprintf(node, nodelen, "%s", base_name(real));
	snprintf(part, sizeof(part), "%s/partition", real);
	if (access(part, F_OK) == 0) {
		/* .../block/sda/sda1: the parent directory is the disk. */
		slash = strrchr(real, '/');
		if (slash)
			*slash = '\0';
		snprintf(disk, disklen, "%s", base_name(real));
	} else {
		snprintf(disk, disklen, "%s", node);
	}
	return 0;
}

static void add_member(struct members *ms, const char *name)
{
	char path[PATH_MAX];
	struct member *m;

	if (ms->n == MAX_MEMBERS)
		return;
	m = &ms->m[ms->n];
	snprintf(m->name, sizeof(m->name), "%.63s", name);
	snprintf(path, sizeof(path), "/sys/class/block/%s/dev", name);
	if (read_dev_file(path, &m->dev) == 0)
		ms->n++;
}

/* The node itself and, for a whole disk, each of its partitions. */
static int collect_members(const char *path, struct members *ms)
{
	char node[64], disk[64], dir[128], part[PATH_MAX];
	struct dirent *de;
	DIR *d;
	int ret;

	ms->n = 0;
	ret = safety_block_names(path, node, sizeof(node), disk, sizeof(disk));
	if (ret < 0)
		return ret;
	add_member(ms, node);
	if (strcmp(node, disk) != 0)
		return 0;
	snprintf(dir, sizeof(dir), "/sys/class/block/%s", node);
	d = opendir(dir);
	if (!d)
		return 0;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(part, sizeof(part), "%s/%s/partition", dir, de->d_name);
		if (access(part, F_OK) == 0)
			add_member(ms, de->d_name);
	}
	closedir(d);
	return 0;
}

static const struct member *find_dev(const struct members *ms, dev_t dev)
{
	for (unsigned i = 0; i < ms->n; i++)
		if (ms->m[i].dev == dev)
			return &ms->m[i];
	return NULL;
}

/* Whether dev, or a device it is built on (dm, md: its slaves), is a member. */
static const struct member *built_on(const struct members *ms, dev_t dev, int depth)
{
	const struct member *m = find_dev(ms, dev);
	char dir[96], path[PATH_MAX];
	struct dirent *de;
	DIR *d;

	if (m || depth > 8)
		return m;
	snprintf(dir, sizeof(dir), "/sys/dev/block/%u:%u/slaves", major(dev), minor(dev));
	d = opendir(dir);
	if (!d)
		return NULL;
	while (!m && (de = readdir(d))) {
		dev_t sdev;

		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/sys/class/block/%s/dev", de->d_name);
		if (read_dev_file(path, &sdev) == 0)
			m = built_on(ms, sdev, depth + 1);
	}
	closedir(d);
	return m;
}

unsigned safety_file_loops(const struct stat *sb, char (*names)[32], unsigned max)
{
	char file[PATH_MAX];
	struct dirent *de;
	unsigned n = 0;
	struct stat b;
	DIR *d;

	if (!S_ISREG(sb->st_mode) || !(d = opendir("/sys/block")))
		return 0;
	while (n < max && (de = readdir(d))) {
		if (strncmp(de->d_name, "loop", 4) || strlen(de->d_name) >= 32)
			continue;
		if (safety_loop_backing(de->d_name, &b, file, sizeof(file)) == 0 && b.st_dev == sb->st_dev && b.st_ino == sb->st_ino)
			snprintf(names[n++], 32, "%.31s", de->d_name);
	}
	closedir(d);
	return n;
}

int safety_loop_backing(const char *node, struct stat *sb, char *file, size_t len)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "/sys/block/%s/loop/backing_file", node);
	/* The name is only where to look: what it names now is compared by device and inode. */
	if (read_line(path, file, len) < 0 || !file[0] || stat(file, sb) < 0 || !S_ISREG(sb->st_mode))
		return -ENOENT;
	return 0;
}

static int check_root(const struct members *ms, char *reason, size_t len)
{
	struct stat sb;
	const struct member *m;

	if (stat("/", &sb) < 0)
		return 0;
	m = built_on(ms, sb.st_dev, 0);
	if (m) {
		snprintf(reason, len, "%s holds the root filesystem", m->name);
		return -EBUSY;
	}
	return 0;
}

/*
 * Each filesystem of a libmount table (its mountinfo, its swaps) that is
 * on a member, or on a device built on one: by its device number, and by
 * its source, since btrfs shows an anonymous device number.  what names
 * it (its mount point, or "swap").  -EBUSY with the reason, 0 for none.
 */
static int table_on_member(const struct members *ms, struct libmnt_table *tb, bool swap, char *reason, size_t len)
{
	struct libmnt_iter *it = mnt_new_iter(MNT_ITER_FORWARD);
	struct libmnt_fs *fs;
	int ret = 0;

	if (!it)
		return -ENOMEM;
	while (ret == 0 && mnt_table_next_fs(tb, it, &fs) == 0) {
		const char *src = mnt_fs_get_srcpath(fs), *mnt = mnt_fs_get_target(fs);
		const struct member *m = swap ? NULL : built_on(ms, mnt_fs_get_devno(fs), 0);
		struct stat sb;

		if (!m && src && src[0] == '/' && stat(src, &sb) == 0 && S_ISBLK(sb.st_mode))
			m = built_on(ms, sb.st_rdev, 0);
		if (!m)
			continue;   /* a swap file: the mount check covers the filesystem that holds it */
		if (swap)
			snprintf(reason, len, "%s is in use as swap", m->name);
		else if (mnt && !strcmp(mnt, "/"))
			snprintf(reason, len, "%s holds the root filesystem", m->name);
		else
			snprintf(reason, len, "%s is mounted at %s", m->name, mnt ? mnt : "?");
		ret = -EBUSY;
	}
	mnt_free_iter(it);
	return ret;
}

/*
 * The mounts of this process's namespace (/proc/self/mountinfo), or with
 * swap the active swap (/proc/swaps; a kernel without swap has none), read
 * by libmount.
 */
static int check_table(const struct members *ms, bool swap, char *reason, size_t len)
{
	struct libmnt_table *tb;
	int ret;

	if (swap && access("/proc/swaps", R_OK) < 0)
		return 0;
	if (!(tb = mnt_new_table()))
		return -ENOMEM;
	ret = swap ? mnt_table_parse_swaps(tb, NULL) : mnt_table_parse_file(tb, "/proc/self/mountinfo");
	if (ret == 0)
		ret = table_on_member(ms, tb, swap, reason, len);
	else if (ret > 0)
		ret = -EINVAL;
	mnt_unref_table(tb);
	return ret;
}

static int check_holders(const struct members *ms, char *reason, size_t len)
{
	char dir[PATH_MAX];

	for (unsigned i = 0; i < ms->n; i++) {
		struct dirent *de;
		DIR *d;

		snprintf(dir, sizeof(dir), "/sys/class/block/%s/holders", ms->m[i].name);
		d = opendir(dir);
		if (!d)
			continue;
		while ((de = readdir(d))) {
			if (de->d_name[0] == '.')
				continue;
			snprintf(reason, len, "%s is in use by %s (md, device-mapper or LVM)",
				 ms->m[i].name, de->d_name);
			closedir(d);
			return -EBUSY;
		}
		closedir(d);
	}
	return 0;
}

int safety_check_in_use(const char *path, char *reason, size_t len)
{
	struct members *ms = calloc(1, sizeof(*ms));
	int ret;

	if (!ms) {
		snprintf(reason, len, "out of memory");
		return -ENOMEM;
	}
	ret = collect_members(path, ms);
	if (ret < 0) {
		snprintf(reason, len, "'%s': cannot identify the block device: %s", path,
			 strerror(-ret));
		goto out;
	}
	ret = check_root(ms, reason, len);
	if (ret == 0)
		ret = check_table(ms, false, reason, len);
	if (ret == 0)
		ret = check_holders(ms, reason, len);
	if (ret == 0)
		ret = check_table(ms, true, reason, len);
	if (ret < 0 && ret != -EBUSY)
		snprintf(reason, len, "'%s': cannot check whether it is in use: %s", path,
			 strerror(-ret));
out:
	free(ms);
	return ret;
}

int safety_signature(const char *path, char *what, size_t len)
{
	blkid_probe pr = blkid_new_probe_from_filename(path);
	const char *type = NULL, *pttype = NULL;
	int ret;

	if (!pr)
		return -errno ? -errno : -EIO;
	blkid_probe_enable_partitions(pr, 1);
	blkid_probe_set_partitions_flags(pr, BLKID_PARTS_ENTRY_DETAILS);
	blkid_probe_enable_superblocks(pr, 1);
	blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_TYPE | BLKID_SUBLKS_LABEL);
	ret = blkid_do_safeprobe(pr);
	if (ret == 0) {
		blkid_probe_lookup_value(pr, "TYPE", &type, NULL);
		blkid_probe_lookup_value(pr, "PTTYPE", &pttype, NULL);
		if (pttype)
			snprintf(what, len, "a %s partition table", pttype);
		else
			snprintf(what, len, "%s %s signature", type && strchr("aeiou", type[0]) ? "an" : "a",
				 type ? type : "filesystem");
		ret = 1;
	} else if (ret == -2) {
		snprintf(what, len, "several conflicting signatures");
		ret = 1;
	} else if (ret == 1) {
		ret = 0;
	} else {
		ret = -EIO;
	}
	blkid_free_probe(pr);
	return ret;
}

/*
 * What a regular file at path stands for: the loop devices over it into
 * loops (how many into *nloops) and its signature into what (when found,
 * 1).  0 for anything but a regular file.
 */
static int file_stands_for(const char *path, char (*loops)[32], unsigned *nloops, char *what, size_t len)
{
	struct stat sb;

	*nloops = 0;
	if (stat(path, &sb) < 0 || !S_ISREG(sb.st_mode))
		return 0;
	*nloops = safety_file_loops(&sb, loops, SAFETY_MAX_LOOPS);
	/* A probe that fails (-errno) finds no signature. */
	return safety_signature(path, what, len) > 0;
}

const char *safety_confirm_name(const struct target *t, char *buf, size_t len)
{
	char node[64] = "", disk[64] = "", loops[SAFETY_MAX_LOOPS][32], what[128];
	unsigned nloops;

	if (!target_has(t, TARGET_CAP_REAL_DEVICE)) {
		/* A file that is a drive's image (a loop device's, a filesystem's) is confirmed as that. */
		if (target_has(t, TARGET_CAP_SIMULATED) || target_has(t, TARGET_CAP_GROUP) ||
		    (!file_stands_for(t->info.path, loops, &nloops, what, sizeof(what)) && !nloops))
			return NULL;
		snprintf(buf, len, "%s", nloops ? loops[0] : base_name(t->info.path));
		return buf;
	}
	if (*t->info.serial) {
		snprintf(buf, len, "%s", t->info.serial);
		return buf;
	}
	if (safety_block_names(t->info.path, node, sizeof(node), disk, sizeof(disk)) < 0)
		snprintf(node, sizeof(node), "%.63s", base_name(t->info.path));
	snprintf(buf, len, "%s", node);
	return buf;
}

int safety_confirm(const struct target *t, const char *yes, char *reason, size_t len)
{
	char node[64] = "", disk[64] = "";
	const char *serial = t->info.serial;
	const char *what = "serial";
	ESCAPE_BUF(q);

	if (!*serial) {
		/* No serial: the kernel name identifies the device until the next reboot. */
		if (safety_block_names(t->info.path, node, sizeof(node), disk, sizeof(disk)) < 0)
			snprintf(node, sizeof(node), "%.63s", base_name(t->info.path));
		if (yes && (strcmp(yes, node) == 0 || strcmp(yes, disk) == 0))
			return 0;
		serial = node;
		what = "kernel name; it reports no serial";
	} else if (yes && strcmp(yes, serial) == 0) {
		return 0;
	}
	if (yes && strchr(yes, '/'))
		/* A path is what the user typed already; the confirmation is a second, different name. */
		snprintf(reason, len, "--yes takes the %s, not a path: confirm '%s' with --yes %s; nothing written",
			 *t->info.serial ? "drive's serial" : "kernel name", t->info.path, serial);
	else if (yes)
		snprintf(reason, len, "--yes '%s' does not match '%s' (%s: %s); nothing written",
			 escape_arg(q, sizeof(q), yes), t->info.path, what, serial);
	else
		snprintf(reason, len, "writing to '%s' destroys its data; confirm with --yes %s "
			 "(its %s)", t->info.path, serial, what);
	return -EPERM;
}

/*
 * The entry of a comma-separated --yes list that confirms member m (into
 * buf), or the whole list when none does, so the member's own refusal says
 * what to add.
 */
static const char *yes_for_member(const struct target *m, const char *yes, char *buf, size_t len)
{
	char reason[TARGET_ERRLEN];

	for (const char *p = yes; p && *p;) {
		size_t n = strcspn(p, ",");

		snprintf(buf, len, "%.*s", (int)n, p);
		if (safety_confirm(m, buf, reason, sizeof(reason)) == 0)
			return buf;
		p += n + (p[n] == ',');
	}
	return yes;
}

/* One drive: in use, a signature, then the confirmation. */
static int gate_one(const struct target *t, const struct safety_request *rq, char *reason, size_t len)
{
	char why[TARGET_ERRLEN], what[128];
	int ret;

	ret = safety_check_in_use(t->info.path, why, sizeof(why));
	if (ret < 0 && !(ret == -EBUSY && rq->force && rq->yes)) {
		if (ret == -EBUSY)
			snprintf(reason, len, "refusing '%s': %s (--force --yes SERIAL overrides); nothing written",
				 t->info.path, why);
		else
			snprintf(reason, len, "refusing '%s': %s", t->info.path, why);
		return ret;
	}
	/* A probe that fails (-errno) finds no signature: the in-use checks above still stood. */
	if (safety_signature(t->info.path, what, sizeof(what)) > 0 && !(rq->force && rq->yes)) {
		snprintf(reason, len, "refusing '%s': it holds %s (wipe it first, or --force --yes SERIAL); "
			 "nothing written", t->info.path, what);
		return -EBUSY;
	}
	ret = safety_confirm(t, rq->yes, why, sizeof(why));
	if (ret < 0 && rq->dry_run) {
		/* Nothing is sent, so no confirmation is needed; say what the real run will need. */
		if (rq->note)
			rq->note(why, rq->note_arg);
		return 0;
	}
	if (ret < 0)
		snprintf(reason, len, "%s", why);
	return ret;
}

/*
 * A regular file: when it backs a loop device or holds a signature, the
 * rules of the storage it stands for.  A loop device over it must not be in
 * use, a signature refuses, each unless force and yes; yes must name the
 * loop device (its kernel name), or the file when no loop device is over it.
 */
static int gate_file(const struct target *t, const struct safety_request *rq, char *reason, size_t len)
{
	char loops[SAFETY_MAX_LOOPS][32], what[128], dev[48];
	const char *name = base_name(t->info.path);
	bool overridden = rq->force && rq->yes;
	unsigned nloops;
	int sig, ret;
	ESCAPE_BUF(q);
	char why[sizeof(q) + 512];

	sig = file_stands_for(t->info.path, loops, &nloops, what, sizeof(what));
	if (!sig && !nloops)
		return 0;
	escape_arg(q, sizeof(q), t->info.path);
	for (unsigned i = 0; i < nloops; i++) {
		snprintf(dev, sizeof(dev), "/dev/%.31s", loops[i]);   /* a kernel name: loops[] holds 31 */
		ret = safety_check_in_use(dev, why, sizeof(why));
		if (ret == -EBUSY && !overridden) {
			snprintf(reason, len, "refusing '%s': it backs %s, and %s (--force --yes %s overrides); "
				 "nothing written", q, dev, why, loops[i]);
			return ret;
		}
	}
	if (sig && !overridden) {
		snprintf(reason, len, "refusing '%s': it holds %s%s%s (wipe it first, or --force --yes %s); "
			 "nothing written", q, what, nloops ? " and backs /dev/" : "", nloops ? loops[0] : "",
			 nloops ? loops[0] : name);
		return -EBUSY;
	}
	if (nloops)
		name = loops[0];
	for (unsigned i = 0; i < nloops && rq->yes; i++)
		if (!strcmp(rq->yes, loops[i]))
			return 0;
	if (rq->yes && !strcmp(rq->yes, name))
		return 0;
	if (nloops)
		snprintf(why, sizeof(why), "writing to '%s' destroys the data of /dev/%.31s it backs; confirm with "
			 "--yes %.31s", q, name, name);
	else
		snprintf(why, sizeof(why), "writing to '%s' destroys %s; confirm with --yes %s", q, what, name);
	if (rq->dry_run) {
		if (rq->note)
			rq->note(why, rq->note_arg);
		return 0;
	}
	snprintf(reason, len, "%s", why);
	return -EPERM;
}

int safety_gate(struct target *t, const struct safety_request *rq, char *reason, size_t len)
{
	int ret;

	reason[0] = '\0';
	if (target_has(t, TARGET_CAP_GROUP)) {
		/* Every member is a drive of its own: each is checked, confirmed (--yes S1,S2,...) and claimed. */
		for (unsigned i = 0; i < target_members(t); i++) {
			struct target *m = target_member(t, i);
			struct safety_request one = *rq;
			char buf[TARGET_ERRLEN];

			one.yes = yes_for_member(m, rq->yes, buf, sizeof(buf));
			if ((ret = safety_gate(m, &one, reason, len)) < 0)
				return ret;
		}
		return 0;
	}
	if (target_has(t, TARGET_CAP_SIMULATED))
		return 0;
	/* Before anything else: nothing a read-only drive is asked may be sent or recorded. */
	if ((ret = device_check_writable(t->info.path, reason, len)) < 0)
		return ret;
	if (target_has(t, TARGET_CAP_REAL_DEVICE) && (ret = gate_one(t, rq, reason, len)) < 0)
		return ret;
	if (!target_has(t, TARGET_CAP_REAL_DEVICE) && (ret = gate_file(t, rq, reason, len)) < 0)
		return ret;
	if (!rq->cmd || rq->dry_run)
		return 0;
	return device_claim(t, rq->cmd, rq->force, reason, len);
}
