#!/bin/bash
# A saved result belongs to one drive (issue 26 item 2): sweep --resume and
# qualify --resume match saved results by what the drive is (serial,
# model, capacity, LBA size; a simulated drive's spec; a file's path too),
# not by the name typed or the TARGETs' order, and refuse a mismatch in one
# line naming both, exit 2, nothing written.  The saved settings are held
# to the command line's rules, a qualify keeps its saved requirements, and
# a drive-N folder that is a symbolic link is refused, not followed.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

T1='sim:dc-tlc,capacity=1G'
T2='sim:budget-tlc,capacity=1G'
T3='sim:dc-tlc,capacity=1G,seed=2'
QARGS='--op 7 --round 1s --max-rounds 5 --no-slc --no-qd --quiet'

sum() { find "$@" -type f -print0 | sort -z | xargs -0 md5sum; }

# refused NEEDLE WHAT ARGS...: exit 2, one line naming NEEDLE, and WHAT (files) unchanged.
refused() {
	local needle=$1 what=$2 before
	shift 2
	before=$(sum $what)
	usage_error "$needle" "$@"
	[ "$(sum $what)" = "$before" ] || fail "'$*' refused, but changed $what"
}

# A file resized at the same path is another drive: its saved points are not its own.
truncate -s 64M f.img
"$exe" sweep f.img --op 0 --round 1s --max-rounds 5 --fill-passes 0 --quiet --out fsw \
	--rated-tbw 100 --daily-writes 10GB --target-life 5 >/dev/null ||
	fail "the file's sweep failed"
truncate -s 72M f.img
refused "not of f.img (serial none, 75497472 bytes)" "fsw f.img" sweep f.img --resume fsw
grep -q "holds a sweep of f.img (serial none, 67108864 bytes)" "$work/stderr" ||
	fail "the refusal does not name the saved drive: $(cat "$work/stderr")"

# A saved adaptive plan edited to what --op-range cannot give (a grid running down) is refused.
cp -r fsw edited
truncate -s 64M f.img
python3 - edited/result.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
s = d['settings']
s.update(plan='adaptive', op_grid=[10.0, 0.0], resolution=2.5)
del s['op_list']
json.dump(d, open(sys.argv[1], 'w'))
PY
refused "settings.op_grid" "edited f.img" sweep f.img --resume edited --dry-run
# A saved --target-life past --target-life's limit is refused too.
cp -r fsw edited2
python3 - edited2/result.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d['endurance']['target_life_years'] = 1e300
json.dump(d, open(sys.argv[1], 'w'))
PY
refused "target_life_years" "edited2 f.img" sweep f.img --resume edited2 --dry-run

# qualify: the TARGETs in another order are refused, naming where each drive's results are.
"$exe" qualify "$T1" "$T2" $QARGS --require steady --out q >/dev/null 2>&1 || [ $? = 4 ] || fail "qualify failed"
refused "TARGET 1's are in drive-2" q qualify "$T2" "$T1" --resume q --quiet
# A drive whose folder holds another drive's results (a folder copied in, a changed name).
refused "drive-1 holds the results of $T1" q qualify "$T3" "$T2" --resume q --quiet

# Saved requirements are held to --require's rules.
cp -r q qreq
python3 - qreq/result.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d['settings']['requirements'] = ['steady_iops>=1e13']
json.dump(d, open(sys.argv[1], 'w'))
PY
refused "settings.requirements[0]" qreq qualify "$T1" "$T2" --resume qreq --quiet

# A drive-N folder that is a symbolic link is refused, and what it points to is left alone.
cp -r q qlink
mv qlink/drive-2 elsewhere
ln -s ../elsewhere qlink/drive-2
refused "drive-2 is a symbolic link" "qlink elsewhere" qualify "$T1" "$T2" --resume qlink --quiet

# The saved requirements stand when none are given anew.
run_cmd qualify "$T1" "$T2" $QARGS --resume q
[ "$rc" = 0 ] || [ "$rc" = 4 ] || fail "qualify --resume without --require exited $rc: $(cat "$work/stderr")"
json_check q/result.json "d['settings']['requirements'] == ['steady']"
exit 0
