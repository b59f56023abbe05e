#!/bin/sh
# Install, only if missing, the Debian packages the build, boots and tests need.
set -eu
need="linux-source-6.1 qemu-system-x86 qemu-system-arm gcc gcc-aarch64-linux-gnu
libc6-dev libc6-dev-arm64-cross make flex bison bc libelf-dev libssl-dev cpio
ccache sparse git python3 python3-ply python3-git perl rsync xz-utils gnuplot-nox kmod"
missing=""
for p in $need; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "deps: installing$missing"
if [ "$(id -u)" -ne 0 ]; then
	echo "deps: not root; run: apt-get install$missing" >&2
	exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
