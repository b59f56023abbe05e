#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Boot one guest by hand (make run): its result line on stdout, where its
# serial log is on stderr. Scripts call guest_boot (qemu/guest.sh) instead.
#
#   boot.sh ARCH [INITRD|""] [KERNEL-WORDS...]
#
# The kernel and the environment (JS_VARIANT=hz100 boots
# $JS_CACHE/build-KVER-ARCH-hz100, ...): qemu/run-guest.sh.
. "$(dirname "$0")/../qemu/guest.sh"
: "${1:?usage: boot.sh ARCH [INITRD] [WORDS...]}"
guest_boot "$@"
rc=$?
echo "$line"
echo "boot: serial log in $log" >&2
exit $rc
