/* SPDX-License-Identifier: MIT */
/*
 * ssdprof info TARGET [--json]
 *
 * Both renderings walk one json-c tree, so the text and the JSON can never
 * disagree on a number.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "cli/commands.h"
#include "util/escape.h"
#include "cli/options.h"
#include "device/md_info.h"
#include "results/result_json.h"
#include "device/target.h"
#include "open/open.h"
#include "util/text.h"

const char cmd_info_usage[] =
	"usage: ssdprof info TARGET [--json]\n"
	"\n"
	"Describe TARGET: identity, capacity, capabilities and, for a simulated\n"
	"drive, its model (geometry, factory OP, SLC cache, timings); for a block\n"
	"device its kernel name, block sizes, discard support and whether it is\n"
	"in use (mounted, held, swap), which would refuse destructive commands.\n"
	"Reads nothing from the device's data and writes nothing: the device is\n"
	"opened read-only.  The capabilities are the drive's; \"writable\" says\n"
	"whether a write command could write to it (permissions, read-only flag).\n"
	"\n"
	"  --json    print the description as JSON on stdout\n"
	"\n"
	"TARGET is sim:PRESET[,key=value...] (presets: budget-tlc, budget-qlc,\n"
	"dc-tlc, sata-tlc), a regular file or a block device.  Simulator keys:\n"
	TARGET_SIM_KEYS_HELP
	"Examples: ssdprof info sim:dc-tlc,capacity=64G\n"
	"          ssdprof info /dev/nvme1n1\n";

static void render_scalar(FILE *out, struct json_object *v)
{
	switch (json_object_get_type(v)) {
	case json_type_null:
		fputs(TEXT_NOT_MEASURED, out);
		break;
	case json_type_string:
		fputs(json_object_get_string(v), out);
		break;
	case json_type_array:
		fputc('[', out);
		for (size_t i = 0; i < json_object_array_length(v); i++) {
			if (i)
				fputs(", ", out);
			render_scalar(out, json_object_array_get_idx(v, i));
		}
		fputc(']', out);
		break;
	default:
		/* Numbers print exactly as in the JSON. */
		fputs(json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN |
						     JSON_C_TO_STRING_NOSLASHESCAPE), out);
		break;
	}
}

static void render_text(FILE *out, struct json_object *obj, int depth)
{
	json_object_object_foreach(obj, key, val) {
		fprintf(out, "%*s%s:", depth * 2, "", key);
		if (json_object_is_type(val, json_type_object)) {
			if (json_object_object_length(val) == 0) {
				fputs(" none\n", out);
				continue;
			}
			fputc('\n', out);
			render_text(out, val, depth + 1);
		} else {
			fputc(' ', out);
			render_scalar(out, val);
			fputc('\n', out);
		}
	}
}

static struct json_object *info_tree(struct target *t, char *err, size_t errlen)
{
	struct json_object *doc = json_object_new_object();
	struct json_object *tobj = result_target_json(t);
	struct json_object *model = json_object_new_object();
	int ret;

	if (!doc || !tobj || !model) {
		snprintf(err, errlen, "out of memory");
		goto err;
	}
	/*
	 * Opened read-only, the capabilities listed are still the drive's
	 * (target_drive_caps); whether a write command could write
	 * (permissions, a read-only device) is worth knowing beside them.
	 */
	if (json_object_object_add(tobj, "writable", json_object_new_boolean(target_writable(t))) < 0) {
		snprintf(err, errlen, "out of memory");
		goto err;
	}
	if (t->ops->describe) {
		ret = t->ops->describe(t, model);
		if (ret < 0) {
			snprintf(err, errlen, "describing the target failed: %s",
				 strerror(-ret));
			goto err;
		}
	}
	if (json_object_object_add(doc, "target", tobj) < 0) {
		snprintf(err, errlen, "out of memory");
		goto err;
	}
	tobj = NULL;
	if (json_object_object_add(doc, "model", model) < 0) {
		snprintf(err, errlen, "out of memory");
		goto err;
	}
	model = NULL;
	{
		/* An md array: level, chunk and members, as mdadm --detail shows them. */
		struct md_info md;

		if (target_has(t, TARGET_CAP_GENERIC | TARGET_CAP_REAL_DEVICE) && !md_info_read(t->info.path, &md)) {
			struct json_object *o = json_object_new_object(), *m = json_object_new_array();

			json_object_object_add(o, "name", json_object_new_string(md.name));
			json_object_object_add(o, "level", json_object_new_string(md.level));
			json_object_object_add(o, "chunk_bytes", json_object_new_uint64(md.chunk_bytes));
			json_object_object_add(o, "raid_disks", json_object_new_int((int)md.raid_disks));
			json_object_object_add(o, "state", json_object_new_string(md.state));
			for (unsigned i = 0; i < md.nmembers; i++)
				json_object_array_add(m, json_object_new_string(md.members[i]));
			json_object_object_add(o, "members", m);
			json_object_object_add(doc, "md", o);
		}
	}
	return doc;

err:
	json_object_put(model);
	json_object_put(tobj);
	json_object_put(doc);
	return NULL;
}

int cmd_info(int argc, char **argv)
{
	char err[TARGET_ERRLEN];
	struct target *t = NULL;
	struct json_object *doc = NULL;
	struct cli_opts o;
	bool json;
	int c, ret;

	if ((ret = cli_opts_init(&o, argc, argv, CLI_O(CLI_OPT_JSON), NULL)))
		return ret;
	while (!(ret = cli_opts_next(&o, &c)) && c != -1)
		;
	json = o.json;
	cli_opts_release(&o);
	if (ret)
		return ret;
	if (optind >= argc) {
		cli_error("info: missing TARGET; try ssdprof info sim:budget-tlc");
		return EXIT_USAGE;
	}
	if (argc - optind > 1) {
		ESCAPE_BUF(q);

		cli_error("info: unexpected argument '%s'; info takes one TARGET",
			  escape_arg(q, sizeof(q), argv[optind + 1]));
		return EXIT_USAGE;
	}

	/* info only reads: a write open's close would have udev re-scan the device. */
	if (target_open_flags(argv[optind], TARGET_OPEN_READONLY, &t, err, sizeof(err)) < 0) {
		cli_error("%s", err);
		return EXIT_USAGE;
	}
	doc = info_tree(t, err, sizeof(err));
	if (!doc) {
		cli_error("%s", err);
		ret = EXIT_RUN_FAILED;
		goto out;
	}
	if (json)
		printf("%s\n", result_json_text(doc));
	else
		render_text(stdout, doc, 0);
	ret = EXIT_OK;
out:
	json_object_put(doc);
	target_close(t);
	return ret;
}
