// SPDX-License-Identifier: MIT
/* Unit tests for util/parse.c: every unit, every rejection, every message. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "engine/workload.h"
#include "util/escape.h"
#include "util/parse.h"

#define ERRLEN 256
#define SENTINEL 0xdeadbeefcafef00dull

/* Parse a size that must be accepted and return its value. */
static uint64_t size_ok(const char *s)
{
	char err[ERRLEN] = "";
	uint64_t v = SENTINEL;

	if (parse_size("--bs", s, &v, err, sizeof(err)) != 0)
		fail_msg("'%s' rejected: %s", s, err);
	return v;
}

/* A size that must be rejected with ret; the value must stay untouched. */
static void size_bad(const char *s, int ret)
{
	char err[ERRLEN] = "";
	uint64_t v = SENTINEL;
	char quoted[ERRLEN];

	int got = parse_size("--bs", s, &v, err, sizeof(err));

	if (got != ret)
		fail_msg("'%s': got %d, want %d (%s)", s, got, ret, err);
	assert_true(v == SENTINEL);
	/* one line, starting with the option name, quoting the input */
	assert_true(strncmp(err, "--bs: '", 7) == 0);
	if (strcspn(s, "\t\n") == strlen(s)) {  /* control bytes are shown escaped */
		snprintf(quoted, sizeof(quoted), "'%s'", s);
		assert_non_null(strstr(err, quoted));
	}
	assert_null(strchr(err, '\n'));
}

static uint64_t dur_ok(const char *s)
{
	char err[ERRLEN] = "";
	uint64_t v = SENTINEL;

	if (parse_duration("--time", s, &v, err, sizeof(err)) != 0)
		fail_msg("'%s' rejected: %s", s, err);
	return v;
}

static void dur_bad(const char *s, int ret)
{
	char err[ERRLEN] = "";
	uint64_t v = SENTINEL;

	int got = parse_duration("--time", s, &v, err, sizeof(err));

	if (got != ret)
		fail_msg("'%s': got %d, want %d (%s)", s, got, ret, err);
	assert_true(v == SENTINEL);
	assert_true(strncmp(err, "--time: '", 9) == 0);
	assert_null(strchr(err, '\n'));
}

static double pct_ok(const char *s, double min, double max)
{
	char err[ERRLEN] = "";
	double v = -1;

	if (parse_percent("--span", s, min, max, &v, err, sizeof(err)) != 0)
		fail_msg("'%s' rejected: %s", s, err);
	return v;
}

static void pct_bad(const char *s, double min, double max, int ret)
{
	char err[ERRLEN] = "";
	double v = -1;

	int got = parse_percent("--span", s, min, max, &v, err, sizeof(err));

	if (got != ret)
		fail_msg("'%s': got %d, want %d (%s)", s, got, ret, err);
	assert_true(v == -1);
	assert_true(strncmp(err, "--span: '", 9) == 0);
}

/* ---------------------------------------------------------------- sizes */

static void test_size_bytes(void **state)
{
	(void)state;
	assert_true(size_ok("0") == 0);
	assert_true(size_ok("1") == 1);
	assert_true(size_ok("4096") == 4096);
	assert_true(size_ok("4096B") == 4096);
	assert_true(size_ok("007") == 7);
	assert_true(size_ok("18446744073709551615") == UINT64_MAX);
}

static void test_size_binary_units(void **state)
{
	(void)state;
	assert_true(size_ok("4k") == 4096);
	assert_true(size_ok("4K") == 4096);
	assert_true(size_ok("4KiB") == 4096);
	assert_true(size_ok("3M") == 3ull << 20);
	assert_true(size_ok("3m") == 3ull << 20);
	assert_true(size_ok("3MiB") == 3ull << 20);
	assert_true(size_ok("16G") == 16ull << 30);
	assert_true(size_ok("16g") == 16ull << 30);
	assert_true(size_ok("16GiB") == 16ull << 30);
	assert_true(size_ok("2T") == 2ull << 40);
	assert_true(size_ok("2t") == 2ull << 40);
	assert_true(size_ok("2TiB") == 2ull << 40);
	assert_true(size_ok("16777215T") == 16777215ull << 40);
}

static void test_size_decimal_units(void **state)
{
	(void)state;
	assert_true(size_ok("4kB") == 4000);
	assert_true(size_ok("3MB") == 3000000);
	assert_true(size_ok("16GB") == 16000000000ull);
	assert_true(size_ok("2TB") == 2000000000000ull);
	/* the 1000/1024 distinction */
	assert_true(size_ok("1k") != size_ok("1kB"));
	assert_true(size_ok("1T") - size_ok("1TB") == 99511627776ull);
}

static void test_size_decimals(void **state)
{
	(void)state;
	assert_true(size_ok("1.5G") == 1610612736ull);
	assert_true(size_ok("0.5k") == 512);
	assert_true(size_ok("1.25MB") == 1250000);
	assert_true(size_ok("2.000000000000000000000000k") == 2048);
	assert_true(size_ok("0.0009765625M") == 1024);
	assert_true(size_ok("4.0") == 4);
	/* 1.3k is 1331.2 bytes: not whole; the message offers the neighbours */
	{
		char err[ERRLEN];
		uint64_t v = SENTINEL;

		assert_int_equal(parse_size("--bs", "1.3k", &v, err, sizeof(err)), -EINVAL);
		assert_non_null(strstr(err, "whole number of bytes"));
		assert_non_null(strstr(err, "1331 or 1332"));
	}
	size_bad("0.1", -EINVAL);
	size_bad("1.0001kB", -EINVAL);
	size_bad("1.00000000000000000001k", -EINVAL);
	size_bad(".5k", -EINVAL);
	size_bad("1.k", -EINVAL);
	size_bad("1.", -EINVAL);
	size_bad("1..5k", -EINVAL);
	size_bad("1.5.k", -EINVAL);
}

static void test_size_overflow(void **state)
{
	(void)state;
	size_bad("16777216T", -ERANGE);
	size_bad("99999999999999999999", -ERANGE);
	size_bad("18446744073709551616", -ERANGE);
	size_bad("18446744073709551615.5", -ERANGE);
	size_bad("18014398509481984k", -ERANGE);
	size_bad("18446745TB", -ERANGE);
	size_bad("16777215.99999T", -EINVAL);  /* below 2^64, but not whole */
	assert_true(size_ok("16777215.5T") == UINT64_MAX - (1ull << 39) + 1);
	/* junk beats overflow: the syntax is checked first */
	size_bad("99999999999999999999x", -EINVAL);
}

static void test_size_syntax(void **state)
{
	char err[ERRLEN];
	uint64_t v = SENTINEL;

	(void)state;
	size_bad("", -EINVAL);
	size_bad("k", -EINVAL);
	size_bad("-4k", -EINVAL);
	size_bad("+4k", -EINVAL);
	size_bad("-0", -EINVAL);
	size_bad(" 4k", -EINVAL);
	size_bad("4k ", -EINVAL);
	size_bad("4 k", -EINVAL);
	size_bad("4\tk", -EINVAL);
	size_bad("4kx", -EINVAL);
	size_bad("4kk", -EINVAL);
	size_bad("3x", -EINVAL);
	size_bad("4kb", -EINVAL);   /* bits or bytes? refuse to guess */
	size_bad("4KB", -EINVAL);
	size_bad("4Kib", -EINVAL);
	size_bad("4P", -EINVAL);
	size_bad("0x10", -EINVAL);
	size_bad("1e3", -EINVAL);
	size_bad("nan", -EINVAL);
	size_bad("inf", -EINVAL);
	size_bad("infinity", -EINVAL);
	size_bad("4,096", -EINVAL);

	/* the exact message of the contract */
	assert_int_equal(parse_size("--bs", "3x", &v, err, sizeof(err)), -EINVAL);
	assert_string_equal(err, "--bs: '3x' is not a size; use a number with k/M/G/T "
			    "(1024) or kB/MB/GB/TB (1000), e.g. 4k");

	/* a NULL string is an empty one, not a crash */
	assert_int_equal(parse_size("--bs", NULL, &v, err, sizeof(err)), -EINVAL);
	assert_true(v == SENTINEL);
}

static void test_message_names_what(void **state)
{
	char err[ERRLEN];
	uint64_t u = SENTINEL;
	double d = -1;

	(void)state;
	assert_int_equal(parse_size("capacity", "big", &u, err, sizeof(err)), -EINVAL);
	assert_true(strncmp(err, "capacity: 'big' ", 16) == 0);
	assert_int_equal(parse_duration("--round", "1d", &u, err, sizeof(err)), -EINVAL);
	assert_true(strncmp(err, "--round: '1d' ", 14) == 0);
	assert_int_equal(parse_percent("--op", "x", 0, 50, &d, err, sizeof(err)), -EINVAL);
	assert_true(strncmp(err, "--op: 'x' ", 10) == 0);
	assert_int_equal(parse_u64("--qd", "q", 1, 64, &u, err, sizeof(err)), -EINVAL);
	assert_true(strncmp(err, "--qd: 'q' ", 10) == 0);
	assert_int_equal(parse_double("--max-writes", "y", 0, 10, &d, err, sizeof(err)), -EINVAL);
	assert_true(strncmp(err, "--max-writes: 'y' ", 18) == 0);
}

static void test_message_is_one_printable_line(void **state)
{
	char err[ERRLEN];
	char big[1000];
	uint64_t v = SENTINEL;

	(void)state;
	assert_int_equal(parse_size("--bs", "4k\nrm -rf /", &v, err, sizeof(err)), -EINVAL);
	assert_null(strchr(err, '\n'));
	assert_non_null(strstr(err, "'4k\\x0arm -rf /'"));

	/* long input is cut so the message stays short */
	memset(big, '7', sizeof(big) - 2);
	big[sizeof(big) - 2] = 'x';
	big[sizeof(big) - 1] = '\0';
	assert_int_equal(parse_size("--bs", big, &v, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "...'"));
	assert_true(strlen(err) < 200);

	/* a small buffer is filled, terminated, and not overrun */
	memset(err, 'Z', sizeof(err));
	assert_int_equal(parse_size("--bs", "3x", &v, err, 8), -EINVAL);
	assert_string_equal(err, "--bs: '");
	assert_true(err[8] == 'Z');

	/* no buffer at all is allowed */
	assert_int_equal(parse_size("--bs", "3x", &v, NULL, 0), -EINVAL);
}

/* ------------------------------------------------------------ durations */

static void test_duration_units(void **state)
{
	(void)state;
	assert_true(dur_ok("500ms") == 500000000ull);
	assert_true(dur_ok("60s") == 60000000000ull);
	assert_true(dur_ok("60") == 60000000000ull);
	assert_true(dur_ok("5m") == 300000000000ull);
	assert_true(dur_ok("2h") == 7200000000000ull);
	assert_true(dur_ok("0") == 0);
	assert_true(dur_ok("1.5s") == 1500000000ull);
	assert_true(dur_ok("0.5m") == 30000000000ull);
	assert_true(dur_ok("0.25h") == 900000000000ull);
	assert_true(dur_ok("0.000001ms") == 1);
	assert_true(dur_ok("0.000000001") == 1);
	/* largest: 18446744073.709551615 s */
	assert_true(dur_ok("18446744073.709551615s") == UINT64_MAX);
}

static void test_duration_bad(void **state)
{
	char err[ERRLEN];
	uint64_t v = SENTINEL;

	(void)state;
	dur_bad("", -EINVAL);
	dur_bad("s", -EINVAL);
	dur_bad("-1s", -EINVAL);
	dur_bad("+1s", -EINVAL);
	dur_bad(" 1s", -EINVAL);
	dur_bad("1 s", -EINVAL);
	dur_bad("1s ", -EINVAL);
	dur_bad("10x", -EINVAL);
	dur_bad("1d", -EINVAL);
	dur_bad("1us", -EINVAL);
	dur_bad("1M", -EINVAL);
	dur_bad("1S", -EINVAL);
	dur_bad("1H", -EINVAL);
	dur_bad("1min", -EINVAL);
	dur_bad("1sec", -EINVAL);
	dur_bad("1h30m", -EINVAL);
	dur_bad("nan", -EINVAL);
	dur_bad("inf", -EINVAL);
	dur_bad("0.0000000001s", -EINVAL);
	dur_bad("5124096h", -ERANGE);
	dur_bad("18446744074s", -ERANGE);
	dur_bad("99999999999999999999ms", -ERANGE);

	assert_int_equal(parse_duration("--time", "10x", &v, err, sizeof(err)), -EINVAL);
	assert_string_equal(err, "--time: '10x' is not a duration; use a number with ms, s, "
			    "m or h (a bare number is seconds), e.g. 10m");
}

/* ----------------------------------------------------------- percentages */

static void test_percent(void **state)
{
	char err[ERRLEN];
	double v;

	(void)state;
	assert_true(pct_ok("7", 0, 100) == 7.0);
	assert_true(pct_ok("7%", 0, 100) == 7.0);
	assert_true(pct_ok("12.5%", 0, 100) == 12.5);
	assert_true(pct_ok("0", 0, 100) == 0.0);
	assert_true(pct_ok("100%", 0, 100) == 100.0);
	assert_true(pct_ok("0.1", 0, 100) == 0.1);
	assert_true(pct_ok("33.333333333333333333333", 0, 100) > 33.3333333333);
	assert_true(pct_ok("33.333333333333333333333", 0, 100) < 33.3333333334);
	/* the bounds are inclusive */
	assert_true(pct_ok("50", 0, 50) == 50.0);
	assert_true(pct_ok("2.5", 2.5, 50) == 2.5);

	pct_bad("", 0, 100, -EINVAL);
	pct_bad("%", 0, 100, -EINVAL);
	pct_bad("7%%", 0, 100, -EINVAL);
	pct_bad("7 %", 0, 100, -EINVAL);
	pct_bad("%7", 0, 100, -EINVAL);
	pct_bad("-5", 0, 100, -EINVAL);
	pct_bad("+5", 0, 100, -EINVAL);
	pct_bad("5x", 0, 100, -EINVAL);
	pct_bad("nan", 0, 100, -EINVAL);
	pct_bad("inf%", 0, 100, -EINVAL);
	pct_bad("1e1", 0, 100, -EINVAL);
	pct_bad("100.01", 0, 100, -ERANGE);
	pct_bad("51%", 0, 50, -ERANGE);
	pct_bad("0", 1, 100, -ERANGE);
	pct_bad("2.4999", 2.5, 50, -ERANGE);
	pct_bad("99999999999999999999999", 0, 100, -ERANGE);

	/* the message states the allowed range */
	assert_int_equal(parse_percent("--op", "120%", 0, 50, &v, err, sizeof(err)), -ERANGE);
	assert_string_equal(err, "--op: '120%' is out of range; use 0% to 50%");
	assert_int_equal(parse_percent("--span", "0.5", 1, 99.5, &v, err, sizeof(err)), -ERANGE);
	assert_non_null(strstr(err, "use 1% to 99.5%"));
}

/* ---------------------------------------------------- integers, doubles */

static void test_u64(void **state)
{
	char err[ERRLEN];
	uint64_t v = SENTINEL;

	(void)state;
	assert_int_equal(parse_u64("--qd", "32", 1, 1024, &v, err, sizeof(err)), 0);
	assert_true(v == 32);
	assert_int_equal(parse_u64("--qd", "1", 1, 1024, &v, err, sizeof(err)), 0);
	assert_true(v == 1);
	assert_int_equal(parse_u64("--qd", "1024", 1, 1024, &v, err, sizeof(err)), 0);
	assert_true(v == 1024);
	assert_int_equal(parse_u64("seed", "18446744073709551615", 0, UINT64_MAX, &v, err,
				   sizeof(err)), 0);
	assert_true(v == UINT64_MAX);

	v = SENTINEL;
	assert_int_equal(parse_u64("--qd", "0", 1, 1024, &v, err, sizeof(err)), -ERANGE);
	assert_string_equal(err, "--qd: '0' is out of range; use 1 to 1024");
	assert_int_equal(parse_u64("--qd", "1025", 1, 1024, &v, err, sizeof(err)), -ERANGE);
	assert_int_equal(parse_u64("seed", "18446744073709551616", 0, UINT64_MAX, &v, err,
				   sizeof(err)), -ERANGE);
	assert_non_null(strstr(err, "use at least 0"));
	assert_int_equal(parse_u64("--qd", "99999999999999999999", 1, 1024, &v, err,
				   sizeof(err)), -ERANGE);
	assert_int_equal(parse_u64("--qd", "4k", 1, 1024, &v, err, sizeof(err)), -EINVAL);
	assert_string_equal(err, "--qd: '4k' is not a whole number; use digits only, e.g. 1");
	assert_int_equal(parse_u64("--qd", "1.0", 1, 1024, &v, err, sizeof(err)), -EINVAL);
	assert_int_equal(parse_u64("--qd", "-1", 1, 1024, &v, err, sizeof(err)), -EINVAL);
	assert_int_equal(parse_u64("--qd", "+1", 1, 1024, &v, err, sizeof(err)), -EINVAL);
	assert_int_equal(parse_u64("--qd", " 1", 1, 1024, &v, err, sizeof(err)), -EINVAL);
	assert_int_equal(parse_u64("--qd", "0x10", 0, 1024, &v, err, sizeof(err)), -EINVAL);
	assert_int_equal(parse_u64("--qd", "", 1, 1024, &v, err, sizeof(err)), -EINVAL);
	assert_true(v == SENTINEL);
}

static void test_double(void **state)
{
	char err[ERRLEN];
	double v = -1;

	(void)state;
	assert_int_equal(parse_double("--max-writes", "2.5", 0, 100, &v, err, sizeof(err)), 0);
	assert_true(v == 2.5);
	assert_int_equal(parse_double("--max-writes", "3", 0, 100, &v, err, sizeof(err)), 0);
	assert_true(v == 3.0);
	assert_int_equal(parse_double("--max-writes", "100.5", 0, 100, &v, err, sizeof(err)),
			 -ERANGE);
	assert_string_equal(err, "--max-writes: '100.5' is out of range; use 0 to 100");
	assert_int_equal(parse_double("--max-writes", "2x", 0, 100, &v, err, sizeof(err)),
			 -EINVAL);
	assert_int_equal(parse_double("--max-writes", "2%", 0, 100, &v, err, sizeof(err)),
			 -EINVAL);
	assert_int_equal(parse_double("--max-writes", "-2", -5, 100, &v, err, sizeof(err)),
			 -EINVAL);
	assert_int_equal(parse_double("--max-writes", "nan", 0, 100, &v, err, sizeof(err)),
			 -EINVAL);
	assert_int_equal(parse_double("--max-writes", "1e2", 0, 1000, &v, err, sizeof(err)),
			 -EINVAL);
	assert_true(v == 3.0);
}

/* ----------------------------------------------------------------- lists */

static void test_u64_list(void **state)
{
	char err[ERRLEN];
	uint64_t out[4] = { SENTINEL, SENTINEL, SENTINEL, SENTINEL };
	size_t n = 99;

	(void)state;
	assert_int_equal(parse_u64_list("--qd", "1,4,32", 1, 256, out, 4, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 3);
	assert_true(out[0] == 1 && out[1] == 4 && out[2] == 32);
	assert_true(out[3] == SENTINEL);

	assert_int_equal(parse_u64_list("--qd", "7", 1, 256, out, 4, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 1);
	assert_true(out[0] == 7);

	/* exactly max items is fine, one more is not */
	assert_int_equal(parse_u64_list("--qd", "1,2,3,4", 1, 256, out, 4, &n, err,
					sizeof(err)), 0);
	assert_int_equal(n, 4);
	assert_true(out[3] == 4);
	assert_int_equal(parse_u64_list("--qd", "1,2,3,4,5", 1, 256, out, 4, &n, err,
					sizeof(err)), -ERANGE);
	assert_int_equal(n, 0);
	assert_string_equal(err, "--qd: '1,2,3,4,5' has 5 items; use at most 4");

	/* empty lists and empty items */
	assert_int_equal(parse_u64_list("--qd", "", 1, 256, out, 4, &n, err, sizeof(err)),
			 -EINVAL);
	assert_true(strncmp(err, "--qd: the list is empty;", 24) == 0);
	assert_int_equal(parse_u64_list("--qd", ",", 1, 256, out, 4, &n, err, sizeof(err)),
			 -EINVAL);
	assert_string_equal(err, "--qd: ',' has an empty item; use comma-separated values "
			    "without empty items, e.g. 1,4,32");
	assert_int_equal(parse_u64_list("--qd", "1,,2", 1, 256, out, 4, &n, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "'1,,2' has an empty item"));
	assert_int_equal(parse_u64_list("--qd", "1,", 1, 256, out, 4, &n, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "'1,' has an empty item"));
	assert_int_equal(parse_u64_list("--qd", ",1", 1, 256, out, 4, &n, err, sizeof(err)),
			 -EINVAL);
	assert_int_equal(parse_u64_list("--qd", NULL, 1, 256, out, 4, &n, err, sizeof(err)),
			 -EINVAL);

	/* a bad item is named on its own, with the item's own error */
	assert_int_equal(parse_u64_list("--qd", "1,3x,4", 1, 256, out, 4, &n, err, sizeof(err)),
			 -EINVAL);
	assert_true(strncmp(err, "--qd: '3x' is not a whole number", 32) == 0);
	assert_int_equal(n, 0);
	assert_int_equal(parse_u64_list("--qd", "1,999", 1, 256, out, 4, &n, err, sizeof(err)),
			 -ERANGE);
	assert_string_equal(err, "--qd: '999' is out of range; use 1 to 256");
	assert_int_equal(parse_u64_list("--qd", "1, 2", 1, 256, out, 4, &n, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "' 2'"));
}

static void test_size_list(void **state)
{
	char err[ERRLEN];
	uint64_t out[3];
	size_t n = 99;

	(void)state;
	assert_int_equal(parse_size_list("--bs", "4k,128kB,1.5M", out, 3, &n, err,
					 sizeof(err)), 0);
	assert_int_equal(n, 3);
	assert_true(out[0] == 4096 && out[1] == 128000 && out[2] == 1572864);

	assert_int_equal(parse_size_list("--bs", "4k,16777216T", out, 3, &n, err, sizeof(err)),
			 -ERANGE);
	assert_true(strncmp(err, "--bs: '16777216T' is too large", 30) == 0);
	assert_int_equal(parse_size_list("--bs", "4k,4kx", out, 3, &n, err, sizeof(err)),
			 -EINVAL);
	assert_true(strncmp(err, "--bs: '4kx' is not a size", 25) == 0);
	assert_int_equal(parse_size_list("--bs", "1,2,3,4", out, 3, &n, err, sizeof(err)),
			 -ERANGE);
	assert_non_null(strstr(err, "use at most 3"));
	assert_int_equal(parse_size_list("--bs", "4k,", out, 3, &n, err, sizeof(err)), -EINVAL);
	assert_int_equal(n, 0);
}

static void test_duration_list(void **state)
{
	char err[ERRLEN];
	uint64_t out[4];
	size_t n = 99;

	(void)state;
	assert_int_equal(parse_duration_list("--idle", "0,10s,1m,500ms", out, 4, &n, err,
					     sizeof(err)), 0);
	assert_int_equal(n, 4);
	assert_true(out[0] == 0 && out[1] == 10000000000ull && out[2] == 60000000000ull &&
		    out[3] == 500000000ull);
	assert_int_equal(parse_duration_list("--idle", "10s,,1m", out, 4, &n, err, sizeof(err)),
			 -EINVAL);
	assert_int_equal(parse_duration_list("--idle", "10s,1d", out, 4, &n, err, sizeof(err)),
			 -EINVAL);
	assert_true(strncmp(err, "--idle: '1d' is not a duration", 30) == 0);
	assert_int_equal(n, 0);
}

/* "A:B" (qualify --op-range): both ends parsed as percentages, an empty or reversed range refused. */
static void test_percent_range(void **state)
{
	char err[ERRLEN];
	double lo = -1, hi = -1;

	(void)state;
	assert_int_equal(parse_percent_range("--op-range", "0:40", 0, 50, &lo, &hi, err, sizeof(err)), 0);
	assert_true(lo == 0.0 && hi == 40.0);
	assert_int_equal(parse_percent_range("--op-range", "7.5%:12%", 0, 50, &lo, &hi, err, sizeof(err)), 0);
	assert_true(lo == 7.5 && hi == 12.0);
	assert_int_equal(parse_percent_range("--op-range", "40", 0, 50, &lo, &hi, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "is not a range; use A:B"));
	assert_int_equal(parse_percent_range("--op-range", "20:20", 0, 50, &lo, &hi, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "is empty"));
	assert_int_equal(parse_percent_range("--op-range", "30:10", 0, 50, &lo, &hi, err, sizeof(err)), -EINVAL);
	assert_int_equal(parse_percent_range("--op-range", "0:60", 0, 50, &lo, &hi, err, sizeof(err)), -EINVAL);
	assert_int_equal(parse_percent_range("--op-range", ":10", 0, 50, &lo, &hi, err, sizeof(err)), -EINVAL);
	assert_int_equal(parse_percent_range("--op-range", "1:2:3", 0, 50, &lo, &hi, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "--op-range"));
}

static void test_percent_list(void **state)
{
	char err[ERRLEN];
	double out[6];
	size_t n = 99;

	(void)state;
	assert_int_equal(parse_percent_list("--op", "0,7%,14,20,28.5%,40", 0, 50, out, 6, &n,
					    err, sizeof(err)), 0);
	assert_int_equal(n, 6);
	assert_true(out[0] == 0 && out[1] == 7 && out[2] == 14 && out[3] == 20 &&
		    out[4] == 28.5 && out[5] == 40);
	assert_int_equal(parse_percent_list("--op", "0,60", 0, 50, out, 6, &n, err, sizeof(err)),
			 -ERANGE);
	assert_string_equal(err, "--op: '60' is out of range; use 0% to 50%");
	assert_int_equal(parse_percent_list("--op", "1,2,3,4,5,6,7", 0, 50, out, 6, &n, err,
					    sizeof(err)), -ERANGE);
	assert_non_null(strstr(err, "has 7 items; use at most 6"));
	assert_int_equal(parse_percent_list("--op", ",,", 0, 50, out, 6, &n, err, sizeof(err)),
			 -EINVAL);
	assert_int_equal(n, 0);
}

/* --bs-mix: a blank or a sign before a weight is refused, as in every other number. */
static void test_size_weight_list(void **state)
{
	struct size_weight sw[4];
	struct workload w;
	char err[256];
	size_t n = 0;
	(void)state;

	assert_int_equal(parse_size_weight_list("--bs-mix", "4k:60,64k:40", 1000000, sw, 4, &n, err,
						sizeof(err)), 0);
	assert_int_equal(n, 2);
	assert_int_equal(sw[0].size, 4096);
	assert_int_equal(sw[0].weight, 60);
	assert_int_equal(sw[1].size, 65536);
	assert_int_equal(sw[1].weight, 40);

	const char *bad[] = { "4k: 60", "4k:+60", "4k:-1", "4k:60 ", " 4k:60", "4k:0", "4k:1000001",
			      "4k:6e1", "4k:0x10", "4k", "4k:", ":60", "0:60", "4k:60,,8k:1", "4k:1:2",
			      "4k:1,8k:1,16k:1,32k:1,64k:1" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		if (parse_size_weight_list("--bs-mix", bad[i], 1000000, sw, 4, &n, err, sizeof(err)) == 0)
			fail_msg("'%s' was accepted", bad[i]);
		assert_non_null(strstr(err, "--bs-mix"));
		assert_null(strchr(err, '\n'));
	}
	/* The workload's --bs-mix goes through it. */
	memset(&w, 0, sizeof(w));
	assert_int_equal(workload_bs_mix_parse("--bs-mix", "4k: 60", &w, err, sizeof(err)), -EINVAL);
	assert_int_equal(workload_bs_mix_parse("--bs-mix", "4k:+60", &w, err, sizeof(err)), -EINVAL);
	assert_int_equal(workload_bs_mix_parse("--bs-mix", "4k:60,16k:40", &w, err, sizeof(err)), 0);
	assert_int_equal(w.nbs_mix, 2);
	assert_int_equal(w.bs_mix[1].bs, 16384);
	assert_int_equal(w.bs_mix[1].weight, 40);
}

/* --max-writes: the whole argument is parsed, never a cut copy of it. */
static void test_multiple(void **state)
{
	char err[256], longarg[128];
	double v = 0;
	(void)state;

	assert_int_equal(parse_multiple("--max-writes", "10x", 0.01, 1e6, &v, err, sizeof(err)), 0);
	assert_true(v == 10);
	assert_int_equal(parse_multiple("--max-writes", "2.5", 0.01, 1e6, &v, err, sizeof(err)), 0);
	assert_true(v == 2.5);
	assert_int_equal(parse_multiple("--max-writes", "x", 0.01, 1e6, &v, err, sizeof(err)), -EINVAL);
	assert_int_equal(parse_multiple("--max-writes", "10xx", 0.01, 1e6, &v, err, sizeof(err)), -EINVAL);
	assert_int_equal(parse_multiple("--max-writes", "0x", 0.01, 1e6, &v, err, sizeof(err)), -ERANGE);
	assert_int_equal(parse_multiple("--max-writes", "2e6x", 0.01, 1e6, &v, err, sizeof(err)), -EINVAL);
	/* 64 characters of a good number, then junk: a 63-byte copy would parse as 1. */
	snprintf(longarg, sizeof(longarg), "1.%061djunkx", 0);
	assert_true(strlen(longarg) > 64);
	assert_int_equal(parse_multiple("--max-writes", longarg, 0.01, 1e6, &v, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "--max-writes"));
}

/* One escaping rule for every echoed argument. */
static void test_escape(void **state)
{
	char small[12], buf[ESCAPE_BUF_SIZE];
	(void)state;

	assert_string_equal(escape_arg(buf, sizeof(buf), "plain /dev/loop3"), "plain /dev/loop3");
	assert_string_equal(escape_arg(buf, sizeof(buf), "a\nb\x1b[2J\x7f\xc3\xa9"),
			    "a\\x0ab\\x1b[2J\\x7f\\xc3\\xa9");
	assert_string_equal(escape_arg(buf, sizeof(buf), NULL), "(null)");
	assert_string_equal(escape_bytes(buf, sizeof(buf), "ab\0c", 4), "ab\\x00c");
	/* Cut with "..." only when it does not fit; an exact fit is whole. */
	assert_string_equal(escape_arg(small, sizeof(small), "0123456789a"), "0123456789a");
	assert_string_equal(escape_arg(small, sizeof(small), "0123456789ab"), "01234567...");
	assert_string_equal(escape_arg(small, sizeof(small), "01234567\n"), "01234567...");
	assert_true(strlen(escape_arg(small, sizeof(small), "\n\n\n\n\n\n")) < sizeof(small));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_percent_range),
		cmocka_unit_test(test_size_bytes),
		cmocka_unit_test(test_size_binary_units),
		cmocka_unit_test(test_size_decimal_units),
		cmocka_unit_test(test_size_decimals),
		cmocka_unit_test(test_size_overflow),
		cmocka_unit_test(test_size_syntax),
		cmocka_unit_test(test_message_names_what),
		cmocka_unit_test(test_message_is_one_printable_line),
		cmocka_unit_test(test_duration_units),
		cmocka_unit_test(test_duration_bad),
		cmocka_unit_test(test_percent),
		cmocka_unit_test(test_u64),
		cmocka_unit_test(test_double),
		cmocka_unit_test(test_u64_list),
		cmocka_unit_test(test_size_list),
		cmocka_unit_test(test_duration_list),
		cmocka_unit_test(test_percent_list),
		cmocka_unit_test(test_size_weight_list),
		cmocka_unit_test(test_multiple),
		cmocka_unit_test(test_escape),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
