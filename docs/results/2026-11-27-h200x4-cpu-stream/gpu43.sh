#!/usr/bin/env bash
# gpu43: the streaming CPU run without the threads' copies (958b14f) against 6a0b02b, interleaved,
# 40,000,000 pairs file to file, three runs each; then scripts/stream_bench.sh 40000000 with 958b14f.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_BIN=$root/.devtools/bin RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$RAYTETRA_BIN
o=$OUT/cpu_side_by_side.txt
mkdir -p /tmp/s && $B/RandomRayTetra /tmp/s/p.rtb -i 20000000 -n 20000000 > /dev/null
cat /tmp/s/p.rtb > /dev/null
for round in 1 2 3; do
  for v in RayTetra.6a0b02b RayTetra; do
    rm -f /tmp/s/o.rtb; sync
    /usr/bin/time -f "$v: %e s wall, %U s user, %S s system" $B/$v -t 0 --threads 0 -p r /tmp/s/p.rtb /tmp/s/o.rtb 1 2>&1 | grep -E "wall|^stages" | cut -c1-400 >> $o
    cmp -s /tmp/s/o.rtb /tmp/s/first.rtb 2>/dev/null && echo "  output the same as the first run's" >> $o
    [ -f /tmp/s/first.rtb ] || cp /tmp/s/o.rtb /tmp/s/first.rtb
  done
done
rm -rf /tmp/s
cd /tmp && timeout 300 $root/scripts/stream_bench.sh 40000000 > $OUT/stream_bench_958b14f.txt 2>&1
cat $o $OUT/stream_bench_958b14f.txt
