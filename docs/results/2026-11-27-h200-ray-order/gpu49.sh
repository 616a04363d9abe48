#!/usr/bin/env bash
# gpu49: does a warp of mixed rays hold a launch? armadillo's 1920x1080 camera rays (probe/camrays,
# TetWalk's default view) walked from a rays file in three orders: the camera's (pixel order, as
# --size walks them), sorted by their steps (most first: each warp's rays cost alike) and shuffled
# (no two neighbours together); one GPU and four; GPU_STP0, GPU_STP0R, GPU_Aman, 5 repetitions.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
gpus=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1 }' | paste -sd, -)
gpu=${gpus%%,*}
{ nvidia-smi -L; nproc; echo "gpus $gpus"; } > $OUT/host.txt 2>&1
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && cd /tmp/m && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
$root/.devtools/probe/camrays /tmp/m/arm.rtm 1920 1080 > /tmp/m/camera.txt
w=$OUT/orders.txt
run() { echo "== $*" >> $w; $B/TetWalk --reps 5 --algorithm gpu_stp0,gpu_stp0r,gpu_aman "$@" /tmp/m/arm.rtm 2>&1 | grep -E "^  GPU_|device [0-9]" | cut -c1-220 >> $w; }
run -n $gpu --size 1920x1080 --per-ray /tmp/m/size.csv
run -n $gpu --rays /tmp/m/camera.txt --per-ray /tmp/m/camera.csv
cmp -s /tmp/m/size.csv /tmp/m/camera.csv && echo "the rays file walks as --size does: per-ray files the same" >> $w
n=$(head -1 /tmp/m/camera.txt)
{ echo $n; tail -n +2 /tmp/m/camera.txt | paste -d' ' - <(tail -n +2 /tmp/m/camera.csv | cut -d, -f2) | sort -s -k7,7nr | cut -d' ' -f1-6; } > /tmp/m/sorted.txt
{ echo $n; tail -n +2 /tmp/m/camera.txt | shuf --random-source=<(yes) ; } > /tmp/m/shuffled.txt
run -n $gpu --rays /tmp/m/sorted.txt --per-ray /tmp/m/sorted.csv
run -n $gpu --rays /tmp/m/shuffled.txt
run --devices $gpus --rays /tmp/m/camera.txt
run --devices $gpus --rays /tmp/m/sorted.txt
run --devices $gpus --rays /tmp/m/shuffled.txt
echo "steps per ray, sorted: first $(sed -n 2p /tmp/m/sorted.csv), 1000th $(sed -n 1001p /tmp/m/sorted.csv), 100000th $(sed -n 100001p /tmp/m/sorted.csv), 300000th $(sed -n 300001p /tmp/m/sorted.csv)" >> $w
awk -F, 'NR > 1 { s += $2; if ($2 > 0) n++ } END { print "rays with steps: " n " of " NR - 1 ", steps " s }' /tmp/m/camera.csv >> $w
grep -E "^==|^  GPU_|same|steps" $w | cut -c1-140
