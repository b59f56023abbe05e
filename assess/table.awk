# SPDX-License-Identifier: GPL-2.0
# The shape of assess/table.md, for the programs that read it (loaded
# first: awk -f table.awk -f PROGRAM, with FS " [|] ").
# is_row(): true if the line is a row of estimates (ARCH | ACCEL | KHZ |
# METHOD | LENGTH | ...), not the header, its rule or the prose.
function is_row() {
	return $0 ~ /^[|] [a-z0-9_]+ [|] [a-z][a-z0-9-]* [|] [0-9]+ [|] [a-z]+ [|] [0-9]+ [|] /
}
# rate_class(KHZ): the counter-rate class of a counter of KHZ kHz, as the
# kernel's rjs_rate_class() gives it: ilog2 of the rate in Hz, at most 28
# (RJS_CLASS_TOP).
function rate_class(khz,    hz, c) {
	hz = khz * 1000
	for (c = 0; hz >= 2 && c < 28; c++)
		hz = int(hz / 2)
	return c
}
