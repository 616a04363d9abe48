#!/usr/bin/env bash
# gpu60: kv5 (the work-group's rays search and walk in rounds together, barriers between
# rounds) against the kernel as it is, on one GPU and on every GPU of the host.
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
w=$OUT/devices.txt
run() { local name=$1; shift; echo "== $name: $*" >> $w; $B/TetWalk "$@" 2>&1 | grep -E "^  GPU_" | cut -c1-200 >> $w; }
g="--reps 9 --algorithm gpu_stp0,gpu_stp0r,gpu_aman,gpu_badouelb"
for k in kernels .devtools/kv5 kernels .devtools/kv5; do
  export RAYTETRA_KERNEL_DIR=$root/$k
  echo "#### $k" >> $w
  run "armadillo camera one GPU" -n $gpu $g --size 1920x1080 /tmp/m/arm.rtm
  run "armadillo camera every GPU" --devices all $g --size 1920x1080 /tmp/m/arm.rtm
  run "armadillo vertices one GPU" -n $gpu $g --aim vertices --aim-rays 200000 /tmp/m/arm.rtm
  run "armadillo vertices every GPU" --devices all $g --aim vertices --aim-rays 200000 /tmp/m/arm.rtm
  run "cube camera one GPU" -n $gpu $g --size 1920x1080 $root/.devtools/cube_big_tetra.mesh
  run "cube camera every GPU" --devices all $g --size 1920x1080 $root/.devtools/cube_big_tetra.mesh
done
cat $w | cut -c1-110
