#!/usr/bin/env bash
# GPU_STP0R on armadillo's camera rays: the kernels before the adaptive stages (k0), now, and now
# with the struct returned by value again (k2), same host program.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
out=$OUT/stp0r_ab.txt
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
( cd /tmp && cp $root/.devtools/armadillo.off . && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off >/dev/null )
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/arm.rtm /tmp/armadillo.1.ele > /dev/null
for round in 1 2; do
for k in k0 kernels k2; do
  dir=$root/.devtools/$k; [ $k = kernels ] && dir=$root/kernels
  echo "== $k round $round" >> $out
  RAYTETRA_KERNEL_DIR=$dir $B/TetWalk --size 1920x1080 --reps 5 --algorithm gpu_stp0,gpu_stp0r --device $gpu /tmp/arm.rtm 2>&1 | grep -E "^  GPU_" | cut -c1-110 >> $out
  RAYTETRA_KERNEL_DIR=$dir $B/TetWalk --aim-rays 200000 --aim vertices --reps 5 --algorithm gpu_stp0,gpu_stp0r --device $gpu /tmp/arm.rtm 2>&1 | grep -E "^  GPU_" | cut -c1-110 >> $out
done
done
