// SPDX-License-Identifier: MIT
/*
 * What each kind of result document holds, as the loader's tables
 * (results/result_load_spec.h): every field report, compare and resume
 * read, its type and its limits.  A new field a command saves is added
 * here; results/result_load.c walks a document against these.
 */
#include <errno.h>
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/access_spec.h"
#include "engine/offset_dist.h"
#include "results/result_json.h"
#include "results/pts_json.h"
#include "results/result_limits.h"
#include "results/result_load.h"
#include "results/result_load_spec.h"
#include "util/settings_limits.h"

static const char *const schema_names[] = { RESULT_SCHEMA, NULL };
static const char *const op_method_names[] = { OP_METHOD_NAMES, NULL };
static const char *const purge_method_names[] = { PURGE_METHOD_NAMES, NULL };
/* What a point says was done: a method, or none when the target takes neither purge nor TRIM. */
static const char *const purge_done_names[] = { PURGE_METHOD_NAMES, "none", NULL };
static const char *const plan_names[] = { "list", "adaptive", NULL };
static const char *const sweep_method_names[] = { SWEEP_METHOD_NAMES, NULL };
static const char *const predict_names[] = { "off", "stop", "check", NULL };
static const char *const precondition_names[] = { "full", "auto", "constructed", NULL };
static const char *const bracket_names[] = { "bisect", "interpolate", NULL };

static const struct spec str_item = STR(NULL, 0);
static const struct spec index_item = INT(NULL, F_NULL, 0, DBL_MAX);
static const struct spec op_item = NUM(NULL, 0, 0, LIM_OP_PERCENT_MAX);
static const struct spec op_member_item = ARR(NULL, 0, op_item);
static const struct spec chunk_item = INT(NULL, 0, 1, DBL_MAX);
static const struct spec run_qd_item = INT(NULL, 0, LIM_QD_MIN, LIM_RUN_QD_MAX);
static const struct spec idle_item = NUM(NULL, 0, 0, DBL_MAX);
static const struct spec window_item = INT(NULL, 0, 0, DBL_MAX);

static const struct spec lat_fields[] = {
	FIG("mean"), FIG("p50"), FIG("p99"), FIG(LAT_KEY_P999), FIG(LAT_KEY_P9999), FIG("max"), END,
};

/* A device: the target, or a RAID member in group.members. */
static const struct spec device_fields[] = {
	STR("kind", F_NULL),
	STR("path", F_REQ),
	STR("model", F_NULL),
	STR("serial", F_NULL),
	STR("firmware", F_NULL),
	FIG("capacity_bytes"),
	FIG("lba_bytes"),
	ARR("capabilities", 0, str_item),
	END,
};
static const struct spec device_item = OBJ(NULL, 0, device_fields);

static const struct spec group_fields[] = {
	INT("level", F_NULL, 0, 10),
	NUM("chunk_bytes", F_NULL, 1, DBL_MAX),
	ARR("members", 0, device_item),
	FIG("member_bytes_used"),
	ARR("chunk_list", 0, chunk_item),
	END,
};

/* A member's figures in a RAID series or point. */
static const struct spec member_fields[] = {
	STR("path", F_NULL),
	STR("serial", F_NULL),
	FIG("host_bytes_written"),
	FIG("host_bytes_read"),
	FIG("media_bytes_written"),
	FIG("waf"),
	FIG("iops"),
	OBJ("lat_us", F_NULL, lat_fields),
	NUM("op_percent", F_NULL, 0, 100),
	NUM("effective_op_percent", F_NULL, -DBL_MAX, DBL_MAX),
	END,
};
static const struct spec member_item = OBJ(NULL, 0, member_fields);

/* One interval of a run's or a round's time series. */
static const struct spec sample_fields[] = {
	FIG("t_s"), FIG("iops"), FIG("mbps"), OBJ("lat_us", F_NULL, lat_fields), FIG("ios"), FIG("waf"), END,
};
static const struct spec sample_item = OBJ(NULL, 0, sample_fields);

static const struct spec rw_fields[] = {
	FIG("iops"), FIG("mbps"), OBJ("lat_us", F_NULL, lat_fields), FIG("ios"), FIG("bytes"), END,
};

static const struct spec series_fields[] = {
	INT("qd", F_NULL, LIM_QD_MIN, LIM_RUN_QD_MAX),
	FIG("iops"), FIG("mbps"),
	OBJ("lat_us", F_NULL, lat_fields),
	FIG("ios"), FIG("bytes"), FIG("read_ios"), FIG("write_ios"), FIG("span_bytes"),
	FIG("host_bytes_written"), FIG("media_bytes_written"), FIG("waf"), FIG("seconds"),
	NUM("unwritten_reads", F_NULL, 0, 1),
	BOOL("stopped_early", 0),
	FIG("verify_errors"),
	ARR("timeseries", 0, sample_item),
	NUM("chunk_bytes", F_NULL, 1, DBL_MAX),
	ARR("members", 0, member_item),
	INT("limiting_member", F_NULL, 0, DBL_MAX),
	OBJ("read", F_NULL, rw_fields),
	OBJ("write", F_NULL, rw_fields),
	INT("bs", F_NULL, LIM_BS_MIN, LIM_BS_MAX),
	FIG("predicted_iops"),
	NUM("predicted_error_pct", F_NULL, -DBL_MAX, DBL_MAX),
	END,
};
static const struct spec series_item = OBJ(NULL, 0, series_fields);

static const struct spec chunk_cmp_fields[] = {
	NUM("chunk_bytes", F_NULL, 1, DBL_MAX),
	INT("qd", F_NULL, LIM_QD_MIN, LIM_RUN_QD_MAX),
	FIG("iops"), FIG("mbps"), OBJ("lat_us", F_NULL, lat_fields), FIG("waf"),
	INT("limiting_member", F_NULL, 0, DBL_MAX),
	END,
};
static const struct spec chunk_cmp_item = OBJ(NULL, 0, chunk_cmp_fields);

static const struct spec bs_mix_fields[] = {
	INT("bs", F_REQ, LIM_BS_MIN, LIM_BS_MAX),
	INT("weight", F_REQ, 1, LIM_BS_WEIGHT_MAX),
	END,
};
static const struct spec bs_mix_item = OBJ(NULL, 0, bs_mix_fields);

static const struct spec run_bs_item = INT(NULL, 0, LIM_BS_MIN, LIM_BS_MAX);

static const struct spec run_settings[] = {
	STR("rw", F_NULL),
	NUM("read_pct", F_NULL, 0, 100),
	INT("bs", F_NULL, LIM_BS_MIN, LIM_BS_MAX),
	ARR("bs_mix", F_NULL, bs_mix_item),
	INT("qd", F_NULL, LIM_QD_MIN, LIM_RUN_QD_MAX),
	ARR("qd_list", 0, run_qd_item),
	ARRN("bs_list", 0, 0, 16, run_bs_item),
	FIG("time_s"), FIG("bytes"), FIG("interval_s"), FIG("span_bytes"),
	INT("seed", 0, 0, 18446744073709551615.0),
	BOOL("verify", 0),
	STRCHK("workload", F_NULL, access_spec_check),
	INT("random_pct", F_NULL, 0, 100),
	STRCHK("random_dist", F_NULL, offset_dist_check),
	BOOL("fill", 0),
	END,
};

/* How a qualify QD curve's drive reached the chosen OP's steady state; how a run's write curve was prepared. */
static const char *const qd_how_names[] = { QUALIFY_QD_AFTER_POINT, QUALIFY_QD_REESTABLISHED, RUN_PREP_HOW_STEADY,
					    RUN_PREP_HOW_FRESH, NULL };
static const struct spec preconditioned_fields[] = {
	NUM("op_percent", F_REQ, 0, LIM_OP_PERCENT_MAX),
	ENUM("op_method", F_NULL, op_method_names),
	FIG("usable_bytes"),
	ENUM("how", F_REQ, qd_how_names),
	BOOL("reached", F_REQ),
	INT("rounds", F_NULL, 0, LIM_MAX_ROUNDS_MAX),
	FIG("iops"), FIG("waf"),
	STR("note", F_NULL),
	END,
};

static const struct spec run_doc[] = {
	OBJ("settings", 0, run_settings),
	OBJ("preconditioned", F_NULL, preconditioned_fields),
	ARR("series", F_REQ, series_item),
	ARR("chunk_comparison", 0, chunk_cmp_item),
	END,
};

/* A preconditioned point: the precondition result, or one OP level of a sweep. */
static const struct spec fill_fields[] = {
	INT("passes", F_NULL, LIM_FILL_PASSES_MIN, LIM_FILL_PASSES_MAX),
	FIG("bytes"), FIG("seconds"), FIG("mbps"),
	BOOL("cache_cliff", F_NULL),
	FIG("cache_write_bytes"),
	END,
};
static const struct spec steady_fields[] = {
	BOOL("reached", 0),
	INT("rounds", F_NULL, 0, LIM_MAX_ROUNDS_MAX),
	ARRN("window", F_NULL, 2, 2, window_item),
	FIG("iops"),
	FIG("range_pct"),
	NUM("slope_pct", F_NULL, -DBL_MAX, DBL_MAX),
	STR("stop_reason", F_NULL),
	BOOL("settled", 0),
	END,
};
/* A RAID group's members in a point's endurance (results/endurance_json.h). */
static const struct spec member_life_fields[] = {
	FIG("life_years"), FIG("nand_bytes_per_host_byte"), FIG("host_share"), FIG("rated_tbw"), END,
};
static const struct spec member_life_item = OBJ(NULL, 0, member_life_fields);
static const struct spec endurance_fields[] = {
	FIG("life_years"), FIG("nand_bytes_per_host_byte"), FIG("rated_tbw"), FIG("daily_writes_bytes"),
	STR("source", F_NULL),
	ARRN("members", 0, 0, 32, member_life_item),
	INT("limiting_member", F_NULL, 0, 31),
	END,
};
static const struct spec prediction_fields[] = {
	INT("rounds", F_REQ, 1, LIM_MAX_ROUNDS_MAX),
	BOOL("stopped", F_REQ),
	FIG("iops"), FIG("iops_halfwidth"), FIG("waf"), FIG("waf_halfwidth"),
	END,
};
/* The interval samples of a point: parallel arrays, as long as each other (check_intervals). */
static const struct spec seconds_item = NUM(NULL, 0, 0, DBL_MAX);
static const struct spec fig_item = NUM(NULL, F_NULL, 0, DBL_MAX);
static const struct spec intervals_fields[] = {
	INT("samples_per_entry", F_REQ, 1, 1e15),
	ARRN("t_s", F_REQ, 0, PRECONDITION_MAX_INTERVALS, seconds_item),
	ARRN("iops", F_REQ, 0, PRECONDITION_MAX_INTERVALS, fig_item),
	ARRN("gb_written", F_REQ, 0, PRECONDITION_MAX_INTERVALS, seconds_item),
	END,
};
/* How a fresh sweep point was built, or why it fell back to the full method (issue 28). */
static const struct spec construction_member_fields[] = {
	FIG("bytes_written"), FIG("native_bytes"), FIG("native_uncertainty_bytes"),
	STR("native_source", F_NULL),
	END,
};
static const struct spec construction_member_item = OBJ(NULL, 0, construction_member_fields);
static const struct spec construction_fields[] = {
	FIG("bytes_written"), FIG("native_bytes"), FIG("native_uncertainty_bytes"),
	STR("native_source", F_NULL), STR("fallback", F_NULL), FIG("round_writes"),
	FIG("cache_write_bytes"),
	ARRN("members", 0, 0, 32, construction_member_item),
	END,
};
#define POINT_FIELDS \
	NUM("op_percent", F_NULL | F_MAXEX, 0, 100), \
	ENUM("op_method", F_NULL, op_method_names), \
	FIG("usable_bytes"), \
	ENUM("purge_method", F_NULL, purge_done_names), \
	FIG("drive_seconds"), \
	OBJ("fill", F_NULL, fill_fields), \
	OBJ("steady_state", F_NULL, steady_fields), \
	FIG("iops"), FIG("mbps"), \
	OBJ("lat_us", F_NULL, lat_fields), \
	FIG("host_bytes_written"), FIG("media_bytes_written"), FIG("waf"), \
	STR("waf_source", F_NULL), \
	ARR("timeseries", 0, sample_item), \
	OBJ("intervals", F_NULL, intervals_fields), \
	ARR("members", 0, member_item), \
	INT("limiting_member", F_NULL, 0, DBL_MAX), \
	ARR("round_limiting_member", F_NULL, index_item), \
	OBJ("endurance", F_NULL, endurance_fields), \
	ENUM("method", 0, sweep_method_names), \
	OBJ("construction", 0, construction_fields), \
	OBJ("prediction", 0, prediction_fields)
static const struct spec point_fields[] = { POINT_FIELDS, END };
static const struct spec point_item = OBJ(NULL, 0, point_fields);
/* The point a sweep was in when it stopped: what it measured, never a point of the knee. */
static const struct spec incomplete_point_fields[] = { POINT_FIELDS, BOOL("incomplete", F_REQ), END };

/* What a precondition was asked to do: a sweep's keys where they share them (older results lack it). */
static const struct spec precondition_settings[] = {
	ENUM("purge_method", F_NULL, purge_method_names),
	INT("fill_passes", 0, LIM_FILL_PASSES_MIN, LIM_FILL_PASSES_MAX),
	INT("bs", 0, LIM_BS_MIN, LIM_BS_MAX),
	INT("qd", 0, LIM_QD_MIN, LIM_QD_MAX),
	NUM("round_s", 0, LIM_ROUND_MIN_S, LIM_ROUND_MAX_S),
	INT("max_rounds", 0, LIM_MAX_ROUNDS_MIN, LIM_MAX_ROUNDS_MAX),
	NUM("max_writes", F_NULL, LIM_MAX_WRITES_MIN, LIM_MAX_WRITES_MAX),
	NUM("min_writes", 0, LIM_MIN_WRITES_MIN, LIM_MIN_WRITES_MAX),
	INT("seed", 0, 0, 18446744073709551615.0),
	NUM("span_percent", 0, 0, 100),
	BOOL("purge", 0),
	END,
};

static const struct spec precondition_doc[] = {
	OBJ("settings", 0, precondition_settings),
	OBJ("precondition", F_REQ, point_fields),
	END,
};

/* Everything resume reads back to run the rest of a sweep: required, and within the CLI's limits. */
static const struct spec sweep_settings[] = {
	ENUM("plan", F_REQ, plan_names),
	ARRN("op_list", 0, 1, SWEEP_MAX_POINTS, op_item),
	ARRN("op_grid", 0, 1, SWEEP_MAX_POINTS, op_item),
	NUM("resolution", F_NULL, LIM_RESOLUTION_MIN, LIM_RESOLUTION_MAX),
	ENUM("op_method", F_REQ, op_method_names),
	ARRN("op_member", 0, 1, SWEEP_MAX_POINTS, op_member_item),
	ENUM("purge_method", F_REQ | F_NULL, purge_method_names),
	INT("fill_passes", F_REQ, LIM_FILL_PASSES_MIN, LIM_FILL_PASSES_MAX),
	INT("bs", F_REQ, LIM_BS_MIN, LIM_BS_MAX),
	INT("qd", F_REQ, LIM_QD_MIN, LIM_QD_MAX),
	NUM("round_s", F_REQ, LIM_ROUND_MIN_S, LIM_ROUND_MAX_S),
	INT("max_rounds", F_REQ, LIM_MAX_ROUNDS_MIN, LIM_MAX_ROUNDS_MAX),
	NUM("max_writes", F_NULL, LIM_MAX_WRITES_MIN, LIM_MAX_WRITES_MAX),
	NUM("min_writes", 0, LIM_MIN_WRITES_MIN, LIM_MIN_WRITES_MAX),
	INT("seed", 0, 0, 18446744073709551615.0),
	STRCHK("workload", F_NULL, access_spec_check),
	INT("random_pct", F_NULL, 0, 100),
	STRCHK("random_dist", F_NULL, offset_dist_check),
	BOOL("carry_over", 0),
	ENUM("predict", 0, predict_names),
	NUM("round_writes", F_NULL, LIM_ROUND_WRITES_MIN, LIM_ROUND_WRITES_MAX),
	NUM("constructed_round_writes", F_NULL, LIM_ROUND_WRITES_MIN, LIM_ROUND_WRITES_MAX),
	ENUM("bracket", 0, bracket_names),
	ENUM("precondition", 0, precondition_names),
	END,
};
static const struct spec knee_baseline_fields[] = {
	NUM("op_percent", F_NULL, 0, 100), FIG("iops"), FIG("waf"), END,
};
static const struct spec knee_gain_fields[] = {
	NUM("iops_pct", F_NULL, -100, DBL_MAX), NUM("waf_saved", F_NULL, -DBL_MAX, DBL_MAX),
	NUM("capacity_given_up_bytes", F_NULL, -DBL_MAX, DBL_MAX), END,
};
static const struct spec knee_fields[] = {
	NUM("op_percent", F_NULL, 0, 100),
	NUM("recommended_op_percent", F_NULL, 0, 100),
	STR("reason", F_NULL),
	STR("kind", F_NULL),
	STR("rule", F_NULL),
	NUM("curvature_op_percent", F_NULL, 0, 100),
	OBJ("baseline", F_NULL, knee_baseline_fields),
	OBJ("gain", F_NULL, knee_gain_fields),
	STR("versus_baseline", F_NULL),
	END,
};
static const struct spec endurance_summary_fields[] = {
	/* What --resume takes back as --daily-writes and --target-life: their command-line limits. */
	FIG("rated_tbw"), STR("source", F_NULL), NUM("daily_writes_bytes", F_NULL, 0, LIM_DAILY_WRITES_MAX),
	NUM("target_life_years", F_NULL, 0, LIM_TARGET_LIFE_MAX),
	NUM("least_op_percent", F_NULL, 0, 100), FIG("recommended_life_years"),
	ARRN("members_rated_tbw", 0, 0, 32, fig_item), INT("limiting_member", F_NULL, 0, 31), STR("no_life", F_NULL),
	END,
};
static int wa_gc_check(const char *v, char *msg, size_t len)
{
	if (!strcmp(v, "greedy") || !strcmp(v, "FIFO"))
		return 0;
	snprintf(msg, len, "expected greedy or FIFO");
	return -EINVAL;
}
static const struct spec wa_reference_fields[] = {
	STRCHK("gc", F_REQ, wa_gc_check), NUM("native_bytes", F_REQ, 1, DBL_MAX), NUM("line_units", F_REQ, 1, DBL_MAX),
	END,
};
static const struct spec sweep_doc[] = {
	OBJ("settings", F_REQ, sweep_settings),
	OBJ("wa_reference", F_NULL, wa_reference_fields),
	OBJ("endurance", F_NULL, endurance_summary_fields),
	ARRN("points", F_REQ, 0, SWEEP_MAX_POINTS, point_item),
	OBJ("knee", F_NULL, knee_fields),
	BOOL("complete", 0),
	OBJ("incomplete_point", F_NULL, incomplete_point_fields),
	END,
};

static const struct spec phase_fields[] = {
	NUM("from_bytes", F_REQ, 0, DBL_MAX),
	NUM("to_bytes", F_REQ, 0, DBL_MAX),
	FIG("mbps"),
	STR("role", F_NULL),
	END,
};
static const struct spec phase_item = OBJ(NULL, 0, phase_fields);
static const struct spec recovery_fields[] = {
	NUM("idle_s", F_REQ, 0, DBL_MAX), FIG("recovered_bytes"), BOOL("lower_bound", 0), END,
};
static const struct spec recovery_item = OBJ(NULL, 0, recovery_fields);
static const struct spec slc_sample_fields[] = {
	NUM("written_bytes", F_REQ, 0, DBL_MAX), FIG("mbps"), END,
};
static const struct spec slc_sample_item = OBJ(NULL, 0, slc_sample_fields);
static const struct spec slc_fields[] = {
	FIG("cache_bytes"), FIG("in_cache_mbps"), FIG("post_cache_mbps"),
	BOOL("cliff", 0),
	ENUM("purge_method", F_NULL, purge_done_names),
	FIG("prefill_bytes"), FIG("sample_bytes"), FIG("drive_seconds"), FIG("write_buffer_bytes"),
	ARR("phases", 0, phase_item),
	ARR("recovery", 0, recovery_item),
	ARR("samples", 0, slc_sample_item),
	END,
};
static const struct spec slc_settings[] = {
	INT("bs", 0, LIM_BS_MIN, LIM_BS_MAX),
	INT("qd", 0, LIM_QD_MIN, LIM_QD_MAX),
	NUM("prefill_percent", F_NULL, 0, LIM_PREFILL_PERCENT_MAX),
	FIG("prefill_idle_s"),
	ARR("idle_s", 0, idle_item),
	ENUM("purge_method", F_NULL, purge_method_names),
	INT("seed", 0, 0, 18446744073709551615.0),
	END,
};
static const struct spec slc_doc[] = {
	OBJ("settings", 0, slc_settings),
	OBJ("slc", F_REQ, slc_fields),
	END,
};

/* A qualification: the requirements, and per drive its verdict on each. */
static const char *const verdict_names[] = { "pass", "fail", NULL };
static const char *const figure_names[] = { "steady", "steady_iops", "p99_9_write_us", "post_cache_mbps",
					    "life_years", "qd1_read_us", "qd1_write_us", "read_iops", NULL };
static const char *const cmp_names[] = { "==", ">=", "<=", NULL };
static const struct spec req_str_item = STR(NULL, 0);
static const struct spec qd_item = INT(NULL, 0, LIM_QD_MIN, LIM_QD_MAX);
static const struct spec qd_point_fields[] = {
	INT("qd", F_REQ, LIM_QD_MIN, LIM_QD_MAX),
	FIG("write_iops"), FIG("write_mean_us"), FIG("write_p99_us"),
	FIG("read_iops"), FIG("read_mean_us"), FIG("read_p99_us"),
	END,
};
static const struct spec qd_point_item = OBJ(NULL, 0, qd_point_fields);
static const struct spec qd_curve_fields[] = {
	NUM("op_percent", F_NULL, 0, LIM_OP_PERCENT_MAX),
	ENUM("how", F_NULL, qd_how_names),
	STR("note", F_NULL),
	STR("randwrite", F_NULL),
	STR("randread", F_NULL),
	ARRN("points", F_REQ, 0, QUALIFY_QD_MAX, qd_point_item),
	END,
};
static const struct spec qualify_settings[] = {
	ARRN("requirements", F_REQ, 0, REQ_MAX, req_str_item),
	ENUM("plan", 0, plan_names),
	ARRN("op_list", 0, 1, SWEEP_MAX_POINTS, op_item),
	ARRN("op_grid", 0, 1, SWEEP_MAX_POINTS, op_item),
	BOOL("slc", 0),
	BOOL("qd", 0),
	ARRN("qd_list", 0, 1, QUALIFY_QD_MAX, qd_item),
	NUM("qd_time_s", 0, LIM_ROUND_MIN_S, LIM_ROUND_MAX_S),
	FIG("daily_writes_bytes"), FIG("target_life_years"), FIG("rated_tbw"), FIG("rated_dwpd"), FIG("warranty_years"),
	END,
};
static const struct spec req_result_fields[] = {
	ENUM("name", F_REQ, figure_names),
	ENUM("cmp", F_REQ, cmp_names),
	NUM("limit", F_NULL, 0, REQ_LIMIT_MAX),
	FIG("measured"),
	BOOL("pass", F_REQ),
	NUM("margin", F_NULL, -DBL_MAX, DBL_MAX),
	END,
};
static const struct spec req_result_item = OBJ(NULL, 0, req_result_fields);
static const struct spec qualify_drive_fields[] = {
	OBJ("target", F_NULL, device_fields),
	STR("spec", F_REQ),
	ENUM("verdict", F_REQ, verdict_names),
	STR("error", F_NULL),
	NUM("chosen_op_percent", F_NULL, 0, 100),
	ARRN("requirements", F_REQ, 0, REQ_MAX, req_result_item),
	STR("results", F_NULL),
	STR("sweep", F_NULL),
	STR("slc", F_NULL),
	OBJ("qd_curve", F_NULL, qd_curve_fields),
	OBJ("group", F_NULL, group_fields),
	END,
};
static const struct spec qualify_drive_item = OBJ(NULL, 0, qualify_drive_fields);
static const struct spec qualify_doc[] = {
	OBJ("settings", F_REQ, qualify_settings),
	ARRN("drives", F_REQ, 1, 64, qualify_drive_item),
	END,
};

/*
 * A batch: the drives of one command run at once; a drive's folder is held
 * to drive-N (links, resume), null when the drive saved nothing there.
 */
static int drive_folder_check(const char *v, char *msg, size_t len)
{
	size_t digits = strspn(v + 6, "0123456789");

	if (!strncmp(v, "drive-", 6) && digits >= 1 && digits <= 2 && !v[6 + digits] && v[6] != '0' &&
	    atoi(v + 6) <= BATCH_DOC_MAX_DRIVES)
		return 0;
	snprintf(msg, len, "a drive's folder, drive-1 to drive-%d", BATCH_DOC_MAX_DRIVES);
	return -EINVAL;
}

static const char *const batch_command_names[] = { "sweep", "precondition", "slc", NULL };
static const char *const batch_status_names[] = { "ok", "failed", "interrupted", NULL };
static const char *const batch_figure_names[] = { "recommended_op_percent", "steady_iops", "slc_cache_bytes", NULL };
static const struct spec batch_headline_fields[] = { ENUM("name", F_REQ, batch_figure_names), FIG("value"), END };
static const struct spec batch_drive_fields[] = {
	INT("index", F_REQ, 1, BATCH_DOC_MAX_DRIVES), STR("target", F_REQ), STRCHK("results", F_REQ | F_NULL, drive_folder_check),
	ENUM("status", F_REQ, batch_status_names), STR("error", F_NULL), OBJ("headline", F_NULL, batch_headline_fields),
	END,
};
static const struct spec batch_drive_item = OBJ(NULL, 0, batch_drive_fields);
static const struct spec batch_doc[] = {
	ENUM("subcommand", F_REQ, batch_command_names),
	ARRN("drives", F_REQ, 1, BATCH_DOC_MAX_DRIVES, batch_drive_item), END,
};

/* What every kind has. */
static const struct spec tool_fields[] = { STR("version", F_NULL), END };
static const struct spec host_fields[] = {
	STR("hostname", F_NULL), STR("os", F_NULL), STR("kernel", F_NULL), STR("kernel_build", F_NULL),
	STR("machine", F_NULL), STR("ssdprof_version", F_NULL), END,
};
const struct spec result_common_doc[] = {
	ENUM("schema", F_REQ, schema_names),
	ENUM("kind", 0, result_kind_names),
	OBJ("tool", F_NULL, tool_fields),
	OBJ("host", F_NULL, host_fields),
	STR("started", F_NULL),
	STR("finished", F_NULL),
	STR("command", F_NULL),
	FIG("virtual_seconds"),
	OBJ("target", F_REQ, device_fields),
	OBJ("group", F_NULL, group_fields),
	/* How a command that measured something ended short (result_doc_mark). */
	BOOL("interrupted", 0),
	STR("error", F_NULL),
	END,
};

/* A SNIA PTS test (profiler/pts.h, results/pts_json.c). */
static const char *const pts_test_names[] = { "iops", "latency", "throughput", "wsat", "hir", "xsr", "cbw", "dirth",
					       NULL };
static const char *const pts_metric_names[] = { "iops", "mbps", "lat_mean_us", NULL };
static const struct spec pts_num_item = NUM(NULL, F_NULL, 0, DBL_MAX);
static const struct spec pts_lat_fields[] = { FIG("mean"), FIG("max"), FIG(LAT_KEY_P99999), END };
static const struct spec pts_cell_fields[] = {
	STR("rw", F_REQ),
	INT("read_pct", F_REQ, 0, 100),
	INT("bs", F_REQ | F_NULL, 1, LIM_BS_MAX),
	FIG("iops"), FIG("mbps"),
	OBJ("lat_us", F_NULL, pts_lat_fields),
	FIG("ios"),
	NUM("read_share_pct", F_NULL, 0, 100),
	STRCHK("workload", 0, access_spec_check),
	INT("qd", 0, LIM_QD_MIN, LIM_QD_MAX),
	INT("threads", 0, 1, LIM_QD_MAX),
	INT("thread_qd", 0, 1, LIM_QD_MAX),
	END,
};
/* DIRTH's three points (profiler/pts_dirth.h). */
static const struct spec pts_dirth_lat_fields[] = {
	FIG("mean"), FIG("p99"), FIG("p99_99"), FIG(LAT_KEY_P99999), FIG("max"), END,
};
static const struct spec pts_dirth_point_fields[] = {
	STR("point", F_REQ),
	INT("cell", F_REQ, 0, 55),
	FIG("iops"),
	OBJ("lat_us", F_NULL, pts_dirth_lat_fields),
	FIG("ios"),
	ARRN("histogram", 0, 0, 64, pts_num_item),
	END,
};
static const struct spec pts_dirth_point_item = OBJ(NULL, 0, pts_dirth_point_fields);
static const struct spec pts_dirth_fields[] = {
	ARRN("bin_low_us", 0, 0, 64, pts_num_item),
	ARRN("points", F_REQ, 3, 3, pts_dirth_point_item),
	END,
};
static const struct spec pts_cell_item = OBJ(NULL, 0, pts_cell_fields);
static const struct spec pts_round_fields[] = {
	FIG("tracked"),
	FIG("written_bytes"),
	ARRN("iops", 0, 0, 56, pts_num_item),
	ARRN("mbps", 0, 0, 56, pts_num_item),
	ARRN("lat_mean_us", 0, 0, 56, pts_num_item),
	END,
};
static const struct spec pts_round_item = OBJ(NULL, 0, pts_round_fields);
static const struct spec pts_steady_fields[] = {
	ENUM("tracking", F_REQ, pts_metric_names),
	INT("tracked_cell", F_REQ, 0, 55),
	BOOL("reached", 0),
	INT("rounds", F_NULL, 0, LIM_MAX_ROUNDS_MAX),
	INT("warmup_rounds", F_NULL, 0, LIM_MAX_ROUNDS_MAX),
	ARRN("window", F_NULL, 2, 2, window_item),
	FIG("mean"),
	FIG("range_pct"),
	NUM("slope_pct", F_NULL, -DBL_MAX, DBL_MAX),
	NUM("slope", F_NULL, -DBL_MAX, DBL_MAX),
	STR("stop_reason", F_NULL),
	END,
};
static const struct spec pts_stage_fields[] = {
	ENUM("purge_method", F_NULL, purge_done_names),
	OBJ("fill", F_NULL, fill_fields),
	INT("qd", F_NULL, LIM_QD_MIN, LIM_QD_MAX),
	OBJ("steady_state", F_REQ, pts_steady_fields),
	ARRN("cells", F_REQ, 1, 56, pts_cell_item),
	ARRN("rounds", 0, 0, LIM_MAX_ROUNDS_MAX, pts_round_item),
	/* Its purge to its end (a resume adds the kept stages'); present only on the stage a test was cut in. */
	NUM("seconds", F_NULL, 0, PTS_STAGE_SECONDS_MAX),
	BOOL("incomplete", 0),
	END,
};
static const struct spec pts_stage_item = OBJ(NULL, 0, pts_stage_fields);
/* A time-series test's part (wsat, hir, xsr): its phases and samples. */
#define PTS_MAX_SAMPLES 2000000
static const char *const pts_series_stops[] = { "writes", "time-cap", "done", "interrupted", "error", NULL };
static const struct spec pts_phase_lat_fields[] = {
	FIG("mean"), FIG(LAT_KEY_P999), FIG(LAT_KEY_P9999), FIG(LAT_KEY_P99999), FIG("max"), END,
};
static const struct spec pts_phase_fields[] = {
	STR("name", F_REQ),
	STR("rw", F_REQ),
	INT("bs", F_REQ, 1, LIM_BS_MAX),
	INT("qd", F_NULL, LIM_QD_MIN, LIM_QD_MAX),
	FIG("burst_s"), FIG("idle_s"),
	INT("reps", F_NULL, 0, 100000),
	INT("first_sample", F_REQ, 0, PTS_MAX_SAMPLES),
	INT("samples", F_REQ, 0, PTS_MAX_SAMPLES),
	FIG("iops"), FIG("mbps"),
	OBJ("lat_us", F_NULL, pts_phase_lat_fields),
	FIG("ios"), FIG("bytes"), FIG("seconds"), FIG("level_iops"), FIG("settle_s"),
	BOOL("incomplete", 0),
	END,
};
static const struct spec pts_phase_item = OBJ(NULL, 0, pts_phase_fields);
static const struct spec pts_phase_index = INT(NULL, 0, 0, 15);
static const struct spec pts_sample_fields[] = {
	ARRN("t_s", F_REQ, 0, PTS_MAX_SAMPLES, pts_num_item),
	ARRN("dur_s", 0, 0, PTS_MAX_SAMPLES, pts_num_item),
	ARRN("iops", F_REQ, 0, PTS_MAX_SAMPLES, pts_num_item),
	ARRN("mbps", 0, 0, PTS_MAX_SAMPLES, pts_num_item),
	ARRN("lat_mean_us", 0, 0, PTS_MAX_SAMPLES, pts_num_item),
	ARRN("written_bytes", 0, 0, PTS_MAX_SAMPLES, pts_num_item),
	ARRN("phase", F_REQ, 0, PTS_MAX_SAMPLES, pts_phase_index),
	END,
};
static const struct spec pts_series_fields[] = {
	ENUM("purge_method", F_NULL, purge_done_names),
	ENUM("stop_reason", F_NULL, pts_series_stops),
	/* The finished phases: none while the first runs (its part is incomplete_phase, never counted). */
	ARRN("phases", F_REQ, 0, 16, pts_phase_item),
	OBJ("samples", F_REQ, pts_sample_fields),
	OBJ("incomplete_phase", 0, pts_phase_fields),
	OBJ("incomplete_samples", 0, pts_sample_fields),
	END,
};
static const struct spec pts_fields[] = {
	ENUM("test", F_REQ, pts_test_names),
	FIG("drive_seconds"),
	ARRN("stages", F_REQ, 0, 2, pts_stage_item),
	BOOL("complete", 0),
	OBJ("incomplete_stage", 0, pts_stage_fields),
	OBJ("series", F_NULL, pts_series_fields),
	OBJ("dirth", F_NULL, pts_dirth_fields),
	END,
};
static const struct spec pts_test_item = ENUM(NULL, 0, pts_test_names);
static const struct spec pts_settings[] = {
	ENUM("test", 0, pts_test_names),
	FIG("cell_s"),
	INT("max_rounds", F_NULL, 0, LIM_MAX_ROUNDS_MAX),
	INT("qd", F_NULL, LIM_QD_MIN, LIM_QD_MAX),
	INT("fill_passes", F_NULL, 0, LIM_FILL_PASSES_MAX),
	NUM("min_writes", F_NULL, LIM_MIN_WRITES_MIN, LIM_MIN_WRITES_MAX),
	BOOL("purge", 0),
	ENUM("purge_method", F_NULL, purge_method_names),
	FIG("usable_bytes"),
	INT("seed", 0, 0, 18446744073709551615.0),
	/* wsat, xsr; wsat; hir */
	NUM("writes", F_NULL, 0, LIM_MIN_WRITES_MAX),
	FIG("time_cap_s"),
	INT("reps", F_NULL, 1, 100000),
	/* pts all, or a list: the suite's tests in order (docs/pts.md) */
	ARRN("suite", 0, 1, 8, pts_test_item),
	END,
};
static const struct spec pts_doc[] = {
	OBJ("settings", 0, pts_settings),
	OBJ("pts", F_REQ, pts_fields),
	END,
};

const struct spec *const result_kind_docs[] = {
	[RESULT_KIND_RUN] = run_doc,
	[RESULT_KIND_PRECONDITION] = precondition_doc,
	[RESULT_KIND_SWEEP] = sweep_doc,
	[RESULT_KIND_SLC] = slc_doc,
	[RESULT_KIND_QUALIFY] = qualify_doc,
	[RESULT_KIND_BATCH] = batch_doc,
	[RESULT_KIND_PTS] = pts_doc,
};
_Static_assert(sizeof(result_kind_docs) / sizeof(result_kind_docs[0]) == RESULT_KIND_COUNT,
	       "every result kind has its fields");
