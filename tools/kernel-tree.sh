#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The kernel tree of $KVER (tools/lib.sh), derived and never edited by hand:
#   pristine linux-source-KVER (a git repo tagged "pristine") +
#   patches/KVER/series.
#
#   kernel-tree.sh apply          bring $JS_CACHE/linux-KVER to pristine + series
#   kernel-tree.sh refresh [DIR]  re-export the series into DIR (default:
#                                 patches/KVER, where it came from), every file of
#                                 ours taken from this checkout's drivers/
#                                 (see refresh below)
#   kernel-tree.sh prefix K       the tree at the series' first K patches, until
#                                 the next apply
#   kernel-tree.sh worktree FILE.patch
#                                 print $JS_CACHE/linux-KVER-FILE, a worktree of
#                                 the tree at its HEAD with FILE applied, made
#                                 again when HEAD or FILE changed (bench-only
#                                 kernels: tools/kernel-build.sh ARCH FILE.patch)
# Each holds the build lock (tools/lib.sh): not while a build runs.
set -eu
. "$(dirname "$0")/../tools/lib.sh"
tarball=/usr/src/linux-source-$kver.tar.xz
series=$patches/series
# gitin DIR ARGS: git in DIR, committing as jitterseed. git never inherits
# the build lock (fd 9): a process it leaves behind would hold the lock
# after we let go of it.
gitin() { d=$1; shift; git -C "$d" -c user.name=jitterseed -c user.email=jitterseed@localhost "$@" 9>&-; }
gitc() { gitin "$tree" "$@"; }

make_pristine() {
	[ -d "$tree/.git" ] && return 0
	echo "tree: extracting $tarball into $tree"
	rm -rf "$tree.tmp"
	mkdir -p "$tree.tmp"
	tar -xJf "$tarball" -C "$tree.tmp" --strip-components=1
	# No automatic gc: the first commits after this one would start a
	# background repack of the tree's ~80,000 loose objects (seen: the
	# next step waited 66 s for it on a cold cache).
	gitin "$tree.tmp" init -q
	gitin "$tree.tmp" config gc.auto 0
	gitin "$tree.tmp" add -A -f
	gitin "$tree.tmp" commit -q -m "linux-source-$kver (pristine)"
	gitin "$tree.tmp" tag pristine
	mv "$tree.tmp" "$tree"
}

series_files() { grep -v '^#' "$series" | sed '/^$/d'; }

reset_to_pristine() {
	gitc am --abort >/dev/null 2>&1 || true
	gitc reset -q --hard pristine
	gitc clean -qfdx
}

# Start over from pristine, then git am each patch of the series in order.
reapply() {
	reset_to_pristine
	for p in $(series_files); do
		gitc am -q --keep-cr "$patches/$p" ||
			{ echo "tree: $p does not apply" >&2; exit 1; }
	done
}

stamp() { (cat "$series"; for p in $(series_files); do cat "$patches/$p"; done) | sha256sum | cut -d' ' -f1; }

apply() {
	make_pristine
	want=$(stamp)
	if [ "$(cat "$tree/.git/jitterseed-series" 2>/dev/null)" = "$want $(gitc rev-parse HEAD)" ] &&
	   [ -z "$(gitc status --porcelain)" ]; then
		return 0
	fi
	echo "tree: applying patches/$kver/series to pristine"
	reapply
	echo "$want $(gitc rev-parse HEAD)" >"$tree/.git/jitterseed-series"
}

# refresh DIR: re-export the series into DIR. Each patch gets, for every
# file of ours under drivers/ that it has (added by it or by an earlier
# patch), this checkout's version with the #ifdef blocks of the options
# that later patches add taken out, by the tree's own scripts/unifdef: the
# checkout's drivers/ is the one source of those files, and a feature's
# hooks land in the patch that adds the feature.
refresh() {
	out=$1
	make_pristine
	rm -f "$tree/.git/jitterseed-series"
	reset_to_pristine
	unifdef=$cache/unifdef
	[ "$unifdef" -nt "$tree/scripts/unifdef.c" ] || cc -O2 -o "$unifdef" "$tree/scripts/unifdef.c"
	for p in $(series_files); do
		later=$(series_files | sed "1,/^$p\$/d" | while read -r q; do
			sed -n 's/^+config \([A-Z0-9_]*\)$/-UCONFIG_\1/p' "$patches/$q"
		done)
		gitc am -q --keep-cr "$patches/$p"
		for f in $(git -C "$top" ls-files drivers); do
			[ -f "$tree/$f" ] || continue
			# unifdef exits 1 when it took something out
			"$unifdef" $later -o "$tree/$f" "$top/$f" || [ $? -eq 1 ]
		done
		gitc add -A -f
		gitc diff --cached --quiet || gitc commit -q --amend --no-edit
	done
	mkdir -p "$out"
	rm -f "$out"/*.patch
	# A fixed abbreviation: git's own grows with the repo's object count,
	# so the same series would export differently from a packed tree.
	gitc -c core.abbrev=9 format-patch -q --zero-commit --no-signature -o "$out" pristine..HEAD
	(cd "$out" && ls -1 ./*.patch | sed 's|^\./||') >"$out/series"
}

# prefix K: the tree at the series' first K patches (apply goes back to all).
prefix() {
	apply
	gitc checkout -q "$(gitc rev-list --reverse pristine..HEAD | sed -n "$1p")"
}

worktree() {
	wt=$tree-$(kname "$1")
	want="$(git -C "$tree" rev-parse HEAD) $(sha256sum <"$1")"
	if [ "$(cat "$wt.stamp" 2>/dev/null)" != "$want" ]; then
		echo "tree: $wt: kernel tree + $1" >&2
		rm -rf "$wt" "$wt.stamp"
		gitc worktree prune
		gitc worktree add -q --detach "$wt" HEAD
		gitin "$wt" apply "$1"
		echo "$want" >"$wt.stamp"
	fi
	echo "$wt"
}

case ${1:-} in
apply) build_lock; apply ;;
refresh) build_lock; refresh "$(realpath -m "${2:-$patches}")" ;;
prefix) build_lock; prefix "${2:?prefix needs a patch count}" ;;
worktree) build_lock; worktree "$(realpath "${2:?worktree needs a patch file}")" ;;
*) echo "usage: $0 apply | refresh [DIR] | prefix K | worktree FILE.patch" >&2; exit 2 ;;
esac
