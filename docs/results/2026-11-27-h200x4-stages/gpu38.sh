#!/usr/bin/env bash
# gpu38: where armadillo's camera walk loses on several GPUs: one GPU through the single-device
# path and through the several-device runner, two and four GPUs, and one GPU on a half and a
# quarter of the rays (the same picture, fewer pixels).
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
gpus=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1 }' | paste -sd, -)
gpu=${gpus%%,*}
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && cd /tmp/m && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
w=$OUT/walks.txt
run() { echo "== $*" >> $w; $B/TetWalk --reps 7 --algorithm gpu_stp0,gpu_stp0r "$@" /tmp/m/arm.rtm 2>&1 | grep -E "^  GPU_|device [0-9]" | cut -c1-220 >> $w; }
run --device $gpu --size 1920x1080
run --devices $gpu --size 1920x1080
run --devices $(echo $gpus | cut -d, -f1-2) --size 1920x1080
run --devices $gpus --size 1920x1080
run --device $gpu --size 1920x540
run --device $gpu --size 960x540
run --device $gpu --size 3840x2160
run --devices $gpus --size 3840x2160
