// SPDX-License-Identifier: MIT
/*
 * libFuzzer harness for the value parsers (util/parse.h) and the escaping
 * of echoed input (util/escape.h).  The first byte picks the parser, the rest
 * is the argument.  Checked besides memory safety: an error message is one
 * printable line, a value accepted is within the bounds asked for.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tests/fuzz/fuzz_common.h"
#include "util/escape.h"
#include "util/parse.h"

#define MAX_ITEMS 8

static void check(int ret, const char *err, size_t errlen)
{
	if (ret != 0 && ret != -EINVAL && ret != -ERANGE)
		abort();
	if (ret)
		fuzz_check_message(err, errlen);
}

static void run(unsigned pick, const char *s)
{
	char err[160] = "";
	uint64_t u[MAX_ITEMS];
	double d[MAX_ITEMS];
	struct size_weight sw[MAX_ITEMS];
	size_t n = 0;
	int ret = 0;

	switch (pick % 12) {
	case 0:
		ret = parse_size("--bs", s, u, err, sizeof(err));
		break;
	case 1:
		ret = parse_duration("--round", s, u, err, sizeof(err));
		break;
	case 2:
		ret = parse_percent("--op", s, 0, 90, d, err, sizeof(err));
		if (!ret && !(d[0] >= 0 && d[0] <= 90))
			abort();
		break;
	case 3:
		ret = parse_u64("--qd", s, 1, 4096, u, err, sizeof(err));
		if (!ret && (u[0] < 1 || u[0] > 4096))
			abort();
		break;
	case 4:
		ret = parse_double("jitter", s, 0, 50, d, err, sizeof(err));
		if (!ret && !(d[0] >= 0 && d[0] <= 50))
			abort();
		break;
	case 5:
		ret = parse_u64_list("--qd", s, 1, 65536, u, MAX_ITEMS, &n, err, sizeof(err));
		for (size_t i = 0; !ret && i < n; i++)
			if (u[i] < 1 || u[i] > 65536)
				abort();
		break;
	case 6:
		ret = parse_size_list("--chunk", s, u, MAX_ITEMS, &n, err, sizeof(err));
		break;
	case 7:
		ret = parse_duration_list("--idle", s, u, MAX_ITEMS, &n, err, sizeof(err));
		break;
	case 8:
		ret = parse_percent_list("--op", s, 0, 90, d, MAX_ITEMS, &n, err, sizeof(err));
		break;
	case 9:
		ret = parse_multiple("--max-writes", s, 0.01, 1e6, d, err, sizeof(err));
		if (!ret && !(d[0] >= 0.01 && d[0] <= 1e6))
			abort();
		break;
	case 10:
		ret = parse_size_weight_list("--bs-mix", s, 1000000, sw, MAX_ITEMS, &n, err, sizeof(err));
		for (size_t i = 0; !ret && i < n; i++)
			if (!sw[i].size || sw[i].weight < 1 || sw[i].weight > 1000000)
				abort();
		break;
	default: {
		/* Escaping into a buffer of any size from 4 up stays within it and printable. */
		size_t len = 4 + strlen(s) % 40;
		char *buf = malloc(len);

		if (!buf)
			return;
		fuzz_check_message(escape_arg(buf, len, s), len);
		free(buf);
		return;
	}
	}
	if (n > MAX_ITEMS)
		abort();
	check(ret, err, sizeof(err));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s;

	if (size < 1 || size > 4096)
		return 0;
	s = malloc(size);
	if (!s)
		return 0;
	memcpy(s, data + 1, size - 1);
	s[size - 1] = '\0';
	run(data[0], s);
	free(s);
	return 0;
}
