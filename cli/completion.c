/* SPDX-License-Identifier: MIT */
/*
 * The bash completion, written from the tables --help prints: commands,
 * each command's options (its synopsis and option lists, and fio's names
 * it takes), the values of the options that take one of a few words, the
 * simulator's presets and keys.  Plain bash (compgen, compopt): it needs
 * no bash-completion package.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "cli/cli.h"
#include "cli/fio_names.h"
#include "cli/manual.h"
#include "engine/access_spec.h"
#include "open/open.h"
#include "util/settings_limits.h"

/* Whether word is in the space-separated list. */
static bool has_word(const char *list, const char *word, size_t n)
{
	for (const char *p = list; *p; p += strcspn(p, " "), p += *p == ' ')
		if (strcspn(p, " ") == n && !strncmp(p, word, n))
			return true;
	return false;
}

static void add_word(char *buf, size_t len, const char *word, size_t n)
{
	size_t at = strlen(buf);

	if (has_word(buf, word, n) || at + n + 2 > len)
		return;
	snprintf(buf + at, len - at, "%s%.*s", at ? " " : "", (int)n, word);
}

/* Every option in s[0..n): a dash after a space, bracket, bar or comma, and a letter or another dash. */
static void add_options(char *buf, size_t len, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		size_t k;

		if (s[i] != '-' || (i && !strchr(" [|(,", s[i - 1])) || i + 1 >= n ||
		    !(isalpha((unsigned char)s[i + 1]) || (s[i + 1] == '-' && i + 2 < n && isalpha((unsigned char)s[i + 2]))))
			continue;
		for (k = i + 1; k < n && (isalnum((unsigned char)s[k]) || s[k] == '-' || s[k] == '_'); k++)
			;
		add_word(buf, len, s + i, k - i);
		i = k;
	}
}

void manual_command_options(const char *usage, char *buf, size_t len)
{
	const char *p = usage;
	bool synopsis = true;
	size_t nf;
	const struct fio_name *f = fio_names(&nf);

	buf[0] = 0;
	while (*p) {
		size_t n = strcspn(p, "\n"), in = strspn(p, " ");

		if (!n)
			synopsis = false;
		if (synopsis) {
			add_options(buf, len, p, n);
		} else if (in == 2 && p[2] == '-') {
			/* An option item: its term, up to the two spaces before the description. */
			const char *gap = strstr(p + 2, "  ");

			add_options(buf, len, p, gap && gap < p + n ? (size_t)(gap - p) : n);
		}
		p += n + (p[n] == '\n');
	}
	for (size_t i = 0; i < nf; i++)
		if (f[i].ours && fio_usage_has(usage, f[i].ours)) {
			char name[64];

			snprintf(name, sizeof(name), "--%s", f[i].fio);
			add_word(buf, len, name, strlen(name));
		}
	add_word(buf, len, "--help", 6);
}

static void sim_words(FILE *f)
{
	const char *const *presets = target_sim_presets();
	struct json_object *o = json_object_new_object();

	fputs("_ssdprof_presets='", f);
	for (const char *const *p = presets; *p; p++)
		fprintf(f, "%s%s", p == presets ? "" : " ", *p);
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

static void value_words(FILE *f)
{
	static const char *const purge[] = { PURGE_METHOD_NAMES, NULL }, *const op[] = { OP_METHOD_NAMES, NULL };
	size_t n;
	const struct access_spec *w = access_spec_table(&n);

	fputs("_ssdprof_purge='", f);
	for (const char *const *p = purge; *p; p++)
		fprintf(f, "%s%s", p == purge ? "" : " ", *p);
	fputs("'\n_ssdprof_op_methods='", f);
	for (const char *const *p = op; *p; p++)
		fprintf(f, "%s%s", p == op ? "" : " ", *p);
	fputs("'\n_ssdprof_workloads='", f);
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s%s", i ? " " : "", w[i].name);
	fputs("'\n", f);
}

static const char script[] =
	"# The current word whole (COMP_WORDS splits sim:PRESET,key=value at : and =) and the one before.\n"
	"_ssdprof() {\n"
	"\tlocal line=${COMP_LINE:0:COMP_POINT} cur=${COMP_WORDS[COMP_CWORD]} cmd=${COMP_WORDS[1]}\n"
	"\tlocal word='' prev='' opts='' words\n"
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
	"\tcase $prev in\n"
	"\t--out|-o|--png|--events|--metrics|--resume)\n"
	"\t\tCOMPREPLY=($(compgen -f -- \"$word\")); return 0 ;;\n"
	"\t--rw|--readwrite)\n"
	"\t\tCOMPREPLY=($(compgen -W 'randwrite randread write read randrw' -- \"$word\")); return 0 ;;\n"
	"\t--raid)\n"
	"\t\tCOMPREPLY=($(compgen -W '0 1 5 6 10' -- \"$word\")); return 0 ;;\n"
	"\t--purge-method)\n"
	"\t\tCOMPREPLY=($(compgen -W \"$_ssdprof_purge\" -- \"$word\")); return 0 ;;\n"
	"\t--op-method)\n"
	"\t\tCOMPREPLY=($(compgen -W \"$_ssdprof_op_methods\" -- \"$word\")); return 0 ;;\n"
	"\t--method)\n"
	"\t\tif [ \"$cmd\" = purge ]; then opts=$_ssdprof_purge; else opts=$_ssdprof_op_methods; fi\n"
	"\t\tCOMPREPLY=($(compgen -W \"$opts\" -- \"$word\")); return 0 ;;\n"
	"\t--workload)\n"
	"\t\tCOMPREPLY=($(compgen -W \"$_ssdprof_workloads\" -- \"$word\")); return 0 ;;\n"
	"\tesac\n"
	"\tif [[ \" $_ssdprof_valued \" == *\" $prev \"* ]]; then\n"
	"\t\treturn 0    # a value: nothing to offer\n"
	"\tfi\n"
	"\tif [[ $word == -* ]]; then\n"
	"\t\tlocal v=_ssdprof_opts_${cmd//-/_}\n"
	"\t\tCOMPREPLY=($(compgen -W \"${!v}\" -- \"$word\"))\n"
	"\telif [[ $word == sim:*,* ]]; then\n"
	"\t\tlocal k keys=''\n"
	"\t\tfor k in $_ssdprof_keys; do keys+=\" ${word%,*},$k=\"; done\n"
	"\t\tCOMPREPLY=($(compgen -W \"$keys\" -- \"$word\"))\n"
	"\t\tcompopt -o nospace 2>/dev/null\n"
	"\telif [[ $word == sim:* ]]; then\n"
	"\t\tlocal p presets=''\n"
	"\t\tfor p in $_ssdprof_presets; do presets+=\" sim:$p\"; done\n"
	"\t\tCOMPREPLY=($(compgen -W \"$presets\" -- \"$word\"))\n"
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

/* The options of usage that take a value: in a term or the synopsis, followed by a word that is not an option. */
static void valued_options(char *buf, size_t len, const char *usage)
{
	for (const char *p = usage; (p = strstr(p, "--")); p += 2) {
		size_t k = 2;

		if (p > usage && !strchr(" [|(,", p[-1]))
			continue;
		while (isalnum((unsigned char)p[k]) || p[k] == '-' || p[k] == '_')
			k++;
		if (k > 2 && p[k] == ' ' && (isupper((unsigned char)p[k + 1]) || isdigit((unsigned char)p[k + 1])))
			add_word(buf, len, p, k);
	}
}

void manual_bash_completion(FILE *f)
{
	size_t count;
	const struct command *cmds = command_list(&count);
	char opts[2048], valued[2048] = "";

	fputs("# bash completion for ssdprof: commands, options, option values, sim: presets and keys.\n"
	      "# Written by ssdprof-mangen from the tables of ssdprof --help; do not edit.\n"
	      "_ssdprof_commands='", f);
	for (size_t i = 0; i < count; i++)
		fprintf(f, "%s%s", i ? " " : "", cmds[i].name);
	fputs("'\n", f);
	for (size_t i = 0; i < count; i++) {
		char name[64];

		manual_command_options(cmds[i].usage, opts, sizeof(opts));
		valued_options(valued, sizeof(valued), cmds[i].usage);
		snprintf(name, sizeof(name), "%s", cmds[i].name);
		for (char *c = name; *c; c++)
			if (*c == '-')
				*c = '_';
		fprintf(f, "_ssdprof_opts_%s='%s'\n", name, opts);
	}
	fprintf(f, "_ssdprof_valued='%s'\n", valued);
	sim_words(f);
	value_words(f);
	fputs(script, f);
}
