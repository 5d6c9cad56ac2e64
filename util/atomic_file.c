/* SPDX-License-Identifier: MIT */
/* Files replaced whole (util/atomic_file.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "util/atomic_file.h"
#include "util/escape.h"

static int write_all(int fd, const char *data, size_t len)
{
	while (len) {
		ssize_t n = write(fd, data, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		data += n;
		len -= (size_t)n;
	}
	return 0;
}

int atomic_open_tmp(const char *dir, const char *name, char **path)
{
	static const char digits[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	uint64_t r = 0;
	int fd = -EEXIST;

	*path = NULL;
	for (int attempt = 0; attempt < 100 && fd == -EEXIST; attempt++) {
		char suffix[7];

		if (getrandom(&r, sizeof(r), GRND_NONBLOCK) != sizeof(r))
			r = r * 6364136223846793005ull + ((uint64_t)getpid() << 20) + (uint64_t)attempt +
			    (uint64_t)time(NULL);
		for (size_t i = 0; i < sizeof(suffix) - 1; i++, r /= sizeof(digits) - 1)
			suffix[i] = digits[r % (sizeof(digits) - 1)];
		suffix[sizeof(suffix) - 1] = '\0';
		free(*path);
		if (asprintf(path, "%s/.%s.%s", dir, name, suffix) < 0) {
			*path = NULL;
			return -ENOMEM;
		}
		fd = open(*path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
		if (fd < 0)
			fd = -errno;
	}
	return fd;
}

int atomic_write_file(const char *dir, const char *name, const char *data, size_t len, char *err, size_t errlen)
{
	char *tmp = NULL, *final = NULL, q[1024], q2[1024];
	int fd, dfd = -1;
	int ret;

	if (asprintf(&final, "%s/%s", dir, name) < 0) {
		final = NULL;
		goto oom;
	}
	fd = atomic_open_tmp(dir, name, &tmp);
	if (fd == -ENOMEM)
		goto oom;
	if (fd < 0) {
		ret = fd;
		snprintf(err, errlen, "cannot create a temporary file for '%s': %s", escape_arg(q, sizeof(q), final),
			 strerror(-ret));
		/* Nothing was created: an O_EXCL open that fails leaves no file. */
		goto out;
	}
	ret = write_all(fd, data, len);
	if (ret == 0 && fsync(fd) < 0)
		ret = -errno;
	if (close(fd) < 0 && ret == 0)
		ret = -errno;
	if (ret < 0) {
		snprintf(err, errlen, "cannot write '%s': %s", escape_arg(q, sizeof(q), tmp), strerror(-ret));
		goto out_unlink;
	}
	if (rename(tmp, final) < 0) {
		ret = -errno;
		snprintf(err, errlen, "cannot rename '%s' to '%s': %s", escape_arg(q, sizeof(q), tmp),
			 escape_arg(q2, sizeof(q2), final), strerror(-ret));
		goto out_unlink;
	}
	/* The rename itself is durable only once the directory is synced. */
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0 || fsync(dfd) < 0) {
		ret = -errno;
		snprintf(err, errlen, "cannot sync directory '%s': %s", escape_arg(q, sizeof(q), dir), strerror(-ret));
	}
	goto out;

oom:
	snprintf(err, errlen, "out of memory");
	ret = -ENOMEM;
	goto out;
out_unlink:
	unlink(tmp);
out:
	if (dfd >= 0)
		close(dfd);
	free(final);
	free(tmp);
	return ret;
}
