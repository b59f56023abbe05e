#!/bin/sh
# Install, only if missing, the Debian packages the build, boots and tests need.
#
#   deps.sh                     the host packages
#   deps.sh debs ARCH PKG...    also Debian's ARCH build of each PKG, unpacked
#                               (dpkg -x, not installed) into deb_dir ARCH PKG
#                               ($JS_CACHE/debs/ARCH/PKG): programs for the
#                               guests; its .version file says which
#                               ("PACKAGE VERSION ARCH", from dpkg-deb)
set -eu
. "$(dirname "$0")/../tools/lib.sh"
need="linux-source-6.1 qemu-system-x86 qemu-system-arm qemu-system-misc opensbi
gcc gcc-aarch64-linux-gnu gcc-riscv64-linux-gnu libc6-dev
libc6-dev-arm64-cross libc6-dev-riscv64-cross make flex bison bc libelf-dev
libssl-dev cpio ccache sparse git python3 python3-ply python3-git perl rsync
xz-utils gnuplot-nox kmod"

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

# unpack_debs ARCH PKG...: apt-get download PKG:DPKG-ARCH, then dpkg -x (again
# where an older cache has the files but no PKG.version).
unpack_debs() {
	arch=$1
	arch_facts "$arch"
	shift
	if [ "$darch" != "$(dpkg --print-architecture)" ] &&
	   ! dpkg --print-foreign-architectures | grep -qx "$darch"; then
		echo "deps: adding the $darch architecture to apt"
		as_root dpkg --add-architecture "$darch"
		dpkg --add-architecture "$darch"
		apt-get update -qq
	fi
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
	for p; do
		d=$(deb_dir "$arch" "$p")
		[ -f "$d.version" ] && continue
		echo "deps: unpacking $p:$darch into $d"
		(cd "$work" && apt-get download -qq -o APT::Sandbox::User=root "$p:$darch") ||
			{ as_root apt-get update; apt-get update -qq
			  (cd "$work" && apt-get download -qq -o APT::Sandbox::User=root "$p:$darch"); }
		mkdir -p "$(dirname "$d")"
		rm -rf "$d" "$d.tmp"
		dpkg -x "$work/${p}_"*.deb "$d.tmp"
		dpkg-deb -W --showformat='${Package} ${Version} ${Architecture}\n' \
			"$work/${p}_"*.deb >"$d.version.tmp"
		mv "$d.tmp" "$d"
		mv "$d.version.tmp" "$d.version"
	done
}

install_missing
case ${1:-} in
"") ;;
debs) shift; unpack_debs "$@" ;;
*) echo "usage: $0 [debs ARCH PKG...]" >&2; exit 2 ;;
esac
