# vmlab-timeout: 420
# A drive that fails mid-sweep, in the real kernel: a sweep of a device-mapper
# device over 256 MiB of an NVMe drive; once its first point is saved the
# table is swapped for dm-error, so every later I/O fails with EIO.  The
# sweep exits 1 with one line naming the device, the LBA and the status; its
# result.json keeps the finished point; with the drive back, --resume
# completes the sweep.
. /vmlab/lib.sh
need_block_target
need_command sweep
command -v dmsetup >/dev/null || skip "no dmsetup in the initramfs"
modprobe dm_mod 2>/dev/null
export SSDPROF_STATE=/tmp/ssdprof-state
# dm devices of our own, so udev is not waited for.
export DM_DISABLE_UDEV=1

dev=$(drive_dev raid3)
sectors=524288
step dmsetup create ssdfault --table "0 $sectors linear $dev 0"
trap 'dmsetup remove -f ssdfault 2>/dev/null' EXIT
dm=/dev/mapper/ssdfault
# Without udev, /dev/mapper/ssdfault is a node of its own, not a link to dm-N.
node=dm-$(dmsetup info -c --noheadings -o minor ssdfault | tr -d ' ')
[ -b "$dm" ] || fail "no $dm"
# The finished points: an interrupted sweep saves the cut one after them, as incomplete_point.
points() { sed '/"incomplete_point"/,$d' sweep/result.json 2>/dev/null | grep -o '"waf_source"' | wc -l; }

"$SSDPROF" sweep "$dm" --op 0,10,20 --round 1s --max-rounds 5 --min-writes 0 --quiet --out sweep --yes "$node" >out.txt 2>err.txt &
pid=$!
i=0
while [ "$(points)" -lt 1 ] && kill -0 $pid 2>/dev/null && [ $i -lt 3000 ]; do
	sleep 0.1
	i=$((i + 1))
done
[ "$(points)" -ge 1 ] || fail "no point saved before the sweep ended: $(cat err.txt)"
# The drive fails: suspend (in-flight I/O drains), swap in dm-error, resume.
step dmsetup suspend ssdfault
step dmsetup load ssdfault --table "0 $sectors error"
step dmsetup resume ssdfault
wait $pid
rc=$?
cat err.txt
[ $rc = 1 ] || fail "the sweep over a failing drive exited $rc, not 1"
[ "$(wc -l <err.txt)" = 1 ] || fail "the failure is not one line"
grep -q "$dm: .* error at byte offset [0-9]* (LBA [0-9]*): Input/output error" err.txt ||
	fail "the failure does not name the device, the LBA and the status"
n=$(points)
grep -q "$n finished point(s) in sweep/result.json" err.txt || fail "the message does not count the $n saved point(s)"
[ "$n" -ge 1 ] && [ "$n" -lt 3 ] || fail "$n points saved"
grep -q '"complete": *false' sweep/result.json || fail "the saved sweep does not say it is incomplete"

# The drive back: the sweep resumes and ends.
step dmsetup suspend ssdfault
step dmsetup load ssdfault --table "0 $sectors linear $dev 0"
step dmsetup resume ssdfault
step "$SSDPROF" sweep "$dm" --resume sweep --quiet --yes "$node"
[ "$(points)" = 3 ] || fail "the resumed sweep has $(points) points, not 3"
grep -q '"complete": *true' sweep/result.json || fail "the resumed sweep is not complete"
