#!/usr/bin/env bash
# The cores' clock with 1 and 16 busy cores (freq.c), and every
# CPU algorithm on 1 and 16 threads with the pairs in the caches (4,096 pairs a thread).
# (That second part gave 16-thread repetitions of 0.2-0.3 ms that spread 3-16x against one
# thread: too short to read. Its outputs are not kept; the clock figures are in
# freq-first-call.txt, and clock_scaling.c measures the same better.)
set -u
export LD_LIBRARY_PATH=$PWD/.devbuild/bin/lib
B=$PWD/.devbuild/bin; R=${OUT:-/tmp/out}; mkdir -p $R
N=$(nproc)
lscpu > $R/lscpu.txt 2>&1
{
  echo "one core alone:"; taskset -c 0 $B/freq; taskset -c 5 $B/freq
  echo "all $N cores at once:"
  for k in $(seq 0 $((N - 1))); do taskset -c $k $B/freq > $R/freq-$k.txt & done; wait
  cat $R/freq-*.txt | sort -n | tr '\n' ' '; echo
  echo "one core alone again:"; taskset -c 0 $B/freq
} > $R/freq.txt 2>&1
cat $R/freq.txt
W=/tmp/cache; mkdir -p $W; cd $W
P=$((4096 * N))
$B/RandomRayTetra c0.rtb -i 0 -n $P --seed 53 > gen.txt 2>&1
$B/RandomRayTetra c50.rtb -i $((P / 2)) -n $((P / 2)) --seed 53 >> gen.txt 2>&1
$B/RandomRayTetra c100.rtb -i $P -n 0 --seed 53 >> gen.txt 2>&1
for H in c0 c50 c100; do
  S=$(date +%s)
  timeout 170 $B/Bench --no-opencl --threads $N --long-csv $R/cache-long-$H.csv --json $R/cache-$H.json $H.rtb $R/cache-wide-$H.csv ${REPS:-300} > $R/cache-$H.txt 2>&1
  echo "rc=$? wall $(( $(date +%s) - S )) s" >> $R/cache-$H.txt
  tail -1 $R/cache-$H.txt
done
