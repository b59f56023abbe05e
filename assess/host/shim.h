/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What random_jitter_seed_core.c takes from the kernel, in user space, so
 * that the host sampler (sample.c) runs the collector's own code: the
 * kernel headers it names are empty files here (Makefile), and this file is
 * included before them. Only what the core uses; each the kernel's meaning.
 */
#ifndef RJS_HOST_SHIM_H
#define RJS_HOST_SHIM_H

#include <assert.h>
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <time.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef unsigned long long u64;
typedef long long s64;

#define U64_MAX UINT64_MAX
#define NSEC_PER_USEC 1000ULL
#undef __always_inline
#define __always_inline inline __attribute__((__always_inline__))
#define noinline __attribute__((__noinline__))
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define min(a, b) ((a) < (b) ? (a) : (b))
#define max(a, b) ((a) > (b) ? (a) : (b))
#define min_t(t, a, b) min((t)(a), (t)(b))
#define max_t(t, a, b) max((t)(a), (t)(b))
#define clamp(v, lo, hi) min(max(v, lo), hi)
#define DIV_ROUND_UP(n, d) (((n) + (d) - 1) / (d))
#define roundup(x, y) (DIV_ROUND_UP(x, y) * (y))
#define ilog2(n) (63 - __builtin_clzll((u64)(n)))
#define hweight64(w) __builtin_popcountll(w)
#define OPTIMIZER_HIDE_VAR(var) __asm__ ("" : "=r" (var) : "0" (var))
#define BIT_ULL(n) (1ULL << (n))
#define check_add_overflow(a, b, d) __builtin_add_overflow(a, b, d)
#define scnprintf snprintf

static inline unsigned long gcd(unsigned long a, unsigned long b)
{
	while (b) {
		unsigned long r = a % b;

		a = b;
		b = r;
	}
	return a;
}

static inline u64 div_u64(u64 n, u32 d)
{
	return n / d;
}

static inline u32 int_sqrt64(u64 x)
{
	u64 r = 0, bit;

	for (bit = 1ULL << 62; bit; bit >>= 2) {
		if (x >= r + bit) {
			x -= r + bit;
			r = (r >> 1) + bit;
		} else {
			r >>= 1;
		}
	}
	return r;
}

static inline u64 ktime_get_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (u64)t.tv_sec * 1000000000 + t.tv_nsec;
}

static inline void cond_resched(void)
{
}

/* The boot parameters are the kernel's business: nothing parses here. */
static inline int kstrtobool(const char *s, bool *v)
{
	return -EINVAL;
}

static inline int kstrtouint(const char *s, unsigned int base, unsigned int *v)
{
	return -EINVAL;
}

#endif
