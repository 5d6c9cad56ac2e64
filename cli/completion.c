/* SPDX-License-Identifier: MIT */
/*
 * The bash completion, written from the command table (cli/commands.c):
 * each command's getopt entries as cli_opts_init merges them (its own, the
 * shared ones of its mask, fio's names of those), its short options, and
 * for an option that takes one of a fixed set of words, the set the parser
 * takes (the simulator's presets and keys, purge and OP methods, workloads,
 * rw modes, RAID levels, --predict modes, --rank-by figures, distributions).
 * Nothing is read from --help's prose, so a new option or command is offered
 * as soon as it is in the table.  Plain bash (compgen, compopt): it needs no
 * bash-completion package.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "cli/cli.h"
#include "cli/manual.h"
#include "cli/options.h"
#include "cli/sweep_cli.h"
#include "engine/access_spec.h"
#include "engine/workload.h"
#include "open/open.h"
#include "profiler/requirements.h"
#include "util/settings_limits.h"

/* What follows an option that takes a value. */
enum value_kind { VALUE_ANY, VALUE_WORDS, VALUE_FILE, VALUE_DIR };

/* The words of w but skip (NULL: all), space-separated. */
static void put_words_but(FILE *f, const char *const *w, const char *skip)
{
	bool first = true;

	for (const char *const *p = w; *p; p++)
		if (!skip || strcmp(*p, skip)) {
			fprintf(f, "%s%s", first ? "" : " ", *p);
			first = false;
		}
}

static void put_words(FILE *f, const char *const *w)
{
	put_words_but(f, w, NULL);
}

/*
 * The value of option name (its canonical, not fio's, name) of command cmd:
 * its kind, and for VALUE_WORDS the words written to f.
 */
static enum value_kind option_value(FILE *f, const char *cmd, const char *name)
{
	static const char *const purge[] = { PURGE_METHOD_NAMES, NULL }, *const op[] = { OP_METHOD_NAMES, NULL };
	/* The levels options.c takes, and offset_dist_parse's forms (a colon: a parameter follows). */
	static const char *const raid[] = { "0", "1", "5", "6", "10", NULL };
	static const char *const dist[] = { "uniform", "zipf:", "pareto:", "hotcold:", NULL };
	/* sweep_options.c takes these two; "off" is the default, not an argument. */
	const char *const predict[] = { sweep_predict_names[PREDICT_STOP], sweep_predict_names[PREDICT_RECORD], NULL };
	bool words = f != NULL;

	if (!strcmp(name, "out") || !strcmp(name, "events") || !strcmp(name, "metrics") ||
	    !strcmp(name, "requirements"))
		return VALUE_FILE;
	if (!strcmp(name, "png") || !strcmp(name, "resume"))
		return VALUE_DIR;
	if (!strcmp(name, "purge-method") || (!strcmp(name, "method") && !strcmp(cmd, "purge"))) {
		if (words)
			put_words(f, purge);
	} else if (!strcmp(name, "op-method") || !strcmp(name, "method")) {
		/* qualify profiles many drives by one method: not hpa (cmd_qualify.c). */
		if (words)
			put_words_but(f, op, !strcmp(cmd, "qualify") ? "hpa" : NULL);
	} else if (!strcmp(name, "raid")) {
		if (words)
			put_words(f, raid);
	} else if (!strcmp(name, "random-dist")) {
		if (words)
			put_words(f, dist);
	} else if (!strcmp(name, "predict")) {
		if (words)
			put_words(f, predict);
	} else if (!strcmp(name, "rw")) {
		for (int i = 0; words && workload_rw_name((enum workload_rw)i); i++)
			fprintf(f, "%s%s", i ? " " : "", workload_rw_name((enum workload_rw)i));
	} else if (!strcmp(name, "workload")) {
		size_t n;
		const struct access_spec *w = access_spec_table(&n);

		for (size_t i = 0; words && i < n; i++)
			fprintf(f, "%s%s", i ? " " : "", w[i].name);
	} else if (!strcmp(name, "rank-by")) {
		/* Every figure but "steady", a yes or no: compare_rank's list. */
		for (int i = REQ_STEADY_IOPS; words && i < REQ_NFIGURES; i++)
			fprintf(f, "%s%s", i > REQ_STEADY_IOPS ? " " : "", req_figure_name((enum req_figure)i));
	} else {
		return VALUE_ANY;
	}
	return VALUE_WORDS;
}

size_t completion_command_options(const struct command *cmd, struct option *out, size_t max)
{
	return cli_longopts(out, max, cmd->shared, cmd->options);
}

/* The entry an alias (fio's name) stands for: the first of the same value. */
static const struct option *canonical(const struct option *all, const struct option *o)
{
	for (const struct option *p = all; p->name; p++)
		if (p->val == o->val)
			return p;
	return o;
}

static void bash_name(char *buf, size_t len, const char *name)
{
	snprintf(buf, len, "%s", name);
	for (char *c = buf; *c; c++)
		if (*c == '-')
			*c = '_';
}

/* _ssdprof_opts_CMD (every option, then --help) and _ssdprof_valued_CMD (those that take a value). */
static void command_words(FILE *f, const struct command *cmd)
{
	struct option all[CLI_MAX_LONGOPTS];
	size_t n = completion_command_options(cmd, all, CLI_MAX_LONGOPTS);
	char name[64];

	bash_name(name, sizeof(name), cmd->name);
	fprintf(f, "_ssdprof_opts_%s='", name);
	for (size_t i = 0; i < n; i++)
		fprintf(f, "--%s ", all[i].name);
	for (const char *s = cmd->short_options; s && *s; s++)
		if (*s != ':')
			fprintf(f, "-%c ", *s);
	fprintf(f, "--help'\n_ssdprof_valued_%s='", name);
	for (size_t i = 0; i < n; i++)
		if (all[i].has_arg == required_argument)
			fprintf(f, "%s--%s", i ? " " : "", all[i].name);
	for (const char *s = cmd->short_options; s && *s; s++)
		if (*s != ':' && s[1] == ':')
			fprintf(f, " -%c", *s);
	fputs("'\n", f);
}

/* The case items of _ssdprof_values for cmd: each option with a known kind of value. */
static void command_values(FILE *f, const struct command *cmd)
{
	struct option all[CLI_MAX_LONGOPTS];
	size_t n = completion_command_options(cmd, all, CLI_MAX_LONGOPTS);

	for (size_t i = 0; i < n; i++) {
		const char *base = canonical(all, &all[i])->name;
		enum value_kind k = all[i].has_arg == required_argument ? option_value(NULL, cmd->name, base) : VALUE_ANY;

		if (k == VALUE_ANY)
			continue;
		fprintf(f, "\t'%s --%s'", cmd->name, all[i].name);
		/* A short option of the same value (report's -o is --out). */
		if (all[i].val > 0 && all[i].val < 128 && cmd->short_options && strchr(cmd->short_options, all[i].val))
			fprintf(f, "|'%s -%c'", cmd->name, all[i].val);
		if (k == VALUE_WORDS) {
			fputs(") _ssdprof_words '", f);
			option_value(f, cmd->name, base);
			fputs("' ;;\n", f);
		} else {
			fprintf(f, ") COMPREPLY=($(compgen -%c -- \"$word\")) ;;\n", k == VALUE_DIR ? 'd' : 'f');
		}
	}
}

static void sim_words(FILE *f)
{
	const char *const *presets = target_sim_presets();
	struct json_object *o = json_object_new_object();

	fputs("_ssdprof_presets='", f);
	put_words(f, presets);
	fputs("'\n_ssdprof_keys='", f);
	if (o) {
		bool first = true;

		target_sim_keys_json(o);
		json_object_object_foreach(o, k, v) {
			(void)v;
			fprintf(f, "%s%s", first ? "" : " ", k);
			first = false;
		}
	}
	json_object_put(o);
	fputs("'\n", f);
}

static const char script[] =
	"# The words of $1 that start the current word; a word ending in : = or , takes more (no space).\n"
	"_ssdprof_words() {\n"
	"\tCOMPREPLY=($(compgen -W \"$1\" -- \"$word\"))\n"
	"\t[[ ${#COMPREPLY[@]} == 1 && ${COMPREPLY[0]} == *[:=,] ]] && compopt -o nospace 2>/dev/null\n"
	"\treturn 0\n"
	"}\n"
	"# The current word whole (COMP_WORDS splits sim:PRESET,key=value at : and =) and the one before.\n"
	"_ssdprof() {\n"
	"\tlocal line=${COMP_LINE:0:COMP_POINT} cur=${COMP_WORDS[COMP_CWORD]} cmd=${COMP_WORDS[1]}\n"
	"\tlocal word='' prev='' words\n"
	"\tread -ra words <<<\"$line\"\n"
	"\tif [[ $line == *[[:space:]] ]]; then\n"
	"\t\tprev=${words[${#words[@]}-1]}\n"
	"\telse\n"
	"\t\tword=${words[${#words[@]}-1]}\n"
	"\t\t[ ${#words[@]} -gt 1 ] && prev=${words[${#words[@]}-2]}\n"
	"\tfi\n"
	"\tCOMPREPLY=()\n"
	"\tif [ \"$COMP_CWORD\" -le 1 ]; then\n"
	"\t\tCOMPREPLY=($(compgen -W \"$_ssdprof_commands --help --version\" -- \"$word\"))\n"
	"\t\treturn 0\n"
	"\tfi\n"
	"\tlocal c=${cmd//-/_}\n"
	"\tlocal opts=_ssdprof_opts_$c valued=_ssdprof_valued_$c\n"
	"\tif [[ \" ${!valued} \" == *\" $prev \"* ]]; then\n"
	"\t\t_ssdprof_values \"$cmd\" \"$prev\"    # else a value: nothing to offer\n"
	"\telif [[ $word == -* ]]; then\n"
	"\t\tCOMPREPLY=($(compgen -W \"${!opts}\" -- \"$word\"))\n"
	"\telif [[ $word == sim:*,* ]]; then\n"
	"\t\tlocal k keys=''\n"
	"\t\tfor k in $_ssdprof_keys; do keys+=\" ${word%,*},$k=\"; done\n"
	"\t\tCOMPREPLY=($(compgen -W \"$keys\" -- \"$word\"))\n"
	"\t\tcompopt -o nospace 2>/dev/null\n"
	"\telif [[ $word == sim:* ]]; then\n"
	"\t\t# No space after a preset: ,key=value may follow.\n"
	"\t\tlocal p presets=''\n"
	"\t\tfor p in $_ssdprof_presets; do presets+=\" sim:$p\"; done\n"
	"\t\tCOMPREPLY=($(compgen -W \"$presets\" -- \"$word\"))\n"
	"\t\tcompopt -o nospace 2>/dev/null\n"
	"\telse\n"
	"\t\tCOMPREPLY=($(compgen -W 'sim:' -- \"$word\") $(compgen -f -- \"$word\"))\n"
	"\t\t[ \"${COMPREPLY[*]}\" = sim: ] && compopt -o nospace 2>/dev/null\n"
	"\tfi\n"
	"\t# Bash replaces only what follows the last : or = of the word: offer that part.\n"
	"\tif [ \"$cur\" != \"$word\" ] && [[ $word == *\"$cur\" ]]; then\n"
	"\t\tlocal pre=${word%\"$cur\"} i\n"
	"\t\tfor i in \"${!COMPREPLY[@]}\"; do COMPREPLY[$i]=${COMPREPLY[$i]#\"$pre\"}; done\n"
	"\tfi\n"
	"\treturn 0\n"
	"}\n"
	"complete -F _ssdprof ssdprof\n";

void manual_bash_completion(FILE *f)
{
	size_t count;
	const struct command *cmds = command_list(&count);

	fputs("# bash completion for ssdprof: commands, options, option values, sim: presets and keys.\n"
	      "# Written by ssdprof-mangen from the command table of ssdprof; do not edit.\n"
	      "_ssdprof_commands='", f);
	for (size_t i = 0; i < count; i++)
		fprintf(f, "%s%s", i ? " " : "", cmds[i].name);
	fputs("'\n", f);
	for (size_t i = 0; i < count; i++)
		command_words(f, &cmds[i]);
	sim_words(f);
	fputs("# The values of an option of a command (a fixed set, files or folders).\n"
	      "_ssdprof_values() {\n"
	      "\tcase \"$1 $2\" in\n", f);
	for (size_t i = 0; i < count; i++)
		command_values(f, &cmds[i]);
	fputs("\tesac\n\treturn 0\n}\n", f);
	fputs(script, f);
}
