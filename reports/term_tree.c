/* SPDX-License-Identifier: MIT */
/* The text of a JSON tree (reports/term_tree.h). */
#include <stdio.h>

#include <json-c/json.h>

#include "reports/term_tree.h"
#include "util/text.h"

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

void term_tree(FILE *out, struct json_object *doc)
{
	render_text(out, doc, 0);
}
