# SPDX-License-Identifier: MIT
# Shared by the benchmark scripts; sourced, not run.

# measure OUT CMD...: run CMD, print "user_s+sys_s" of its whole tree.
measure() {
	python3 - "$@" <<'PY'
import os, sys
out = sys.argv[1]
pid = os.fork()
if pid == 0:
    fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(fd, 1)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 2)
    os.execvp(sys.argv[2], sys.argv[2:])
_, status, ru = os.wait4(pid, 0)
if os.waitstatus_to_exitcode(status) != 0:
    sys.exit(f"{sys.argv[2]} failed (exit {os.waitstatus_to_exitcode(status)})")
print(ru.ru_utime + ru.ru_stime)
PY
}

# summarize RESULTS TITLE: RESULTS has lines "tool target workload round iops
# ios cpu_s" for the tools ssdprof and fio; print the medians side by side.
summarize() {
	python3 - "$@" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
data = {}
for tool, target, wl, rnd, iops, ios, cpu in rows:
    d = data.setdefault((target, wl), {}).setdefault(tool, {"iops": [], "cpu_us": []})
    d["iops"].append(float(iops))
    d["cpu_us"].append(float(cpu) / max(1, int(ios)) * 1e6)
print(sys.argv[2])
print(f"{'target':<14} {'workload':<14} {'ssdprof IOPS':>12} {'fio IOPS':>10} {'IOPS ratio':>10}"
      f" {'ssdprof us/IO':>13} {'fio us/IO':>10} {'CPU ratio':>9}")
worst = []
for (target, wl), d in data.items():
    si, fi = statistics.median(d["ssdprof"]["iops"]), statistics.median(d["fio"]["iops"])
    sc, fc = statistics.median(d["ssdprof"]["cpu_us"]), statistics.median(d["fio"]["cpu_us"])
    print(f"{target:<14} {wl:<14} {si:>12.0f} {fi:>10.0f} {si / fi:>10.3f}"
          f" {sc:>13.3f} {fc:>10.3f} {sc / fc:>9.3f}")
    if si / fi < 1.0 or sc / fc > 1.0:
        worst.append(f"{target} {wl}")
print("target met (IOPS ratio >= 1.0 and CPU ratio <= 1.0) on every workload"
      if not worst else "target missed on: " + ", ".join(worst))
PY
}

# ssdprof_result FILE / fio_result FILE: "IOPS IOS" of a run's JSON output.
ssdprof_result() {
	python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))["series"][0]
print(s["iops"], s["ios"])' "$1"
}
fio_result() {
	python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))["jobs"][0]
d = j["read"] if j["read"]["total_ios"] else j["write"]
print(d["iops"], d["total_ios"])' "$1"
}
