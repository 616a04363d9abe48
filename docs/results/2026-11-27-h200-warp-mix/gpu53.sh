#!/usr/bin/env bash
# gpu53: is the costliest warp slow because of one ray's chain or because its 32 rays' paths
# run one after another? armadillo's camera rays sorted by GPU_STP0's steps; the costliest ray
# alone, the same ray 32 times (one warp, one path), the 32 costliest in one work-group of 64
# and in work-groups of 1 (32 warps), a ray with no step (the launch); and ptxas' report.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
{ nvidia-smi -L; nproc; echo "gpu $gpu"; } > $OUT/host.txt 2>&1
for m in "1 0 stp0" "7 0 aman" "3 0 stp0r"; do set -- $m
  echo "== $3: -cl-nv-maxrregcount=128" >> $OUT/ptxas.txt
  $root/.devtools/probe/clbuildlog $root/kernels/TetWalk.cl "-cl-std=CL1.2 -I $root/kernels/shared -DRT_WALK_METHOD=$1 -DRT_WALK_FORM=$2 -cl-nv-maxrregcount=128 -cl-nv-verbose" 2>&1 | grep -iE "status|registers|stack|spill|tet_walk|error" >> $OUT/ptxas.txt
done
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && cd /tmp/m && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
$root/.devtools/probe/camrays /tmp/m/arm.rtm 1920 1080 > /tmp/m/camera.txt
$B/TetWalk -n $gpu --reps 1 --algorithm gpu_stp0 --rays /tmp/m/camera.txt --per-ray /tmp/m/camera.csv /tmp/m/arm.rtm > /dev/null
tail -n +2 /tmp/m/camera.txt | paste -d' ' - <(tail -n +2 /tmp/m/camera.csv | cut -d, -f2) | sort -s -k7,7nr > /tmp/m/sorted7.txt
w=$OUT/warp.txt
head -3 /tmp/m/sorted7.txt > $OUT/top3.txt
run() { local name=$1; shift; echo "== $name: $*" >> $w; $B/TetWalk -n $gpu --reps 30 --algorithm gpu_stp0,gpu_aman "$@" /tmp/m/arm.rtm 2>&1 | grep -E "^  GPU_" | cut -c1-200 >> $w; }
{ echo 1; head -1 /tmp/m/sorted7.txt | cut -d' ' -f1-6; } > /tmp/m/top1.txt
{ echo 32; for i in $(seq 32); do head -1 /tmp/m/sorted7.txt | cut -d' ' -f1-6; done; } > /tmp/m/dup32.txt
{ echo 32; head -32 /tmp/m/sorted7.txt | cut -d' ' -f1-6; } > /tmp/m/top32.txt
{ echo 1024; head -1024 /tmp/m/sorted7.txt | cut -d' ' -f1-6; } > /tmp/m/top1024.txt
{ echo 1; tail -1 /tmp/m/sorted7.txt | cut -d' ' -f1-6; } > /tmp/m/none1.txt
run none1 --rays /tmp/m/none1.txt
run top1 --rays /tmp/m/top1.txt
run dup32 --rays /tmp/m/dup32.txt
run top32 --rays /tmp/m/top32.txt
run top32_ls1 --rays /tmp/m/top32.txt --local-size 1
run top32_ls8 --rays /tmp/m/top32.txt --local-size 8
run top1024 --rays /tmp/m/top1024.txt
run top1024_ls1 --rays /tmp/m/top1024.txt --local-size 1
run top1024_ls8 --rays /tmp/m/top1024.txt --local-size 8
run camera --rays /tmp/m/camera.txt --reps 9
run camera_ls32 --rays /tmp/m/camera.txt --local-size 32
cat $OUT/ptxas.txt; cat $w | cut -c1-150
