# SPDX-License-Identifier: GPL-2.0
# jitterseed: merge into your kernel config, e.g.
#   scripts/kconfig/merge_config.sh .config path/to/Kconfig.frag
# Seeds the CRNG from CPU timing jitter when a caller would block; on by
# default, random.jitter_seed=off at boot turns it off.
CONFIG_RANDOM_JITTER_SEED=y
