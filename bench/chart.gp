# One arch's chart for bench/report.sh: every boot's getrandom(0) block per
# scenario on a log axis, the median as a bar, timed-out boots as triangles
# at QEMU's wall time (they blocked at least that long), the 5 ms median target.
#   gnuplot -e "dat='ARCH.dat'; med='ARCH-median.dat'" ARCH.gp chart.gp
set terminal pngcairo size 1100,600 font ",10" noenhanced
set logscale y
set format y "%g"
set ylabel "getrandom(0) blocked (ms, log scale)"
set xtics rotate by -25 nomirror
set grid ytics mytics
set key top left box opaque
set style data points
plot med using ($1 - 0.3):2:(0.6):(0) with vectors nohead lw 2 lc rgb "black" title "median", \
     dat using 1:($3 == 0 ? $2 : 1/0) pt 7 ps 0.8 lc rgb "#1f77b4" title "a boot", \
     dat using 1:($3 == 1 ? $2 : 1/0) pt 9 ps 1.4 lc rgb "#d62728" title "timed out (QEMU wall time)", \
     5 with lines dt 2 lc rgb "#2ca02c" title "5 ms target (median)"
