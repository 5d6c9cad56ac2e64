/* SPDX-License-Identifier: MIT */
/*
 * Drive presets and the key=value parser for sim:PRESET[,key=value...].
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "util/escape.h"
#include "util/parse.h"
#include "sim/sim.h"

#define GiB (1024ull * 1024 * 1024)
#define MiB (1024ull * 1024)
#define SIM_MAX_BUFFER (4 * GiB)

const char *const sim_preset_names[] = { "budget-tlc", "budget-qlc", "dc-tlc", "sata-tlc", NULL };

/*
 * Capacities are scaled down (16 GiB) so sweeps stay fast; the die count and
 * timings stay those of a real drive of the class, so speeds are realistic
 * while block counts shrink.
 */
static const struct sim_config presets[] = {
	{
		/* DRAM-less 4-channel NVMe (SM2263XT class): fast dynamic SLC, ~500 MB/s after. */
		.preset = "budget-tlc", .capacity = 16 * GiB, .factory_op = 7,
		.channels = 4, .dies = 4, .planes = 2, .page = 16384, .pages_per_block = 0,
		.cell = SIM_CELL_TLC, .slc_cache = SIM_CACHE_DYNAMIC,
		.t_read_us = 60, .t_read_slc_us = 30, .t_prog_us = 1000, .t_prog_slc_us = 150,
		.t_erase_us = 3500, .channel_mbps = 667, .buffer = 0, .interface_mbps = 3500,
		.max_iops = 300000, .max_write_iops = 55000, .cmd_overhead_us = 8, .jitter_pct = 5,
		.bg_idle_ms = 10, .gc = SIM_GC_GREEDY, .min_lines = 1024, .seed = 1,
	},
	{
		/* QLC NVMe (660p / 870 QVO class): static + dynamic SLC, ~100 MB/s after. */
		.preset = "budget-qlc", .capacity = 16 * GiB, .factory_op = 7,
		.channels = 4, .dies = 2, .planes = 2, .page = 16384, .pages_per_block = 0,
		.cell = SIM_CELL_QLC, .slc_cache = SIM_CACHE_DYNAMIC, .slc_static_pct = 0.6,
		.t_read_us = 120, .t_read_slc_us = 35, .t_prog_us = 2000, .t_prog_slc_us = 180,
		.t_erase_us = 6000, .channel_mbps = 667, .buffer = 0, .interface_mbps = 2000,
		.max_iops = 220000, .cmd_overhead_us = 10, .jitter_pct = 5,
		.bg_idle_ms = 10, .gc = SIM_GC_GREEDY, .min_lines = 1024, .seed = 1,
	},
	{
		/* Enterprise 16-channel TLC with a power-loss-protected DRAM buffer. */
		.preset = "dc-tlc", .capacity = 16 * GiB, .factory_op = 14,
		.channels = 16, .dies = 4, .planes = 2, .page = 16384, .pages_per_block = 0,
		.cell = SIM_CELL_TLC, .slc_cache = SIM_CACHE_NONE,
		.t_read_us = 55, .t_read_slc_us = 30, .t_prog_us = 700, .t_prog_slc_us = 150,
		.t_erase_us = 3000, .channel_mbps = 1200, .buffer = 64 * MiB, .interface_mbps = 6800,
		.max_iops = 800000, .max_write_iops = 320000, .cmd_overhead_us = 6, .jitter_pct = 3,
		.bg_idle_ms = 10, .gc = SIM_GC_GREEDY, .min_lines = 1024, .seed = 1,
	},
	{
		/* Mainstream SATA TLC: small static SLC cache, 550 MB/s interface. */
		.preset = "sata-tlc", .capacity = 16 * GiB, .factory_op = 7,
		.channels = 4, .dies = 4, .planes = 2, .page = 16384, .pages_per_block = 0,
		.cell = SIM_CELL_TLC, .slc_cache = SIM_CACHE_STATIC, .slc_static_pct = 0.6,
		.t_read_us = 60, .t_read_slc_us = 30, .t_prog_us = 1500, .t_prog_slc_us = 150,
		.t_erase_us = 3500, .channel_mbps = 400, .buffer = 32 * MiB, .interface_mbps = 550,
		.max_iops = 90000, .cmd_overhead_us = 20, .jitter_pct = 5,
		.bg_idle_ms = 10, .gc = SIM_GC_GREEDY, .min_lines = 1024, .seed = 1,
	},
};

__attribute__((format(printf, 4, 5)))
static int fail(char *err, size_t errlen, int ret, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return ret;
}

static int parse_bool(const char *key, const char *v, bool *out, char *err, size_t errlen)
{
	ESCAPE_BUF(q);

	if (!strcmp(v, "1") || !strcmp(v, "yes") || !strcmp(v, "on") || !strcmp(v, "true"))
		*out = true;
	else if (!strcmp(v, "0") || !strcmp(v, "no") || !strcmp(v, "off") || !strcmp(v, "false"))
		*out = false;
	else
		return fail(err, errlen, -EINVAL, "%s: '%s' is not a boolean; use 1 or 0", key,
			    escape_arg(q, sizeof(q), v));
	return 0;
}

static int parse_unsigned(const char *key, const char *v, unsigned min, unsigned max, unsigned *out,
			  char *err, size_t errlen)
{
	uint64_t x;
	int ret = parse_u64(key, v, min, max, &x, err, errlen);

	if (!ret)
		*out = (unsigned)x;
	return ret;
}

/* "none", "static:SIZE", "static:PCT%", "dynamic", "dynamic:SIZE" (static floor). */
static int parse_slc_cache(const char *key, const char *v, struct sim_config *cfg, char *err,
			   size_t errlen)
{
	const char *arg = strchr(v, ':');
	size_t len = arg ? (size_t)(arg - v) : strlen(v);
	ESCAPE_BUF(q);

	cfg->slc_static_bytes = 0;
	cfg->slc_static_pct = 0;
	if (len == 4 && !strncmp(v, "none", 4) && !arg) {
		cfg->slc_cache = SIM_CACHE_NONE;
		return 0;
	}
	if (len == 7 && !strncmp(v, "dynamic", 7))
		cfg->slc_cache = SIM_CACHE_DYNAMIC;
	else if (len == 6 && !strncmp(v, "static", 6) && arg)
		cfg->slc_cache = SIM_CACHE_STATIC;
	else
		return fail(err, errlen, -EINVAL,
			    "%s: '%s' is not a cache policy; use none, static:SIZE, static:PCT%%, dynamic or dynamic:SIZE",
			    key, escape_arg(q, sizeof(q), v));
	if (!arg)
		return 0;
	arg++;
	if (arg[0] && arg[strlen(arg) - 1] == '%')
		return parse_percent(key, arg, 0.001, 50, &cfg->slc_static_pct, err, errlen);
	return parse_size(key, arg, &cfg->slc_static_bytes, err, errlen);
}

static int set_key(struct sim_config *cfg, const char *key, const char *v, char *err, size_t errlen)
{
	ESCAPE_BUF(q);

	if (!*v)
		return fail(err, errlen, -EINVAL, "%s: empty value; write %s=VALUE",
			    escape_arg(q, sizeof(q), key), escape_arg(q, sizeof(q), key));
	if (!strcmp(key, "capacity"))
		return parse_size(key, v, &cfg->capacity, err, errlen);
	if (!strcmp(key, "factory_op") || !strcmp(key, "op"))
		return parse_percent(key, v, 0.5, 100, &cfg->factory_op, err, errlen);
	if (!strcmp(key, "channels"))
		return parse_unsigned(key, v, 1, 64, &cfg->channels, err, errlen);
	if (!strcmp(key, "dies"))
		return parse_unsigned(key, v, 1, 64, &cfg->dies, err, errlen);
	if (!strcmp(key, "planes"))
		return parse_unsigned(key, v, 1, 16, &cfg->planes, err, errlen);
	if (!strcmp(key, "pages_per_block"))
		return parse_unsigned(key, v, 1, 4096, &cfg->pages_per_block, err, errlen);
	if (!strcmp(key, "pe_cycles"))
		return parse_unsigned(key, v, 1, 1000000, &cfg->pe_cycles, err, errlen);
	if (!strcmp(key, "min_lines"))
		return parse_unsigned(key, v, 16, 1u << 20, &cfg->min_lines, err, errlen);
	if (!strcmp(key, "page")) {
		uint64_t page;
		int ret = parse_size(key, v, &page, err, errlen);

		if (ret)
			return ret;
		if (page < 4096 || page > 65536 || page % 4096)
			return fail(err, errlen, -EINVAL,
				    "%s: '%s' is not a NAND page size; use a multiple of 4k from 4k to 64k",
				    key, escape_arg(q, sizeof(q), v));
		cfg->page = (unsigned)page;
		return 0;
	}
	if (!strcmp(key, "cell")) {
		static const char *const names[] = { "slc", "mlc", "tlc", "qlc" };
		for (unsigned i = 0; i < 4; i++)
			if (!strcmp(v, names[i])) {
				cfg->cell = (enum sim_cell)(i + 1);
				return 0;
			}
		return fail(err, errlen, -EINVAL, "%s: '%s' is not a cell type; use slc, mlc, tlc or qlc",
			    key, escape_arg(q, sizeof(q), v));
	}
	if (!strcmp(key, "slc_cache"))
		return parse_slc_cache(key, v, cfg, err, errlen);
	if (!strcmp(key, "fold_while_writing"))
		return parse_bool(key, v, &cfg->fold_while_writing, err, errlen);
	if (!strcmp(key, "track_data"))
		return parse_bool(key, v, &cfg->track_data, err, errlen);
	if (!strcmp(key, "hot_cold"))
		return parse_bool(key, v, &cfg->hot_cold, err, errlen);
	if (!strcmp(key, "gc")) {
		if (!strcmp(v, "greedy"))
			cfg->gc = SIM_GC_GREEDY;
		else if (!strcmp(v, "fifo"))
			cfg->gc = SIM_GC_FIFO;
		else
			return fail(err, errlen, -EINVAL, "%s: '%s' is not a GC policy; use greedy or fifo",
				    key, escape_arg(q, sizeof(q), v));
		return 0;
	}
	if (!strcmp(key, "buffer"))
		return parse_size(key, v, &cfg->buffer, err, errlen);
	if (!strcmp(key, "seed"))
		return parse_u64(key, v, 0, UINT64_MAX, &cfg->seed, err, errlen);
	if (!strcmp(key, "lba")) {
		if (!strcmp(v, "512"))
			cfg->lba = 512;
		else if (!strcmp(v, "4096") || !strcmp(v, "4k"))
			cfg->lba = 4096;
		else
			return fail(err, errlen, -EINVAL, "%s: '%s' is not a logical block size; use 512 or 4096",
				    key, escape_arg(q, sizeof(q), v));
		return 0;
	}

	static const struct {
		const char *name;
		size_t off;
		double min, max;
	} numbers[] = {
		{ "t_read_us", offsetof(struct sim_config, t_read_us), 0.1, 1e6 },
		{ "t_read_slc_us", offsetof(struct sim_config, t_read_slc_us), 0.1, 1e6 },
		{ "t_prog_us", offsetof(struct sim_config, t_prog_us), 1, 1e6 },
		{ "t_prog_slc_us", offsetof(struct sim_config, t_prog_slc_us), 1, 1e6 },
		{ "t_erase_us", offsetof(struct sim_config, t_erase_us), 1, 1e7 },
		{ "channel_mbps", offsetof(struct sim_config, channel_mbps), 1, 1e6 },
		{ "interface_mbps", offsetof(struct sim_config, interface_mbps), 0, 1e6 },
		{ "max_iops", offsetof(struct sim_config, max_iops), 0, 1e8 },
		{ "max_write_iops", offsetof(struct sim_config, max_write_iops), 0, 1e8 },
		{ "cmd_overhead_us", offsetof(struct sim_config, cmd_overhead_us), 0, 1e5 },
		{ "jitter", offsetof(struct sim_config, jitter_pct), 0, 50 },
		{ "bg_idle_ms", offsetof(struct sim_config, bg_idle_ms), 0, 1e7 },
	};
	for (size_t i = 0; i < sizeof(numbers) / sizeof(numbers[0]); i++)
		if (!strcmp(key, numbers[i].name))
			return parse_double(key, v, numbers[i].min, numbers[i].max,
					    (double *)((char *)cfg + numbers[i].off), err, errlen);

	return fail(err, errlen, -EINVAL,
		    "unknown simulator key '%s'; `ssdprof info --help` lists the keys",
		    escape_arg(q, sizeof(q), key));
}

/* A key as one setting: the alias op is factory_op. */
static const char *key_name(const char *key)
{
	return strcmp(key, "op") ? key : "factory_op";
}

/* Refused, not the last one silently taken: keys[0..n) are the keys set before key. */
static int check_repeat(const char *const *keys, size_t n, const char *key, char *err, size_t errlen)
{
	ESCAPE_BUF(q);

	for (size_t i = 0; i < n; i++) {
		if (strcmp(key_name(keys[i]), key_name(key)))
			continue;
		if (strcmp(keys[i], key))
			return fail(err, errlen, -EINVAL, "%s: given twice (%s and %s are one key); give it once",
				    key_name(key), keys[i], key);
		return fail(err, errlen, -EINVAL, "%s: given twice in the simulator spec; give it once",
			    escape_arg(q, sizeof(q), key));
	}
	return 0;
}

static int check_config(const struct sim_config *cfg, char *err, size_t errlen)
{
	char num[32];

	if (cfg->capacity < GiB || cfg->capacity > 1024 * GiB) {
		snprintf(num, sizeof(num), "%llu", (unsigned long long)cfg->capacity);
		return fail(err, errlen, -EINVAL,
			    "capacity: %s bytes is out of range; use 1G to 1T (e.g. capacity=16G)", num);
	}
	if (cfg->capacity % (1024 * 1024)) {
		snprintf(num, sizeof(num), "%llu", (unsigned long long)cfg->capacity);
		return fail(err, errlen, -EINVAL, "capacity: %s bytes is not a whole number of MiB", num);
	}
	if (cfg->page / 4096 * cfg->planes > 64)
		return fail(err, errlen, -EINVAL, "planes: page x planes exceeds 256k per program");
	if (cfg->slc_cache == SIM_CACHE_STATIC && !cfg->slc_static_bytes && !(cfg->slc_static_pct > 0))
		return fail(err, errlen, -EINVAL, "slc_cache: a static cache needs a size above 0; use static:SIZE");
	if (cfg->slc_cache != SIM_CACHE_NONE && cfg->cell == SIM_CELL_SLC)
		return fail(err, errlen, -EINVAL, "slc_cache: a cell=slc drive has no SLC cache; use slc_cache=none");
	/* Under one mapping unit it rounds to no cache; over half the drive, as static:PCT% allows. */
	if (cfg->slc_static_bytes && cfg->slc_static_bytes < 4096) {
		snprintf(num, sizeof(num), "%llu", (unsigned long long)cfg->slc_static_bytes);
		return fail(err, errlen, -EINVAL,
			    "slc_cache: %s bytes is less than one 4k unit of SLC; use at least 4k (e.g. static:64M)", num);
	}
	if (cfg->slc_static_bytes > cfg->capacity / 2) {
		snprintf(num, sizeof(num), "%llu", (unsigned long long)cfg->slc_static_bytes);
		return fail(err, errlen, -EINVAL,
			    "slc_cache: %s bytes of static SLC is more than half the capacity; use at most 50%% (e.g. static:10%%)",
			    num);
	}
	/* The buffer's release ring takes 16 bytes per 4 KiB of it: a write buffer past the drive is no drive. */
	if (cfg->buffer > cfg->capacity || cfg->buffer > SIM_MAX_BUFFER) {
		snprintf(num, sizeof(num), "%llu", (unsigned long long)cfg->buffer);
		return fail(err, errlen, -EINVAL,
			    "buffer: %s bytes is more than the capacity or 4G; use at most 4G and the capacity (e.g. buffer=64M)",
			    num);
	}
	return 0;
}

int sim_config_parse(const char *spec, struct sim_config *cfg, char *err, size_t errlen)
{
	char *copy = NULL, *save = NULL, *item;
	const char **keys = NULL;
	size_t nkeys = 0;
	const char *comma = strchr(spec, ',');
	size_t name_len = comma ? (size_t)(comma - spec) : strlen(spec);
	int ret = -EINVAL;
	unsigned i;
	ESCAPE_BUF(q);

	for (i = 0; i < sizeof(presets) / sizeof(presets[0]); i++)
		if (strlen(presets[i].preset) == name_len && !strncmp(presets[i].preset, spec, name_len))
			break;
	if (i == sizeof(presets) / sizeof(presets[0])) {
		snprintf(err, errlen,
			 "unknown simulator preset '%s'; use budget-tlc, budget-qlc, dc-tlc or sata-tlc",
			 escape_bytes(q, sizeof(q), spec, name_len));
		return -EINVAL;
	}
	*cfg = presets[i];
	if (!comma)
		return check_config(cfg, err, errlen);

	copy = strdup(comma + 1);
	/* At most one key per comma. */
	keys = calloc(strlen(comma), sizeof(*keys));
	if (!copy || !keys) {
		snprintf(err, errlen, "out of memory");
		ret = -ENOMEM;
		goto out;
	}
	for (item = strtok_r(copy, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(item, '=');

		if (!eq) {
			/* ret still holds the previous key's 0: every item sets it. */
			snprintf(err, errlen, "simulator setting '%s' has no value; write key=value",
				 escape_arg(q, sizeof(q), item));
			ret = -EINVAL;
			goto out;
		}
		*eq = '\0';
		ret = check_repeat(keys, nkeys, item, err, errlen);
		if (!ret)
			ret = set_key(cfg, item, eq + 1, err, errlen);
		if (ret)
			goto out;
		keys[nkeys++] = item;
	}
	if (comma[1] == '\0' || strstr(comma, ",,") || spec[strlen(spec) - 1] == ',') {
		snprintf(err, errlen, "empty simulator setting in '%s'; remove the extra comma",
			 escape_arg(q, sizeof(q), spec));
		ret = -EINVAL;
		goto out;
	}
	ret = check_config(cfg, err, errlen);
out:
	free(keys);
	free(copy);
	return ret;
}

unsigned sim_pe_cycles(const struct sim_config *cfg)
{
	/* Typical ratings of each cell type (docs/methods.md "Endurance" names the sources). */
	static const unsigned pe[] = { 0, 100000, 10000, 3000, 1000 };

	if (cfg->pe_cycles)
		return cfg->pe_cycles;
	return (unsigned)cfg->cell < sizeof(pe) / sizeof(pe[0]) ? pe[cfg->cell] : 0;
}

static void key_str(struct json_object *o, const char *k, const char *v)
{
	json_object_object_add(o, k, json_object_new_string(v));
}

__attribute__((format(printf, 3, 4)))
static void key_fmt(struct json_object *o, const char *k, const char *fmt, ...)
{
	char buf[64];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	key_str(o, k, buf);
}

/* Sizes as they would be typed: the largest binary unit that divides exactly. */
static void size_text(char *buf, size_t len, uint64_t v)
{
	static const char units[] = "kMGT";
	int u = -1;

	while (u < 3 && v && v % 1024 == 0) {
		v /= 1024;
		u++;
	}
	if (u < 0)
		snprintf(buf, len, "%llu", (unsigned long long)v);
	else
		snprintf(buf, len, "%llu%c", (unsigned long long)v, units[u]);
}

static void key_size(struct json_object *o, const char *k, uint64_t v)
{
	char buf[32];

	size_text(buf, sizeof(buf), v);
	key_str(o, k, buf);
}

void sim_config_keys_json(const struct sim_config *c, struct json_object *o)
{
	static const char *const cells[] = { "", "slc", "mlc", "tlc", "qlc" };
	char cache[48] = "none";

	key_size(o, "capacity", c->capacity);
	key_fmt(o, "factory_op", "%g", c->factory_op);
	key_fmt(o, "channels", "%u", c->channels);
	key_fmt(o, "dies", "%u", c->dies);
	key_fmt(o, "planes", "%u", c->planes);
	key_size(o, "page", c->page);
	key_fmt(o, "pages_per_block", "%u", c->pages_per_block);
	key_fmt(o, "min_lines", "%u", c->min_lines);
	key_str(o, "cell", cells[c->cell]);
	key_fmt(o, "pe_cycles", "%u", sim_pe_cycles(c));
	if (c->slc_cache != SIM_CACHE_NONE) {
		const char *kind = c->slc_cache == SIM_CACHE_STATIC ? "static" : "dynamic";

		char size[32];

		/* Exact, so the keys typed back make the same drive (static:5000 is not static:4k). */
		size_text(size, sizeof(size), c->slc_static_bytes);
		if (c->slc_static_bytes)
			snprintf(cache, sizeof(cache), "%s:%s", kind, size);
		else if (c->slc_static_pct > 0)
			snprintf(cache, sizeof(cache), "%s:%g%%", kind, c->slc_static_pct);
		else
			snprintf(cache, sizeof(cache), "%s", kind);
	}
	key_str(o, "slc_cache", cache);
	key_str(o, "fold_while_writing", c->fold_while_writing ? "1" : "0");
	key_fmt(o, "t_read_us", "%g", c->t_read_us);
	key_fmt(o, "t_read_slc_us", "%g", c->t_read_slc_us);
	key_fmt(o, "t_prog_us", "%g", c->t_prog_us);
	key_fmt(o, "t_prog_slc_us", "%g", c->t_prog_slc_us);
	key_fmt(o, "t_erase_us", "%g", c->t_erase_us);
	key_fmt(o, "channel_mbps", "%g", c->channel_mbps);
	key_size(o, "buffer", c->buffer);
	key_fmt(o, "interface_mbps", "%g", c->interface_mbps);
	key_fmt(o, "max_iops", "%g", c->max_iops);
	key_fmt(o, "max_write_iops", "%g", c->max_write_iops);
	key_fmt(o, "cmd_overhead_us", "%g", c->cmd_overhead_us);
	key_fmt(o, "jitter", "%g", c->jitter_pct);
	key_fmt(o, "bg_idle_ms", "%g", c->bg_idle_ms);
	key_str(o, "gc", c->gc == SIM_GC_FIFO ? "fifo" : "greedy");
	key_fmt(o, "seed", "%llu", (unsigned long long)c->seed);
	key_str(o, "track_data", c->track_data ? "1" : "0");
	key_fmt(o, "lba", "%u", c->lba ? c->lba : 4096);
	/* Only when set: results of drives without it stay as they were. */
	if (c->hot_cold)
		key_str(o, "hot_cold", "1");
}
