/* SPDX-License-Identifier: MIT */
/*
 * The terminal text of run results (reports/term.h), from the documents in
 * tests/data: a run over several chunk sizes prints its chunk table (what
 * `run --chunk A,B` prints when it ends, and `report --text` again from the
 * file), one row per entry of chunk_comparison with its limiting member; a
 * run over queue depths alone keeps its QD table.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "reports/term.h"

static char *render(const char *name)
{
	char path[4096], *text = NULL;
	size_t len = 0;
	struct json_object *doc;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", TEST_DATA_DIR, name);
	doc = json_object_from_file(path);
	assert_non_null(doc);
	f = open_memstream(&text, &len);
	assert_non_null(f);
	assert_int_equal(term_render(f, doc, RESULT_KIND_RUN, NULL, 80), 0);
	fclose(f);
	json_object_put(doc);
	return text;
}

static void test_chunks(void **state)
{
	char *text = render("report_run_raid.json");

	(void)state;
	assert_non_null(strstr(text, " chunk    qd       iops      MB/s     p50_us     p99_us     WA limiting\n"));
	/* The document's first entry: 16 KiB chunks at QD 32, member 4 the slowest. */
	assert_non_null(strstr(text, "\n   16k    32      24343    1595.4      582.7     6660.1   1.74        4\n"));
	assert_non_null(strstr(text, "\n   64k    32      15720    1030.2     1234.9     8347.6   2.34        0\n"));
	assert_non_null(strstr(text, "\nlimiting: the member with the highest mean latency (index into the TARGETs)\n"));
	assert_null(strstr(text, "mean_us"));
	free(text);
}

static void test_chunks_by_qd(void **state)
{
	char *text = render("report_run_raid_qd.json");
	size_t rows = 0;

	(void)state;
	for (const char *p = text; (p = strstr(p, "\n   16k ")); p++)
		rows++;
	assert_int_equal(rows, 2);
	assert_non_null(strstr(text, "\n   64k     4 "));
	assert_non_null(strstr(text, "\n   64k    32 "));
	free(text);
}

static void test_qd_curve(void **state)
{
	char *text = render("report_run_qd.json");

	(void)state;
	assert_non_null(strstr(text, "   qd       iops      MB/s    mean_us     p99_us   p99.9_us\n"));
	assert_null(strstr(text, "limiting"));
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_chunks),
		cmocka_unit_test(test_chunks_by_qd),
		cmocka_unit_test(test_qd_curve),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
