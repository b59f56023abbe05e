#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Prove the README's commands in a root where nothing was installed by hand:
# a minimal Debian 12 (bookworm) root, a fresh clone of this checkout's HEAD
# in it, and COMMAND run there with chroot, as root, in a clean environment.
#
#   fresh-root.sh [-n|--new] ROOT [COMMAND...]     (as root; COMMAND: make check)
#
# ROOT: debootstrap --variant=minbase bookworm, plus only git and make: what
# a person needs to clone and type make (the clone itself is made from this
# checkout by the host's git, but the root should hold what the README
# assumes). No ca-certificates: the clone is local and apt fetches over
# http; it is added only where the host's apt sources use https. Every
# other package must come from the project's own tools/deps.sh: that is
# what this proves. The mirror is the host's own (the URI of its bookworm
# suite in /etc/apt/sources.list or sources.list.d/*.list|*.sources;
# FRESH_MIRROR=URI overrides it), and each run copies the host's apt
# sources, the keyrings they name, the apt.conf.d files that set how the
# mirror is reached (Acquire:: proxy, date checks; into ROOT's
# apt.conf.d/99fresh-root-host) and resolv.conf into ROOT, so apt inside
# reaches the same mirror the same way. A policy-rc.d keeps package scripts
# from starting services. ROOT is made once (marker ROOT/.fresh-root) and
# reused, with whatever deps.sh installed in it; -n|--new removes it first
# (only a root this script made, with nothing mounted in it), for a run
# where nothing at all was installed before. debootstrap is installed on
# the host (apt-get) if missing.
#
# Each run: /proc, /sys, /dev (a bind of the host's, not propagated back),
# /dev/pts, a tmpfs /dev/shm and a tmpfs /tmp are mounted in ROOT and
# unmounted on exit, failure or signal included; ROOT/root/jitterseed is
# removed and cloned again from this checkout's HEAD commit (uncommitted
# changes are not in it); COMMAND runs there with only HOME=/root, PATH,
# TERM=dumb and, if the caller set it, JS_CACHE (a path inside ROOT; pass
# other JS_* words through COMMAND, e.g. env JS_DEBUG_ARCHES=x86_64 make check).
# Exit status: COMMAND's; its duration goes to stderr.
#
# Caches: the project's cache (JS_CACHE, default /root/.cache/jitterseed)
# lives in ROOT and survives between runs like any other file there.
# FRESH_CACHE=DIR bind-mounts host DIR at ROOT/root/.cache/jitterseed (used
# when JS_CACHE is unset): it keeps the kernel tree, builds, ccache and the
# project's private apt caches (debs for the guests) warm, never packages
# installed on the host or in ROOT, which are what the proof is about. For
# a cold run set JS_CACHE to an empty directory outside /tmp (/tmp is RAM).
set -eu
usage() { sed -n '2,/^set -eu/{/^#/s/^# \{0,1\}//p}' "$0"; }
new=""
case ${1:-} in
-h | --help) usage; exit 0 ;;
-n | --new) new=1; shift ;;
esac
[ $# -ge 1 ] || { usage >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "fresh-root: run as root (debootstrap, mount, chroot)" >&2; exit 1; }
top=$(cd "$(dirname "$0")/.." && git rev-parse --show-toplevel)
head=$(git -C "$top" rev-parse HEAD)
mkdir -p "$1"
root=$(cd "$1" && pwd -P)
shift
[ $# -ge 1 ] || set -- make check
case $root in
/ | *[[:space:]]*) echo "fresh-root: ROOT must not be / or contain spaces: $root" >&2; exit 2 ;;
esac
marker=$root/.fresh-root
# the host's apt settings that decide how the mirror is reached
reach='Acquire::(http|https|ftp|Proxy|Check-Valid-Until|Check-Date|Retries|ForceIPv4|ForceIPv6)'
sources="/etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources"
say() { echo "fresh-root: $*" >&2; }

# mounts_under: the mount points at or below ROOT (none, or a run in
# progress, or one killed before its cleanup).
mounts_under() { awk -v r="$root" '$2 == r || index($2, r "/") == 1 { print $2 }' /proc/mounts; }
[ -z "$(mounts_under)" ] || {
	say "mounted in $root (another run, or a killed one: umount them):"
	mounts_under >&2
	exit 1
}

# host_mirror: the URI of the host's bookworm suite (one-line or deb822 sources).
host_mirror() {
	for f in $sources; do
		[ -f "$f" ] || continue
		case $f in
		*.sources) awk 'BEGIN { RS = ""; FS = "\n" } {
			t = u = s = e = ""
			for (i = 1; i <= NF; i++) {
				if ($i ~ /^#/) continue
				k = tolower($i); sub(/:.*/, "", k); v = $i; sub(/^[^:]*:[ \t]*/, "", v)
				if (k == "types") t = v; else if (k == "uris") u = v
				else if (k == "suites") s = v; else if (k == "enabled") e = v
			}
			if (" " t " " ~ / deb / && " " s " " ~ / bookworm / && e != "no") { split(u, w, " "); print w[1] }
		}' "$f" ;;
		*) awk '$1 == "deb" { sub(/^deb[ \t]+(\[[^]]*\][ \t]+)?/, ""); if ($2 == "bookworm") print $1 }' "$f" ;;
		esac
	done | head -n 1
}

# host_install PKG...: apt-get install on the host, what is missing of PKG.
host_install() {
	missing=""
	for p; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
	done
	[ -z "$missing" ] && return 0
	say "installing on the host:$missing"
	set -- env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 \
		install -y -qq --no-install-recommends $missing
	"$@" >/dev/null || { apt-get update -qq && "$@" >/dev/null; }
}

# make_root: debootstrap into ROOT, once; a root this script began but did not
# finish (.fresh-root-partial), or any root of ours with -n, is removed first.
make_root() {
	if [ -n "$new" ] && [ -f "$marker" ]; then
		say "removing $root (--new)"
		mv "$marker" "$root/.fresh-root-partial"
	fi
	[ -f "$marker" ] && return 0
	if [ -f "$root/.fresh-root-partial" ]; then
		rm -rf --one-file-system "$root"
		mkdir "$root"
	elif [ -n "$(ls -A "$root")" ]; then
		say "$root is not empty and was not made by fresh-root.sh (no $marker)"
		exit 1
	fi
	host_install debootstrap debian-archive-keyring
	mirror=${FRESH_MIRROR:-$(host_mirror)}
	[ -n "$mirror" ] || { say "no bookworm suite in the host's apt sources ($sources); set FRESH_MIRROR"; exit 1; }
	include=git,make
	cat $sources 2>/dev/null | grep -v '^[[:space:]]*#' | grep -q 'https://' && include=$include,ca-certificates
	: >"$root/.fresh-root-partial"
	say "debootstrap --variant=minbase --include=$include bookworm $root $mirror"
	t0=$(date +%s)
	debootstrap --variant=minbase --include="$include" bookworm "$root" "$mirror" >"$root/.fresh-root.log" 2>&1 || {
		tail -n 20 "$root/.fresh-root.log" >&2
		say "debootstrap failed; log: $root/.fresh-root.log"
		exit 1
	}
	printf '#!/bin/sh\n# fresh-root.sh: no services start in this chroot\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
	chmod 755 "$root/usr/sbin/policy-rc.d"
	echo "bookworm minbase include=$include mirror=$mirror made=$(date -u +%FT%TZ)" >"$root/.fresh-root-partial"
	mv "$root/.fresh-root-partial" "$marker"
	say "made $root in $(($(date +%s) - t0))s"
}

# apt_like_host: the host's apt sources, the keyrings they name, the files
# with its $reach settings and resolv.conf, into ROOT (replacing debootstrap's sources.list).
apt_like_host() {
	rm -f "$root/etc/apt/sources.list" "$root/etc/apt/sources.list.d/"*.list "$root/etc/apt/sources.list.d/"*.sources
	for f in $sources; do
		[ -f "$f" ] || continue
		cp "$f" "$root$f"
		sed -n 's/.*[Ss]igned-[Bb]y[=:][[:space:]]*\(\/[^] ,]*\).*/\1/p' "$f" | while read -r k; do
			[ -f "$k" ] && [ ! -e "$root$k" ] && mkdir -p "$root${k%/*}" && cp "$k" "$root$k"
			:
		done
	done
	for f in /etc/apt/apt.conf /etc/apt/apt.conf.d/*; do
		[ -f "$f" ] && grep -Eq "$reach" "$f" && { echo "// $f"; cat "$f"; }
	done >"$root/etc/apt/apt.conf.d/99fresh-root-host"
	cat /etc/resolv.conf >"$root/etc/resolv.conf"
}

mounted=""
cleanup() {
	for m in $mounted; do
		umount "$m" 2>/dev/null || umount -l "$m" || say "could not unmount $m"
	done
	mounted=""
}
# mnt TARGET MOUNT-ARGS...: mount, remembered (newest first) for cleanup.
mnt() {
	t=$1
	shift
	mkdir -p "$t" && mount "$@" "$t" || return
	mounted="$t $mounted"
}

make_root
apt_like_host
rm -rf --one-file-system "$root/root/jitterseed"
git -c safe.directory="$top" clone -q --no-hardlinks "$top" "$root/root/jitterseed"
[ "$(git -C "$root/root/jitterseed" rev-parse HEAD)" = "$head" ] ||
	git -C "$root/root/jitterseed" checkout -q --detach "$head"
[ -z "$(git -C "$top" status --porcelain --untracked-files=no)" ] ||
	say "note: $top has uncommitted changes; the clone has HEAD $(git -C "$top" rev-parse --short HEAD) only"

trap cleanup EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM
mnt "$root/proc" -t proc proc
mnt "$root/sys" -t sysfs sysfs 2>/dev/null || mnt "$root/sys" --bind /sys
mnt "$root/dev" --bind /dev
mount --make-slave "$root/dev"
mnt "$root/dev/pts" --bind /dev/pts
mnt "$root/dev/shm" -t tmpfs -o mode=1777,nosuid,nodev tmpfs
mnt "$root/tmp" -t tmpfs -o mode=1777,nosuid,nodev tmpfs
if [ -n "${FRESH_CACHE:-}" ]; then
	mkdir -p "$FRESH_CACHE"
	mnt "$root/root/.cache/jitterseed" --bind "$FRESH_CACHE"
	mount --make-private "$root/root/.cache/jitterseed"
fi

say "running in $root/root/jitterseed ($(git -C "$top" rev-parse --short HEAD)): $*"
set -- /bin/sh -c 'cd /root/jitterseed && exec "$@"' fresh-root "$@"
if [ -n "${JS_CACHE:-}" ]; then
	set -- "JS_CACHE=$JS_CACHE" "$@"
fi
t0=$(date +%s)
rc=0
chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
	TERM=dumb "$@" || rc=$?
t=$(($(date +%s) - t0))
say "exit status $rc after $((t / 60))m$((t % 60))s ($root)"
exit $rc
