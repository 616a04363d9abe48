#!/usr/bin/env bash
# Run with .devbuild/bin = the build with the clones (cb5b0f2 plus the change committed as 50fa50c; make BUILD=.devbuild/build HAVE_VIEWER=, stripped), .devbuild/bin-old = cb5b0f2 built the same way.
# On the GPU host's Xeon: the scalar batch loops without (bin-old, cb5b0f2) and with the
# x86-64-v4 clones (bin), one thread on core 3, alternating, 3 rounds; RayTetra -p t, 3 reps.
set -u
export LD_LIBRARY_PATH=$PWD/.devbuild/bin/lib
B=$PWD/.devbuild/bin; O=$PWD/.devbuild/bin-old; R=${OUT:-/tmp/out}; mkdir -p $R
W=/tmp/ab; mkdir -p $W; cd $W
$B/RandomRayTetra d0.rtb -i 0 -n 2000000 --seed 52 > gen.txt 2>&1
$B/RandomRayTetra d50.rtb -i 1000000 -n 1000000 --seed 52 >> gen.txt 2>&1
$B/RandomRayTetra d100.rtb -i 2000000 -n 0 --seed 52 >> gen.txt 2>&1
for P in d0 d50 d100; do
  for A in pluecker0 pluecker1 pluecker2 stp0 stp1 stp2 haines stp1p; do
    line="$P $A"
    for r in 1 2 3; do
      for V in old new; do
        X=$B/RayTetra; [ $V = old ] && X=$O/RayTetra
        m=$(taskset -c 3 $X --algorithm $A -p t $P.rtb /dev/null 3 2>&1 | grep -o 'mtests_per_s [0-9.]*' | cut -d' ' -f2)
        line="$line $V=$m"
      done
    done
    echo "$line"
  done
done | tee $R/ab-clones.txt
