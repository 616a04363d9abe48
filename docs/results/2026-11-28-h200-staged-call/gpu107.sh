#!/usr/bin/env bash
# gpu107 (docs/results/2026-11-28-h200-staged-call): where the whole job's time goes on one H200:
# TetWalk's "whole job" line (the working tree's program, .devtools/bin-new) for GPU_STP0R,
# GPU_STP0 and GPU_Aman on armadillo's camera at 1920x1080, with and without the per-ray file,
# each a fresh process, three rounds; cat of the mesh alongside; the driver's persistence mode;
# the OpenCL platforms alone (RayTetra --list-devices, timed).
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
B=$root/.devtools/b98
T=$root/.devtools/bin-new/TetWalk
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
{ nvidia-smi -L; nvidia-smi -q | grep -iE "persistence|driver version"; nproc; echo "gpu $gpu"; } > $OUT/host_job.txt 2>&1
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && (cd /tmp/m && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1)
$T --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
now() { date +%s.%N; }
took() { awk -v s=$1 -v e=$2 'BEGIN { printf "%.3f", e - s }'; }
j=$OUT/job.txt
export RAYTETRA_CACHE_DIR=/tmp/c_job
$T -n $gpu --reps 1 --algorithm gpu_stp0r,gpu_stp0,gpu_aman --size 16x16 /tmp/m/arm.rtm > /dev/null 2>&1 # the kernels into the cache
for round in 1 2 3; do
  s=$(now); cat /tmp/m/arm.rtm > /dev/null; e=$(now); echo "round $round: cat arm.rtm $(took $s $e) s" >> $j
  s=$(now); $B/RayTetra --list-devices > /dev/null 2>&1; e=$(now); echo "round $round: RayTetra --list-devices $(took $s $e) s" >> $j
  for a in gpu_stp0r gpu_stp0 gpu_aman; do for out in per_ray none; do
    extra=(); [ $out = per_ray ] && extra=(--per-ray /tmp/m/job.csv)
    s=$(now); $T -n $gpu --reps 1 --algorithm $a --size 1920x1080 "${extra[@]}" /tmp/m/arm.rtm > /tmp/m/job.log 2>&1; rc=$?; e=$(now)
    echo "round $round: $a, $out: rc $rc, process $(took $s $e) s; $(grep '^whole job' /tmp/m/job.log)" >> $j
    echo "    $(grep -E '^  GPU_' /tmp/m/job.log | cut -c1-70 | tr -s ' ')" >> $j
  done; done
done
cat $OUT/host_job.txt $j
