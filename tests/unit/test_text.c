/* SPDX-License-Identifier: MIT */
/* The recorded command line: in order, quoted only where a shell needs it, and a quote survives. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
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

/* Words wrapped to the width, continuations indented, a long word cut, UTF-8 counted by character. */
static void test_wrap(void **state)
{
	char buf[512];
	size_t k = 0;

	(void)state;
	text_wrap("aaaaa bbbbb ccccc ddddd eeeee", 20, 0, 2, buf, sizeof(buf), &k);
	assert_string_equal(buf, "aaaaa bbbbb ccccc\n  ddddd eeeee\n");
	k = 0;
	text_wrap("abcdefghijklmnopqrstuvwxyz", 14, 2, 2, buf, sizeof(buf), &k);
	assert_string_equal(buf, "  abcdefghijkl\n  mnopqrstuvwx\n  yz\n");
	/* "µs" is 2 bytes, 1 column: 12 columns fit in 12. */
	k = 0;
	text_wrap("lat 123 µs ok", 10, 0, 0, buf, sizeof(buf), &k);
	assert_string_equal(buf, "lat 123 µs\nok\n");
	/* A full buffer stays a string. */
	k = 0;
	text_wrap("aaaaa bbbbb ccccc ddddd eeeee", 20, 0, 2, buf, 6, &k);
	assert_true(strlen(buf) < 6);
}

/* A help line too wide is reflowed with its continuation under the description column. */
static void test_help(void **state)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	(void)state;
	assert_non_null(f);
	text_help_print(f, "  --jobs N   at most N drives at once (default all; 1: one\n"
			   "             after another)\nshort\n", 40);
	fclose(f);
	assert_string_equal(out, "  --jobs N   at most N drives at once\n"
				 "             (default all; 1: one after\n"
				 "             another)\n"
				 "short\n");
	free(out);
}

/*
 * A dry run's plan: an unindented sentence wraps under two spaces (its two
 * spaces after a full stop are no description column), a list item under
 * its text, and the next item is not taken for a continuation.
 */
static void test_plan_items(void **state)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	(void)state;
	assert_non_null(f);
	text_help_print(f, "dry run: nothing.  Each drive would:\n"
			   "  4. run random writes at QD 32 until steady\n"
			   "  5. stop\n"
			   "  - probe the cache, then write\n"
			   "    it whole\n", 24);
	fclose(f);
	assert_string_equal(out, "dry run: nothing.  Each\n"
				 "  drive would:\n"
				 "  4. run random writes\n"
				 "     at QD 32 until\n"
				 "     steady\n"
				 "  5. stop\n"
				 "  - probe the cache,\n"
				 "    then write it whole\n");
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain_words_unquoted),
		cmocka_unit_test(test_space_and_quote),
		cmocka_unit_test(test_shell_specials),
		cmocka_unit_test(test_utc_stamp_forms),
		cmocka_unit_test(test_wrap),
		cmocka_unit_test(test_help),
		cmocka_unit_test(test_plan_items),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
