#!/usr/bin/env bash
# The SIMD form 0's records stored non-temporally (bin-snt, -DPROTO_SIMD_NT) against
# the cached stores (bin: A; B = RT_NT=1, 64-pair scratch streamed out by the threads' runner).
set -u
export LD_LIBRARY_PATH=$PWD/.devbuild/bin/lib
B=$PWD/.devbuild/bin; S=$PWD/.devbuild/bin-snt; R=${OUT:-/tmp/out}; mkdir -p $R
W=/tmp/nt; mkdir -p $W; cd $W
[ -f d100.rtb ] || { $B/RandomRayTetra d0.rtb -i 0 -n 2000000 --seed 52 > gen.txt 2>&1
$B/RandomRayTetra d50.rtb -i 1000000 -n 1000000 --seed 52 >> gen.txt 2>&1
$B/RandomRayTetra d100.rtb -i 2000000 -n 0 --seed 52 >> gen.txt 2>&1; }
m() { grep -o 'mtests_per_s [0-9.]*' | tail -1 | cut -d' ' -f2; }
for r in 1 2 3; do
for P in d0 d50 d100; do
  for A in stp0v pluecker0v stp0vf pluecker0vf; do
    a1=$(taskset -c 3 $B/RayTetra --algorithm $A -p t $P.rtb /dev/null 3 2>&1 | m)
    s1=$(taskset -c 3 $S/RayTetra --algorithm $A -p t $P.rtb /dev/null 3 2>&1 | m)
    a16=$($B/RayTetra --algorithm $A --threads 16 -p t $P.rtb /dev/null 20 2>&1 | m)
    b16=$(RT_NT=1 $B/RayTetra --algorithm $A --threads 16 -p t $P.rtb /dev/null 20 2>&1 | m)
    s16=$($S/RayTetra --algorithm $A --threads 16 -p t $P.rtb /dev/null 20 2>&1 | m)
    echo "$r $P $A 1t A=$a1 S=$s1 16t A=$a16 B=$b16 S=$s16"
  done
done
done | tee $R/snt.txt
