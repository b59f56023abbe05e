/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What random.c and the CPU-timing jitter seed collector
 * (random_jitter_seed.c) call of each other.
 */
#ifndef _RANDOM_JITTER_SEED_H
#define _RANDOM_JITTER_SEED_H

#include <linux/types.h>

#ifdef CONFIG_RANDOM_JITTER_SEED
bool random_jitter_seed(void);
void random_jitter_seed_credit(const void *buf, size_t len, size_t bits);
#else
static inline bool random_jitter_seed(void) { return false; }
#endif

#endif /* _RANDOM_JITTER_SEED_H */
