/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CPU-timing jitter seed collector's testing interface
 * (random_jitter_seed_testing.c, CONFIG_RANDOM_JITTER_SEED_TESTING): the
 * three hooks the boot session (random_jitter_seed.c) calls, and what it
 * offers them. The testing interface never calls back into the boot
 * session; without the option the hooks are empty.
 */
#ifndef _RANDOM_JITTER_SEED_TESTING_H
#define _RANDOM_JITTER_SEED_TESTING_H

#include "random_jitter_seed_core.h"

struct rt_mutex;
struct rjs_boot_mem;

/* What the boot session offers its testing interface, once, at boot. */
struct rjs_testing_boot {
	const struct rjs_ops *real_ops;		/* the real counter, credited */
	/* the open session's memory (NULL: none), and its size ... */
	struct rjs_boot_mem *const *mem;
	size_t mem_bytes;
	struct rt_mutex *lock;			/* ... under this lock */
	u64 budget_ns;				/* a session's time budget */
	bool enabled;				/* random.jitter_seed= */
};

#ifdef CONFIG_RANDOM_JITTER_SEED_TESTING
void rjs_testing_attach(const struct rjs_testing_boot *boot);
const struct rjs_ops *rjs_testing_begin(struct rjs_session *ses,
					const struct rjs_ops *ops);
void rjs_testing_end(const struct rjs_session *ses);
#else
static inline void rjs_testing_attach(const struct rjs_testing_boot *boot)
{
}

/* Returns: @ops: without the testing interface nothing is replaced. */
static inline const struct rjs_ops *
rjs_testing_begin(struct rjs_session *ses, const struct rjs_ops *ops)
{
	return ops;
}

static inline void rjs_testing_end(const struct rjs_session *ses)
{
}
#endif

#endif /* _RANDOM_JITTER_SEED_TESTING_H */
