# SPDX-License-Identifier: GPL-2.0
# One arch's chart for bench/report.sh: every boot's getrandom(0) block per
# scenario on a log axis, the median and the p90 as bars; timed-out boots as
# triangles at the time QEMU was stopped (a lower bound: they blocked at
# least that long), a collector's boots that fell back to stock's dance as
# crosses, each in the key only where there are some. No target lines: the
# targets differ per counter class (report.md lists them).
# ARCH.gp (bench/report.awk) names the data, the title, tics and counts.
#   gnuplot ARCH.gp chart.gp
# DejaVu Sans, tick labels at 14 pt: at 10 pt, tilted, "rngd" read as "mgd".
set terminal pngcairo size 1400,800 font "DejaVu Sans,12" noenhanced
set logscale y
set format y "%g"
set ylabel "getrandom(0) blocked (ms, log scale)"
set xlabel "scenario (bench/scenarios/), n: boots"
set xtics rotate by -45 nomirror font ",14"
set grid ytics mytics
set key outside right top box
set style data points
plot marks using ($1 - 0.3):2:(0.6):(0) with vectors nohead lw 2 lc rgb "black" title "median", \
     marks using ($1 - 0.3):3:(0.6):(0) with vectors nohead lw 2 lc rgb "#ff7f0e" title "p90", \
     dat using 1:($3 == 0 ? $2 : 1/0) pt 7 ps 0.8 lc rgb "#1f77b4" title "a boot", \
     for [t = 1:(fellback > 0)] dat using 1:($3 == 2 ? $2 : 1/0) pt 2 ps 1.4 lc rgb "#8c564b" title "collector fell back to stock", \
     for [t = 1:(timeouts > 0)] dat using 1:($3 == 1 ? $2 : 1/0) pt 9 ps 1.4 lc rgb "#d62728" title "timed out: at least this long"
