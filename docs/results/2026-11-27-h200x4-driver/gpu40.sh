#!/usr/bin/env bash
# gpu40: scripts/stream_bench.sh PAIRS (default 40000000) with the start-up and one-visible-GPU rows.
set -u
root=$PWD
PAIRS=${1:-40000000}
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_BIN=$root/.devtools/bin RAYTETRA_CACHE_DIR=/tmp/rtcache
{ nvidia-smi -L; nproc; lscpu | grep -E "Model name"; free -g | head -2; df -h /tmp | tail -1; } > $OUT/machine.txt 2>&1
cd /tmp && /usr/bin/time -f "stream_bench wall %e s" timeout 560 $root/scripts/stream_bench.sh $PAIRS > $OUT/stream_bench_$PAIRS.txt 2>&1
cat $OUT/stream_bench_$PAIRS.txt
