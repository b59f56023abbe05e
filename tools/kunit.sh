#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run the collector's KUnit suite with the kernel's own runner.
#
#   kunit.sh ARCH
#
# Needs the debug build (build_dir ARCH debug: $JS_CACHE/build-KVER-ARCH-debug,
# from kernel-build.sh ARCH debug), whose .config already holds
# drivers/char/.kunitconfig and kunit.py's QEMU options for ARCH. We record
# that kunitconfig where kunit.py looks for the last one it used, so it keeps
# our .config, and pass the same compilers, so its make has nothing to
# rebuild. Exit status: kunit.py's (non-zero if any case failed); the KTAP
# log is $build/test.log.
set -eu
. "$(dirname "$0")/../tools/lib.sh"
arch=${1:?usage: kunit.sh ARCH}
kbuild_env "$arch"
build=$(build_dir "$arch" debug)
cd "$tree"
# kunit.py's own classes compute the kunitconfig it will compare against.
python3 - "$build" "$kunit_arch" <<'PY'
import os, sys
sys.path.insert(0, 'tools/testing/kunit')
import kunit_kernel
build, arch = sys.argv[1:]
tree = kunit_kernel.LinuxSourceTree(build, kunitconfig_paths=['drivers/char/.kunitconfig'], arch=arch)
last = kunit_kernel.get_old_kunitconfig_path(build)
if os.path.exists(last):
    os.remove(last)
tree._ops.make_arch_config(tree._kconfig).write_to_file(last)
PY
set -- --arch="$kunit_arch" --build_dir="$build" --kunitconfig=drivers/char/.kunitconfig \
	--make_options "$cc_var" --make_options "$hostcc_var" --jobs "$(nproc)" --timeout 900 --json="$build/kunit.json"
[ -n "$cross" ] && set -- "$@" --cross_compile="$cross"
exec python3 tools/testing/kunit/kunit.py run "$@"
