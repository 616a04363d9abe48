#!/usr/bin/env bash
# gpu73: scripts/stream_bench.sh 40000000 with commit df4a30d (the pages' lead and windows bounded
# by the budget and the write-back threshold), and the start-up, stage and pages lines of one
# run on four GPUs.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
{ nvidia-smi -L; nproc; uname -r; cat /proc/sys/vm/dirty_background_ratio /proc/sys/vm/dirty_background_bytes; grep MemAvailable /proc/meminfo; } > $OUT/host.txt 2>&1
RAYTETRA_BIN=$B scripts/stream_bench.sh 40000000 > $OUT/stream_bench.txt 2>&1
cat $OUT/stream_bench.txt
mkdir -p /tmp/s && cd /tmp/s && $B/RandomRayTetra p.rtb -i 20000000 -n 20000000 > /dev/null
$B/RayTetra -g 1 --devices all -p r p.rtb o.rtb 1 > /dev/null 2>&1; rm -f o.rtb; sync
$B/RayTetra -g 1 --devices all -p r p.rtb o.rtb 1 2>&1 | grep -E "^stages|^start-up|^output" > $OUT/lines.txt
cat $OUT/lines.txt
rm -rf /tmp/s
