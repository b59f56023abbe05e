# SPDX-License-Identifier: GPL-2.0
# Sourced by every harness script (each one directory below the checkout):
#   . "$(dirname "$0")/../tools/lib.sh"
# The facts the harness shares, each written here once: where the checkout
# ($top) and the cache ($cache = $JS_CACHE, exported) are, the kernel tree,
# the arch table, how kernels are built, named and locked, the result line's
# parser, each script's --help and usage line. How a guest boots is qemu/'s
# (qemu/guest.sh); this library calls nothing above tools/.
top=$(cd "$(dirname "$0")/.." && pwd)

# header: the calling script's header comment, without its "# " and its
# SPDX line.
header() { sed -n '1d; /SPDX-License-Identifier/d; /^#/!q; s/^# \{0,1\}//p' "$0"; }

# usage: the script's calls (its header's lines "#   NAME.sh ..."), as
# "usage: NAME.sh ...", on stderr; exit 2.
usage() {
	header | sed -n "s/^ *\($(basename "$0") \)/usage: \1/p" >&2
	exit 2
}

# Every script that sources this library answers -h and --help with its
# header comment.
case ${1:-} in -h | --help) header; exit 0 ;; esac
cache=${JS_CACHE:-$HOME/.cache/jitterseed}
export JS_CACHE="$cache"
# The kernel: Debian's linux-source-$kver ($KVER: 6.1, Debian 12's, or
# 6.12, Debian 13's, also in bookworm-security), our series for it in
# patches/$kver/, and the tree derived from both (tools/kernel-tree.sh).
kver=${KVER:-6.12}
case $kver in 6.1 | 6.12) ;; *) echo "KVER=$kver: 6.1 or 6.12" >&2; exit 2 ;; esac
export KVER="$kver"
patches=$top/patches/$kver
tree=$cache/linux-$kver
known_arches="x86_64 arm64 riscv64 armhf"	# the arch table's

# arch_facts ARCH: the arch table. Sets karch (the kernel's ARCH), cross
# (CROSS_COMPILE), cc (compiler for the guests' static programs), image (the
# kernel image inside a build dir), qemu (binary), machine (-M; "" for the
# default), bios, cpu, kvm_cpu (-cpu under JS_ACCEL=kvm; "" for cpu),
# console, fixed_seed (1: QEMU's device tree carries a /chosen/rng-seed it
# cannot leave out; qemu/guest.sh's qemu_hw makes it constant), kconfig
# (the preprocessor test for the arch, in the claim tables' header),
# counter_prop (the -cpu property that sets the counter's rate in Hz; "" if
# it is fixed), counters (the counter rates in Hz its guests are tested and
# assessed at, "default" being the machine's own; board classes through
# counter_prop), darch
# (Debian's arch), debian (the Debian release whose darch build the bench's
# guest programs and their C library come from: 12, bookworm, where it has
# the arch; riscv64 became a release arch in 13, trixie), kunit_arch
# (kunit.py --arch) and assess_longer (workload lengths make assess adds to
# its ladder for this arch: riscv64's 10 MHz counter fails every start-up
# test up to 8192 steps under TCG).
arch_facts() {
	kvm_cpu= fixed_seed= machine= bios= assess_longer= counter_prop= counters=default
	case $1 in
	x86_64)
		karch=x86_64 cross= image=arch/x86/boot/bzImage
		qemu=qemu-system-x86_64 bios=qboot.rom cpu=qemu64 kvm_cpu=host,-rdrand,-rdseed
		console=ttyS0 darch=amd64 debian=bookworm kunit_arch=x86_64
		kconfig="defined(CONFIG_X86_64)" ;;
	arm64)
		karch=arm64 cross=aarch64-linux-gnu- image=arch/arm64/boot/Image.gz
		qemu=qemu-system-aarch64 machine=virt,dtb-randomness=off cpu=cortex-a57
		counter_prop=cntfrq counters="default 24000000 8000000 2000000 1000000"
		console=ttyAMA0 darch=arm64 debian=bookworm kunit_arch=arm64
		kconfig="defined(CONFIG_ARM64)" ;;
	armhf)
		karch=arm cross=arm-linux-gnueabihf- image=arch/arm/boot/zImage
		qemu=qemu-system-arm machine=virt,dtb-randomness=off cpu=cortex-a15
		counter_prop=cntfrq counters="default 24000000 1000000"
		console=ttyAMA0 darch=armhf debian=bookworm kunit_arch=arm
		kconfig="defined(CONFIG_ARM)" ;;
	riscv64)
		karch=riscv cross=riscv64-linux-gnu- image=arch/riscv/boot/Image
		qemu=qemu-system-riscv64 machine=virt bios=default cpu=rv64,zkr=false fixed_seed=1
		console=ttyS0 darch=riscv64 debian=trixie kunit_arch=riscv
		kconfig="defined(CONFIG_RISCV) && defined(CONFIG_64BIT)" assess_longer=32768 ;;
	*) echo "unknown arch ${1:-(none)}; known: $known_arches" >&2; exit 2 ;;
	esac
	cc=${cross}gcc
}

# host_arch: the arch of this machine, by its Debian arch.
host_arch() {
	for a in $known_arches; do
		arch_facts "$a"
		[ "$darch" = "$(dpkg --print-architecture)" ] && { echo "$a"; return 0; }
	done
	echo "unknown host arch $(dpkg --print-architecture)" >&2
	exit 2
}

# qemu_version: QEMU's version line, for the provenance of results.
qemu_version() { qemu-system-x86_64 --version | head -n 1; }

# kname WORD...: the words joined by "-", a path to FILE.patch as FILE.
kname() {
	n=
	for w; do
		w=${w##*/}
		n=$n${n:+-}${w%.patch}
	done
	echo "$n"
}

# build_dir ARCH [VARIANT|FILE.patch...]: that kernel's O= directory,
# $JS_CACHE/build-KVER-ARCH[-VARIANT...][-FILE] (tools/kernel-build.sh).
build_dir() { echo "$cache/build-$kver-$(kname "$@")"; }

# kernel_image ARCH [VARIANT|FILE.patch...]: the image QEMU boots.
kernel_image() {
	arch_facts "$1"
	echo "$(build_dir "$@")/$image"
}

# deb_dir ARCH PKG: where tools/deps.sh unpacks Debian's ARCH build of PKG
# (and, as deb_dir.version, "PACKAGE VERSION ARCH").
deb_dir() { echo "$cache/debs/$1/$2"; }

# build_lock: one kernel build or tree change at a time (the machine has two
# cores, and the tree must not change under a build). Waits for the lock,
# then holds it until this shell exits.
build_lock() {
	mkdir -p "$cache"
	exec 9>"$cache/build.lock"
	flock 9
}

# kbuild_env ARCH: how our kernels are built. Exports ARCH, CROSS_COMPILE,
# ccache's directory and reproducible version strings; sets cc_var and
# hostcc_var, the compilers as make variables (kunit.py must pass the same,
# or it rebuilds); takes the build lock.
kbuild_env() {
	arch_facts "$1"
	export ARCH="$karch" CROSS_COMPILE="$cross"
	export CCACHE_DIR="${CCACHE_DIR:-$cache/ccache}"
	# ccache's depend mode: a miss costs the compile alone (the default
	# runs the preprocessor too: 5 to 20% more, ccache's documentation
	# says), a hit comes from kbuild's own dependency file (-Wp,-MMD).
	export CCACHE_DEPEND=1
	export KBUILD_BUILD_TIMESTAMP="2026-01-01" KBUILD_BUILD_USER=jitterseed KBUILD_BUILD_HOST=qemu
	cc_var="CC=ccache $cc"
	hostcc_var="HOSTCC=ccache gcc"
	build_lock
}

# field LINE KEY: the value of KEY=VALUE in a result line, or "". The one
# parser of the guest's result line (qemu/init.c, docs/harness.md).
field() {
	printf '%s\n' "$1" | tr ' ' '\n' | sed -n "s/^$2=//p" | head -n 1
}

# hex_lines TAG LOG: the bytes of LOG's "TAG <hex>" lines (qemu/init.c's
# dump= output), in order. A guest's log keeps kernel lines whole
# (qemu/run-guest.sh), but one can still end a dump line early ("TAG hex",
# then kernel lines, then the rest of the hex on a line of its own): the
# pieces are joined, the kernel lines left out.
hex_lines() {
	perl -ne '
		sub flush { print pack("H*", $part) if defined $part; undef $part }
		if (/^\Q'"$1"'\E ([0-9a-f]+)$/) { flush(); $part = $1; next }
		next if defined $part && /^\[ *[0-9.]+\] /;
		if (defined $part && /^([0-9a-f]+)$/) { $part .= $1; next }
		flush();
		END { flush() }' "$2"
}
