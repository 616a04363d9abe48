#!/usr/bin/env bash
# gpu65: what a repetition on one, two and four GPUs costs whatever its rays: cube_big_tetra,
# 1,000, 10,000 and 100,000 rays from vertex 35445 and the camera at 64x64, GPU_Aman, GPU_STP0 and
# GPU_STP0R, 9 repetitions, with each device's line.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
gpus=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1 }' | paste -sd, -)
g1=${gpus%%,*}
g2=$(echo $gpus | cut -d, -f1-2)
o=$OUT/small_launches.txt
{ nvidia-smi -L; nproc; echo "GPUs $gpus"; } > $o
mkdir -p /tmp/m
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/cube.rtm $root/.devtools/cube_big_tetra.mesh > /dev/null
for w in 1000 10000 100000 camera; do
  case $w in camera) args=(--size 64x64);; *) args=(--from-vertex 35445 --aim-rays $w);; esac
  for d in $g1 $g2 $gpus; do
    echo "== $w --devices $d" >> $o
    $B/TetWalk --reps 9 --algorithm gpu_aman,gpu_stp0,gpu_stp0r --devices $d "${args[@]}" /tmp/m/cube.rtm 2>&1 | grep -E "^  GPU_|^GPU_.*device" | cut -c1-230 >> $o
  done
done
cat $o
