#!/usr/bin/env bash
# gpu108 (docs/results/2026-11-28-h200-staged-call): gpu107.sh again with the per-ray file
# formatted by blocks on every core (the working tree's program, .devtools/bin-new), and one
# run's stages from its JSON.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
B=$root/.devtools/b98
T=$root/.devtools/bin-new/TetWalk
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
{ nvidia-smi -L; nvidia-smi -q | grep -iE "persistence|driver version"; nproc; echo "gpu $gpu"; } > $OUT/host_job2.txt 2>&1
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && (cd /tmp/m && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1)
$T --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
now() { date +%s.%N; }
took() { awk -v s=$1 -v e=$2 'BEGIN { printf "%.3f", e - s }'; }
j=$OUT/job2.txt
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
cat $OUT/host_job2.txt $j
# One run's stages from its JSON: the walks' part of the whole job.
$T -n $gpu --reps 1 --algorithm gpu_stp0r --size 1920x1080 --per-ray /tmp/m/job.csv --json /tmp/m/job.json /tmp/m/arm.rtm > /tmp/m/job.log 2>&1
grep '^whole job' /tmp/m/job.log >> $OUT/stages2.txt
python3 -c "
import json; r = json.load(open('/tmp/m/job.json'))['results'][0]
print('wall_ms', round(r['wall_ms'], 3), {k: round(v['ms'], 3) for k, v in r['stages'].items()})" >> $OUT/stages2.txt
cat $OUT/stages2.txt
