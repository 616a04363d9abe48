#!/usr/bin/env bash
# gpu96: how much of a warp's time is the hierarchy's traversal and boundary tests? The kernels of
# 904eefb with and without the segments' walk (-DRT_PROBE_NO_WALK, nowalk.patch), one H200.
set -u
root=$PWD
P=$root/.devtools/p96
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_CACHE_DIR=/tmp/rtcache RAYTETRA_KERNEL_DIR=$P/kernels
B=$root/.devtools/bin
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
{ nvidia-smi -L; nproc; echo "gpu $gpu"; } > $OUT/host.txt 2>&1
t0=$(date +%s)
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && (cd /tmp/m && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1)
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
$root/.devtools/probe/camrays /tmp/m/arm.rtm 1920 1080 > /tmp/m/camera.txt
echo "inputs made in $(( $(date +%s) - t0 )) s" >> $OUT/host.txt
w=$OUT/nowalk.txt
run() { local o=$1 name=$2; shift 2; echo "== ${o:-full} $name: $*" >> $w
  RAYTETRA_CL_OPTIONS="$o" $B/TetWalk -n $gpu --algorithm gpu_stp0,gpu_stp0r,gpu_aman "$@" /tmp/m/arm.rtm 2>&1 | grep -E "^  GPU_|rror" | cut -c1-200 >> $w; }
for round in 1 2; do
  echo "# round $round" >> $w
  for o in "" -DRT_PROBE_NO_WALK; do
    run "$o" top1 --reps 20 --rays $P/top1.txt
    run "$o" natwarp --reps 20 --rays $P/natwarp.txt
    run "$o" natwarp_ls1 --reps 20 --rays $P/natwarp.txt --local-size 1
    run "$o" top32 --reps 20 --rays $P/top32.txt
    run "$o" camera --reps 9 --rays /tmp/m/camera.txt
  done
done
echo "all done at $(( $(date +%s) - t0 )) s" >> $OUT/host.txt
cat $OUT/host.txt
