/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/input_file.h"

static const char *file_type(mode_t m)
{
	if (S_ISFIFO(m))
		return "a FIFO";
	if (S_ISDIR(m))
		return "a folder";
	if (S_ISBLK(m))
		return "a block device";
	if (S_ISCHR(m))
		return "a character device";
	if (S_ISSOCK(m))
		return "a socket";
	return "not a plain file";
}

/* fd back to blocking, as a stdio stream of mode.  0 or -errno; fd is closed on failure. */
static int stream(int fd, const char *mode, FILE **out, char *why, size_t len)
{
	int fl = fcntl(fd, F_GETFL);

	if (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0 || !(*out = fdopen(fd, mode))) {
		int ret = -errno;

		snprintf(why, len, "%s", strerror(-ret));
		close(fd);
		return ret;
	}
	return 0;
}

int input_file_open(const char *path, FILE **out, char *why, size_t len)
{
	struct stat sb;
	int fd, ret;

	*out = NULL;
	/* O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting. */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		ret = -errno;
		snprintf(why, len, "%s", strerror(-ret));
		return ret;
	}
	if (fstat(fd, &sb) < 0) {
		ret = -errno;
		snprintf(why, len, "%s", strerror(-ret));
		close(fd);
		return ret;
	}
	if (!S_ISREG(sb.st_mode)) {
		snprintf(why, len, "%s, not a regular file", file_type(sb.st_mode));
		close(fd);
		return S_ISDIR(sb.st_mode) ? -EISDIR : -EINVAL;
	}
	return stream(fd, "rb", out, why, len);
}

int output_stream_open(const char *path, FILE **out, char *why, size_t len)
{
	struct stat sb;
	int fd, ret;

	*out = NULL;
	/* Before opening: O_TRUNC must not reach a block device, nor O_WRONLY wait on a FIFO. */
	if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode) && !S_ISCHR(sb.st_mode) && !S_ISFIFO(sb.st_mode)) {
		snprintf(why, len, "%s, not a regular file", file_type(sb.st_mode));
		return S_ISDIR(sb.st_mode) ? -EISDIR : -EINVAL;
	}
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0644);
	if (fd < 0) {
		ret = -errno;
		if (ret == -ENXIO)
			snprintf(why, len, "a FIFO nobody reads");
		else
			snprintf(why, len, "%s", strerror(-ret));
		return ret;
	}
	return stream(fd, "w", out, why, len);
}
