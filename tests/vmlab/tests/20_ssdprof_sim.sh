# vmlab-timeout: 120
# ssdprof itself runs in the guest (binary and libraries as built, ASan
# included): info and a short run on a simulated drive.
. /vmlab/lib.sh

step "$SSDPROF" --version
step "$SSDPROF" info sim:budget-tlc >info.txt
cat info.txt
grep -q budget-tlc info.txt || fail "info does not name the preset"

step "$SSDPROF" run sim:budget-tlc,capacity=1G --time 2s --quiet --json --out run >run.json
[ -s run/result.json ] || fail "no run/result.json"
w=$(json_num run.json host_bytes_written)
echo "host_bytes_written=$w"
[ "${w:-0}" -gt 0 ] || fail "the run wrote nothing"
