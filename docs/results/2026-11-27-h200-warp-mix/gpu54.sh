#!/usr/bin/env bash
# gpu54: which walks lose time when a warp holds 32 different costly rays (one work-group of 64)
# against 32 warps of one ray each (--local-size 1); and kv1 (form 0's three faces all tested,
# the first passing one chosen by selects) against the kernel as it is.
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
$B/TetWalk -n $gpu --reps 1 --algorithm gpu_stp0 --rays /tmp/m/camera.txt --per-ray /tmp/m/camera.csv /tmp/m/arm.rtm > /dev/null
tail -n +2 /tmp/m/camera.txt | paste -d' ' - <(tail -n +2 /tmp/m/camera.csv | cut -d, -f2) | sort -s -k7,7nr > /tmp/m/sorted7.txt
{ echo 1; head -1 /tmp/m/sorted7.txt | cut -d' ' -f1-6; } > /tmp/m/top1.txt
{ echo 32; head -32 /tmp/m/sorted7.txt | cut -d' ' -f1-6; } > /tmp/m/top32.txt
{ echo 1024; head -1024 /tmp/m/sorted7.txt | cut -d' ' -f1-6; } > /tmp/m/top1024.txt
w=$OUT/algorithms.txt
run() { local name=$1 algs=$2; shift 2; echo "== $name: $algs $*" >> $w; $B/TetWalk -n $gpu --reps 20 --algorithm $algs "$@" /tmp/m/arm.rtm 2>&1 | grep -E "^  GPU_" | cut -c1-200 >> $w; }
all=gpu_stp0,gpu_stp1,gpu_stp2,gpu_pluecker0p,gpu_badouelb,gpu_maria,gpu_aman,gpu_stp0r
run top1 $all --rays /tmp/m/top1.txt
run top32 $all --rays /tmp/m/top32.txt
run top32_ls1 $all --rays /tmp/m/top32.txt --local-size 1
w=$OUT/kv1.txt
for k in kernels .devtools/kv1 kernels .devtools/kv1; do
  export RAYTETRA_KERNEL_DIR=$root/$k
  echo "#### $k" >> $w
  run top1 gpu_stp0 --rays /tmp/m/top1.txt
  run top32 gpu_stp0 --rays /tmp/m/top32.txt
  run top32_ls1 gpu_stp0 --rays /tmp/m/top32.txt --local-size 1
  run top1024 gpu_stp0 --rays /tmp/m/top1024.txt
  run camera gpu_stp0 --rays /tmp/m/camera.txt --per-ray /tmp/m/$(basename $k).csv
done
cmp /tmp/m/kernels.csv /tmp/m/kv1.csv && echo "per-ray CSV of kv1 identical to the kernel's" >> $w
cat $OUT/algorithms.txt $w | cut -c1-150
