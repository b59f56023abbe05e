# jitterseed: the hallway. Logic lives in tools/, qemu/, tests/, bench/.
#   make            build both arches, boot each with and without the collector, print a table
#   make check      all tests, ending with "N passed, N failed"
#   make run ARCH=arm64 [INITRD=my.cpio] [APPEND='words']   boot one guest
#   make series     regenerate patches/ from drivers/ (patches that add those files)
ARCH ?= x86_64
ARCHES := x86_64 arm64
JS_CACHE ?= $(HOME)/.cache/jitterseed
export JS_CACHE
BOOTS ?= 3

.PHONY: all deps tree kernels run series check bench
all: deps
	bench/quick.sh $(BOOTS) $(ARCHES)

deps:
	tools/deps.sh

tree: deps
	tools/kernel-tree.sh apply

kernels: tree
	for a in $(ARCHES); do tools/kernel-build.sh $$a || exit 1; done

run: tree
	tools/kernel-build.sh $(ARCH)
	qemu/boot.sh $(ARCH) "$(INITRD)" $(APPEND)

series: deps
	tools/kernel-tree.sh refresh patches

check: deps
	tests/run.sh
