#!/bin/sh
# The kernel tree, derived and never edited by hand:
#   pristine linux-source-6.1 (a git repo tagged "pristine") + patches/series.
#
#   kernel-tree.sh apply          bring $JS_CACHE/linux-6.1 to pristine + series
#   kernel-tree.sh refresh DIR    re-export the series into DIR, each patch that
#                                 adds a file under drivers/ taking that file
#                                 from this checkout's drivers/
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${JS_CACHE:-$HOME/.cache/jitterseed}
tree=$cache/linux-6.1
tarball=/usr/src/linux-source-6.1.tar.xz
series=$top/patches/series
# Not while a build runs (see kbuild-env.sh): held until we exit.
lock() { mkdir -p "$cache"; exec 9>"$cache/build.lock"; flock 9; }
gitc() { git -C "$tree" -c user.name=jitterseed -c user.email=jitterseed@localhost "$@"; }

make_pristine() {
	[ -d "$tree/.git" ] && return 0
	echo "tree: extracting $tarball into $tree"
	rm -rf "$tree.tmp"
	mkdir -p "$tree.tmp"
	tar -xJf "$tarball" -C "$tree.tmp" --strip-components=1
	git -C "$tree.tmp" init -q
	git -C "$tree.tmp" add -A -f
	git -C "$tree.tmp" -c user.name=jitterseed -c user.email=jitterseed@localhost \
		commit -q -m "linux-source-6.1 (pristine)"
	git -C "$tree.tmp" tag pristine
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
		gitc am -q --keep-cr "$top/patches/$p" ||
			{ echo "tree: $p does not apply" >&2; exit 1; }
	done
}

stamp() { (cat "$series"; for p in $(series_files); do cat "$top/patches/$p"; done) | sha256sum | cut -d' ' -f1; }

apply() {
	make_pristine
	want=$(stamp)
	if [ "$(cat "$tree/.git/jitterseed-series" 2>/dev/null)" = "$want" ] &&
	   [ -z "$(gitc status --porcelain)" ]; then
		return 0
	fi
	echo "tree: applying patches/series to pristine"
	reapply
	echo "$want" >"$tree/.git/jitterseed-series"
}

refresh() {
	out=$1
	make_pristine
	rm -f "$tree/.git/jitterseed-series"
	reset_to_pristine
	for p in $(series_files); do
		gitc am -q --keep-cr "$top/patches/$p"
		for f in $(gitc diff-tree --no-commit-id --name-only -r --diff-filter=A HEAD); do
			case $f in drivers/*) [ -f "$top/$f" ] && cp "$top/$f" "$tree/$f" ;; esac
		done
		gitc add -A
		gitc diff --cached --quiet || gitc commit -q --amend --no-edit
	done
	mkdir -p "$out"
	rm -f "$out"/*.patch
	gitc format-patch -q --zero-commit --no-signature -o "$out" pristine..HEAD
	(cd "$out" && ls -1 ./*.patch | sed 's|^\./||') >"$out/series"
}

case ${1:-} in
apply) lock; apply ;;
refresh) lock; refresh "$(realpath -m "${2:?refresh needs an output directory}")" ;;
path) echo "$tree" ;;
*) echo "usage: $0 apply | refresh DIR | path" >&2; exit 2 ;;
esac
