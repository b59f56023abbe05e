#!/usr/bin/env python3
"""Print the SP 800-90B section 4.4.2 Adaptive Proportion Test cutoffs.

For a claimed min-entropy H per sample (non-binary samples, window W = 512)
and a false-alarm probability alpha, the cutoff is

    C = 1 + CRITBINOM(W, 2^-H, 1 - alpha)

where CRITBINOM(n, p, q) is the least k with P[Binomial(n, p) <= k] >= q.
The test fails once the first sample of a window recurs C times in it.

usage: apt-cutoffs.py [ALPHA_LOG2 [STEPS_PER_BIT [MAX_BITS]]]
  defaults: alpha = 2^-30, H = 1/8, 2/8, ... 8 bits; prints "H cutoff" lines.
"""
import sys
from decimal import Decimal, getcontext

getcontext().prec = 60
W = 512


def cutoff(h, alpha):
    p = Decimal(2) ** (-h)
    q = 1 - p
    need = 1 - alpha
    cdf = Decimal(0)
    binom = 1
    for k in range(W + 1):
        if k:
            binom = binom * (W - k + 1) // k
        cdf += binom * p ** k * q ** (W - k)
        if cdf >= need:
            return 1 + k
    return W


def main():
    alpha_log2 = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    steps = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    max_bits = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    alpha = Decimal(2) ** -alpha_log2
    for i in range(1, steps * max_bits + 1):
        h = Decimal(i) / steps
        print(f"{h} {cutoff(h, alpha)}")


if __name__ == "__main__":
    main()
