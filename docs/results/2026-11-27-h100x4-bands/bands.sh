#!/usr/bin/env bash
# TetWalk --devices on 2 and 4 GPUs: contiguous chunks (RAYTETRA_WALK_BAND_RAYS=0) against bands
# dealt round the chunks (8192, 32768 rays a band), 1, 2 and 4 chunks a device, armadillo and
# cube_big_tetra camera 1920x1080, against one GPU.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
out=$OUT/bands.txt
{ nvidia-smi -L; nproc; } > $out 2>&1
gpus=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1 }' | paste -sd, -)
gpu=${gpus%%,*}
( cd /tmp && cp $root/.devtools/armadillo.off . && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off >/dev/null )
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/arm.rtm /tmp/armadillo.1.ele > /dev/null
cp $root/.devtools/cube_big_tetra.mesh /tmp/cube.mesh
n=2073600 A=gpu_stp0,gpu_stp0r,gpu_aman
walk() { $B/TetWalk --size 1920x1080 --reps 5 --algorithm $A "$@" 2>&1 | grep -E "^  GPU_" | cut -c1-100 >> $out; }
for mesh in /tmp/arm.rtm /tmp/cube.mesh; do
  echo "== $mesh one GPU" >> $out; walk --device $gpu $mesh
  for band in 0 8192 32768; do
    for per in 1 2 4; do
      c=$(( (n / 4 + per - 1) / per ))
      echo "== $mesh 4 GPUs, band $band, $per chunks a device (--chunk-rays $c)" >> $out
      RAYTETRA_WALK_BAND_RAYS=$band walk --devices $gpus --chunk-rays $c $mesh
    done
    for per in 1 2 4; do
      c=$(( (n / 2 + per - 1) / per ))
      echo "== $mesh 2 GPUs, band $band, $per chunks a device (--chunk-rays $c)" >> $out
      RAYTETRA_WALK_BAND_RAYS=$band walk --devices ${gpus%,*,*} --chunk-rays $c $mesh
    done
  done
done
