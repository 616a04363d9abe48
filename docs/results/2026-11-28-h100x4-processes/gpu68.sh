#!/usr/bin/env bash
# gpu68: do warps of compact blocks of the picture walk faster than runs of one row? Armadillo's
# 1920x1080 camera rays (probe/camrays, TetWalk's default view) walked from a rays file in pixel
# order and tile by tile (8x4, 4x8 and 16x2 pixels: tiles.py), GPU_STP0, GPU_STP0R and GPU_Aman,
# 5 repetitions, on one GPU (--device) and on all (the crew's build, TetWalk.crew); two rounds.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
gpus=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1 }' | paste -sd, -)
g1=${gpus%%,*}
o=$OUT/tiles.txt
{ nvidia-smi -L; nproc; echo "GPUs $gpus"; } > $o
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && cd /tmp/m
$root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
$root/.devtools/probe/camrays /tmp/m/arm.rtm 1920 1080 > /tmp/m/pixels.txt
T=$root/docs/results/2026-11-28-h100x4-processes/tiles.py
python3 $T 1920 1080 8 4 < pixels.txt > t8x4.txt
python3 $T 1920 1080 4 8 < pixels.txt > t4x8.txt
python3 $T 1920 1080 16 2 < pixels.txt > t16x2.txt
for round in 1 2; do
  for order in pixels t8x4 t4x8 t16x2; do
    for d in "--device $g1" "--devices $gpus"; do
      echo "== round $round $order $d" >> $o
      $B/TetWalk.crew --reps 5 --algorithm gpu_stp0,gpu_stp0r,gpu_aman $d --rays /tmp/m/$order.txt /tmp/m/arm.rtm 2>&1 | grep -E "^  GPU_" | cut -c1-140 >> $o
    done
  done
done
cat $o
