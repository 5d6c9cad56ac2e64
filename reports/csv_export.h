/* SPDX-License-Identifier: MIT */
/*
 * CSV files of a result document for spreadsheets: RFC 4180 (CRLF line
 * ends, quoted where needed), a header row with the unit in each column
 * name, TEXT_NOT_MEASURED (util/text.h) for what was not measured.  Numbers keep the decimals
 * of the JSON (result_format_number), so the CSV and the JSON agree.
 */
#ifndef SSDPROF_CSV_EXPORT_H
#define SSDPROF_CSV_EXPORT_H

#include <stddef.h>

#include "results/result_csv.h"   /* csv_field, the drive column */

struct json_object;
struct strbuf;

/* One CSV file: its name and its text. */
struct csv_file {
	const char *name;
	struct strbuf *text;
};

/*
 * The CSVs of a document of one kind, each filling up to max entries of
 * files (texts malloc'd; free with csv_files_free) and returning the count:
 *   sweep: points.csv (one row per OP point), timeseries.csv (every round of every point)
 *   slc:   slc_samples.csv, slc_phases.csv (with each phase's role), slc_recovery.csv
 * Every CSV ends with the drive_name column (results/result_csv.h).
 *   run:   series.csv (one row per queue depth), timeseries.csv (every interval of every series)
 *   precondition: precondition.csv (one row, a sweep point's columns), timeseries.csv (every round)
 */
/* The drive_name field of doc's target (results/result_csv.h), as CSV text, into buf. */
const char *csv_drive_field(struct json_object *doc, char *buf, size_t len);
size_t csv_sweep(struct json_object *doc, struct csv_file *files, size_t max);
size_t csv_slc(struct json_object *doc, struct csv_file *files, size_t max);
size_t csv_run(struct json_object *doc, struct csv_file *files, size_t max);
size_t csv_precondition(struct json_object *doc, struct csv_file *files, size_t max);
void csv_files_free(struct csv_file *files, size_t n);

/* One of the above. */
typedef size_t csv_kind_fn(struct json_object *doc, struct csv_file *files, size_t max);
/*
 * The CSVs kind makes of doc written into dir under their own names
 * (points.csv, ...), each atomically (result_write_file): what a sweep
 * saves beside its result.json after every point, with the writer report
 * uses.  0 or -errno with err set.
 */
int csv_write(const char *dir, csv_kind_fn *kind, struct json_object *doc, char *err, size_t errlen);

#endif
