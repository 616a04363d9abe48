#!/usr/bin/env bash
# gpu83: the tetrahedron's 32-byte record read as two 16-byte loads (kv_vec/, the kernels with
# that change) against eight 4-byte ones (kernels/): one GPU, GPU_STP0 and GPU_STP0R,
# armadillo's 32 and 1,024 costliest camera rays and its whole camera, interleaved.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
T=$B/TetWalk
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
o=$OUT/vector.txt
{ nvidia-smi -L; echo "gpu $gpu"; } > $o
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && cd /tmp/m
$root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1
$T --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
$root/.devtools/probe/camrays /tmp/m/arm.rtm 1920 1080 > /tmp/m/camera.txt
RAYTETRA_KERNEL_DIR=$root/kernels $T -n $gpu --reps 1 --algorithm gpu_stp0 --rays /tmp/m/camera.txt --per-ray /tmp/m/camera.csv /tmp/m/arm.rtm > /dev/null 2>&1
tail -n +2 /tmp/m/camera.txt | paste -d' ' - <(tail -n +2 /tmp/m/camera.csv | cut -d, -f2) | sort -s -k7,7nr > /tmp/m/sorted7.txt
for n in 32 1024; do { echo $n; head -n $n /tmp/m/sorted7.txt | cut -d' ' -f1-6; } > /tmp/m/top$n.txt; done
walk() { # LABEL KERNELS ARGS...
  local label=$1 dir=$2; shift 2
  echo "== $label $dir" >> $o
  RAYTETRA_KERNEL_DIR=$root/$dir $T -n $gpu --reps 5 --algorithm gpu_stp0,gpu_stp0r "$@" --per-ray /tmp/m/pr_$dir.csv /tmp/m/arm.rtm 2>&1 | grep -E "^  GPU_" | cut -c1-90 >> $o
}
for w in top32 top1024 camera camera; do
  for dir in kernels kv_vec; do walk $w $dir --rays /tmp/m/$w.txt; done
  cmp -s /tmp/m/pr_kernels.csv /tmp/m/pr_kv_vec.csv && echo "per-ray same" >> $o || echo "per-ray DIFFERS" >> $o
done
cat $o | cut -c1-90
