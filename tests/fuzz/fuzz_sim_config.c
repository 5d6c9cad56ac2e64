// SPDX-License-Identifier: MIT
/*
 * libFuzzer harness for the simulator's TARGET spec (sim:PRESET,key=value...,
 * sim/config.c).  A spec accepted must describe a drive check_config allows
 * (1 GiB to 1 TiB, whole MiB): "dc-tlc,capacity=4T,x" once slipped past it.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim.h"
#include "tests/fuzz/fuzz_common.h"

#define GiB (1024ull * 1024 * 1024)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sim_config cfg;
	char err[256] = "", *s;
	int ret;

	if (size > 4096)
		return 0;
	s = malloc(size + 1);
	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	ret = sim_config_parse(s, &cfg, err, sizeof(err));
	free(s);
	if (ret) {
		if (ret != -EINVAL && ret != -ERANGE && ret != -ENOMEM)
			abort();
		fuzz_check_message(err, sizeof(err));
		return 0;
	}
	if (cfg.capacity < GiB || cfg.capacity > 1024 * GiB || cfg.capacity % (1024 * 1024))
		abort();
	if (!cfg.channels || !cfg.dies || !cfg.planes || cfg.page < 4096 || cfg.page > 65536)
		abort();
	return 0;
}
