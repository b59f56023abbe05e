# jitterseed: the hallway. Logic lives in tools/, qemu/, tests/, bench/.
#   make            build both arches, boot each with and without the collector, print a table
#   make check      all tests, ending with "N passed, N failed"
#   make run ARCH=arm64 [INITRD=my.cpio] [APPEND='words'] [HZ=100|1000]   boot one guest
#   make series     regenerate patches/ from drivers/ (patches that add those files)
ARCH ?= x86_64
ARCHES := x86_64 arm64
JS_CACHE ?= $(HOME)/.cache/jitterseed
export JS_CACHE
BOOTS ?= 3
# HZ=100 or HZ=1000 builds and boots the qemu/variant/hzN.config variant (default 250).
JS_VARIANT := $(if $(HZ),hz$(HZ))
export JS_VARIANT

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
	tools/kernel-build.sh $(ARCH) $(JS_VARIANT)
	qemu/boot.sh $(ARCH) "$(INITRD)" $(APPEND)

series: deps
	tools/kernel-tree.sh refresh patches

check: deps
	tests/run.sh
