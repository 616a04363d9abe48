#!/usr/bin/env bash
# gpu112 (docs/results/2026-11-28-h200x2-pieces): gpu111.sh's runs on cube_big_tetra's camera
# (a convex mesh: one segment a ray), with pieces of at most 16 tetrahedra instead of 8.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
T=$root/.devtools/bin-new/TetWalk
gpus=$($root/.devtools/b98/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1 }' | paste -sd,)
g1=${gpus%%,*}
{ nvidia-smi -L; nproc; echo "gpus $gpus"; } > $OUT/host3.txt 2>&1
t0=$(date +%s)
mkdir -p /tmp/m && $T --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/cube.rtm $root/.devtools/cube_big_tetra.mesh > /dev/null
for S in 0 16 100000 -1; do $root/.devtools/pieces /tmp/m/cube.rtm 1920 1080 $S > /tmp/m/p$S.txt 2>> $OUT/cube_pieces.txt & done; wait
echo "mesh and rays made in $(( $(date +%s) - t0 )) s" >> $OUT/host3.txt
run() { local S=$1; shift
  if [ $S = 0 ] || [ $S = -1 ]; then RAYTETRA_CACHE_DIR=/tmp/c0 RAYTETRA_KERNEL_DIR=$root/kernels $T "$@"
  else RAYTETRA_CACHE_DIR=/tmp/c$S RAYTETRA_KERNEL_DIR=$root/.devtools/kpieces RAYTETRA_CL_OPTIONS="-DRT_WALK_PIECES=$S" $T "$@"; fi; }
w=$OUT/cube_2xh200.txt
for round in 1 2; do for S in 0 16 100000 -1; do for where in one two; do
  [ $where = one ] && dev=(-n $g1) || dev=(--devices $gpus)
  echo "== round $round S $S $where" >> $w
  run $S "${dev[@]}" --reps 5 --algorithm gpu_stp0,gpu_stp0r --rays /tmp/m/p$S.txt /tmp/m/cube.rtm 2>&1 | grep -E "^  GPU_|^GPU_[A-Za-z0-9]+: device|start inside|rror" | cut -c1-150 >> $w
done; done; echo "round $round done at $(( $(date +%s) - t0 )) s" >> $OUT/host3.txt; done
cat $OUT/host3.txt $OUT/cube_pieces.txt
awk '/^==/ { tag = $3 " " $5 " " $6 } /^  GPU_/ { print tag, $1, $2 }' $w
