#!/usr/bin/env bash
# gpu106 (docs/results/2026-11-28-h200-staged-call): the adaptive stages of the robust walk's
# ill-conditioned boundary crossings in one out-of-line call (the working tree's kernels) against
# the same stages inlined (2211df5's kernels, .devtools/kv_head): ptxas' report, GPU_STP0R and
# GPU_STP0 on the four workloads, one H200, interleaved, two rounds; the per-ray files compared.
# Then the whole job as TetWalk runs it (the mesh file read, a warm-up walk and one timed, the
# per-ray file written), timed beside cat of the mesh.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export PATH=/usr/local/cuda/bin:$PATH
B=$root/.devtools/b98
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
{ nvidia-smi -L; nproc; echo "gpu $gpu"; } > $OUT/host.txt 2>&1
kdir() { [ $1 = old ] && echo $root/.devtools/kv_head || echo $root/kernels; }
for k in old new; do
  rm -rf /tmp/p_$k; mkdir -p /tmp/p_$k
  RAYTETRA_CACHE_DIR=/tmp/p_$k RAYTETRA_KERNEL_DIR=$(kdir $k) $B/TetWalk -n $gpu --reps 1 --size 16x16 --algorithm gpu_stp0r data/box.mesh > /dev/null 2>&1
  tail -n +2 $(ls -S /tmp/p_$k/* | head -1) | tr -d "\0" > /tmp/$k.ptx
  echo "== $k gpu_stp0r" >> $OUT/ptxas.txt; ptxas -arch=sm_90 -v --maxrregcount=128 /tmp/$k.ptx -o /tmp/$k.cubin 2>&1 | grep -E "stack|registers" | head -2 >> $OUT/ptxas.txt
done
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
w=$OUT/call.txt
for round in 1 2; do for k in old new; do for wl in arm_camera cube_camera arm_aimed cube_vertex; do
  workload $wl; echo "== round $round $k $wl" >> $w
  tw $k --reps 5 --algorithm gpu_stp0r,gpu_stp0 "${args[@]}" $mesh 2>&1 | grep -E "^  GPU_|rror" | cut -c1-120 >> $w
done; done; done
echo "A/B done at $(( $(date +%s) - t0 )) s" >> $OUT/host.txt
for wl in arm_camera arm_aimed cube_camera cube_vertex; do workload $wl
  for k in old new; do tw $k --reps 1 --algorithm gpu_stp0r "${args[@]}" --per-ray /tmp/m/$k.csv $mesh > /dev/null 2>&1; done
  cmp -s /tmp/m/old.csv /tmp/m/new.csv && echo "GPU_STP0R $wl: per-ray files identical ($(( $(wc -l < /tmp/m/new.csv) - 1 )) rays)" >> $OUT/same.txt \
    || echo "GPU_STP0R $wl: per-ray files DIFFER" >> $OUT/same.txt
done
# The whole job: a fresh process reads the mesh file, walks the camera's rays once and writes
# the per-ray file; cat of the mesh alongside (its pages are in the page cache for both).
j=$OUT/whole_job.txt
for round in 1 2 3; do
  s=$(date +%s.%N); cat /tmp/m/arm.rtm > /dev/null; e=$(date +%s.%N); echo "round $round cat arm.rtm $(awk -v s=$s -v e=$e "BEGIN { printf \"%.3f\", e - s }") s" >> $j
  for a in gpu_stp0r gpu_stp0 gpu_aman; do
    s=$(date +%s.%N); tw new --reps 1 --algorithm $a --size 1920x1080 --per-ray /tmp/m/job.csv /tmp/m/arm.rtm > /tmp/m/job.log 2>&1; rc=$?; e=$(date +%s.%N)
    echo "round $round $a rc $rc whole job $(awk -v s=$s -v e=$e "BEGIN { printf \"%.3f\", e - s }") s; $(grep -E '^  GPU_' /tmp/m/job.log | cut -c1-60 | tr -s ' ')" >> $j
  done
done
grep -E "^mesh|write" /tmp/m/job.log | head -5 >> $j
echo "all done at $(( $(date +%s) - t0 )) s" >> $OUT/host.txt
cat $OUT/host.txt $OUT/ptxas.txt $OUT/same.txt $j
