#!/usr/bin/env bash
# gpu114 (docs/results/2026-11-28-h200-node-records): the 13 GPU walks with the hierarchy's nodes
# in one record each (the working tree's program and kernels) on one H200 (-n) and on two
# (--devices) of a 2 x H200 host: armadillo's camera and its 200,000 rays aimed at vertices, one
# round, 5 repetitions.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
T=$root/.devtools/bin-new/TetWalk
gpus=$($root/.devtools/b98/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1 }' | paste -sd,)
g1=${gpus%%,*}
{ nvidia-smi -L; nproc; echo "gpus $gpus"; } > $OUT/host_2xh200.txt 2>&1
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && (cd /tmp/m && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1)
$T --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
ALG=gpu_segura0,gpu_segura1,gpu_segura2,gpu_stp0,gpu_stp1,gpu_stp2,gpu_segura0p,gpu_segura1p,gpu_segura2p,gpu_aman,gpu_badouelb,gpu_maria,gpu_stp0r
export RAYTETRA_CACHE_DIR=/tmp/c
w=$OUT/scaling_2xh200.txt
for wl in camera aimed; do
  [ $wl = camera ] && args=(--size 1920x1080) || args=(--aim vertices --aim-rays 200000)
  for where in one two; do
    [ $where = one ] && dev=(-n $g1) || dev=(--devices $gpus)
    echo "== $wl $where" >> $w
    $T "${dev[@]}" --reps 5 --algorithm $ALG "${args[@]}" /tmp/m/arm.rtm 2>&1 | grep -E "^  GPU_|rror" | cut -c1-120 >> $w
  done
done
awk '/^==/ { wl = $2; where = $3 } /^  GPU_/ { t[wl " " $1, where] = $2; k[wl " " $1] = 1 } END { for (x in k) printf "%s %.3f / %.3f (%.2f)\n", x, t[x, "one"], t[x, "two"], t[x, "one"] / t[x, "two"] }' $w | sort | tee $OUT/table.txt
