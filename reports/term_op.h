/* SPDX-License-Identifier: MIT */
/*
 * What `op --show` prints (results/op_json.h): the usable bytes of the
 * original and the OP, the native capacity, the OP methods, and the
 * journal's entry with the command that undoes it.
 */
#ifndef SSDPROF_TERM_OP_H
#define SSDPROF_TERM_OP_H

#include <stdio.h>

struct json_object;

/* o: an op_state_json; yes_arg: what follows `op PATH --restore` (" --yes SERIAL" or ""). */
void term_op(FILE *f, struct json_object *o, const char *yes_arg);

#endif
