// SPDX-License-Identifier: GPL-2.0
/*
 * The claims of the arch built for, in 1/256 bit per sample, by sampling
 * method, counter-rate class and length: a third of the lowest SP 800-90B
 * estimate over that arch's sample sets there, capped by the restart
 * sanity check; 0 under 1/32 bit or where start-up tests failed in more
 * than 1 in 20 restarts (1 in 100 boots, tcg-boot rows). A
 * workload claim whose samples' mean duration was measured holds for
 * samples of its length lasting from half as many ticks or less to
 * twice as many or more (its last two fields); a workload length's rows
 * of no known duration only cap the claims of its measured ones, where
 * it has any. Where runs or rates of one class disagree, the lowest
 * claim stands. An arch, class, method, length or duration that was not
 * assessed has no claim. Each comment:
 * the counter rate assessed (and the samples' mean duration), the lowest
 * estimate and the highest H the sanity check passed at, in bits per
 * sample, above each. Generated (2026-12-08)
 * by the jitterseed assessment's claims.awk from its table of estimates;
 * do not edit by hand.
 */

#include <linux/kernel.h>

#include "random_jitter_seed_core.h"

#if defined(CONFIG_ARM64)
const struct rjs_claim rjs_claims[] = {
	/* 1 MHz: 0.122, sanity 0.227 */
	{ RJS_EDGES, 19, 2, 0 },
	/* 1 MHz: 0.087, sanity 0.254 */
	{ RJS_EDGES, 19, 4, 0 },
	/* 1 MHz: 0.000, sanity 0.000 */
	{ RJS_EDGES, 19, 8, 0 },
	/* 1 MHz: 0.409, sanity 0.840 */
	{ RJS_EDGES, 19, 16, 34 },
	/* 1 MHz: 0.629, sanity 0.988 */
	{ RJS_EDGES, 19, 32, 53 },
	/* 1 MHz: 1.327, sanity 1.859 */
	{ RJS_EDGES, 19, 64, 113 },
	/* 2 MHz: 0.233, sanity 0.410 */
	{ RJS_EDGES, 20, 16, 19 },
	/* 2 MHz: 0.383, sanity 0.664 */
	{ RJS_EDGES, 20, 32, 32 },
	/* 2 MHz: 0.599, sanity 1.160 */
	{ RJS_EDGES, 20, 64, 51 },
	/* 2 MHz: 1.037, sanity 1.645 */
	{ RJS_EDGES, 20, 128, 88 },
	/* 8 MHz: 0.180, sanity 0.473 */
	{ RJS_EDGES, 22, 64, 15 },
	/* 8 MHz: 0.426, sanity 0.762 */
	{ RJS_EDGES, 22, 128, 36 },
	/* 8 MHz: 0.651, sanity 1.363 */
	{ RJS_EDGES, 22, 256, 55 },
	/* 8 MHz: 1.070, sanity 1.707 */
	{ RJS_EDGES, 22, 512, 91 },
	/* 24 MHz: 0.000, sanity 0.000 */
	{ RJS_EDGES, 24, 16, 0 },
	/* 24 MHz: 0.000, sanity 0.000 */
	{ RJS_EDGES, 24, 24, 0 },
	/* 24 MHz: 0.032, sanity 0.051 */
	{ RJS_EDGES, 24, 48, 0 },
	/* 24 MHz: 0.000, sanity 0.000 */
	{ RJS_EDGES, 24, 64, 0 },
	/* 24 MHz: 0.052, sanity 0.117 */
	{ RJS_EDGES, 24, 96, 0 },
	/* 24 MHz: 0.065, sanity 0.141 */
	{ RJS_EDGES, 24, 192, 0 },
	/* 24 MHz: 0.407, sanity 1.109 */
	{ RJS_EDGES, 24, 768, 34 },
	/* 24 MHz: 1.009, sanity 1.934 */
	{ RJS_EDGES, 24, 1536, 86 },
	/* 24 MHz: 0.000, sanity 0.000 */
	{ RJS_WORKLOAD, 24, 2048, 0 },
	/* 24 MHz: 1.015, sanity 2.004 */
	{ RJS_WORKLOAD, 24, 8192, 86 },
	/* 62.5 MHz: 0.000, sanity 0.000 */
	{ RJS_WORKLOAD, 25, 32, 0 },
	/* 62.5 MHz: 0.000, sanity 0.000 */
	{ RJS_WORKLOAD, 25, 128, 0 },
	/* 62.5 MHz, 124 ticks: 0.910, sanity 1.039; no duration: 0.588, sanity 0.848 */
	{ RJS_WORKLOAD, 25, 512, 50, 32, 256 },
	/* 62.5 MHz, 303 ticks: 1.327, sanity 1.266; no duration: 0.813, sanity 1.262 */
	{ RJS_WORKLOAD, 25, 1024, 69, 128, 1024 },
	/* 62.5 MHz: 0.910, sanity 2.172 */
	{ RJS_WORKLOAD, 25, 2048, 77 },
	/* 62.5 MHz: 1.439, sanity 3.188 */
	{ RJS_WORKLOAD, 25, 8192, 122 },
};
#elif defined(CONFIG_RISCV) && defined(CONFIG_64BIT)
const struct rjs_claim rjs_claims[] = {
	/* 10 MHz: 0.000, sanity 0.000 */
	{ RJS_EDGES, 23, 80, 0 },
	/* 10 MHz: 0.416, sanity 0.785 */
	{ RJS_EDGES, 23, 160, 35 },
	/* 10 MHz: 0.801, sanity 0.898 */
	{ RJS_EDGES, 23, 320, 0 },
	/* 10 MHz: 1.066, sanity 1.152 */
	{ RJS_EDGES, 23, 640, 90 },
	/* 10 MHz: 0.000, sanity 0.000 */
	{ RJS_WORKLOAD, 23, 32, 0 },
	/* 10 MHz: 0.000, sanity 0.000 */
	{ RJS_WORKLOAD, 23, 128, 0 },
	/* 10 MHz: 0.000, sanity 0.000 */
	{ RJS_WORKLOAD, 23, 512, 0 },
	/* 10 MHz: 0.000, sanity 0.000 */
	{ RJS_WORKLOAD, 23, 1024, 0 },
	/* 10 MHz: 0.000, sanity 0.000 */
	{ RJS_WORKLOAD, 23, 2048, 0 },
	/* 10 MHz: 0.000, sanity 0.000 */
	{ RJS_WORKLOAD, 23, 8192, 0 },
	/* 10 MHz: 1.990, sanity 2.555 */
	{ RJS_WORKLOAD, 23, 32768, 169 },
};
#elif defined(CONFIG_X86_64)
const struct rjs_claim rjs_claims[] = {
	/* 2096 MHz: 0.000, sanity 0.000 */
	{ RJS_EDGES, RJS_CLASS_TOP, 1, 0 },
	/* 2096 MHz: 0.000, sanity 0.000 */
	{ RJS_EDGES, RJS_CLASS_TOP, 4, 0 },
	/* 2096 MHz: 0.000, sanity 0.000 */
	{ RJS_EDGES, RJS_CLASS_TOP, 16, 0 },
	/* 2096 MHz: 0.000, sanity 0.000 */
	{ RJS_EDGES, RJS_CLASS_TOP, 64, 0 },
	/* 2096.01 MHz, 304 ticks: 0.000, sanity 0.000 */
	{ RJS_WORKLOAD, RJS_CLASS_TOP, 32, 0, 128, 1024 },
	/* 2096 MHz, 62 ticks: 0.000, sanity 0.000 */
	{ RJS_WORKLOAD, RJS_CLASS_TOP, 32, 0, 16, 128 },
	/* 2096 MHz, 908 ticks: 0.000, sanity 0.000 */
	{ RJS_WORKLOAD, RJS_CLASS_TOP, 128, 0, 256, 2048 },
	/* 2096 MHz, 199 ticks: 0.000, sanity 0.000 */
	{ RJS_WORKLOAD, RJS_CLASS_TOP, 128, 0, 64, 512 },
	/* 2096 MHz, 3146 ticks: 2.042, sanity 1.969; no duration: 2.184, sanity 1.848 */
	{ RJS_WORKLOAD, RJS_CLASS_TOP, 512, 157, 1024, 8192 },
	/* 2096 MHz, 773 ticks: 0.000, sanity 0.000; no duration: 2.184, sanity 1.848 */
	{ RJS_WORKLOAD, RJS_CLASS_TOP, 512, 0, 256, 2048 },
	/* 2095.99 MHz, 5737 ticks: 2.529, sanity 2.238 */
	{ RJS_WORKLOAD, RJS_CLASS_TOP, 1024, 190, 2048, 16384 },
	/* 2096 MHz, 1497 ticks: 0.000, sanity 0.000 */
	{ RJS_WORKLOAD, RJS_CLASS_TOP, 1024, 0, 512, 4096 },
	/* 2096 MHz, 2956 ticks: 0.000, sanity 0.000 */
	{ RJS_WORKLOAD, RJS_CLASS_TOP, 2048, 0, 1024, 8192 },
	/* 2094.26 MHz, 13313 ticks: 3.302, sanity 3.047 */
	{ RJS_WORKLOAD, RJS_CLASS_TOP, 2048, 260, 4096, 32768 },
	/* 2096 MHz, 5900 ticks: 0.000, sanity 0.000 */
	{ RJS_WORKLOAD, RJS_CLASS_TOP, 4096, 0, 2048, 16384 },
	/* 2094.32 MHz, 31209 ticks: 3.874, sanity 3.699 */
	{ RJS_WORKLOAD, RJS_CLASS_TOP, 4096, 315, 8192, 65536 },
	/* 2096.02 MHz, 61364 ticks: 4.416, sanity 4.742; no duration: 4.712, sanity 4.602 */
	{ RJS_WORKLOAD, RJS_CLASS_TOP, 8192, 376, 16384, 131072 },
	/* 2096 MHz, 11779 ticks: 1.404, sanity 1.547; no duration: 4.712, sanity 4.602 */
	{ RJS_WORKLOAD, RJS_CLASS_TOP, 8192, 0, 4096, 32768 },
	/* 2096 MHz, 23375 ticks: 2.184, sanity 2.289 */
	{ RJS_WORKLOAD, RJS_CLASS_TOP, 16384, 186, 8192, 65536 },
	/* 2096 MHz, 46386 ticks: 2.926, sanity 3.016 */
	{ RJS_WORKLOAD, RJS_CLASS_TOP, 32768, 249, 16384, 131072 },
};
#elif defined(CONFIG_ARM)
const struct rjs_claim rjs_claims[] = {
	/* 1 MHz: 0.146, sanity 0.285 */
	{ RJS_EDGES, 19, 8, 0 },
	/* 1 MHz: 0.361, sanity 0.543 */
	{ RJS_EDGES, 19, 16, 30 },
	/* 1 MHz: 0.585, sanity 0.895 */
	{ RJS_EDGES, 19, 32, 49 },
	/* 1 MHz: 1.548, sanity 1.742 */
	{ RJS_EDGES, 19, 64, 132 },
	/* 24 MHz: 0.380, sanity 0.516 */
	{ RJS_EDGES, 24, 768, 32 },
	/* 24 MHz: 1.338, sanity 1.742 */
	{ RJS_EDGES, 24, 1536, 114 },
	/* 24 MHz: 1.626, sanity 2.562 */
	{ RJS_WORKLOAD, 24, 8192, 138 },
	/* 62.5 MHz: 0.000, sanity 0.000 */
	{ RJS_WORKLOAD, 25, 32, 0 },
	/* 62.5 MHz: 0.000, sanity 0.000 */
	{ RJS_WORKLOAD, 25, 128, 0 },
	/* 62.5 MHz, 148 ticks: 1.807, sanity 1.344; no duration: 0.876, sanity 0.930 */
	{ RJS_WORKLOAD, 25, 512, 0, 64, 512 },
	/* 62.5 MHz, 205 ticks: 1.397, sanity 1.566; no duration: 1.290, sanity 1.184 */
	{ RJS_WORKLOAD, 25, 1024, 101, 64, 512 },
	/* 62.5 MHz: 1.516, sanity 2.066 */
	{ RJS_WORKLOAD, 25, 2048, 129 },
	/* 62.5 MHz: 2.259, sanity 3.668 */
	{ RJS_WORKLOAD, 25, 8192, 192 },
};
#else
const struct rjs_claim rjs_claims[] = {
};
#endif

const unsigned int rjs_nr_claims = ARRAY_SIZE(rjs_claims);
