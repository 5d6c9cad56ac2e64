/* SPDX-License-Identifier: MIT */
/*
 * What every CSV ssdprof writes shares (DESIGN.md 4, "CSV"): RFC 4180
 * fields, and the last column, drive_name, naming the drive each row was
 * measured on, so rows from many drives can be loaded into one table.
 */
#ifndef SSDPROF_RESULT_CSV_H
#define SSDPROF_RESULT_CSV_H

#include <stddef.h>

struct json_object;
struct strbuf;

/* The heading of the drive column, last in every CSV. */
#define CSV_DRIVE_COLUMN "drive_name"

/*
 * One RFC 4180 field: quoted when it holds a comma, quote, CR or LF; NULL (a
 * string the document lacks) is empty.  Text a spreadsheet would run as a
 * formula (=, +, -, @, tab or CR first; not a number) gets a leading '.
 */
void csv_field(struct strbuf *b, const char *s);

/*
 * The drive a result's target object (its "target", or a qualify drive's)
 * names, as the drive_name column holds it: "MODEL (SERIAL)" when the drive
 * reports both, "MODEL (PATH)" with a model only (a RAID group: its level,
 * members and chunk, and the members as typed), else the target as typed.
 * "" when target has none of them.  Returns buf.
 */
const char *result_drive_name(struct json_object *target, char *buf, size_t len);

#endif
