# SPDX-License-Identifier: GPL-2.0
# rate_class(KHZ): the counter-rate class of a counter of KHZ kHz, as the
# kernel's rjs_rate_class() gives it: ilog2 of the rate in Hz, at most 28
# (RJS_CLASS_TOP). Loaded before the programs that use it (awk -f).
function rate_class(khz,    hz, c) {
	hz = khz * 1000
	for (c = 0; hz >= 2 && c < 28; c++)
		hz = int(hz / 2)
	return c
}
