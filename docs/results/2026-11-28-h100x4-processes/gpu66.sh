#!/usr/bin/env bash
# gpu66: the register cap against the slowest warps: armadillo's camera (1920x1080) with
# GPU_STP0, GPU_STP0R and GPU_Aman built with -cl-nv-maxrregcount=128 (TetWalk's own), 168 and
# 255 (RAYTETRA_CL_OPTIONS, added after TetWalk's options), on one GPU and on all, 5 repetitions,
# two interleaved rounds.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
gpus=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1 }' | paste -sd, -)
g1=${gpus%%,*}
o=$OUT/register_cap.txt
{ nvidia-smi -L; nproc; echo "GPUs $gpus"; } > $o
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && cd /tmp/m
[ -s /tmp/m/arm.rtm ] || { $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1;
  $B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null; }
for round in 1 2; do
  for cap in 128 168 255; do
    for d in $g1 $gpus; do
      echo "== round $round cap $cap --devices $d" >> $o
      RAYTETRA_CL_OPTIONS="-cl-nv-maxrregcount=$cap" $B/TetWalk --reps 5 --algorithm gpu_stp0,gpu_stp0r,gpu_aman --devices $d --size 1920x1080 --per-ray /tmp/m/c$cap.csv /tmp/m/arm.rtm 2>&1 | grep -E "^  GPU_" | cut -c1-120 >> $o
    done
  done
done
cmp /tmp/m/c128.csv /tmp/m/c255.csv && cmp /tmp/m/c128.csv /tmp/m/c168.csv && echo "per-ray files the same for every cap" >> $o
cat $o
