#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Install, only if missing, the Debian packages the build, boots and tests need.
#
#   deps.sh                     the host packages
#   deps.sh debs ARCH PKG...    also Debian's ARCH build of each PKG (from the
#                               arch table's Debian release), unpacked
#                               (dpkg -x, not installed) into deb_dir ARCH PKG
#                               ($JS_CACHE/debs/ARCH/PKG): programs for the
#                               guests; its .version file says which
#                               ("PACKAGE VERSION ARCH", from dpkg-deb)
set -eu
. "$(dirname "$0")/../tools/lib.sh"
# linux-source-6.12 comes from bookworm-security (Debian 13 has it as its own).
need="linux-source-$kver qemu-system-x86 qemu-system-arm qemu-system-misc opensbi
gcc gcc-aarch64-linux-gnu gcc-riscv64-linux-gnu gcc-arm-linux-gnueabihf libc6-dev
libc6-dev-arm64-cross libc6-dev-riscv64-cross libc6-dev-armhf-cross make flex bison bc libelf-dev
libssl-dev cpio ccache sparse git python3 python3-ply python3-git perl rsync
xz-utils gnuplot-nox kmod device-tree-compiler"
# The commands the harness runs, each with the package that brings it:
# after the install, a missing one stops the run in one line naming it.
commands="qemu-system-x86_64:qemu-system-x86 qemu-system-aarch64:qemu-system-arm
qemu-system-riscv64:qemu-system-misc aarch64-linux-gnu-gcc:gcc-aarch64-linux-gnu
riscv64-linux-gnu-gcc:gcc-riscv64-linux-gnu
arm-linux-gnueabihf-gcc:gcc-arm-linux-gnueabihf gcc:gcc make:make flex:flex bison:bison
bc:bc cpio:cpio ccache:ccache sparse:sparse git:git python3:python3 perl:perl
rsync:rsync xz:xz-utils gnuplot:gnuplot-nox depmod:kmod dtc:device-tree-compiler
dpkg-deb:dpkg flock:util-linux timeout:coreutils"

as_root() {
	[ "$(id -u)" -eq 0 ] && return 0
	echo "deps: not root; as root run: $*" >&2
	exit 1
}

install_missing() {
	missing=""
	for p in $need; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
			missing="$missing $p"
	done
	[ -z "$missing" ] && return 0
	echo "deps: installing$missing"
	as_root apt-get install$missing
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
}

# apt_private ARCH ARGS...: apt-get ARGS with an apt of the harness's own
# under $JS_CACHE/apt/DARCH-DEBIAN: ARCH's Debian release (debian in the arch
# table) and arch only, signed by the host's debian-archive-keyring, its own
# lists and status, so neither root nor the host's apt sources are needed
# or changed ($JS_DEBIAN_MIRROR, default deb.debian.org, names the mirror).
# Fetches the lists first where there are none.
apt_private() {
	apt_arch=$1
	arch_facts "$apt_arch"
	shift
	a=$cache/apt/$darch-$debian
	mkdir -p "$a/lists/partial" "$a/archives/partial"
	touch "$a/status"
	echo "deb [arch=$darch signed-by=/usr/share/keyrings/debian-archive-keyring.gpg]" \
		"${JS_DEBIAN_MIRROR:-http://deb.debian.org/debian} $debian main" >"$a/sources.list"
	[ "$1" = update ] || ls "$a/lists" | grep -q Packages || apt_private "$apt_arch" update
	apt-get -qq -o Dir::Etc::SourceList="$a/sources.list" -o Dir::Etc::SourceParts=/dev/null \
		-o Dir::Etc::Preferences=/dev/null -o Dir::Etc::PreferencesParts=/dev/null \
		-o Dir::State::Lists="$a/lists" -o Dir::State::Status="$a/status" \
		-o Dir::Cache="$a" -o APT::Architecture="$darch" -o APT::Architectures="$darch" \
		-o APT::Sandbox::User="$(id -un)" "$@"
}

# unpack_debs ARCH PKG...: download PKG with apt_private (updating its lists
# again when that fails: they may be older than the mirror), then dpkg -x (again
# where an older cache has the files but no PKG.version).
unpack_debs() {
	arch=$1
	shift
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
	for p; do
		d=$(deb_dir "$arch" "$p")
		[ -f "$d.version" ] && continue
		echo "deps: unpacking $p ($arch) into $d"
		(cd "$work" && apt_private "$arch" download "$p") ||
			{ apt_private "$arch" update; (cd "$work" && apt_private "$arch" download "$p"); }
		mkdir -p "$(dirname "$d")"
		rm -rf "$d" "$d.tmp"
		dpkg -x "$work/${p}_"*.deb "$d.tmp"
		dpkg-deb -W --showformat='${Package} ${Version} ${Architecture}\n' \
			"$work/${p}_"*.deb >"$d.version.tmp"
		rm -f "$work/${p}_"*.deb
		mv "$d.tmp" "$d"
		mv "$d.version.tmp" "$d.version"
	done
}

# commands_present: every command of $commands is on PATH, or one line
# names the first that is not and its package.
commands_present() {
	for cp in $commands; do
		command -v "${cp%%:*}" >/dev/null 2>&1 && continue
		echo "deps: ${cp%%:*} not found (Debian package ${cp#*:})" >&2
		exit 1
	done
}

install_missing
commands_present
case ${1:-} in
"") ;;
debs) shift; unpack_debs "$@" ;;
*) echo "usage: $0 [debs ARCH PKG...]" >&2; exit 2 ;;
esac
