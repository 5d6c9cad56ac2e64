/* SPDX-License-Identifier: MIT */
/*
 * The in-use checks read only /proc and /sys.  Devices are compared by
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

#include "device/safety.h"
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
 * mountinfo: "36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw".
 * Field 3 is the device; btrfs shows an anonymous one, so the mount source
 * after " - " is checked too.
 */
static int check_mounts(const struct members *ms, char *reason, size_t len)
{
	FILE *f = fopen("/proc/self/mountinfo", "re");
	char *line = NULL;
	size_t cap = 0;
	int ret = 0;

	if (!f)
		return -errno;
	while (ret == 0 && getline(&line, &cap, f) > 0) {
		unsigned ma, mi;
		char mnt[PATH_MAX], src[PATH_MAX];
		const struct member *m = NULL;
		char *sep = strstr(line, " - ");
		struct stat sb;

		if (sscanf(line, "%*u %*u %u:%u %*s %4095s", &ma, &mi, mnt) != 3)
			continue;
		m = built_on(ms, makedev(ma, mi), 0);
		if (!m && sep && sscanf(sep + 3, "%*s %4095s", src) == 1 && src[0] == '/' &&
		    stat(src, &sb) == 0 && S_ISBLK(sb.st_mode))
			m = built_on(ms, sb.st_rdev, 0);
		if (m) {
			if (strcmp(mnt, "/") == 0)
				snprintf(reason, len, "%s holds the root filesystem", m->name);
			else
				snprintf(reason, len, "%s is mounted at %s", m->name, mnt);
			ret = -EBUSY;
		}
	}
	free(line);
	fclose(f);
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

static int check_swap(const struct members *ms, char *reason, size_t len)
{
	FILE *f = fopen("/proc/swaps", "re");
	char line[PATH_MAX + 64], path[PATH_MAX];
	int ret = 0;

	if (!f)
		return 0;  /* no swap support at all */
	while (ret == 0 && fgets(line, sizeof(line), f)) {
		const struct member *m;
		struct stat sb;

		if (sscanf(line, "%4095s", path) != 1 || path[0] != '/')
			continue;
		if (stat(path, &sb) < 0 || !S_ISBLK(sb.st_mode))
			continue;  /* swap files are covered by the mount check */
		m = built_on(ms, sb.st_rdev, 0);
		if (m) {
			snprintf(reason, len, "%s is in use as swap", m->name);
			ret = -EBUSY;
		}
	}
	fclose(f);
	return ret;
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
		ret = check_mounts(ms, reason, len);
	if (ret == 0)
		ret = check_holders(ms, reason, len);
	if (ret == 0)
		ret = check_swap(ms, reason, len);
	if (ret < 0 && ret != -EBUSY)
		snprintf(reason, len, "'%s': cannot check whether it is in use: %s", path,
			 strerror(-ret));
out:
	free(ms);
	return ret;
}

/*
 * Signatures of partition tables, filesystems and volume managers at fixed
 * offsets: the common ones libblkid knows, enough to tell a disk that holds
 * something from a blank or scratch one.  Each needs several bytes to match,
 * so data a benchmark wrote (random) does not look like one.
 */
struct signature {
	const char *name;
	uint32_t offset;
	uint8_t len;
	const char *magic;
};

static const struct signature signatures[] = {
	{ "a GPT partition table", 512, 8, "EFI PART" },
	{ "a GPT partition table", 4096, 8, "EFI PART" },   /* 4Kn drives */
	{ "an XFS filesystem", 0, 4, "XFSB" },
	{ "a btrfs filesystem", 65600, 8, "_BHRfS_M" },
	{ "an LVM physical volume", 536, 8, "LVM2 001" },
	{ "a LUKS volume", 0, 6, "LUKS\xba\xbe" },
	{ "a LUKS2 volume", 0, 6, "SKUL\xba\xbe" },
	{ "an md RAID member", 4096, 4, "\xfc\x4e\x2b\xa9" },  /* 1.2 superblock */
	{ "an md RAID member", 0, 4, "\xfc\x4e\x2b\xa9" },     /* 1.1 */
	{ "swap space", 4086, 10, "SWAPSPACE2" },
	{ "an NTFS filesystem", 3, 8, "NTFS    " },
	{ "a FAT filesystem", 82, 5, "FAT32" },
	{ "a FAT filesystem", 54, 5, "FAT16" },
	{ "a FAT filesystem", 54, 5, "FAT12" },
	{ "an ISO 9660 image", 32769, 5, "CD001" },
	{ "a bcache device", 4120, 16, "\xc6\x85\x73\xf6\x4e\x1a\x45\xca\x82\x65\xf5\x7f\x48\xba\x6d\x81" },
};

#define SIG_READ_BYTES (68u * 1024)

/* A DOS partition table: 0x55aa and at least one sane, non-empty entry. */
static bool has_mbr(const unsigned char *b)
{
	bool any = false;

	if (b[510] != 0x55 || b[511] != 0xaa)
		return false;
	for (int i = 0; i < 4; i++) {
		const unsigned char *e = b + 446 + 16 * i;

		if (e[0] != 0x00 && e[0] != 0x80)
			return false;
		if (e[4] != 0)
			any = true;
	}
	return any;
}

int safety_check_signature(const char *path, char *reason, size_t len)
{
	unsigned char *buf = calloc(1, SIG_READ_BYTES);
	ssize_t got = 0;
	int fd, ret = 0;

	if (!buf) {
		snprintf(reason, len, "out of memory");
		return -ENOMEM;
	}
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		snprintf(reason, len, "'%s': cannot read it to look for signatures: %s", path,
			 strerror(errno));
		goto out;
	}
	while (got < (ssize_t)SIG_READ_BYTES) {
		ssize_t n = pread(fd, buf + got, SIG_READ_BYTES - (size_t)got, got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += n;
	}
	close(fd);
	/* ext2/3/4: a 2-byte magic, so the block size field must be sane too. */
	if (got >= 2048 && buf[1080] == 0x53 && buf[1081] == 0xef &&
	    buf[1024 + 24] <= 6 && !buf[1024 + 25] && !buf[1024 + 26] && !buf[1024 + 27]) {
		snprintf(reason, len, "'%s' carries an ext2/3/4 filesystem signature", path);
		ret = -EBUSY;
		goto out;
	}
	if (has_mbr(buf)) {
		snprintf(reason, len, "'%s' carries a DOS partition table", path);
		ret = -EBUSY;
		goto out;
	}
	for (size_t i = 0; i < sizeof(signatures) / sizeof(signatures[0]); i++) {
		const struct signature *sg = &signatures[i];

		if (sg->offset + sg->len <= (size_t)got &&
		    memcmp(buf + sg->offset, sg->magic, sg->len) == 0) {
			snprintf(reason, len, "'%s' carries %s signature", path, sg->name);
			ret = -EBUSY;
			goto out;
		}
	}
out:
	free(buf);
	return ret;
}

int safety_confirm(const struct target *t, const char *yes, char *reason, size_t len)
{
	char node[64] = "", disk[64] = "";
	const char *serial = t->info.serial;
	const char *what = "serial";

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
	if (yes)
		snprintf(reason, len, "--yes '%s' does not match '%s' (%s: %s); nothing written",
			 yes, t->info.path, what, serial);
	else
		snprintf(reason, len, "writing to '%s' destroys its data; confirm with --yes %s "
			 "(its %s)", t->info.path, serial, what);
	return -EPERM;
}

int safety_check_destructive(const struct target *t, const char *yes, bool force,
			     char *reason, size_t len)
{
	char why[TARGET_ERRLEN];
	int ret;

	if (!target_has(t, TARGET_CAP_REAL_DEVICE))
		return 0;
	ret = safety_check_in_use(t->info.path, why, sizeof(why));
	if (ret == 0)
		ret = safety_check_signature(t->info.path, why, sizeof(why));
	if (ret < 0 && !(ret == -EBUSY && force && yes)) {
		if (ret == -EBUSY)
			snprintf(reason, len, "refusing '%s': %s (--force --yes SERIAL overrides)",
				 t->info.path, why);
		else
			snprintf(reason, len, "refusing '%s': %s", t->info.path, why);
		return ret == -EBUSY ? -EBUSY : -EPERM;
	}
	return safety_confirm(t, yes, reason, len);
}
