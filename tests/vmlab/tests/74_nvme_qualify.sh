# vmlab-timeout: 480
# `ssdprof qualify` of two NVMe drives (two controllers) as one batch, in
# parallel, through the real kernel: the whole default profile (SLC probe,
# a fixed 20% OP point, the QD curve right after it), kept short for TCG
# (about 225 s of guest time).
# One requirement both drives meet and one no emulated drive can: exit 4,
# each drive's verdict and per-requirement outcome, and each drive's own
# results (slc, sweep, qd/randwrite, qd/randread) with their reports.  A
# --raid 1 group of two RAID drives with one member unconfirmed is refused
# (exit 3) before anything is written: each member passes the safety gate.
. /vmlab/lib.sh
need_block_target
need_command qualify
export SSDPROF_STATE=/tmp/ssdprof-state

# Earlier tests recreate namespaces, which can rename their block devices
# (nvme1n1 -> nvme1n2): look every drive up afresh before naming one.
vmlab_discover >/vmlab/drives 2>/dev/null || true
d1=$(drive_dev nvme0) d2=$(drive_dev sub1n1)
[ -b "$d1" ] && [ -b "$d2" ] || fail "nvme0 ($d1) or sub1n1 ($d2) is not a block device now"
yes=$(drive_serial nvme0),$(drive_serial sub1n1)

# A group's members are confirmed one by one: raid1's serial is missing.
r0=$(drive_dev raid0) r1=$(drive_dev raid1)
"$SSDPROF" qualify --raid 1 "$r0" "$r1" --require steady --yes "$(drive_serial raid0)" --out refused \
	>out.txt 2>err.txt
rc=$?
cat err.txt
[ $rc = 3 ] || fail "a group with one member unconfirmed exited $rc, expected 3"
grep -q "$(drive_serial raid1)" err.txt || fail "the refusal does not name the unconfirmed member's serial"
[ ! -e refused ] || fail "the refused qualify wrote results"

# Span OP: QEMU refuses namespace management, and the fallback's detach and re-attach
# renames a subsystem's namespace (nvme1n1 -> nvme1n2), which later tests look up by name.
"$SSDPROF" qualify "$d1" "$d2" --op 20 --op-method span --round 2s --max-rounds 5 --min-writes 0 --fill-passes 1 \
	--qd-curve 1,4,16 --qd-time 2s --require 'steady_iops>=1' --require 'qd1_read_us<=1000000' \
	--require 'read_iops>=1000000000' --out q --yes "$yes" >out.txt 2>err.txt
rc=$?
cat out.txt err.txt
[ $rc = 4 ] || fail "qualify exited $rc, expected 4 (read_iops>=1e9 fails)"
[ -s q/result.json ] || fail "no qualify result"
# Each drive: verdict fail, the requirements met but the impossible one, its own folders.
n=$(grep -c '"verdict": "fail"' q/result.json)
[ "$n" = 2 ] || fail "$n drives fail, expected 2"
for i in 1 2; do
	for part in slc sweep qd/randwrite qd/randread; do
		[ -s "q/drive-$i/$part/result.json" ] || fail "drive $i has no $part result"
		[ -s "q/drive-$i/$part/report.html" ] || fail "drive $i has no $part report"
	done
	grep -q '"how": "after-sweep-point"' "q/drive-$i/qd/randread/result.json" ||
		fail "drive $i's QD curve does not say it followed the sweep point"
	tr -d ' \n' <"q/drive-$i/qd/randread/result.json" | grep -q '"qd_list":\[1,4,16\]' ||
		fail "drive $i's read curve is not QD 1, 4, 16"
	grep -q "href=\"drive-$i/qd/randread/report.html\"" q/report.html || fail "the report links no QD curve of drive $i"
done
# Per requirement, in order: steady_iops and qd1_read_us met, read_iops not; both drives.
tr -d ' \n' <q/result.json | grep -o '"pass":[a-z]*' | tr '\n' ' ' >passes.txt
cat passes.txt
[ "$(cat passes.txt)" = '"pass":true "pass":true "pass":false "pass":true "pass":true "pass":false ' ] ||
	fail "the requirement outcomes are not met, met, missed for each drive"
grep -q "\"spec\": \"$d1\"" q/result.json && grep -q "\"spec\": \"$d2\"" q/result.json ||
	fail "the result does not name both drives"
grep -q '"op_method": "span"' q/drive-1/qd/randread/result.json || fail "the curve does not say its OP method"
[ -b "$d2" ] || fail "$d2 is gone: the drive was not left as found"
# The curve's reads are real: QD 16 reads faster than QD 1 on the emulated drive.
awk '/"qd": 1,/ { getline; one = $2 } /"qd": 16,/ { getline; sixteen = $2 } END { exit !(sixteen + 0 > one + 0) }' \
	q/drive-1/qd/randread/result.json || fail "QD 16 reads are not faster than QD 1"
echo "qualify of two NVMe drives: verdicts, requirements and per-drive results"
