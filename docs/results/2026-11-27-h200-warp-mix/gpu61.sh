#!/usr/bin/env bash
# gpu61: kv6 (kv5's rounds in one loop with the barriers at its top, the form PoCL runs) against
# the kernel as it is, one GPU, armadillo's and cube_big_tetra's cameras.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
{ nvidia-smi -L; nproc; echo "gpu $gpu"; } > $OUT/host.txt 2>&1
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && cd /tmp/m && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1
RAYTETRA_KERNEL_DIR=$root/kernels $B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
w=$OUT/kv6.txt
run() { local name=$1; shift; echo "== $name: $*" >> $w; $B/TetWalk "$@" 2>&1 | grep -E "^  GPU_" | cut -c1-200 >> $w; }
g="-n $gpu --reps 5 --algorithm gpu_stp0,gpu_stp0r,gpu_aman,gpu_badouelb --size 1920x1080"
for k in kernels .devtools/kv6; do
  export RAYTETRA_KERNEL_DIR=$root/$k
  echo "#### $k" >> $w
  run "armadillo camera" $g --per-ray /tmp/m/cam_$(basename $k).csv /tmp/m/arm.rtm
  run "cube camera" $g $root/.devtools/cube_big_tetra.mesh
done
cmp /tmp/m/cam_kernels.csv /tmp/m/cam_kv6.csv && echo "armadillo camera GPU_STP0 per-ray CSV identical" >> $w
cat $w | cut -c1-110
