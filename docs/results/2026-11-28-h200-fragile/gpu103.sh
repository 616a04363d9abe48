#!/usr/bin/env bash
# gpu103 (docs/results/2026-11-28-h200-fragile): what the robust walk's exact evaluation of a
# fragile boundary crossing costs on armadillo's camera: GPU_STP0R with 569658f's kernels
# (.devtools/kv_head) against the same kernels with that evaluation left out
# (.devtools/kv_nofragile, -DRT_PROBE_NO_FRAGILE: a probe, lengths may differ); then the register
# cap at 96, 128 and 168 for four walks on the two cameras.
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
w=$OUT/fragile.txt
for round in 1 2; do for k in head nofragile; do for wl in camera aimed; do
  [ $wl = camera ] && args=(--size 1920x1080) || args=(--aim vertices --aim-rays 200000)
  echo "== round $round $k $wl" >> $w
  RAYTETRA_CACHE_DIR=/tmp/c_$k RAYTETRA_KERNEL_DIR=$root/.devtools/kv_$k RAYTETRA_CL_OPTIONS="-DRT_PROBE_NO_FRAGILE" \
    $B/TetWalk -n $gpu --reps 9 --algorithm gpu_stp0r,gpu_stp0 "${args[@]}" /tmp/m/arm.rtm 2>&1 | grep -E "^  GPU_|rror" | cut -c1-120 >> $w
done; done; done
echo "fragile done at $(( $(date +%s) - t0 )) s" >> $OUT/host.txt
c=$OUT/caps.txt
for cap in 96 128 168; do for mesh in arm cube; do
  echo "== cap $cap $mesh" >> $c
  RAYTETRA_CACHE_DIR=/tmp/cap_$cap RAYTETRA_KERNEL_DIR=$root/.devtools/kv_head RAYTETRA_CL_OPTIONS="-cl-nv-maxrregcount=$cap" \
    $B/TetWalk -n $gpu --reps 5 --algorithm gpu_stp0,gpu_stp0r,gpu_segura0,gpu_segura1p,gpu_aman,gpu_maria --size 1920x1080 /tmp/m/$mesh.rtm 2>&1 | grep -E "^  GPU_|rror" | cut -c1-120 >> $c
done; done
echo "all done at $(( $(date +%s) - t0 )) s" >> $OUT/host.txt
cat $OUT/host.txt
