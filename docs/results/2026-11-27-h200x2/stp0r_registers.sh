#!/usr/bin/env bash
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools RAYTETRA_CACHE_DIR=/tmp/rtcache RAYTETRA_KERNEL_DIR=$root/kernels
B=$root/.devtools/bin
out=$OUT/stp0r_regs.txt
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
[ -e /tmp/arm.rtm ] || { ( cd /tmp && cp $root/.devtools/armadillo.off . && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off >/dev/null ); $B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/arm.rtm /tmp/armadillo.1.ele > /dev/null; }
for r in none 64 96 128 168 200; do
  opt=; [ $r = none ] || opt="-cl-nv-maxrregcount=$r"
  echo "== $r" >> $out
  RAYTETRA_CL_OPTIONS="$opt" $B/TetWalk --size 1920x1080 --reps 5 --algorithm gpu_stp0r --device $gpu /tmp/arm.rtm 2>&1 | grep -E "^  GPU_" | cut -c1-110 >> $out
  RAYTETRA_CL_OPTIONS="$opt" $B/TetWalk --aim-rays 200000 --aim vertices --reps 5 --algorithm gpu_stp0r --device $gpu /tmp/arm.rtm 2>&1 | grep -E "^  GPU_" | cut -c1-110 >> $out
done
