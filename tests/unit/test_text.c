/* SPDX-License-Identifier: MIT */
/* The recorded command line: in order, quoted only where a shell needs it, and a quote survives. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "util/text.h"

static void check(int argc, char **argv, const char *want)
{
	char *got = shell_join("ssdprof", argc, argv);

	assert_non_null(got);
	assert_string_equal(got, want);
	free(got);
}

static void test_plain_words_unquoted(void **state)
{
	char *argv[] = { "run", "sim:budget-tlc,capacity=4G", "--qd", "1,4", "--out", "a/b_c.d", "--span", "50%" };

	(void)state;
	check(8, argv, "ssdprof run sim:budget-tlc,capacity=4G --qd 1,4 --out a/b_c.d --span 50%");
}

static void test_space_and_quote(void **state)
{
	char *argv[] = { "precondition", "--out", "/tmp/p 1", "it's", "" };

	(void)state;
	check(5, argv, "ssdprof precondition --out '/tmp/p 1' 'it'\\''s' ''");
}

static void test_shell_specials(void **state)
{
	char *argv[] = { "run", "$HOME", "a*b", "x;y" };

	(void)state;
	check(4, argv, "ssdprof run '$HOME' 'a*b' 'x;y'");
}

static void test_utc_stamp_forms(void **state)
{
	char iso[32], dir[32];

	(void)state;
	utc_stamp(iso, sizeof(iso), true);
	utc_stamp(dir, sizeof(dir), false);
	assert_int_equal(strlen(iso), 20);
	assert_true(iso[4] == '-' && iso[10] == 'T' && iso[19] == 'Z');
	assert_int_equal(strlen(dir), 15);
	assert_true(dir[8] == '-');
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain_words_unquoted),
		cmocka_unit_test(test_space_and_quote),
		cmocka_unit_test(test_shell_specials),
		cmocka_unit_test(test_utc_stamp_forms),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
