#!/usr/bin/env bash
# GPU_STP0 and GPU_STP0R on armadillo's camera rays: main at 1e0b5f5 (old) against 6ce62d7 (new),
# alternating, on one GPU.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
nvidia-smi -L > $OUT/old_new.txt
gpu=$($root/.devtools/bin/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
( cd /tmp && cp $root/.devtools/armadillo.off . && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off >/dev/null )
$root/.devtools/bin/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/arm.rtm /tmp/armadillo.1.ele > /dev/null
for round in 1 2 3; do
  for v in old new; do
    if [ $v = old ]; then tw=$root/.devtools/old/TetWalk k=$root/.devtools/old/kernels; else tw=$root/.devtools/bin/TetWalk k=$root/kernels; fi
    echo "== round $round $v" >> $OUT/old_new.txt
    RAYTETRA_KERNEL_DIR=$k RAYTETRA_CACHE_DIR=/tmp/rtc-$v $tw --size 1920x1080 --reps 5 --device $gpu \
        --algorithm gpu_stp0,gpu_stp0r,gpu_stp2 /tmp/armadillo.1.ele 2>&1 | grep -E "^  GPU_" >> $OUT/old_new.txt
  done
done
