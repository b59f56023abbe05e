# SPDX-License-Identifier: GPL-2.0
# jitterseed: the hallway. Logic lives in tools/ (build), qemu/ (guests),
# tests/, bench/ and assess/ (which boot guests); tools/lib.sh holds the facts.
#   make            the benchmark (make bench, below)
#   make help       this text
#   make bench [BOOTS=N] [ARCHES=arm64] [SCENARIOS='jitter_seed stock']
#                   print the plan (kernels, boots, an estimate), build what the
#                   scenarios of bench/scenarios/QUICK need, boot each BOOTS times
#                   (5), write a new bench/results/DATE-HOST/ (DATE in UTC, as
#                   2026-12-04T0825Z; CSV, table, charts); bench/report.sh DIR
#                   renders a run's table and charts again
#   make bench-full [BOOTS=N | FULL=1]   the same over every scenario
#                   (bench/scenarios/CFLIST), BOOTS=10 (FULL=1: 30)
#   make check      all tests, ending with "N passed, N failed"
#   make run ARCH=arm64 [INITRD=my.cpio] [APPEND='words'] [HZ=100|1000]   boot one guest
#   make series     regenerate patches/KVER/ from drivers/ (tools/kernel-tree.sh refresh)
# KVER=6.12 (default, Debian 13's) or KVER=6.1 (Debian 12's) picks the kernel:
# Debian's linux-source-KVER and the series in patches/KVER/ (tools/lib.sh);
# make check without KVER runs both trees (tests/run.sh says what on each).
#   make assess     raw samples per workload length, every arch, SP 800-90B estimates:
#                   assess/table.md and the claim tables (docs/entropy.md); then make series
#   make determinism  stock vs collector on deterministic (icount) guests:
#                   assess/determinism.md (docs/reliability.md)
# Every target that installs or builds first checks BOOTS, ARCHES and SCENARIOS
# (bench/run.sh --check): a bad one stops make, naming the valid values.
ARCH ?= x86_64
ARCHES := x86_64 arm64 riscv64 armhf
BOOTS ?= $(if $(FULL),30,$(if $(filter bench-full,$(MAKECMDGOALS)),10,5))
# HZ=100 or HZ=1000 builds and boots the qemu/variant/hzN.config variant (default 250).
JS_VARIANT := $(if $(HZ),hz$(HZ))
export JS_VARIANT

# bench-full boots every scenario (CFLIST), make and make bench the quick list.
bench_run = BENCH_ARCHES="$(ARCHES)" BENCH_SCENARIOS="$(SCENARIOS)" \
	BENCH_LIST=$(if $(filter bench-full,$(MAKECMDGOALS)),CFLIST,QUICK) bench/run.sh

.PHONY: all help args deps tree kernels run series check bench bench-full assess determinism
all: bench

help:
	@sed -n '/SPDX-License-Identifier/d; /^#/!q; s/^# \{0,1\}//p' $(firstword $(MAKEFILE_LIST))

bench bench-full: deps
	$(bench_run) "$(BOOTS)"

args:
	@$(bench_run) --check "$(BOOTS)"

deps: args
	tools/deps.sh

tree: deps
	tools/kernel-tree.sh apply

kernels: tree
	for a in $(ARCHES); do tools/kernel-build.sh $$a || exit 1; done

run: tree
	tools/kernel-build.sh $(ARCH) $(JS_VARIANT)
	qemu/boot.sh $(ARCH) "$(INITRD)" $(APPEND)

series: deps
	tools/kernel-tree.sh refresh

check: deps
	tests/run.sh

assess: tree
	for a in $(ARCHES); do tools/kernel-build.sh $$a testing || exit 1; done
	assess/run.sh $(ARCHES)

determinism: kernels
	assess/determinism.sh $(ARCHES)
