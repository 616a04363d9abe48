#!/usr/bin/env bash
# Every CPU algorithm, 1 and 16 threads (Bench --threads 16), at 0/50/100% hits,
# with the default --record-stores (auto: streamed for the SIMD forms on this Intel host) and, alternating, cached.
set -u
export LD_LIBRARY_PATH=$PWD/.devbuild/bin/lib
B=$PWD/.devbuild/bin; R=${OUT:-/tmp/out}; mkdir -p $R
W=/tmp/thr; mkdir -p $W; cd $W
$B/RandomRayTetra d0.rtb -i 0 -n 2000000 --seed 52 > gen.txt 2>&1
$B/RandomRayTetra d50.rtb -i 2000000 -n 2000000 --seed 52 >> gen.txt 2>&1
$B/RandomRayTetra d100.rtb -i 2000000 -n 0 --seed 52 >> gen.txt 2>&1
for P in d0 d50 d100; do
  for S in auto cached; do
    [ $S = cached ] && ALG="--algorithms stp0v,pluecker0v,stp0vf,pluecker0vf" || ALG=""
    T=$(date +%s)
    $B/Bench --no-opencl --threads 16 --record-stores $S $ALG --json $R/threads-$S-$P.json $P.rtb $W/wide-$S-$P.csv 5 > $R/threads-$S-$P.txt 2>&1
    echo "rc=$? wall $(( $(date +%s) - T )) s" >> $R/threads-$S-$P.txt
    tail -1 $R/threads-$S-$P.txt
  done
done
