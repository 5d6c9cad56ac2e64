/* SPDX-License-Identifier: MIT */
/*
 * Simulator presets and keys: every preset works from 1 GiB to 1 TiB with
 * enough GC units and within the memory budget, every key overrides, bad
 * values are refused naming the key, and a seed makes runs repeatable.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "sim_test_util.h"

static void test_presets_scale_1g_to_1t(void **state)
{
	const char *caps[] = { "1G", "16G", "1T" };
	(void)state;

	for (const char *const *p = sim_preset_names; *p; p++) {
		for (size_t c = 0; c < 3; c++) {
			char spec[64];
			snprintf(spec, sizeof(spec), "%s,capacity=%s", *p, caps[c]);
			struct sim_drive *d = open_drive(spec);
			const struct sim_geometry *g = sim_drive_geometry(d);
			double bytes_per_4k = (double)sim_drive_memory_bytes(d) / (double)(g->raw_bytes / 4096);

			printf("# %-24s lines %6u  line %7u KiB  %.2f bytes per 4 KiB raw\n", spec, g->lines,
			       g->line_slots * 4, bytes_per_4k);
			assert_true(g->lines >= 500);
			assert_true(bytes_per_4k <= 16.0);
			/* Raw flash holds the user capacity plus the factory OP, never less. */
			assert_true((uint64_t)g->lines * g->line_slots >=
				    (uint64_t)((double)g->user_units * (1 + sim_drive_config(d)->factory_op / 100)));
			sim_drive_free(d);
		}
	}
}

static void test_keys_override(void **state)
{
	struct sim_config c;
	char err[256];
	(void)state;

	assert_int_equal(sim_config_parse("budget-tlc,capacity=2G,factory_op=12.5%,channels=8,dies=3,planes=4,"
					  "page=8k,pages_per_block=16,cell=qlc,slc_cache=static:64M,t_read_us=40,"
					  "t_prog_us=900,t_prog_slc_us=120,t_erase_us=2500,channel_mbps=800,"
					  "buffer=8M,interface_mbps=2000,max_iops=123456,gc=fifo,seed=99",
					  &c, err, sizeof(err)), 0);
	assert_int_equal(c.capacity, 2ull << 30);
	assert_true(c.factory_op == 12.5);
	assert_int_equal(c.channels, 8);
	assert_int_equal(c.dies, 3);
	assert_int_equal(c.planes, 4);
	assert_int_equal(c.page, 8192);
	assert_int_equal(c.pages_per_block, 16);
	assert_int_equal(c.cell, SIM_CELL_QLC);
	assert_int_equal(c.slc_cache, SIM_CACHE_STATIC);
	assert_int_equal(c.slc_static_bytes, 64ull << 20);
	assert_true(c.t_read_us == 40 && c.t_prog_us == 900 && c.t_prog_slc_us == 120 && c.t_erase_us == 2500);
	assert_true(c.channel_mbps == 800 && c.interface_mbps == 2000 && c.max_iops == 123456);
	assert_int_equal(c.buffer, 8ull << 20);
	assert_int_equal(c.gc, SIM_GC_FIFO);
	assert_int_equal(c.seed, 99);

	assert_int_equal(sim_config_parse("sata-tlc,slc_cache=none", &c, err, sizeof(err)), 0);
	assert_int_equal(c.slc_cache, SIM_CACHE_NONE);
	assert_int_equal(sim_config_parse("dc-tlc,slc_cache=dynamic:1G", &c, err, sizeof(err)), 0);
	assert_int_equal(c.slc_cache, SIM_CACHE_DYNAMIC);
	assert_int_equal(c.slc_static_bytes, 1ull << 30);
	/* The keys name the drive exactly: typed back, a static size is the same one (5000 was shown as 4k). */
	const char *sizes[] = { "static:5000", "static:64M", "dynamic:1536k", "static:1%" };
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		char spec[64];
		struct json_object *keys = json_object_new_object(), *v;

		snprintf(spec, sizeof(spec), "budget-tlc,capacity=1G,slc_cache=%s", sizes[i]);
		assert_int_equal(sim_config_parse(spec, &c, err, sizeof(err)), 0);
		sim_config_keys_json(&c, keys);
		assert_true(json_object_object_get_ex(keys, "slc_cache", &v));
		assert_string_equal(json_object_get_string(v), sizes[i]);
		json_object_put(keys);
	}
	/* The limits themselves are accepted. */
	assert_int_equal(sim_config_parse("budget-tlc,capacity=1G,slc_cache=static:512M,buffer=1G", &c, err,
					  sizeof(err)), 0);
	assert_int_equal(sim_config_parse("dc-tlc,capacity=1T,buffer=4G,slc_cache=dynamic:4k", &c, err,
					  sizeof(err)), 0);
}

static void expect_error(const char *spec, const char *needle)
{
	struct sim_config c;
	char err[256] = "";

	int ret = sim_config_parse(spec, &c, err, sizeof(err));

	if (ret != -EINVAL && ret != -ERANGE)
		fail_msg("'%s' was accepted (%d)", spec, ret);
	if (!strstr(err, needle) || strchr(err, '\n'))
		fail_msg("'%s' gave '%s', which does not name '%s' on one line", spec, err, needle);
}

static void test_bad_values_name_the_key(void **state)
{
	(void)state;
	expect_error("nope", "nope");
	expect_error("budget-tlc,bogus=1", "bogus");
	expect_error("budget-tlc,capacity=0", "capacity");
	expect_error("budget-tlc,capacity=2T", "capacity");
	expect_error("budget-tlc,capacity=1.5", "capacity");
	expect_error("budget-tlc,channels=-1", "channels");
	expect_error("budget-tlc,channels=0", "channels");
	expect_error("budget-tlc,op=150", "op");
	expect_error("budget-tlc,factory_op=150", "factory_op");
	expect_error("budget-tlc,page=5000", "page");
	expect_error("budget-tlc,cell=plc", "cell");
	expect_error("budget-tlc,slc_cache=huge", "slc_cache");
	expect_error("budget-tlc,gc=random", "gc");
	expect_error("budget-tlc,t_prog_us=0", "t_prog_us");
	expect_error("budget-tlc,capacity", "capacity");
	expect_error("budget-tlc,capacity=", "capacity");
	expect_error("budget-tlc,,seed=1", "comma");
	expect_error("budget-tlc,seed=1,", "comma");
	expect_error("dc-tlc,slc_cache=static:0", "slc_cache");
	/* A static region past half the drive (static:PCT% stops at 50%) made a 3.5 TB drive of 1 GiB. */
	expect_error("budget-tlc,capacity=1G,slc_cache=static:1T", "half the capacity");
	expect_error("budget-tlc,capacity=1G,slc_cache=dynamic:900M", "half the capacity");
	expect_error("budget-tlc,capacity=1G,slc_cache=static:100", "4k");
	/* The buffer's ring is 16 bytes per 4 KiB: buffer=1T took 4 GiB of memory, 16T wrapped its size. */
	expect_error("budget-tlc,capacity=1G,buffer=2G", "buffer");
	expect_error("dc-tlc,capacity=1T,buffer=5G", "buffer");
	expect_error("dc-tlc,capacity=1T,buffer=16T", "buffer");

	/* Geometry that leaves GC no room is refused when the drive is built. */
	struct sim_config c;
	struct sim_drive *d;
	char err[256];
	assert_int_equal(sim_config_parse("dc-tlc,capacity=1G,factory_op=0.5,pages_per_block=64", &c, err,
					  sizeof(err)), 0);
	assert_int_equal(sim_drive_new(&c, &d, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "factory_op"));
	/* The message says what helps: capacity did not, when the lines were few and large. */
	assert_non_null(strstr(err, "lower pages_per_block"));
	assert_null(strstr(err, "capacity"));
	assert_int_equal(sim_config_parse("budget-tlc,capacity=1G,channels=64,dies=64,planes=16,page=4k", &c, err,
					  sizeof(err)), 0);
	assert_int_equal(sim_drive_new(&c, &d, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "fewer channels, dies or planes"));
}

/*
 * An item without '=' after a valid key used to leave the previous key's 0
 * as the result, skipping check_config: capacity=4T built a 4 TiB drive.
 */
static void test_item_without_value_after_valid_key(void **state)
{
	struct sim_config c;
	char err[256] = "";
	(void)state;

	assert_int_equal(sim_config_parse("dc-tlc,capacity=4T,x", &c, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "'x' has no value"));
	assert_int_equal(sim_config_parse("dc-tlc,seed=3,capacity", &c, err, sizeof(err)), -EINVAL);
	expect_error("budget-tlc,capacity=2G,x", "key=value");
}

/* Settings echoed in errors are escaped: no newline or terminal escape gets through. */
static void test_errors_escape_input(void **state)
{
	struct sim_config c;
	char err[256] = "";
	(void)state;

	assert_int_equal(sim_config_parse("dc-tlc,cell=\x1b[31m", &c, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "'\\x1b[31m'"));
	assert_int_equal(sim_config_parse("dc-tlc,bo\ngus=1", &c, err, sizeof(err)), -EINVAL);
	assert_null(strchr(err, '\n'));
	assert_non_null(strstr(err, "bo\\x0agus"));
	assert_int_equal(sim_config_parse("dc-tlc,a\tb", &c, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "a\\x09b"));
	assert_int_equal(sim_config_parse("dc\x7f", &c, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "dc\\x7f"));
}

/* Completion times of a fixed command stream. */
static uint64_t replay(const char *spec)
{
	struct sim_drive *d = open_drive(spec);
	uint64_t rng = 5, t = 0, h = 0;

	/* Reads queue behind programs, so their completion times carry the program-time jitter. */
	for (int i = 0; i < 300000; i++) {
		uint64_t unit = splitmix64(&rng) % sim_drive_geometry(d)->user_units;

		t = i % 2 ? sim_drive_read(d, unit, 1, t) : sim_drive_write(d, unit, 1, t, 0);
		h = h * 31 + t;
	}
	sim_drive_free(d);
	return h;
}

/* Issue 26 item 7: a key given twice took its last value without a word; every key is refused so. */
static void test_key_given_twice(void **state)
{
	static const char *const items[] = {
		"capacity=2G", "factory_op=10", "channels=4", "dies=2", "planes=2", "page=16k",
		"pages_per_block=64", "min_lines=512", "cell=qlc", "pe_cycles=500", "slc_cache=static:64M",
		"fold_while_writing=1", "t_read_us=50", "t_read_slc_us=20", "t_prog_us=900", "t_prog_slc_us=150",
		"t_erase_us=3000", "channel_mbps=800", "buffer=64M", "interface_mbps=3000", "max_iops=500000",
		"max_write_iops=200000", "cmd_overhead_us=5", "jitter=3", "bg_idle_ms=5", "gc=fifo",
		"hot_cold=1", "seed=9", "track_data=1", "lba=512",
	};
	char spec[256], key[32];
	(void)state;

	for (size_t i = 0; i < sizeof(items) / sizeof(items[0]); i++) {
		snprintf(key, sizeof(key), "%.*s", (int)strcspn(items[i], "="), items[i]);
		/* Once is fine; twice, with the same value or another, between other keys or not, is not. */
		snprintf(spec, sizeof(spec), "dc-tlc,%s", items[i]);
		struct sim_config c;
		char err[256];
		assert_int_equal(sim_config_parse(spec, &c, err, sizeof(err)), 0);
		snprintf(spec, sizeof(spec), "dc-tlc,%s,%s", items[i], items[i]);
		expect_error(spec, "twice");
		expect_error(spec, key);
		snprintf(spec, sizeof(spec), "dc-tlc,%s,capacity=4G,%s", items[i], items[i]);
		expect_error(spec, "twice");
	}
	expect_error("dc-tlc,seed=1,seed=2", "seed: given twice");
	/* op is factory_op's other name: one key. */
	expect_error("dc-tlc,op=10,factory_op=12", "factory_op: given twice");
	expect_error("dc-tlc,factory_op=10,op=12", "factory_op and op are one key");
}

/*
 * Issue 26 item 3: the memory a drive takes is known from its spec without
 * building it, the same figure the built drive gives, for every preset
 * and the keys that add tables; the target adds its queue.
 */
static void test_memory_from_spec(void **state)
{
	static const char *const extra[] = { "", ",hot_cold=1", ",track_data=1", ",buffer=256M",
					     ",slc_cache=static:10%", ",channels=4,dies=2" };
	(void)state;

	for (const char *const *p = sim_preset_names; *p; p++)
		for (size_t e = 0; e < sizeof(extra) / sizeof(extra[0]); e++) {
			char spec[96], err[256];
			struct sim_config c;
			uint64_t from_spec, target;

			snprintf(spec, sizeof(spec), "%s,capacity=2G%s", *p, extra[e]);
			struct sim_drive *d = open_drive(spec);
			assert_int_equal(sim_config_parse(spec, &c, err, sizeof(err)), 0);
			assert_int_equal(sim_config_memory_bytes(&c, &from_spec, err, sizeof(err)), 0);
			assert_int_equal(from_spec, sim_drive_memory_bytes(d));
			assert_int_equal(sim_target_memory_bytes(spec, &target, err, sizeof(err)), 0);
			assert_true(target > from_spec && target < from_spec + (1u << 20));
			sim_drive_free(d);
		}
	/* 1 TiB of dc-tlc: a GiB of L2P and a little more of P2L. */
	char err[256];
	uint64_t bytes;
	assert_int_equal(sim_target_memory_bytes("dc-tlc,capacity=1T", &bytes, err, sizeof(err)), 0);
	assert_true(bytes > (2ull << 30) && bytes < (3ull << 30));
	/* A spec that makes no drive says why, as opening it does. */
	assert_int_equal(sim_target_memory_bytes("dc-tlc,seed=1,seed=2", &bytes, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "seed"));
}

static void test_seed_determinism(void **state)
{
	(void)state;
	assert_int_equal(replay("budget-tlc,capacity=1G,seed=3"), replay("budget-tlc,capacity=1G,seed=3"));
	assert_int_not_equal(replay("budget-tlc,capacity=1G,seed=3"), replay("budget-tlc,capacity=1G,seed=4"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_presets_scale_1g_to_1t),
		cmocka_unit_test(test_keys_override),
		cmocka_unit_test(test_bad_values_name_the_key),
		cmocka_unit_test(test_item_without_value_after_valid_key),
		cmocka_unit_test(test_errors_escape_input),
		cmocka_unit_test(test_seed_determinism),
		cmocka_unit_test(test_key_given_twice),
		cmocka_unit_test(test_memory_from_spec),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
