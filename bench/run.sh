#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The benchmark: how long the first getrandom(0) blocks, over many boots,
# per scenario (bench/scenarios/) and arch, under the accelerator
# qemu/run-guest.sh picks (TCG). Checks its arguments, then builds the
# kernels and initramfs images the scenarios need, then boots in rounds
# (boot 1 of every scenario, then boot 2, ...: a slow change in the host's
# load spreads over all scenarios), a progress line per boot on stderr (with
# the boots left and an estimate of the time left; on a terminal, one line
# that updates). A boot that times out or fails is kept as such. Writes a
# new directory, bench/results/DATE-HOST/ (DATE: UTC, as 2026-12-04T0825Z):
# boots.csv (a row per boot), setup.md (the host, the kernel, the Debian
# packages the guests ran), then bench/report.sh's report.md and ARCH.png;
# raw/ keeps each boot's result line and serial log.
#
#   run.sh BOOTS
#   run.sh --check BOOTS
#
# --check: only the check every run starts with, before it builds or deletes
# anything (make runs it before tools/deps.sh): BOOTS is a whole number, 1
# or more, BENCH_ARCHES are arches of tools/lib.sh, BENCH_SCENARIOS are in
# bench/scenarios/CFLIST and one of them runs on one of the arches; else one
# line saying what is valid, status 2. A run then stops, before it builds,
# where its output directory exists. Before it builds, a run prints its plan:
# the kernels (and how many are not built yet), the boots, and an estimate
# of the time from the wall times of the newest earlier run in
# bench/results/ that booted each (arch, scenario).
#
# Environment: BENCH_ARCHES (default: every arch of tools/lib.sh), BENCH_SCENARIOS
# (default: those in bench/scenarios/BENCH_LIST, in its order; BENCH_LIST:
# CFLIST, every scenario, unless make names QUICK), BENCH_OUT (the
# output directory, which must not exist; default bench/results/DATE-HOST).
#
# A scenario file: "# what it is" lines, then KEY VALUE lines, each optional:
#   arches ARCH...     the arches it runs on (default: none)
#   variant NAME       the kernel: build-KVER-ARCH-NAME (qemu/variant/NAME.config)
#   patch FILE         ... built from a worktree of the kernel tree with
#                      bench/scenarios/KVER/FILE applied (the tree's own copy),
#                      in build-KVER-ARCH[-NAME]-FILE without .patch
#                      (bench-only kernels; tools/kernel-build.sh)
#   boot WORDS         kernel command-line words
#   init WORDS         words for qemu/init.c (daemon=, pre=, call=)
#   payload ITEM...    added to the initramfs by bench/payload.sh
#   timeout SECONDS    a boot's limit (JS_TIMEOUT; else run-guest.sh's)
#   boots N            at most N boots, whatever BOOTS says
#   smp N              the guest's CPUs (JS_SMP; else qemu_hw's 2, qemu/guest.sh)
#   counter HZ         the guest's counter rate (JS_COUNTER_HZ, where the arch
#                      can set it; else the machine's own)
set -eu
. "$(dirname "$0")/../qemu/guest.sh"
check=
[ "${1:-}" != --check ] || { check=1; shift; }
[ $# -eq 1 ] || usage
boots=$1
all_arches=$known_arches
all_scenarios=$(echo $(grep -v '^#' "$top/bench/scenarios/CFLIST"))
arches=$(echo ${BENCH_ARCHES:-$all_arches})
scenarios=$(echo ${BENCH_SCENARIOS:-$(grep -v '^#' "$top/bench/scenarios/${BENCH_LIST:-CFLIST}")})
out=${BENCH_OUT:-$top/bench/results/$(date -u +%Y-%m-%dT%H%MZ)-$(hostname -s)}
raw=$out/raw
commit=$(git -C "$top" describe --always --dirty)
# The result line's fields boots.csv keeps, after arch, accel, scenario and
# boot, in this order (bench/report.sh finds columns by name; new ones go at
# the end); then hz, smp and commit, which are not in the result line; then
# counter_hz (the scenario's counter line, "" for the machine's own) and
# late_fields, more of the result line's.
fields="status getrandom block_ns call_ns crng_ns js_result js_bits js_samples wall_ms js_length js_rate_mbits js_restarts js_prio"
late_fields="js_method js_counter_khz"

# csv_of WORD...: the words joined by commas.
csv_of() { echo "$*" | tr ' ' ','; }

# line_fields KEY...: the values of KEYs in the result line $line, each
# after a comma.
line_fields() {
	for k; do
		printf ',%s' "$(field "$line" "$k")"
	done
}

# bad WHAT: stop, saying what is wrong and what is valid.
bad() {
	echo "bench: $*" >&2
	exit 2
}

# key SCENARIO KEY: the value of the scenario's KEY line, or "".
key() { sed -n "s/^$2 //p" "$top/bench/scenarios/$1"; }

# cap SCENARIO: how many boots it gets in this run (its "boots" line caps BOOTS).
cap() {
	most=$(key "$1" boots)
	[ "${most:-$boots}" -lt "$boots" ] || most=$boots
	echo "$most"
}

# left: "N boots left, about T": each (arch, scenario)'s boots to go times its
# mean wall time so far (the mean of all boots so far for one not yet
# booted), from $raw/plan ("ARCH SCENARIO BOOTS") and boots.csv.
left() {
	awk -F, 'FNR == NR { split($0, w, " "); want[w[1] "," w[2]] = w[3]; next }
		FNR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
		{ k = $col["arch"] "," $col["scenario"]; done[k]++; ms[k] += $col["wall_ms"]; all += $col["wall_ms"]; n++ }
		END {
			for (k in want) {
				togo = want[k] - done[k]; boots += togo
				eta += togo * (done[k] ? ms[k] / done[k] : all / n)
			}
			s = int(eta / 1000 + 0.5)
			printf "%d boot%s left, about %dm%02ds", boots, boots == 1 ? "" : "s", s / 60, s % 60
		}' "$raw/plan" "$out/boots.csv"
}

# kernel SCENARIO: its kernel, as words for tools/kernel-build.sh and
# JS_VARIANT (build_dir in tools/lib.sh): the variant, the patch file.
kernel() {
	patch=$(key "$1" patch)
	echo "$(key "$1" variant)${patch:+ $top/bench/scenarios/$kver/$patch}"
}

# cpus ARCH [N]: the guest's CPUs: N (a scenario's smp line), else the -smp
# of qemu_hw (qemu/guest.sh).
cpus() { JS_SMP=${2:-${JS_SMP:-}} qemu_hw "$1" | sed 's/.*-smp \([0-9]*\).*/\1/'; }

# hz ARCH SCENARIO: its kernel's HZ, from the build's .config.
hz() { sed -n 's/^CONFIG_HZ=//p' "$(build_dir "$1" $(kernel "$2"))/.config"; }

# whole N: N is a whole number, 1 or more.
whole() {
	case $1 in '' | *[!0-9]*) return 1 ;; esac
	[ "$1" -ge 1 ]
}

# The check, before anything is built or deleted.
whole "$boots" || bad "BOOTS='$boots' is not valid: a whole number, 1 or more"
for a in $arches; do
	arch_facts "$a"	# stops, naming the arch and the known ones
done
for s in $scenarios; do
	case " $all_scenarios " in
	*" $s "*) ;;
	*) bad "unknown scenario $s; known (bench/scenarios/CFLIST): $all_scenarios" ;;
	esac
done
# The (arch, scenario) pairs this run boots.
plan=$(for s in $scenarios; do
	for a in $(key "$s" arches); do
		case " $arches " in *" $a "*) echo "$a $s" ;; esac
	done
done)
[ -n "$plan" ] || bad "nothing to run: no scenario of '$scenarios' runs on '$arches'"
[ -z "$check" ] || exit 0
[ ! -e "$out" ] || bad "$out exists: a run never replaces another (BENCH_OUT names a new directory)"

kernels=$(echo "$plan" | while read -r arch s; do
	echo "$arch $(kernel "$s")"
done | sort -u)
# The plan, before anything is built: kernels, boots, and the time the
# boots took in earlier runs (the newest run that booted each pair; 10 s a
# boot where none did). A kernel takes about 7 minutes to build from
# nothing on 2 cores (docs/testing.md).
unbuilt=$(echo "$kernels" | while read -r arch words; do
	[ -f "$(kernel_image "$arch" $words)" ] || echo "$arch $words"
done)
est=$(echo "$plan" | while read -r arch s; do echo "$arch $s $(cap "$s")"; done |
	awk -F, -v runs="$(ls -d "$top"/bench/results/*/boots.csv 2>/dev/null | sort -r | tr '\n' ' ')" '
	BEGIN {
		n = split(runs, f, " ")
		for (i = 1; i <= n; i++) {
			delete col
			while ((getline l < f[i]) > 0) {
				m = split(l, v, ",")
				if (!length(col)) { for (j = 1; j <= m; j++) col[v[j]] = j; continue }
				k = v[col["arch"]] " " v[col["scenario"]]
				if (k in done) continue
				sum[k] += v[col["wall_ms"]]; cnt[k]++
			}
			close(f[i])
			for (k in cnt) done[k] = 1
		}
	}
	{ split($0, w, " "); k = w[1] " " w[2]; b += w[3]; ms += w[3] * (k in cnt ? sum[k] / cnt[k] : 10000) }
	END { printf "%d boots, about %d minutes", b, ms / 60000 + 1 }')
echo "bench: plan: $(echo "$plan" | wc -l) (arch, scenario) pairs, $est;" \
	"$(echo "$kernels" | wc -l) kernels, $(echo "$unbuilt" | grep -c .) to build first (about 7 minutes each from nothing)" >&2
[ "${BENCH_LIST:-CFLIST}" = CFLIST ] ||
	echo "bench: the full matrix, every scenario of bench/scenarios/CFLIST, is make bench-full" >&2

"$top/tools/kernel-tree.sh" apply
echo "$kernels" | while read -r arch words; do
	"$top/tools/kernel-build.sh" "$arch" $words </dev/null
done
mkdir -p "$cache/bench"
echo "$plan" | while read -r arch s; do
	payload=$(key "$s" payload)
	[ -n "$payload" ] || continue
	"$top/bench/payload.sh" "$arch" "$cache/bench/$arch-$s" $payload
	"$top/qemu/make-initramfs.sh" "$arch" "$cache/bench/$arch-$s.cpio" "$cache/bench/$arch-$s"
done

mkdir -p "$(dirname "$out")"
mkdir "$out" "$raw"
echo "$plan" | while read -r arch s; do echo "$arch $s $(cap "$s")"; done >"$raw/plan"
# The Debian packages in the payloads, with the libc6 bench/payload.sh takes
# libraries from: "PACKAGE VERSION (ARCH/ARCH, RELEASE)", from
# tools/deps.sh's PKG.version files (dpkg-deb on the downloaded .deb) and the
# arch table's Debian release.
debs=$(echo "$plan" | while read -r arch s; do
	payload=$(key "$s" payload)
	[ -n "$payload" ] || continue
	arch_facts "$arch"
	for item in libc6 $payload; do
		case $item in *.c) ;; *) echo "$(cat "$(deb_dir "$arch" "$item").version") $debian" ;; esac
	done
done | sort -u | awk '{ v = $1 " " $2; if (!(v in a)) order[++n] = v; a[v] = a[v] (a[v] == "" ? "" : "/") $3; rel[v] = $4 }
	END { for (i = 1; i <= n; i++) printf "%s%s (%s, %s)", (i > 1 ? ", " : ""), order[i], a[order[i]], rel[order[i]] }')
series=$(git -C "$tree" log -1 --format=%s)
# The tree's version with its sublevel, from the head of its Makefile.
version=$(awk -F' = ' '/^VERSION =/ { v = $2 } /^PATCHLEVEL =/ { p = $2 } /^SUBLEVEL =/ { s = $2 }
	/^EXTRAVERSION =/ { x = $2 } END { print v "." p "." s x }' "$tree/Makefile")
# bench/report.sh's chart titles take the date from "(DATE TIME UTC, host"
# and the commit from "; checkout COMMIT;".
cat >"$out/setup.md" <<EOF
Command: \`make bench BOOTS=$boots$([ "$arches" = "$all_arches" ] || echo " ARCHES='$arches'")$([ "$scenarios" = "$all_scenarios" ] || echo " SCENARIOS='$scenarios'")\`
($(date -u '+%F %H:%M UTC'), host $(hostname -s): $(lscpu | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) CPUs,
$(awk '/^MemTotal:/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo) memory, $(qemu_version),
accelerator ${JS_ACCEL:-tcg}, guests with -smp $(cpus "${arches%% *}") unless a scenario says smp; checkout $commit;
kernel: Linux $version (linux-source-$kver) + patches/$kver/series, top patch "$series").
EOF
[ -z "$debs" ] || printf '%s\n' "Debian packages run in the guests: $debs." >>"$out/setup.md"
echo "arch,accel,scenario,boot,$(csv_of $fields),hz,smp,commit,counter_hz,$(csv_of $late_fields)" >"$out/boots.csv"
i=0
while [ $i -lt "$boots" ]; do
	i=$((i + 1))
	echo "$plan" | while read -r arch s; do
		most=$(cap "$s")
		[ $i -le "$most" ] || continue
		cpio=
		[ -z "$(key "$s" payload)" ] || cpio=$cache/bench/$arch-$s.cpio
		timeout=$(key "$s" timeout)
		smp=$(cpus "$arch" "$(key "$s" smp)")
		JS_TIMEOUT=${timeout:-${JS_TIMEOUT:-}} JS_SMP=$smp JS_VARIANT=$(kernel "$s") \
			JS_INIT_ARGS=$(key "$s" init) JS_COUNTER_HZ=$(key "$s" counter) \
			guest_boot "$arch" "$cpio" $(key "$s" boot) </dev/null 2>"$raw/boot.err" || true
		mv "$log" "$raw/$arch-$s-$i.log"
		echo "$s $i $line" >>"$raw/results.txt"
		row="$arch,$(field "$line" accel),$s,$i$(line_fields $fields)"
		row="$row,$(hz "$arch" "$s"),$smp,$commit,$(key "$s" counter)"
		echo "$row$(line_fields $late_fields)" >>"$out/boots.csv"
		block=$(field "$line" block_ns)
		msg="bench: $arch $s boot $i/$most: $(field "$line" status), $(
			if [ -n "$block" ]; then awk -v ns="$block" 'BEGIN { printf "getrandom(0) blocked %.1f ms", ns / 1e6 }'
			else echo "QEMU ran $(field "$line" wall_ms) ms"; fi); $(left)"
		if [ -t 2 ]; then printf '\r%s\033[K' "$msg" >&2; else echo "$msg" >&2; fi
	done
done
[ ! -t 2 ] || echo >&2
rm -f "$raw/boot.err" "$raw/plan"
"$top/bench/report.sh" "$out"
echo "bench: $out/report.md"
