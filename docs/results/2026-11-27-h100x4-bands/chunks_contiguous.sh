#!/usr/bin/env bash
# TetWalk --devices on 4 GPUs: the chunk size's effect (one chunk a device up to 16), armadillo and
# cube_big_tetra camera 1920x1080, GPU_STP0 and GPU_STP0R, against one GPU.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
{ nvidia-smi -L; nproc; } > $OUT/chunks4.txt 2>&1
gpus=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1 }' | paste -sd, -)
gpu=${gpus%%,*}
( cd /tmp && cp $root/.devtools/armadillo.off . && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off >/dev/null )
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/arm.rtm /tmp/armadillo.1.ele > /dev/null
cp $root/.devtools/cube_big_tetra.mesh /tmp/cube.mesh
n=2073600
for mesh in /tmp/arm.rtm /tmp/cube.mesh; do
  echo "== $mesh one GPU" >> $OUT/chunks4.txt
  $B/TetWalk --size 1920x1080 --reps 5 --device $gpu --algorithm gpu_stp0,gpu_stp0r,gpu_aman $mesh 2>&1 | grep -E "^  GPU_" | cut -c1-120 >> $OUT/chunks4.txt
  for per in 1 2 4 8; do
    c=$(( (n / 4 + per - 1) / per ))
    echo "== $mesh 4 GPUs, $per chunks a device (--chunk-rays $c)" >> $OUT/chunks4.txt
    $B/TetWalk --size 1920x1080 --reps 5 --devices $gpus --chunk-rays $c --algorithm gpu_stp0,gpu_stp0r,gpu_aman $mesh 2>&1 | grep -E "^  GPU_" | cut -c1-120 >> $OUT/chunks4.txt
  done
  c=$(( n / 2 ))
  echo "== $mesh 2 GPUs, 1 chunk a device" >> $OUT/chunks4.txt
  $B/TetWalk --size 1920x1080 --reps 5 --devices ${gpus%,*,*} --chunk-rays $c --algorithm gpu_stp0,gpu_stp0r,gpu_aman $mesh 2>&1 | grep -E "^  GPU_" | cut -c1-120 >> $OUT/chunks4.txt
done
