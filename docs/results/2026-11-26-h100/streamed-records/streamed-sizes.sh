#!/usr/bin/env bash
# Where streaming the SIMD forms' records starts to pay on the Intel host:
# 50% hits at 20,000 / 100,000 / 200,000 / 500,000 / 1,000,000 pairs, cached against streamed, 1 and 16 threads.
set -u
export LD_LIBRARY_PATH=$PWD/.devbuild/bin/lib
B=$PWD/.devbuild/bin; R=${OUT:-/tmp/out}; mkdir -p $R
W=/tmp/sz; mkdir -p $W; cd $W
getconf -a | grep -i CACHE_SIZE > $R/getconf-cache.txt
for n in 10000 50000 100000 250000 500000; do $B/RandomRayTetra s$n.rtb -i $n -n $n --seed 52 >> gen.txt 2>&1; done
m() { grep -o 'mtests_per_s [0-9.]*' | tail -1 | cut -d' ' -f2; }
for r in 1 2 3; do
for n in 10000 50000 100000 250000 500000; do
  reps=$(( 20000000 / (2 * n) ))
  for A in stp0v stp0vf; do
    line="$r $((2*n)) $A"
    for T in 1 16; do for S in cached streamed; do
      if [ $T = 1 ]; then v=$(taskset -c 3 $B/RayTetra --record-stores $S --algorithm $A -p t s$n.rtb /dev/null $(( reps / 8 + 1 )) 2>&1 | m)
      else v=$($B/RayTetra --record-stores $S --threads 16 --algorithm $A -p t s$n.rtb /dev/null $reps 2>&1 | m); fi
      line="$line ${T}t-$S=$v"
    done; done
    echo "$line"
  done
done
done | tee $R/streamed-sizes.txt
