#!/usr/bin/env bash
# gpu50: how long the costliest rays alone take: armadillo's 1920x1080 camera rays sorted by their
# steps (most first, as gpu49.sh), the first 32 (one warp), 1,024, 32,768, the 204,874 that take
# steps, and the 1,868,726 that take none; one GPU, GPU_STP0, GPU_STP0R, GPU_Aman, 9 repetitions.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
{ nvidia-smi -L; nproc; echo "gpu $gpu"; } > $OUT/host.txt 2>&1
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && cd /tmp/m && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
$root/.devtools/probe/camrays /tmp/m/arm.rtm 1920 1080 > /tmp/m/camera.txt
w=$OUT/costliest.txt
run() { echo "== $*" >> $w; $B/TetWalk -n $gpu --reps 9 --algorithm gpu_stp0,gpu_stp0r,gpu_aman "$@" /tmp/m/arm.rtm 2>&1 | grep -E "^  GPU_" | cut -c1-220 >> $w; }
run --rays /tmp/m/camera.txt --per-ray /tmp/m/camera.csv
tail -n +2 /tmp/m/camera.txt | paste -d' ' - <(tail -n +2 /tmp/m/camera.csv | cut -d, -f2) | sort -s -k7,7nr > /tmp/m/sorted7.txt
part() { # part NAME FIRST COUNT: rays FIRST .. FIRST+COUNT-1 of the sorted list
    { echo $3; tail -n +$2 /tmp/m/sorted7.txt | head -n $3 | cut -d' ' -f1-6; } > /tmp/m/$1.txt
    run --rays /tmp/m/$1.txt
}
part top32 1 32
part top1024 1 1024
part top32768 1 32768
part stepping 1 204874
part none 204875 1868726
echo "steps of the sorted rays: 1st $(sed -n 1p /tmp/m/sorted7.txt | cut -d' ' -f7), 32nd $(sed -n 32p /tmp/m/sorted7.txt | cut -d' ' -f7), 1024th $(sed -n 1024p /tmp/m/sorted7.txt | cut -d' ' -f7), 32768th $(sed -n 32768p /tmp/m/sorted7.txt | cut -d' ' -f7)" >> $w
cat $w | cut -c1-150
