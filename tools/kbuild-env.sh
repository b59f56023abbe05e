# Sourced by kernel-build.sh and kunit.sh: the one place that says how our
# kernels are built. Needs $arch; sets $cross and $tree, exports the build
# environment (ccache, reproducible version strings).
cache=${JS_CACHE:-$HOME/.cache/jitterseed}
tree=${JS_TREE:-$cache/linux-6.1}	# JS_TREE: another worktree (bench-only kernels)
case $arch in
x86_64) cross= ;;
arm64) cross=aarch64-linux-gnu- ;;
*) echo "build: unknown arch $arch" >&2; exit 2 ;;
esac
export ARCH=$arch CROSS_COMPILE=$cross
export CCACHE_DIR=${CCACHE_DIR:-$cache/ccache}
export KBUILD_BUILD_TIMESTAMP="2026-01-01" KBUILD_BUILD_USER=jitterseed KBUILD_BUILD_HOST=qemu
# The compilers, as make variables (kunit.py must pass the same, or it rebuilds).
cc_var="CC=ccache ${cross}gcc"
hostcc_var="HOSTCC=ccache gcc"
# One kernel build (or tree change) at a time: the machine has two cores,
# and the tree must not change under a build. Held until the caller exits.
mkdir -p "$cache"
exec 9>"$cache/build.lock"
flock 9
