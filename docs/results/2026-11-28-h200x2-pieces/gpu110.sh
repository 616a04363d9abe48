#!/usr/bin/env bash
# gpu110 (docs/results/2026-11-28-h200x2-pieces): armadillo's camera at 1920x1080 with every ray
# that crosses tetrahedra cut into pieces of at most S of them (pieces.c; S = 0: the rays as they
# are), walked on one H200 and on two: GPU_STP0 and GPU_STP0R, the pieces with the kernels of
# pieces.patch built with -DRT_WALK_PIECES=S (.devtools/kpieces), the whole rays with the working
# tree's; the working tree's program (.devtools/bin-new); 5 repetitions, two rounds.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
T=$root/.devtools/bin-new/TetWalk
gpus=$($root/.devtools/b98/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1 }' | paste -sd,)
g1=${gpus%%,*}
{ nvidia-smi -L; nproc; echo "gpus $gpus"; } > $OUT/host.txt 2>&1
t0=$(date +%s)
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && (cd /tmp/m && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1)
$T --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
for S in 0 16 32 64; do $root/.devtools/pieces /tmp/m/arm.rtm 1920 1080 $S > /tmp/m/p$S.txt 2>> $OUT/pieces.txt & done; wait
echo "mesh and rays made in $(( $(date +%s) - t0 )) s" >> $OUT/host.txt
run() { local S=$1; shift
  if [ $S = 0 ]; then RAYTETRA_CACHE_DIR=/tmp/c0 RAYTETRA_KERNEL_DIR=$root/kernels $T "$@"
  else RAYTETRA_CACHE_DIR=/tmp/c$S RAYTETRA_KERNEL_DIR=$root/.devtools/kpieces RAYTETRA_CL_OPTIONS="-DRT_WALK_PIECES=$S" $T "$@"; fi; }
w=$OUT/pieces_2xh200.txt
for round in 1 2; do for S in 0 16 32 64; do for where in one two; do
  [ $where = one ] && dev=(-n $g1) || dev=(--devices $gpus)
  echo "== round $round S $S $where" >> $w
  run $S "${dev[@]}" --reps 5 --algorithm gpu_stp0,gpu_stp0r --rays /tmp/m/p$S.txt /tmp/m/arm.rtm 2>&1 | grep -E "^  GPU_|^GPU_[A-Za-z0-9]+: device|start inside|rror" | cut -c1-150 >> $w
done; done; echo "round $round done at $(( $(date +%s) - t0 )) s" >> $OUT/host.txt; done
cat $OUT/host.txt $OUT/pieces.txt
awk '/^==/ { tag = $3 " " $5 " " $6 } /^  GPU_/ { print tag, $1, $2 }' $w
