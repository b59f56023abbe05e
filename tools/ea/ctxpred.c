// SPDX-License-Identifier: GPL-2.0
/*
 * Context-counting predictors: MultiMMC (6.3.9) and LZ78Y (6.3.10).
 *
 * Both count, for contexts (the 1 to 16 samples before a position), how
 * often each value followed, and predict the value that followed a context
 * most often (the largest value on ties).  Each context length has a model
 * of two chained hash tables: contexts, keyed by the position of one of
 * their occurrences in the data and holding the best value so far, and
 * (context, value) pairs holding the counts.
 */
#include <stdlib.h>
#include <string.h>

#include "ea.h"

#define CTX_LEN		16	/* longest context, D in 6.3.9, B in 6.3.10 */
#define MMC_MAX_PAIRS	100000	/* MultiMMC: maxEntries per context length */
#define LZ_MAX_CTX	65536	/* LZ78Y: maxDictionarySize */
#define NIL		UINT32_MAX
#define TABLE_MIN	1024

struct node {
	uint32_t key;	/* context: start of an occurrence; pair: context */
	uint32_t next;	/* next node in the hash chain */
	uint32_t hash;
	uint32_t cnt;	/* context: count of its best value; pair: count */
	uint32_t y;	/* context: its best value; pair: the value */
};

struct table {
	struct node *node;
	uint32_t n, cap;	/* nodes used and allocated */
	uint32_t *head;		/* chain heads, mask + 1 of them */
	uint32_t mask;
};

struct model {
	const uint8_t *s;
	size_t len;		/* context length */
	struct table ctx, pair;
};

/* A context of each length ending at one position: its hash and node. */
struct slot {
	uint32_t hash;
	uint32_t idx;		/* NIL while the context is not in the model */
};

/*
 * Appends a node for key and y with a zero count to table t, doubling the
 * chain heads whenever the nodes outnumber them.  Returns its index.
 */
static uint32_t table_add(struct table *t, uint32_t hash, uint32_t key,
			  uint32_t y)
{
	struct node *nd;
	uint32_t i;

	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : TABLE_MIN;
		t->node = ea_realloc(t->node, t->cap, sizeof(*t->node));
	}
	if (!t->head || t->n > t->mask) {
		t->mask = t->head ? 2 * t->mask + 1 : TABLE_MIN - 1;
		free(t->head);
		t->head = ea_alloc((size_t)t->mask + 1, sizeof(*t->head));
		memset(t->head, 0xff, ((size_t)t->mask + 1) * sizeof(*t->head));
		for (i = 0; i < t->n; i++) {
			t->node[i].next = t->head[t->node[i].hash & t->mask];
			t->head[t->node[i].hash & t->mask] = i;
		}
	}
	nd = &t->node[t->n];
	nd->key = key;
	nd->hash = hash;
	nd->cnt = 0;
	nd->y = y;
	nd->next = t->head[hash & t->mask];
	t->head[hash & t->mask] = t->n;
	return t->n++;
}

/* Returns the first node of the chain for hash in t, or NIL. */
static uint32_t table_first(const struct table *t, uint32_t hash)
{
	return t->n ? t->head[hash & t->mask] : NIL;
}

/* Returns the 32-bit mix of a 64-bit hash h. */
static uint32_t mix(uint64_t h)
{
	h ^= h >> 31;
	h *= 0x9e3779b97f4a7c15ull;
	return h >> 32;
}

/*
 * Fills sl[1..max] with the hashes of the contexts of lengths 1..max that
 * end just before position end, and marks them not looked up.
 */
static void ctx_hashes(const uint8_t *s, size_t end, size_t max,
		       struct slot *sl)
{
	uint64_t h = 0xcbf29ce484222325ull;
	size_t len;

	for (len = 1; len <= max; len++) {
		h = (h ^ s[end - len]) * 0x100000001b3ull;
		sl[len].hash = mix(h);
		sl[len].idx = NIL;
	}
}

/* Returns the node of the context s[end - len, end) in m, or NIL. */
static uint32_t ctx_find(const struct model *m, size_t end, uint32_t hash)
{
	const uint8_t *c = m->s + end - m->len;
	uint32_t i;

	for (i = table_first(&m->ctx, hash); i != NIL; i = m->ctx.node[i].next)
		if (m->ctx.node[i].hash == hash &&
		    !memcmp(m->s + m->ctx.node[i].key, c, m->len))
			return i;
	return NIL;
}

/*
 * Counts value y after the context in slot sl (ending before end), adding
 * the context if absent and add_ctx, and the pair if absent and add_pair.
 * Keeps the context's best value up to date.  Returns 1 if it added the
 * context, else 0.
 */
static int model_count(struct model *m, struct slot *sl, size_t end,
		       unsigned int y, bool add_ctx, bool add_pair)
{
	uint32_t h, p, c = sl->idx;
	int added = 0;
	struct node *cn, *pn;

	if (c == NIL) {
		if (!add_ctx)
			return 0;
		c = table_add(&m->ctx, sl->hash, end - m->len, 0);
		sl->idx = c;
		added = 1;
	}
	h = mix((uint64_t)c << 8 | y);
	for (p = table_first(&m->pair, h); p != NIL; p = m->pair.node[p].next)
		if (m->pair.node[p].key == c && m->pair.node[p].y == y)
			break;
	if (p == NIL) {
		if (!add_pair)
			return added;
		p = table_add(&m->pair, h, c, y);
	}
	pn = &m->pair.node[p];
	cn = &m->ctx.node[c];
	pn->cnt++;
	if (pn->cnt > cn->cnt || (pn->cnt == cn->cnt && y > cn->y)) {
		cn->cnt = pn->cnt;
		cn->y = y;
	}
	return added;
}

/*
 * Looks up, in models m[1..max], the contexts ending before position end
 * and stores them in sl[].  Returns nothing.
 */
static void models_find(const struct model *m, const uint8_t *s, size_t end,
			size_t max, struct slot *sl)
{
	size_t len;

	ctx_hashes(s, end, max, sl);
	for (len = 1; len <= max; len++)
		sl[len].idx = ctx_find(&m[len], end, sl[len].hash);
}

/* Sets up empty models m[1..CTX_LEN] over the data d.  Returns nothing. */
static void models_init(struct model *m, const struct ea_data *d)
{
	size_t len;

	memset(m, 0, (CTX_LEN + 1) * sizeof(*m));
	for (len = 1; len <= CTX_LEN; len++) {
		m[len].s = d->s;
		m[len].len = len;
	}
}

/* Frees the tables of models m[1..CTX_LEN].  Returns nothing. */
static void models_free(struct model *m)
{
	size_t len;

	for (len = 1; len <= CTX_LEN; len++) {
		free(m[len].ctx.node);
		free(m[len].ctx.head);
		free(m[len].pair.node);
		free(m[len].pair.head);
	}
}

/* Returns the smaller of a and b. */
static size_t min_size(size_t a, size_t b)
{
	return a < b ? a : b;
}

/*
 * Returns the MultiMMC prediction estimate (6.3.9): 16 Markov models of
 * order 1 to 16, each holding at most 100000 (context, value) counts,
 * each predicting the value most often seen after the current context;
 * the scoreboard chooses which one to follow.
 */
double ea_multi_mmc(const struct ea_data *d)
{
	struct model m[CTX_LEN + 1];
	struct slot sl[CTX_LEN + 1];
	size_t score[CTX_LEN] = { 0 }, winner = 0, e, len;
	struct ea_pred st = { 0 };
	int pred[CTX_LEN];

	models_init(m, d);
	for (e = 1; e < d->n; e++) {
		/* count s[e - 1] after the contexts found at e - 1 */
		for (len = 1; len <= min_size(CTX_LEN, e - 1); len++) {
			bool room = m[len].pair.n < MMC_MAX_PAIRS;

			model_count(&m[len], &sl[len], e - 1, d->s[e - 1],
				    room, room);
		}
		models_find(m, d->s, e, min_size(CTX_LEN, e), sl);
		if (e < 2)
			continue;
		for (len = 1; len <= CTX_LEN; len++)
			pred[len - 1] = len <= e && sl[len].idx != NIL ?
					(int)m[len].ctx.node[sl[len].idx].y :
					-1;
		ea_pred_record(&st, pred[winner] == d->s[e]);
		winner = ea_score(score, pred, CTX_LEN, d->s[e], winner);
	}
	models_free(m);
	return ea_pred_entropy(&st, d->k);
}

/*
 * Returns the LZ78Y prediction estimate (6.3.10): one dictionary of at
 * most 65536 contexts of 1 to 16 samples, longest added first, predicting
 * the value with the highest count after any current context (the
 * longest context wins ties).
 */
double ea_lz78y(const struct ea_data *d)
{
	struct model m[CTX_LEN + 1];
	struct slot sl[CTX_LEN + 1];
	struct ea_pred st = { 0 };
	size_t e, len, size = 0;

	models_init(m, d);
	for (e = CTX_LEN; e < d->n; e++) {
		uint32_t maxcnt = 0;
		int pred = -1;

		for (len = CTX_LEN; e > CTX_LEN && len >= 1; len--)
			size += model_count(&m[len], &sl[len], e - 1,
					    d->s[e - 1], size < LZ_MAX_CTX,
					    true);
		models_find(m, d->s, e, CTX_LEN, sl);
		if (e == CTX_LEN)
			continue;
		for (len = CTX_LEN; len >= 1; len--) {
			const struct node *c;

			if (sl[len].idx == NIL)
				continue;
			c = &m[len].ctx.node[sl[len].idx];
			if (c->cnt > maxcnt) {
				maxcnt = c->cnt;
				pred = c->y;
			}
		}
		ea_pred_record(&st, pred == d->s[e]);
	}
	models_free(m);
	return ea_pred_entropy(&st, d->k);
}
