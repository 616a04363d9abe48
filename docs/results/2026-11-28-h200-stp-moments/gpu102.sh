#!/usr/bin/env bash
# gpu102 (docs/results/2026-11-28-h200-stp-moments): in a kernel, the STP forms' edge moment
# L x v computed where a product needs it (the working tree's kernels) against the four moments
# kept from the step's preparation (566c187's kernels, .devtools/kv_head): ptxas' report, then
# GPU_STP0, GPU_STP1, GPU_STP2 on the four workloads, one H200, interleaved, two rounds, and
# their per-ray files compared.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export PATH=/usr/local/cuda/bin:$PATH
B=$root/.devtools/b98
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
{ nvidia-smi -L; nproc; echo "gpu $gpu"; } > $OUT/host.txt 2>&1
kdir() { [ $1 = old ] && echo $root/.devtools/kv_head || echo $root/kernels; }
ALG=gpu_stp0,gpu_stp1,gpu_stp2
for k in old new; do for a in ${ALG//,/ }; do
  rm -rf /tmp/p_$k; mkdir -p /tmp/p_$k
  RAYTETRA_CACHE_DIR=/tmp/p_$k RAYTETRA_KERNEL_DIR=$(kdir $k) $B/TetWalk -n $gpu --reps 1 --size 16x16 --algorithm $a data/box.mesh > /dev/null 2>&1
  tail -n +2 $(ls -S /tmp/p_$k/* | head -1) | tr -d "\0" > /tmp/$k.ptx
  echo "== $k $a" >> $OUT/ptxas.txt; ptxas -arch=sm_90 -v --maxrregcount=128 /tmp/$k.ptx -o /tmp/$k.cubin 2>&1 | grep -E "stack|registers" | head -2 >> $OUT/ptxas.txt
done; done
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
tw() { local k=$1; shift; RAYTETRA_CACHE_DIR=/tmp/c_$k RAYTETRA_KERNEL_DIR=$(kdir $k) $B/TetWalk -n $gpu "$@"; }
w=$OUT/moments.txt
for round in 1 2; do for k in old new; do for wl in arm_camera cube_camera arm_aimed cube_vertex; do
  workload $wl; echo "== round $round $k $wl" >> $w
  tw $k --reps 5 --algorithm $ALG "${args[@]}" $mesh 2>&1 | grep -E "^  GPU_|rror" | cut -c1-120 >> $w
done; done; done
echo "A/B done at $(( $(date +%s) - t0 )) s" >> $OUT/host.txt
for a in ${ALG//,/ }; do for wl in arm_camera arm_aimed; do workload $wl
  for k in old new; do tw $k --reps 1 --algorithm $a "${args[@]}" --per-ray /tmp/m/$k.csv $mesh > /dev/null 2>&1; done
  cmp /tmp/m/old.csv /tmp/m/new.csv >> $OUT/same.txt 2>&1 && echo "$a $wl per-ray the same ($(wc -l < /tmp/m/new.csv) lines)" >> $OUT/same.txt
done; done
cat $OUT/host.txt $OUT/ptxas.txt $OUT/same.txt
