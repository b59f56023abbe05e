# SPDX-License-Identifier: GPL-2.0
# One arch's chart for bench/report.sh: every boot's getrandom(0) block per
# scenario on a log axis, the median and the p90 as bars, timed-out boots
# as triangles at QEMU's wall time (they blocked at least that long; in the
# key only where there are some), the median and p90 targets as lines.
# ARCH.gp (bench/report.awk) names the data, the title, tics and targets.
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
     for [t = 1:(timeouts > 0)] dat using 1:($3 == 1 ? $2 : 1/0) pt 9 ps 1.4 lc rgb "#d62728" title "timed out (QEMU wall time)", \
     median_target with lines dt 2 lc rgb "#2ca02c" title sprintf("%g ms target (median)", median_target), \
     p90_target with lines dt 4 lc rgb "#9467bd" title sprintf("%g ms target (p90)", p90_target)
