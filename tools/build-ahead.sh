#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Build kernels ahead of the checks that will ask for them, at idle priority.
#
#   build-ahead.sh <LIST
#
# LIST: a kernel a line, "KVER ARCH [VARIANT...]", in the order the checks
# ask for them. Each is built in turn by tools/kernel-build.sh under
# SCHED_IDLE, so that a cold make check's builds take the CPU its guests
# leave idle, and a check that asks for a kernel finds it built, or waits
# for the build lock until it is. Only from a tree that is the whole series
# (JS_AHEAD=1): a build that finds a prefix or a refresh under way waits
# 10 s and tries again. A build that fails here is left to the checks,
# which build it again and report it. Output: $JS_CACHE/build-ahead.log,
# each kernel's start time (UTC) before its build's lines.
set -u
. "$(dirname "$0")/../tools/lib.sh"
[ $# -eq 0 ] || usage
mkdir -p "$cache"
exec >"$cache/build-ahead.log" 2>&1
while read -r k a v; do
	echo "$(date -u +%T) $k $a $v"
	until KVER=$k JS_AHEAD=1 chrt --idle 0 "$top/tools/kernel-build.sh" "$a" $v; [ $? -ne 3 ]; do
		sleep 10
	done
done
