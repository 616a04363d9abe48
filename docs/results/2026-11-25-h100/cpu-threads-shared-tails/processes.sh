#!/usr/bin/env bash
# 16 threads against one on the H100 host: separates the hardware's
# scaling (16 independent single-thread processes, one a core; from memory and in the cache)
# from the threads' (OpenMP team in one process, short and long repetitions).
set -u
export LD_LIBRARY_PATH=$PWD/.devbuild/bin/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
B=$PWD/.devbuild/bin; R=${OUT:-/tmp/out}; mkdir -p $R
N=${NCPU:-$(nproc)}; LAST=$((N-1))
ALGS=${ALGS:-stp0 stp1 pluecker0 haines stp0v moller1 stp1p}
lscpu > $R/lscpu.txt
W=/tmp/thr; mkdir -p $W; cd $W
$B/RandomRayTetra d2m.rtb -i 1000000 -n 1000000 --seed 52 > gen.txt 2>&1
$B/RandomRayTetra small.rtb -i 2048 -n 2048 --seed 53 >> gen.txt 2>&1
$B/RandomRayTetra d8m.rtb -i 4000000 -n 4000000 --seed 54 >> gen.txt 2>&1
secs() { awk "/mtests_per_s/{print \$NF}" "$1" | tail -1; }
for A in $ALGS; do
  taskset -c 0 $B/RayTetra --algorithm $A -p t d2m.rtb one.txt 10 > one.log 2>&1
  for k in $(seq 0 $LAST); do taskset -c $k $B/RayTetra --algorithm $A -p t d2m.rtb p$k.txt 10 > p$k.log 2>&1 & done; wait
  echo "$A memory: alone $(secs one.log) | $N processes: $(for k in $(seq 0 $LAST); do secs p$k.log; done | tr '\n' ' ')" >> $R/procs.txt
  taskset -c 0 $B/RayTetra --algorithm $A -p t small.rtb one.txt 4000 > one.log 2>&1
  for k in $(seq 0 $LAST); do taskset -c $k $B/RayTetra --algorithm $A -p t small.rtb p$k.txt 4000 > p$k.log 2>&1 & done; wait
  echo "$A cache: alone $(secs one.log) | $N processes: $(for k in $(seq 0 $LAST); do secs p$k.log; done | tr '\n' ' ')" >> $R/procs.txt
  for t in 1 $N; do
    $B/RayTetra --algorithm $A --threads $t -p t d8m.rtb th.txt 5 > th.log 2>&1
    echo "$A threads $t d8m x5: $(secs th.log)" >> $R/procs.txt
  done
  tail -5 $R/procs.txt
done
cp one.log $R/sample-one.log; cp th.log $R/sample-threads.log
