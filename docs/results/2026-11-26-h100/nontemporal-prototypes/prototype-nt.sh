#!/usr/bin/env bash
# Non-temporal record stores (prototype builds, not kept) against the cached stores, on the GPU host's Xeon.
# A = the build with cached stores; B = records computed into a 64-pair scratch, streamed out with movntdq (RT_NT=1);
# C = the scalar batch loops storing each record with movntpd (build -DPROTO_NT).
set -u
export LD_LIBRARY_PATH=$PWD/.devbuild/bin/lib
B=$PWD/.devbuild/bin; C=$PWD/.devbuild/bin-nt; R=${OUT:-/tmp/out}; mkdir -p $R
W=/tmp/nt; mkdir -p $W; cd $W
$B/RandomRayTetra d0.rtb -i 0 -n 2000000 --seed 52 > gen.txt 2>&1
$B/RandomRayTetra d50.rtb -i 1000000 -n 1000000 --seed 52 >> gen.txt 2>&1
$B/RandomRayTetra d100.rtb -i 2000000 -n 0 --seed 52 >> gen.txt 2>&1
m() { grep -o 'mtests_per_s [0-9.]*' | tail -1 | cut -d' ' -f2; }
for r in 1 2; do
for P in d0 d50 d100; do
  for A in stp0 stp1 pluecker1 haines stp0v stp1p; do
    a1=$(taskset -c 3 $B/RayTetra --algorithm $A -p t $P.rtb /dev/null 3 2>&1 | m)
    b1=$(RT_NT=1 RT_TEAM1=1 taskset -c 3 $B/RayTetra --algorithm $A --threads 1 -p t $P.rtb /dev/null 3 2>&1 | m)
    c1=$(taskset -c 3 $C/RayTetra --algorithm $A -p t $P.rtb /dev/null 3 2>&1 | m)
    a16=$($B/RayTetra --algorithm $A --threads 16 -p t $P.rtb /dev/null 20 2>&1 | m)
    b16=$(RT_NT=1 $B/RayTetra --algorithm $A --threads 16 -p t $P.rtb /dev/null 20 2>&1 | m)
    c16=$($C/RayTetra --algorithm $A --threads 16 -p t $P.rtb /dev/null 20 2>&1 | m)
    echo "$r $P $A 1t A=$a1 B=$b1 C=$c1 16t A=$a16 B=$b16 C=$c16"
  done
done
done | tee $R/nt.txt
