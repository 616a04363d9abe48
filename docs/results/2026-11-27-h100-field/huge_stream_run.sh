#!/usr/bin/env bash
# 1,000,000,000 pairs through one GPU from a pipe, --max-memory 1G, every result checked.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_BIN=$root/.devtools/bin RAYTETRA_CACHE_DIR=/tmp/rtcache
{ nvidia-smi -L; nproc; free -g | head -2; df -h /tmp | tail -1; } > $OUT/huge_stream.txt 2>&1
timeout 560 scripts/huge_stream.sh --pairs 1000000000 --block 10000000 --max-memory 1G >> $OUT/huge_stream.txt 2>&1
echo "exit $?" >> $OUT/huge_stream.txt
