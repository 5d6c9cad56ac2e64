/* SPDX-License-Identifier: MIT */
/* util/strbuf: appends, printf past the first allocation, take, and the sticky error. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "util/strbuf.h"

static void test_append(void **state)
{
	struct strbuf b = { 0 };

	(void)state;
	assert_null(b.p);
	sb_add(&b, "ab");
	sb_addn(&b, "cdef", 2);
	sb_printf(&b, "-%d-%s", 42, "x");
	assert_string_equal(b.p, "abcd-42-x");
	assert_int_equal(b.len, 9);
	assert_int_equal(b.err, 0);
	sb_free(&b);
	assert_null(b.p);
	assert_int_equal(b.len, 0);
}

/* A printf longer than the first allocation grows the buffer and keeps what was there. */
static void test_printf_grows(void **state)
{
	struct strbuf b = { 0 };
	char *big = malloc(10001);

	(void)state;
	assert_non_null(big);
	memset(big, 'y', 10000);
	big[10000] = '\0';
	sb_add(&b, "head:");
	sb_printf(&b, "%s|%zu", big, (size_t)7);
	assert_int_equal(b.len, 5 + 10000 + 2);
	assert_memory_equal(b.p, "head:yyy", 8);
	assert_string_equal(b.p + 5 + 10000, "|7");
	assert_true(b.cap > b.len);
	sb_free(&b);
	free(big);
}

static void test_take(void **state)
{
	struct strbuf b = { 0 };
	char *out = (char *)1;
	size_t len = 99;

	(void)state;
	/* Nothing added: an empty string, not NULL. */
	assert_int_equal(sb_take(&b, &out, &len), 0);
	assert_non_null(out);
	assert_string_equal(out, "");
	assert_int_equal(len, 0);
	free(out);
	sb_add(&b, "text");
	assert_int_equal(sb_take(&b, &out, &len), 0);
	assert_string_equal(out, "text");
	assert_int_equal(len, 4);
	/* The buffer is empty again and owns nothing. */
	assert_null(b.p);
	assert_int_equal(b.len, 0);
	free(out);
}

/* After a failed append every later append is ignored and take reports it. */
static void test_error_sticks(void **state)
{
	struct strbuf b = { 0 };
	char *out = (char *)1;
	size_t len;

	(void)state;
	sb_add(&b, "kept");
	b.err = -ENOMEM;
	sb_add(&b, "lost");
	sb_printf(&b, "%s", "lost");
	assert_string_equal(b.p, "kept");
	assert_int_equal(sb_take(&b, &out, &len), -ENOMEM);
	assert_null(out);
	assert_null(b.p);
	assert_int_equal(b.err, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_append),
		cmocka_unit_test(test_printf_grows),
		cmocka_unit_test(test_take),
		cmocka_unit_test(test_error_sticks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
