#!/usr/bin/env bash
# The SIMD forms' records cached or streamed (--record-stores), one thread
# on core 3 and 16 threads, alternating, 3 rounds (RayTetra -p t); 20,000 pairs in the caches; then
# Bench --threads 16 on the SIMD forms with the default (auto) setting.
set -u
export LD_LIBRARY_PATH=$PWD/.devbuild/bin/lib
B=$PWD/.devbuild/bin; R=${OUT:-/tmp/out}; mkdir -p $R
W=/tmp/st; mkdir -p $W; cd $W
$B/RandomRayTetra d0.rtb -i 0 -n 2000000 --seed 52 > gen.txt 2>&1
$B/RandomRayTetra d50.rtb -i 1000000 -n 1000000 --seed 52 >> gen.txt 2>&1
$B/RandomRayTetra d100.rtb -i 2000000 -n 0 --seed 52 >> gen.txt 2>&1
$B/RandomRayTetra small.rtb -i 10000 -n 10000 --seed 52 >> gen.txt 2>&1
m() { grep -o 'mtests_per_s [0-9.]*' | tail -1 | cut -d' ' -f2; }
for r in 1 2 3; do
for P in d0 d50 d100 small; do
  reps1=3; reps16=20; [ $P = small ] && { reps1=300; reps16=300; }
  for A in stp0v pluecker0v stp0vf pluecker0vf; do
    line="$r $P $A"
    for T in 1 16; do for S in cached streamed; do
      if [ $T = 1 ]; then v=$(taskset -c 3 $B/RayTetra --record-stores $S --algorithm $A -p t $P.rtb /dev/null $reps1 2>&1 | m)
      else v=$($B/RayTetra --record-stores $S --threads 16 --algorithm $A -p t $P.rtb /dev/null $reps16 2>&1 | m); fi
      line="$line ${T}t-$S=$v"
    done; done
    echo "$line"
  done
done
done | tee $R/streamed-ab.txt
for P in d0 d50 d100; do
  S=$(date +%s)
  $B/Bench --no-opencl --threads 16 --algorithms stp0v,pluecker0v,stp0vf,pluecker0vf --json $R/simd-threads-$P.json $P.rtb $W/w-$P.csv 5 > $R/simd-threads-$P.txt 2>&1
  echo "rc=$? wall $(( $(date +%s) - S )) s" >> $R/simd-threads-$P.txt
  grep -E "record stores|copy loop|Mtests" $R/simd-threads-$P.txt | cut -c1-150
done
