#!/usr/bin/env bash
# gpu39: scripts/stream_bench.sh 40000000 with the session's last build, beside RayTetra.base
# (291a339) for one GPU and four, twice each.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_BIN=$root/.devtools/bin RAYTETRA_CACHE_DIR=/tmp/rtcache
{ nvidia-smi -L; nproc; lscpu | grep -E "Model name"; } > $OUT/machine.txt 2>&1
cd /tmp && timeout 400 $root/scripts/stream_bench.sh 40000000 > $OUT/stream_bench.txt 2>&1
