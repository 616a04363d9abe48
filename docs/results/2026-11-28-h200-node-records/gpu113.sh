#!/usr/bin/env bash
# gpu113 (docs/results/2026-11-28-h200-node-records): the hierarchy's nodes in one 64-byte record
# each (bounds, links, skip: rt_walk_node.h; the working tree's program .devtools/bin-new and its
# kernels) against three arrays (98ff997's program .devtools/b98, whose walk is 9672a5a's but for
# the nodes, with 9672a5a's kernels .devtools/kv_head): six GPU walks on the four workloads, one
# H200, interleaved, two rounds, 5 repetitions; the per-ray files compared.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
B=$root/.devtools/b98
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
{ nvidia-smi -L; nproc; echo "gpu $gpu"; } > $OUT/host.txt 2>&1
t0=$(date +%s)
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && (cd /tmp/m && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1)
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/cube.rtm $root/.devtools/cube_big_tetra.mesh > /dev/null
echo "meshes made in $(( $(date +%s) - t0 )) s" >> $OUT/host.txt
workload() { case $1 in
  arm_camera) mesh=/tmp/m/arm.rtm; args=(--size 1920x1080);;
  cube_camera) mesh=/tmp/m/cube.rtm; args=(--size 1920x1080);;
  arm_aimed) mesh=/tmp/m/arm.rtm; args=(--aim vertices --aim-rays 200000);;
  cube_vertex) mesh=/tmp/m/cube.rtm; args=(--from-vertex 35445 --aim-rays 100000);;
esac; }
tw() { local k=$1; shift
  if [ $k = old ]; then RAYTETRA_CACHE_DIR=/tmp/c_old RAYTETRA_KERNEL_DIR=$root/.devtools/kv_head $B/TetWalk -n $gpu "$@"
  else RAYTETRA_CACHE_DIR=/tmp/c_new RAYTETRA_KERNEL_DIR=$root/kernels $root/.devtools/bin-new/TetWalk -n $gpu "$@"; fi; }
ALG=gpu_stp0,gpu_stp0r,gpu_aman,gpu_badouelb,gpu_segura1p,gpu_maria
w=$OUT/nodes.txt
for round in 1 2; do for k in old new; do for wl in arm_camera cube_camera arm_aimed cube_vertex; do
  workload $wl; echo "== round $round $k $wl" >> $w
  tw $k --reps 5 --algorithm $ALG "${args[@]}" $mesh 2>&1 | grep -E "^  GPU_|rror" | cut -c1-120 >> $w
done; done; echo "round $round done at $(( $(date +%s) - t0 )) s" >> $OUT/host.txt; done
for wl in arm_camera arm_aimed; do workload $wl; for a in gpu_stp0 gpu_stp0r gpu_aman; do
  for k in old new; do tw $k --reps 1 --algorithm $a "${args[@]}" --per-ray /tmp/m/$k.csv $mesh > /dev/null 2>&1; done
  cmp -s /tmp/m/old.csv /tmp/m/new.csv && echo "$a $wl: per-ray files identical" >> $OUT/same.txt || echo "$a $wl: per-ray files DIFFER" >> $OUT/same.txt
done; done
echo "all done at $(( $(date +%s) - t0 )) s" >> $OUT/host.txt
cat $OUT/host.txt $OUT/same.txt
awk '/^==/ { k = $4; wl = $5 } /^  GPU_/ { v[wl " " $1 " " k] = v[wl " " $1 " " k] " " $2 } END { for (x in v) print x, v[x] }' $w | sort
