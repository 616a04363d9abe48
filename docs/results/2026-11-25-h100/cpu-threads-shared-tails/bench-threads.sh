#!/usr/bin/env bash
# Every CPU algorithm, 1 and 16 threads (shared tails), at 0/50/100% hits (the same inputs as
# ../cpu-threads-static-blocks/).
set -u
export LD_LIBRARY_PATH=$PWD/.devbuild/bin/lib
B=$PWD/.devbuild/bin; R=${OUT:-/tmp/out}; mkdir -p $R
N=${NCPU:-$(nproc)}
W=/tmp/thr; mkdir -p $W; cd $W
$B/RandomRayTetra d0.rtb -i 0 -n 2000000 --seed 52 > gen.txt 2>&1
$B/RandomRayTetra d50.rtb -i 2000000 -n 2000000 --seed 52 >> gen.txt 2>&1
$B/RandomRayTetra d100.rtb -i 2000000 -n 0 --seed 52 >> gen.txt 2>&1
for P in d0 d50 d100; do
  S=$(date +%s)
  $B/Bench --no-opencl --threads $N --long-csv $R/threads-long-$P.csv --json $R/threads-$P.json $P.rtb $R/threads-wide-$P.csv 5 > $R/threads-$P.txt 2>&1
  echo "rc=$? wall $(( $(date +%s) - S )) s" >> $R/threads-$P.txt
  tail -1 $R/threads-$P.txt
done
