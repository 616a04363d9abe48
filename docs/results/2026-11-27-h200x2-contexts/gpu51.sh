#!/usr/bin/env bash
# gpu51: NVIDIA's contexts for every GPU made and released three ways (probe/clshared.c): one a
# GPU one after another, one a GPU each on its own thread (RayTetra's --devices), one context
# holding every GPU; whole processes, interleaved, six rounds.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
{ nvidia-smi -L; nproc; } > $OUT/host.txt 2>&1
o=$OUT/contexts.txt
for round in 1 2 3 4 5 6; do
  for mode in serial threads shared; do
    s=$(date +%s%N)
    line=$($root/.devtools/probe/clshared $mode)
    e=$(date +%s%N)
    echo "$line; process $(( (e - s) / 1000000 )) ms" >> $o
  done
done
cat $o
