#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The QEMU storage lab: boot a Debian kernel under QEMU (TCG) with emulated NVMe
# and AHCI drives, run the guest tests in tests/vmlab/tests/ against the real
# kernel drivers, and report each test's status here.  See README.md beside it.
#
# usage: vmlab.sh SSDPROF BUILD_DIR [TEST...]
#   SSDPROF    the ssdprof binary under test (copied into the guest with the
#              libraries ldd lists)
#   BUILD_DIR  where the kernel, the initramfs and the drive images are kept
#   TEST...    run only these guest tests (names without .sh); default: all
#
# Exit: 0 all guest tests passed (or skipped), 1 one failed, 77 the lab cannot
# run here (one line says why; VMLAB_REQUIRE=1 turns that into a failure).
# Environment: VMLAB_KEEP=1 keeps the drive images after the run;
# VMLAB_VERBOSE=1 echoes the guest console.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
t_start=$(date +%s)

cannot_run() {
	if [ "${VMLAB_REQUIRE:-0}" = 1 ]; then
		echo "vmlab: FAIL: cannot run: $*"
		exit 1
	fi
	echo "SKIP: vmlab: $*"
	exit 77
}
die() {
	echo "vmlab: error: $*" >&2
	exit 1
}
note() { echo "vmlab: $*"; }

[ $# -ge 2 ] || die "usage: $0 SSDPROF BUILD_DIR [TEST...]"
ssdprof=$(readlink -f "$1") || die "no ssdprof binary '$1'"
[ -x "$ssdprof" ] || die "'$1' is not executable"
bdir=$(mkdir -p "$2" && cd "$2" && pwd) || die "cannot use build dir '$2'"
shift 2
only=("$@")

[ "$(uname -s)/$(uname -m)" = Linux/x86_64 ] || cannot_run "needs Linux on x86_64"
command -v dpkg-query >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 ||
	cannot_run "needs a Debian system (apt-get, dpkg)"

cache=$bdir/cache      # kernel and initramfs, kept between runs
run=$bdir/run          # this run: images, console log, results
mkdir -p "$cache" "$run" || die "cannot create $cache"

# ---------------------------------------------------------------- packages
# Host packages: QEMU and what goes into the initramfs (the cross-check tools
# are copied from the host with their libraries).
PKGS="qemu-system-x86 busybox-static cpio kmod nvme-cli mdadm hdparm smartmontools util-linux dmsetup"

SUDO=
if [ "$(id -u)" != 0 ]; then
	if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
		SUDO="sudo -n"
	else
		SUDO=none
	fi
fi
apt_get() {
	# Waits for other apt users instead of failing on the lock.
	$SUDO env DEBIAN_FRONTEND=noninteractive apt-get -q -y \
		-o DPkg::Lock::Timeout=600 "$@"
}

missing=
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing="$missing $p"
done
if [ -n "$missing" ]; then
	[ "$SUDO" = none ] &&
		cannot_run "missing Debian packages:$missing (run as root to install them)"
	note "installing Debian packages:$missing"
	if ! apt_get install --no-install-recommends $missing >"$run/apt.log" 2>&1; then
		apt_get update >>"$run/apt.log" 2>&1
		apt_get install --no-install-recommends $missing >>"$run/apt.log" 2>&1 ||
			cannot_run "apt-get install$missing failed (log: $run/apt.log)"
	fi
fi

# ---------------------------------------------------------------- kernel
# The Debian kernel that linux-image-amd64 points at, unpacked once; only
# vmlinuz and the modules the guest needs are kept (cache/kernel-VERSION/).
MODULES="nvme ahci sd_mod sg virtio_pci virtio_blk md_mod raid0 raid1 raid10 raid456
	dm_mod dm_flakey null_blk brd loop scsi_debug 9p 9pnet_virtio ext4"

kpkg_of_meta() {
	apt-cache depends linux-image-amd64 2>/dev/null |
		awk '$1 == "Depends:" && $2 ~ /^linux-image-[0-9]/ { print $2; exit }'
}
kpkg=$(kpkg_of_meta)
if [ -z "$kpkg" ] && [ "$SUDO" != none ]; then
	apt_get update >>"$run/apt.log" 2>&1
	kpkg=$(kpkg_of_meta)
fi
kdir=
if [ -n "$kpkg" ]; then
	kver=${kpkg#linux-image-}
	kdir=$cache/kernel-$kver
	if [ ! -f "$kdir/ok" ]; then
		note "fetching $kpkg"
		rm -rf "$kdir" "$cache/kernel.tmp"
		mkdir -p "$cache/kernel.tmp" || die "cannot create $cache/kernel.tmp"
		# apt-get download writes into the current directory.
		if (cd "$cache/kernel.tmp" && apt-get -q download "$kpkg") >>"$run/apt.log" 2>&1 ||
			{ [ "$SUDO" != none ] && apt_get update >>"$run/apt.log" 2>&1 &&
			  (cd "$cache/kernel.tmp" && apt-get -q download "$kpkg") >>"$run/apt.log" 2>&1; }; then
			x=$cache/kernel.tmp/x
			dpkg -x "$cache/kernel.tmp"/"$kpkg"_*.deb "$x" ||
				die "cannot unpack $kpkg"
			mods=$x/lib/modules/$kver
			mkdir -p "$kdir/lib/modules/$kver"
			cp "$x/boot/vmlinuz-$kver" "$kdir/vmlinuz"
			cp "$mods"/modules.order "$mods"/modules.builtin* "$kdir/lib/modules/$kver/"
			depmod -b "$x" "$kver" || die "depmod failed"
			for m in $MODULES; do
				modprobe -d "$x" -S "$kver" --show-depends "$m" 2>/dev/null ||
					note "module $m not in $kpkg"
			done | awk '$1 == "insmod" { print $2 }' | sort -u |
			while read -r ko; do
				rel=${ko#"$x"/}
				mkdir -p "$kdir/$(dirname "$rel")"
				cp "$ko" "$kdir/$rel"
			done
			depmod -b "$kdir" "$kver" || die "depmod failed"
			echo "$MODULES" >"$kdir/ok"
		else
			note "could not download $kpkg (log: $run/apt.log)"
			rm -rf "$kdir"
		fi
		rm -rf "$cache/kernel.tmp"
	fi
fi
if [ ! -f "${kdir:-/nonexistent}/ok" ]; then
	# Offline or the archive moved on: any kernel cached earlier will do.
	kdir=$(ls -d "$cache"/kernel-*/ok 2>/dev/null | sort -V | tail -n1)
	kdir=${kdir%/ok}
	[ -n "$kdir" ] || cannot_run "no Debian kernel: apt-cache/apt-get download of linux-image-amd64 failed and none is cached (log: $run/apt.log)"
fi
kver=${kdir##*/kernel-}

# ---------------------------------------------------------------- initramfs
# Two uncompressed cpio archives, concatenated: base.cpio (busybox, kmod,
# modules, the cross-check tools; cached) and this run's (the ssdprof binary
# and its libraries, /init, the guest tests).
TOOLS="/usr/sbin/nvme /usr/sbin/mdadm /usr/sbin/hdparm /usr/sbin/smartctl
	/usr/sbin/blkdiscard /usr/sbin/blockdev /usr/bin/lsblk /usr/sbin/wipefs /usr/bin/kmod /usr/sbin/dmsetup"

# copy_elf STAGE FILE [DEST]: FILE (at DEST in STAGE, default its own path)
# with every library ldd lists and the dynamic loader.
copy_elf() {
	local stage=$1 f=$2 dest=${3:-$2} lib
	mkdir -p "$stage/$(dirname "$dest")"
	cp -L "$f" "$stage/$dest" || return 1
	ldd "$f" 2>/dev/null | grep -q 'not found' && { echo "vmlab: $f: missing library" >&2; return 1; }
	for lib in $(ldd "$f" 2>/dev/null | awk '/=> \// { print $3 } /^\t\// { print $1 }'); do
		[ -e "$stage/$lib" ] && continue
		mkdir -p "$stage/$(dirname "$lib")"
		cp -L "$lib" "$stage/$lib" || return 1
	done
}
resolve_tool() { # the tool's path on this host (merged /usr or not)
	local t=$1
	[ -x "$t" ] && { echo "$t"; return; }
	command -v "$(basename "$t")" 2>/dev/null
}

base_key=$( {
	echo "$kdir $MODULES $TOOLS"
	dpkg-query -W $PKGS 2>/dev/null
	sed -n '/^# ---.* initramfs/,/^# ---.* per run/p' "${BASH_SOURCE[0]}"
} | md5sum | cut -c1-16)
base=$cache/base-$base_key.cpio
if [ ! -f "$base" ]; then
	note "building the base initramfs"
	rm -f "$cache"/base-*.cpio
	st=$cache/base.stage
	rm -rf "$st" && mkdir -p "$st"/{bin,sbin,usr/bin,usr/sbin,lib64,proc,sys,dev,tmp,run,mnt,results} ||
		die "cannot create $st"
	bb=$(resolve_tool /bin/busybox) || die "no busybox"
	cp "$bb" "$st/bin/busybox"
	for a in $("$bb" --list-full); do
		[ -e "$st/$a" ] || ln -s /bin/busybox "$st/$a"
	done
	for t in $TOOLS; do
		p=$(resolve_tool "$t") || die "no $(basename "$t") on this host"
		rm -f "$st/$t"
		copy_elf "$st" "$p" "$t" || die "cannot copy $t"
	done
	for a in modprobe insmod rmmod lsmod modinfo depmod; do
		rm -f "$st/sbin/$a" "$st/bin/$a" "$st/usr/sbin/$a" "$st/usr/bin/$a"
		ln -s /usr/bin/kmod "$st/sbin/$a"
	done
	cp -a "$kdir/lib" "$st/"
	(cd "$st" && find . -mindepth 1 | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) \
		>"$base.tmp" || die "cpio failed"
	mv "$base.tmp" "$base"
	rm -rf "$st"
fi

# ---------------------------------------------------------------- per run
# Guest tests: tests/NAME.sh, run in name order; tests/NAME.host.sh, when
# present, checks the host side after the guest has finished.
tests=()
for f in "$here"/tests/*.sh; do
	n=$(basename "$f" .sh)
	case $n in *.host) continue ;; esac
	if [ ${#only[@]} -gt 0 ]; then
		sel=0
		for o in "${only[@]}"; do [ "$o" = "$n" ] && sel=1; done
		[ $sel = 1 ] || continue
	fi
	tests+=("$n")
done
[ ${#tests[@]} -gt 0 ] || die "no guest tests selected"

# The drive set.  NAME KIND SERIAL NSID SIZE [detached]; NVMe controllers with
# the same serial share a subsystem.  Sparse images, fresh every run.
DRIVES="nvme0  nvme VMLAB-NVME0 1 1G
sub1n1 nvme VMLAB-SUB1  1 1G
sub1n2 nvme VMLAB-SUB1  2 1G detached
raid0  nvme VMLAB-RAID0 1 1G
raid1  nvme VMLAB-RAID1 1 1G
raid2  nvme VMLAB-RAID2 1 1G
raid3  nvme VMLAB-RAID3 1 1G
sata0  sata VMLAB-SATA0 0 1G"

rm -rf "$run/img" "$run/results" "$run/snap" "$run/out" "$run/stage"
mkdir -p "$run/img" "$run/results" "$run/snap" "$run/out" || die "cannot create $run"
qargs=()
declare -A ctrl_of=()
nctrl=0
while read -r name kind serial nsid size flags; do
	img=$run/img/$name.img
	truncate -s "$size" "$img" || die "cannot create $img"
	qargs+=(-drive "if=none,format=raw,discard=unmap,cache=unsafe,file=$img,id=d_$name")
	case $kind in
	nvme)
		c=${ctrl_of[$serial]:-}
		if [ -z "$c" ]; then
			c=c$nctrl
			nctrl=$((nctrl + 1))
			ctrl_of[$serial]=$c
			if [ "$(grep -c " $serial " <<<"$DRIVES")" -gt 1 ]; then
				qargs+=(-device "nvme-subsys,id=s$c,nqn=nqn.2024-01.org.ssdprof:$serial")
				qargs+=(-device "nvme,id=$c,serial=$serial,subsys=s$c")
			else
				qargs+=(-device "nvme,id=$c,serial=$serial")
			fi
		fi
		det=
		[ "${flags:-}" = detached ] && det=",detached=on"
		qargs+=(-device "nvme-ns,drive=d_$name,bus=$c,nsid=$nsid$det")
		;;
	sata)
		qargs+=(-device "ahci,id=ahci_$name")
		qargs+=(-device "ide-hd,drive=d_$name,bus=ahci_$name.0,rotation_rate=1,model=VMLAB SATA SSD,serial=$serial")
		;;
	esac
done <<<"$DRIVES"
truncate -s 256M "$run/results.img"
qargs+=(-drive "if=virtio,format=raw,file=$run/results.img")

st=$run/stage
mkdir -p "$st/opt/ssdprof" "$st/vmlab/tests"
copy_elf "$st" "$ssdprof" /opt/ssdprof/ssdprof || die "cannot copy $ssdprof"
cp "$here/guest/init" "$st/init" && chmod 755 "$st/init"
cp "$here/guest/lib.sh" "$st/vmlab/lib.sh"
for n in "${tests[@]}"; do
	cp "$here/tests/$n.sh" "$st/vmlab/tests/"
done
printf '%s\n' "$DRIVES" >"$st/vmlab/drives.conf"
{
	echo "MODULES='nvme ahci sd_mod sg virtio_pci virtio_blk'"
	# The sanitizer settings meson gives its tests, for an ASan build.
	for v in ASAN_OPTIONS UBSAN_OPTIONS LSAN_OPTIONS MALLOC_PERTURB_; do
		[ -n "${!v:-}" ] && printf "export %s='%s'\n" "$v" "${!v}"
	done
} >"$st/vmlab/env"
(cd "$st" && find . -mindepth 1 | cpio -o -H newc -R 0:0 --quiet) >"$run/run.cpio" ||
	die "cpio failed"
cat "$base" "$run/run.cpio" >"$run/initrd.cpio"
rm -rf "$st" "$run/run.cpio"

# ---------------------------------------------------------------- boot
# ttyS0 is the console (markers); ttyS1 is a control line on which a guest
# test asks the host for a snapshot of the images (host_snapshot in lib.sh).
snapshot() { # TAG: allocated bytes of every image, as "name bytes" lines
	local f
	for f in "$run"/img/*.img; do
		echo "$(basename "$f" .img) $(($(stat -c '%b * %B' "$f")))"
	done >"$run/snap/$1.tmp" && mv "$run/snap/$1.tmp" "$run/snap/$1"
}
rm -f "$run/ctl.in" "$run/ctl.out"
mkfifo "$run/ctl.in" "$run/ctl.out" || die "mkfifo failed"
exec 8<>"$run/ctl.in" 9<>"$run/ctl.out"
(
	exec 8>&-
	while IFS= read -r line <&9; do
		line=${line%$'\r'}
		set -- $line
		case ${1:-} in
		SNAP) [[ ${2:-} =~ ^[A-Za-z0-9_.-]+$ ]] && snapshot "$2"
		      echo "OK ${2:-}" >"$run/ctl.in" ;;
		esac
	done
) &
ctl_pid=$!

qemu=${VMLAB_QEMU:-$(command -v qemu-system-x86_64)} || cannot_run "no qemu-system-x86_64"
qemu_timeout=${VMLAB_TIMEOUT:-1200}
note "booting $kver with ${#tests[@]} guest tests (console: $run/console.log)"
t_boot=$(date +%s)
timeout -k 10 "$qemu_timeout" "$qemu" -accel tcg -m 1G -smp 2 -nographic -nodefaults \
	-no-reboot -serial stdio \
	-chardev pipe,id=ctl,path="$run/ctl" -device isa-serial,chardev=ctl \
	-kernel "$kdir/vmlinuz" -initrd "$run/initrd.cpio" \
	-append "console=ttyS0 panic=-1 loglevel=4 quiet" \
	"${qargs[@]}" </dev/null >"$run/console.log" 2>"$run/qemu.err" &
qpid=$!
if [ "${VMLAB_VERBOSE:-0}" = 1 ]; then
	tail -n +1 -f "$run/console.log" --pid=$qpid &
fi
wait $qpid
qrc=$?
t_end=$(date +%s)
kill $ctl_pid 2>/dev/null
wait $ctl_pid 2>/dev/null
exec 8>&- 9>&-

if ! grep -aq '@@BOOTED' "$run/console.log"; then
	tail -n 20 "$run/qemu.err" "$run/console.log"
	[ $qrc = 124 ] && die "the guest did not boot within ${qemu_timeout}s"
	cannot_run "QEMU could not boot the guest (exit $qrc; see $run/qemu.err)"
fi
grep -aq '@@DONE' "$run/console.log" || {
	tail -n 30 "$run/console.log"
	note "the guest did not finish (QEMU exit $qrc after $((t_end - t_boot))s)"
}
snapshot end
tar -xf "$run/results.img" -C "$run/results" 2>/dev/null ||
	note "could not read the results disk"

# ---------------------------------------------------------------- report
failed=0 passed=0 skipped=0
for n in "${tests[@]}"; do
	rc=$(grep -ao "@@RC $n=[0-9]*" "$run/console.log" | tail -n1 | cut -d= -f2)
	out=$run/results/$n/output
	hostout=
	if [ "$rc" = 0 ] && [ -f "$here/tests/$n.host.sh" ]; then
		hostout=$(VMLAB_HOSTLIB=$here/hostlib.sh VMLAB_SNAP=$run/snap VMLAB_IMG=$run/img VMLAB_OUT=$run/results/$n \
			timeout 60 bash "$here/tests/$n.host.sh" 2>&1)
		rc=$?
		printf '%s\n' "--- host check ($n.host.sh, exit $rc)" "$hostout" >>"$out"
	fi
	case $rc in
	0) st=PASS; passed=$((passed + 1)) ;;
	77) st=SKIP; skipped=$((skipped + 1)) ;;
	"") st=FAIL; failed=$((failed + 1)); rc="none (the guest did not report it)" ;;
	*) st=FAIL; failed=$((failed + 1)) ;;
	esac
	reason=
	[ $st = SKIP ] && reason=" ($(grep -a '^SKIP:' "$out" 2>/dev/null | head -n1 | cut -c7-))"
	echo "$st: $n$reason"
	if [ $st = FAIL ]; then
		echo "----- $n: exit $rc; output:"
		if [ -f "$out" ]; then cat "$out"; else echo "(no output came back)"; fi
		echo "----- end of $n"
	fi
done
echo "vmlab: $passed passed, $failed failed, $skipped skipped; boot to power-off" \
	"$((t_end - t_boot))s, total $((t_end - t_start))s; outputs in $run/results"
if [ "${VMLAB_KEEP:-0}" != 1 ]; then
	rm -rf "$run/img" "$run/results.img" "$run/initrd.cpio"
fi
[ $failed = 0 ] || exit 1
exit 0
