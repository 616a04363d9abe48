#!/usr/bin/env bash
# Every CPU algorithm with the x86-64-v4 clones of the batch loops, 1 and 16 threads, at 0/50/100% hits
# (the same inputs as ../../2026-11-25-h100/cpu-threads-shared-tails/); then the cores' clock (clock_scaling).
set -u
export LD_LIBRARY_PATH=$PWD/.devbuild/bin/lib
B=$PWD/.devbuild/bin; R=${OUT:-/tmp/out}; mkdir -p $R
N=${NCPU:-$(nproc)}
W=/tmp/thr; mkdir -p $W; cd $W
$B/RandomRayTetra d0.rtb -i 0 -n 2000000 --seed 52 > gen.txt 2>&1
$B/RandomRayTetra d50.rtb -i 2000000 -n 2000000 --seed 52 >> gen.txt 2>&1
$B/RandomRayTetra d100.rtb -i 2000000 -n 0 --seed 52 >> gen.txt 2>&1
for P in ${SETS:-d0 d50 d100}; do
  S=$(date +%s)
  $B/Bench --no-opencl --threads $N --json $R/threads-$P.json $P.rtb $W/threads-wide-$P.csv 5 > $R/threads-$P.txt 2>&1
  echo "rc=$? wall $(( $(date +%s) - S )) s" >> $R/threads-$P.txt
  tail -1 $R/threads-$P.txt
done
OMP_PLACES=cores OMP_PROC_BIND=close $B/clock_scaling $N 2 2 > $R/clock-after.txt 2>&1
cat $R/clock-after.txt
