#!/usr/bin/env bash
# One static block per thread (bin-static, HEAD 950b8c2) against shared tails (bin),
# 16 threads, alternating; steal time of the VM from /proc/stat around each run.
set -u
export LD_LIBRARY_PATH=$PWD/.devbuild/bin/lib
NEW=$PWD/.devbuild/bin; OLD=$PWD/.devbuild/bin-static; R=${OUT:-/tmp/out}; mkdir -p $R
N=${NCPU:-$(nproc)}
ALGS=${ALGS:-haines stp1 stp1p pluecker0 stp0 moller1 stp0v stp2}
W=/tmp/thr; mkdir -p $W; cd $W
[ -f d8m.rtb ] || $NEW/RandomRayTetra d8m.rtb -i 4000000 -n 4000000 --seed 54 > gen.txt 2>&1
[ -f d2m.rtb ] || $NEW/RandomRayTetra d2m.rtb -i 1000000 -n 1000000 --seed 52 >> gen.txt 2>&1
steal() { awk '/^cpu /{print $9}' /proc/stat; }
rate() { awk '/mtests_per_s/{print $NF}' "$1" | tail -1; }
for A in $ALGS; do
  line="$A:"
  for round in 1 2; do
    for v in OLD NEW; do
      B=${!v}
      s0=$(steal); $B/RayTetra --algorithm $A --threads $N -p t d8m.rtb th.txt 5 > th.log 2>&1; s1=$(steal)
      line="$line $v $(rate th.log) (steal $((s1-s0)))"
    done
  done
  one=$($NEW/RayTetra --algorithm $A --threads 1 -p t d2m.rtb th.txt 5 2>&1 | awk '/mtests_per_s/{print $NF}')
  echo "$line | 1 thread d2m: $one" | tee -a $R/share.txt
done
