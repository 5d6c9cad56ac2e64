#!/bin/bash
# The fleet (issue 29): deploy/ansible's playbooks with real Ansible over real
# SSH.  The test starts its own sshd on a free loopback port (its own host key,
# config and authorized_keys in a scratch folder: the system's sshd and ~/.ssh
# are never touched) and an inventory of hosts that are aliases of 127.0.0.1,
# each with its own job, state, metrics and binary folders:
#   h1  qualify of a simulated drive (dc-tlc), from scratch
#   h2  qualify of another (budget-tlc: its second point is slow enough to be
#       caught), killed after its first point (no exit status, as a
#       reboot leaves it): the play resumes it with --resume
#   h3  a file another process holds: ssdprof refuses (exit 3), h3 fails alone
#       with ssdprof's own line
#   h4  a port nothing listens on: unreachable, fails alone
# Then: h1's and h2's results fetched to the controller, their metrics files
# final (and valid for promtool), the play run again changes nothing (already
# done), and the dry-run play prints each host's plan.
#
# ssdprof is installed from the build tree ($1), or from SSDPROF_DEB when that
# names a .deb.  Skips (77) without ansible-playbook or sshd unless
# VMLAB_REQUIRE is set (CI), where it fails instead.
set -eu

fail() {
	echo "FAIL: $*" >&2
	exit 1
}

[ $# -ge 2 ] || fail "usage: $0 SSDPROF SOURCE_ROOT"
exe=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
sshd=/usr/sbin/sshd
for need in ansible-playbook ssh ssh-keygen "$sshd"; do
	if ! command -v "$need" >/dev/null; then
		[ -z "${VMLAB_REQUIRE:-}" ] || fail "$need is missing (apt-get install ansible-core openssh-server); VMLAB_REQUIRE is set"
		echo "SKIP: $need is not installed (Debian: ansible-core, openssh-server)"
		exit 77
	fi
done

work=$(mktemp -d)
pids=()
cleanup() {
	for p in "${pids[@]}"; do
		kill "$p" 2>/dev/null || true
	done
	[ -n "${FLEET_KEEP:-}" ] || rm -rf "$work"
}
trap cleanup EXIT
cd "$work"
started=$(date +%s)

free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# --- sshd of our own -----------------------------------------------------------
ssh-keygen -q -t ed25519 -N '' -f hostkey
ssh-keygen -q -t ed25519 -N '' -f id
cp id.pub authorized_keys
port=$(free_port)
dead_port=$(free_port)
cat >sshd_config <<EOF
Port $port
ListenAddress 127.0.0.1
HostKey $work/hostkey
PidFile $work/sshd.pid
AuthorizedKeysFile $work/authorized_keys
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PermitRootLogin prohibit-password
Subsystem sftp internal-sftp
LogLevel ERROR
# bash reads ~/.bashrc for a command over SSH only at the first shell level: a
# user's slow start-up files (pyenv...) would cost every Ansible task seconds.
SetEnv SHLVL=1
EOF
# sshd run by root wants its privilege separation folder (a runtime folder, not configuration).
[ "$(id -u)" != 0 ] || [ -d /run/sshd ] || mkdir -p -m 0755 /run/sshd
"$sshd" -D -e -f "$work/sshd_config" 2>sshd.log &
pids+=($!)
for _ in $(seq 50); do
	ssh -F /dev/null -i id -p "$port" -o BatchMode=yes -o StrictHostKeyChecking=no \
		-o UserKnownHostsFile="$work/known_hosts" "$(id -un)@127.0.0.1" true 2>/dev/null && break
	sleep 0.2
done
ssh -F /dev/null -i id -p "$port" -o BatchMode=yes -o StrictHostKeyChecking=no \
	-o UserKnownHostsFile="$work/known_hosts" "$(id -un)@127.0.0.1" true ||
	fail "our sshd does not answer on port $port: $(cat sshd.log)"

# --- h3's drive: a file another writer holds (ssdprof's claim is an flock) ---------
truncate -s 1G held.img
python3 -c 'import fcntl, sys, time
f = open(sys.argv[1], "rb")
fcntl.flock(f, fcntl.LOCK_EX)
open(sys.argv[2], "w").close()
time.sleep(900)' "$work/held.img" "$work/held.ready" &
pids+=($!)
for _ in $(seq 50); do [ -e held.ready ] && break; sleep 0.1; done

# --- the inventory -------------------------------------------------------------
install_var="ssdprof_binary: $exe"
if [ -n "${SSDPROF_DEB:-}" ] && [ -f "$SSDPROF_DEB" ]; then
	install_var="ssdprof_deb: $SSDPROF_DEB"
fi
host_vars() {
	# host_vars NAME: the folders of a host of its own
	cat <<EOF
      ssdprof_jobs_dir: $work/$1/jobs
      ssdprof_bin: $work/$1/bin/ssdprof
      ssdprof_libexec: $work/$1/libexec
      ssdprof_metrics_dir: $work/$1/textfile
      ssdprof_environment: {SSDPROF_STATE: $work/$1/state}
      ansible_remote_tmp: $work/$1/remote-tmp
      ansible_async_dir: $work/$1/async
EOF
}
cat >inventory.yml <<EOF
ssdprof:
  vars:
    ansible_host: 127.0.0.1
    ansible_port: $port
    ansible_user: $(id -un)
    ansible_ssh_private_key_file: $work/id
    ansible_ssh_common_args: -F /dev/null -o UserKnownHostsFile=$work/known_hosts -o StrictHostKeyChecking=no
    ansible_python_interpreter: /usr/bin/python3
    $install_var
    ssdprof_command: qualify
    ssdprof_run_name: ci
    ssdprof_requirements: ["steady_iops>=1000"]
    ssdprof_args: [--op, "7,28", --round, 250ms, --max-rounds, "5", --fill-passes, "1", --no-slc, --no-qd]
    ssdprof_poll_delay: 1
  hosts:
    h1:
      ssdprof_drives: ["sim:dc-tlc,capacity=1G"]
$(host_vars h1)
    h2:
      ssdprof_drives: ["sim:budget-tlc,capacity=1G"]
$(host_vars h2)
    h3:
      ssdprof_drives: ["$work/held.img"]
      ssdprof_yes: [held.img]
$(host_vars h3)
    h4:
      ansible_port: $dead_port
      ssdprof_drives: ["sim:budget-tlc,capacity=1G"]
$(host_vars h4)
EOF

# Ansible's own folders in the scratch folder too.
export ANSIBLE_HOME=$work/ansible-home ANSIBLE_LOCAL_TEMP=$work/ansible-tmp
export ANSIBLE_SSH_CONTROL_PATH_DIR=$work/cp ANSIBLE_HOST_KEY_CHECKING=False ANSIBLE_NOCOLOR=1
export ANSIBLE_FORKS=5 ANSIBLE_RETRY_FILES_ENABLED=False ANSIBLE_TIMEOUT=10 ANSIBLE_PIPELINING=True
export ANSIBLE_SSH_ARGS="-o ControlMaster=auto -o ControlPersist=10s"
extra=(-e ssdprof_become=false -e "ssdprof_fetch_dir=$work/fetched" -e "ssdprof_controller_bin=$exe")
mkdir -p fetched

# --- h2: a run that died after its first point (killed: no exit status) -------------
mkdir -p h2/jobs/ci h2/bin h2/libexec h2/state
cp "$exe" h2/bin/ssdprof
cp "$src/deploy/ansible/roles/ssdprof/files/ssdprof-job" h2/libexec/ssdprof-job
SSDPROF_STATE=$work/h2/state setsid "$work/h2/libexec/ssdprof-job" run "$work/h2/jobs/ci" "$work/h2/bin/ssdprof" \
	qualify 'sim:budget-tlc,capacity=1G' --require 'steady_iops>=1000' --op 7,28 --round 250ms --max-rounds 5 \
	--fill-passes 1 --no-slc --no-qd --out "$work/h2/jobs/ci/out" &
job=$!
pids+=($job)
for _ in $(seq 600); do
	python3 - "$work/h2/jobs/ci/out/drive-1/sweep/result.json" 2>/dev/null <<'PY' && break
import json, sys
assert len(json.load(open(sys.argv[1]))['points']) >= 1
PY
	kill -0 "$job" 2>/dev/null || fail "h2's first run ended before its first point: $(cat h2/jobs/ci/stderr)"
	sleep 0.2
done
kill -KILL -- "-$job" 2>/dev/null || kill -KILL "$job"
cp h2/jobs/ci/out/drive-1/sweep/result.json h2-killed.json
wait "$job" 2>/dev/null || true
[ ! -e h2/jobs/ci/rc ] || fail "the killed run left an exit status"
[ "$("$work/h2/libexec/ssdprof-job" status "$work/h2/jobs/ci")" = "dead - yes" ] ||
	fail "h2's killed run: $("$work/h2/libexec/ssdprof-job" status "$work/h2/jobs/ci")"

# --- the play --------------------------------------------------------------------
set +e
ansible-playbook -i inventory.yml "$src/deploy/ansible/qualify.yml" "${extra[@]}" >play.log 2>&1
rc=$?
set -e
# 2: a host failed (h3); 4: a host unreachable (h4).  Anything else: the play itself broke.
[ "$rc" = 2 ] || [ "$rc" = 4 ] || fail "ansible-playbook exited $rc: $(tail -40 play.log)"
recap() {
	# recap HOST: its PLAY RECAP line
	grep -E "^$1 +:" "$2" | tail -1
}
for h in h1 h2; do
	recap $h play.log | grep -q 'failed=0' || fail "$h failed: $(recap $h play.log); $(tail -60 play.log)"
	recap $h play.log | grep -q 'unreachable=0' || fail "$h unreachable: $(tail -60 play.log)"
done
recap h3 play.log | grep -q 'failed=1' || fail "h3 did not fail alone: $(recap h3 play.log)"
recap h4 play.log | grep -q 'unreachable=1' || fail "h4 is not unreachable: $(recap h4 play.log)"

# h3's failure carries ssdprof's own line, as ssdprof says it here.
set +e
SSDPROF_STATE=$work/h3/state "$exe" qualify "$work/held.img" --yes held.img --require 'steady_iops>=1000' \
	--op 7,28 --no-slc --no-qd --out "$work/h3-direct" 2>h3.direct >/dev/null
direct=$?
set -e
[ "$direct" = 3 ] || fail "ssdprof on the held file exited $direct, not 3: $(cat h3.direct)"
line=$(tail -1 h3.direct)
grep -qF "h3: ssdprof qualify exited 3: $line" play.log || fail "the play lacks h3's line '$line': $(grep -A3 'h3' play.log)"
[ ! -e "$work/h3/jobs/ci/out" ] || fail "h3's refused run left results"

# h2 was resumed, not started afresh: its first point kept, the second measured now.
grep -qF "h2: resuming the earlier run with --resume $work/h2/jobs/ci/out" play.log ||
	fail "h2 was not resumed: $(grep -A6 'resumed' play.log)"
grep -qF "h1: resuming" play.log && fail "h1 was resumed: it never ran before"

# The results on the controller, each host's own, as qualify saved them.
for h in h1 h2; do
	d=fetched/$h/ci
	[ -f "$d/result.json" ] || fail "no $d/result.json: $(ls -R fetched | head -30)"
	python3 - "$d" "$h" <<'PY' || fail "$h's fetched results"
import json, sys
d, host = sys.argv[1], sys.argv[2]
doc = json.load(open(d + '/result.json'))
assert doc['kind'] == 'qualify', doc['kind']
sw = json.load(open(d + '/drive-1/sweep/result.json'))
want = {'h1': 'sim:dc-tlc,capacity=1G', 'h2': 'sim:budget-tlc,capacity=1G'}[host]
assert sw['target']['path'] == want, sw['target']
assert [p['op_percent'] for p in sw['points']] == [7, 28], [p['op_percent'] for p in sw['points']]
if host == 'h2':
    # Resumed: the point measured before the kill kept as it was, the command saying --resume.
    killed = json.load(open('h2-killed.json'))
    assert sw['points'][0] == killed['points'][0], 'the first point was measured again'
    assert '--resume' in doc['command'], doc['command']
PY
done
[ ! -e fetched/h3 ] && [ ! -e fetched/h4 ] || fail "results fetched for a failed host: $(ls fetched)"

# The metrics the role pointed at node_exporter's folder: the final state of each drive.
for h in h1 h2; do
	m=$work/$h/textfile/ssdprof-ci.prom
	[ -f "$m" ] || fail "no metrics file $m"
	grep -q '^ssdprof_phase_info{.*command="qualify",phase="done"} 1$' "$m" || fail "$m: $(cat "$m")"
	grep -q '^ssdprof_last_point_op_ratio{.*} 0.28$' "$m" || fail "$m: $(cat "$m")"
	if command -v promtool >/dev/null; then
		promtool check metrics <"$m" >promtool.out 2>&1 || fail "promtool on $m: $(cat promtool.out)"
	fi
done

# The controller's store: imported when this ssdprof has `db`, else skipped with a line.
if "$exe" db --help >/dev/null 2>&1; then
	grep -q 'Import every fetched result' play.log || fail "no import: $(tail -20 play.log)"
	[ -f fetched/fleet.db ] || fail "no store after the import: $(tail -20 play.log)"
else
	grep -q "skipped the import: the controller's ssdprof" play.log || fail "no word of the skipped import"
fi

# Again: the finished hosts are left alone (nothing run, results fetched again).
set +e
ansible-playbook -i inventory.yml "$src/deploy/ansible/qualify.yml" "${extra[@]}" -e ssdprof_hosts=h1 \
	-e ssdprof_install=false >again.log 2>&1
rc=$?
set -e
[ "$rc" = 0 ] || fail "the play again on h1 exited $rc: $(tail -30 again.log)"
grep -q 'start qualify' again.log && grep -A1 'start qualify' again.log | grep -q 'changed:' &&
	fail "h1's finished campaign ran again: $(grep -A2 'start qualify' again.log)"

# The dry-run play: each host's plan printed (h3's too: a dry run claims nothing), nothing written.
set +e
ansible-playbook -i inventory.yml "$src/deploy/ansible/dry-run.yml" "${extra[@]}" -e 'ssdprof_hosts=h1:h3' \
	-e ssdprof_install=false >dry.log 2>&1
rc=$?
set -e
[ "$rc" = 0 ] || fail "the dry-run play exited $rc: $(tail -30 dry.log)"
[ "$(grep -c 'dry run: nothing is written' dry.log)" = 2 ] || fail "not two plans: $(tail -30 dry.log)"
grep -qF "drive 1: $work/held.img" dry.log || fail "no plan for h3's drive: $(tail -30 dry.log)"

echo "ok: 4 hosts (h1 qualified, h2 resumed, h3 refused, h4 unreachable) in $(( $(date +%s) - started )) s"
