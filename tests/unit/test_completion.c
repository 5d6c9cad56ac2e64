/* SPDX-License-Identifier: MIT */
/*
 * The completion and --help against the command table, walked whole so a
 * new command or option is covered without touching this test: every
 * option a command's handler takes is offered by the completion, and named
 * in its --help; an option that takes a value is in the command's valued
 * list; did-you-mean finds a command and an option one slip away.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cli/cli.h"
#include "cli/manual.h"
#include "cli/options.h"
#include "cli/suggest.h"

/* The completion script, written as the build writes it. */
static char *script(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	manual_bash_completion(f);
	assert_int_equal(fclose(f), 0);
	return buf;
}

/* The value of the shell variable var='...' in s, copied into out. */
static void variable(const char *s, const char *var, char *out, size_t len)
{
	char head[128];
	const char *p, *end;

	snprintf(head, sizeof(head), "\n%s='", var);
	p = strstr(s, head);
	if (!p)
		fail_msg("no %s in the completion", var);
	p += strlen(head);
	end = strchr(p, '\'');
	assert_non_null(end);
	snprintf(out, len, "%.*s", (int)(end - p), p);
}

/* Whether word is a whole word of the space-separated list. */
static int has_word(const char *list, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = list; (p = strstr(p, word)); p += n)
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
			return 1;
	return 0;
}

/* Whether text names --name as an option (not as the start of a longer one). */
static int names_option(const char *text, const char *name)
{
	char want[80];
	size_t n;

	n = (size_t)snprintf(want, sizeof(want), "--%s", name);
	for (const char *p = text; (p = strstr(p, want)); p += n) {
		char next = p[n];

		if (!(next >= 'a' && next <= 'z') && next != '-' && next != '_')
			return 1;
	}
	return 0;
}

static void test_every_option_offered_and_in_help(void **state)
{
	size_t count;
	const struct command *cmds = command_list(&count);
	char *s = script();

	(void)state;
	assert_true(count >= 12);
	for (size_t i = 0; i < count; i++) {
		struct option all[CLI_MAX_LONGOPTS];
		size_t n = completion_command_options(&cmds[i], all, CLI_MAX_LONGOPTS);
		char name[64], var[80], opts[4096], valued[4096];

		snprintf(name, sizeof(name), "%s", cmds[i].name);
		for (char *c = name; *c; c++)
			if (*c == '-')
				*c = '_';
		snprintf(var, sizeof(var), "_ssdprof_opts_%s", name);
		variable(s, var, opts, sizeof(opts));
		snprintf(var, sizeof(var), "_ssdprof_valued_%s", name);
		variable(s, var, valued, sizeof(valued));
		assert_true(has_word(opts, "--help"));
		for (size_t k = 0; k < n; k++) {
			char word[80];
			int alias = 0;

			snprintf(word, sizeof(word), "--%s", all[k].name);
			if (!has_word(opts, word))
				fail_msg("%s: %s is not offered: %s", cmds[i].name, word, opts);
			if ((all[k].has_arg == required_argument) != has_word(valued, word))
				fail_msg("%s: %s %s a value, yet the completion says otherwise", cmds[i].name, word,
					 all[k].has_arg == required_argument ? "takes" : "takes no");
			/* fio's names are listed apart from the usage text; the command's own are in it. */
			for (size_t j = 0; j < k; j++)
				alias |= all[j].val == all[k].val;
			if (!alias && !names_option(cmds[i].usage, all[k].name))
				fail_msg("%s takes %s, which its --help does not name", cmds[i].name, word);
		}
	}
	free(s);
}

static void test_commands_offered(void **state)
{
	size_t count;
	const struct command *cmds = command_list(&count);
	char *s = script(), list[1024];

	(void)state;
	variable(s, "_ssdprof_commands", list, sizeof(list));
	for (size_t i = 0; i < count; i++)
		assert_true(has_word(list, cmds[i].name));
	free(s);
}

/* Each option with a fixed set of values has them in the case of _ssdprof_values. */
static void test_fixed_values(void **state)
{
	char *s = script();

	(void)state;
	assert_non_null(strstr(s, "'sweep --predict') _ssdprof_words 'stop check' ;;"));
	assert_non_null(strstr(s, "'compare --rank-by') _ssdprof_words 'steady_iops "));
	assert_non_null(strstr(s, "'run --random-dist') _ssdprof_words 'uniform zipf: pareto: hotcold:' ;;"));
	assert_non_null(strstr(s, "'qualify --raid') _ssdprof_words '0 1 5 6 10' ;;"));
	assert_non_null(strstr(s, "'run --readwrite') _ssdprof_words 'randwrite "));
	assert_non_null(strstr(s, "'report -o'"));
	/* A key the simulator writes only when set. */
	assert_non_null(strstr(s, " hot_cold"));
	free(s);
}

static void test_did_you_mean(void **state)
{
	const char *o;

	(void)state;
	assert_string_equal(suggest_command("swep"), "sweep");
	assert_string_equal(suggest_command("qualfiy"), "qualify");
	assert_string_equal(suggest_command("prcondition"), "precondition");
	assert_null(suggest_command("xyzzy"));
	assert_null(suggest_command("sweep"));
	o = suggest_option("sweep", "--op-rnage=5");
	assert_non_null(o);
	assert_string_equal(o, "op-range");
	assert_string_equal(suggest_option("slc", "--forse"), "force");
	assert_string_equal(suggest_option("run", "--iodpeth"), "iodepth");
	assert_string_equal(suggest_option(NULL, "--verison"), "version");
	assert_null(suggest_option("sweep", "--zz-not-an-option"));
	assert_null(suggest_option("nosuch", "--force"));
	assert_int_equal(suggest_distance("ab", 2, "ba", 2), 1);
	assert_int_equal(suggest_distance("kitten", 6, "sitting", 7), 3);
}

/*
 * cli_longopts fills at most CLI_MAX_LONGOPTS - 1 entries and drops the
 * rest without a word: every command's own, shared and fio-named options
 * must fit, with room to spare, or the last of them stop being accepted.
 */
static void test_options_fit(void **state)
{
	size_t count;
	const struct command *cmds = command_list(&count);

	(void)state;
	for (size_t i = 0; i < count; i++) {
		struct option all[4 * CLI_MAX_LONGOPTS];
		size_t n = cli_longopts(all, 4 * CLI_MAX_LONGOPTS, cmds[i].shared, cmds[i].options);

		if (n >= CLI_MAX_LONGOPTS - 1)
			fail_msg("%s has %zu options: raise CLI_MAX_LONGOPTS (%d)", cmds[i].name, n, CLI_MAX_LONGOPTS);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_option_offered_and_in_help),
		cmocka_unit_test(test_commands_offered),
		cmocka_unit_test(test_fixed_values),
		cmocka_unit_test(test_did_you_mean),
		cmocka_unit_test(test_options_fit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
