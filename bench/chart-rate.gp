# SPDX-License-Identifier: GPL-2.0
# One arch's chart of the median (points joined by lines) and p90 (open
# marks) getrandom(0) block against the counter's rate, log-log, one line
# per scenario family. ARCH-rate.gp (bench/report.awk) names the files,
# their titles, the title and output.
#   gnuplot ARCH-rate.gp chart-rate.gp
set terminal pngcairo size 1200,800 font "DejaVu Sans,12" noenhanced
set logscale xy
set format x "%g"
set format y "%g"
set xlabel "counter rate (kHz, log scale)"
set ylabel "getrandom(0) blocked (ms, log scale)"
set grid xtics ytics mxtics mytics
set key outside right top box
plot for [i = 1:words(files)] word(files, i) using 1:2 with linespoints lw 2 pt 7 lc i title word(titles, i) . " (median)", \
     for [i = 1:words(files)] word(files, i) using 1:3 with points pt 6 ps 1.5 lc i title word(titles, i) . " (p90)"
