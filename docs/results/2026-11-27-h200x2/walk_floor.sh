#!/usr/bin/env bash
# (1) Is armadillo's multi-GPU floor its slowest rays or the multi-device path? One GPU at 1/1,
# 1/2 and 1/4 of the camera's rays against 2 and 4 GPUs at full size. (2) Mesh ready time
# against cat on this host.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
out=$OUT/walk_floor.txt
{ nvidia-smi -L; nproc; } > $out 2>&1
gpus=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1 }' | paste -sd, -)
gpu=${gpus%%,*}; two=$(echo $gpus | cut -d, -f1-2)
( cd /tmp && cp $root/.devtools/armadillo.off . && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off >/dev/null )
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/arm.rtm /tmp/armadillo.1.ele > /dev/null
cp $root/.devtools/cube_big_tetra.mesh /tmp/cube.mesh
A=gpu_stp0,gpu_stp0r,gpu_aman
walk() { echo "== $*" >> $out; $B/TetWalk --reps 5 --algorithm $A "$@" 2>&1 | grep -E "^  GPU_" | cut -c1-110 >> $out; }
for mesh in /tmp/arm.rtm /tmp/cube.mesh; do
  for size in 1920x1080 1358x764 960x540 480x270; do walk --size $size --device $gpu $mesh; done
  walk --size 1920x1080 --devices $two $mesh
  walk --size 1920x1080 --devices $gpus $mesh
done
echo "== mesh ready" >> $out
for n in 1 16; do OMP_NUM_THREADS=$n RAYTETRA_BIN=$B bash $root/scripts/mesh_ready.sh /tmp/armadillo.1.ele 3 >> $out 2>&1; done
