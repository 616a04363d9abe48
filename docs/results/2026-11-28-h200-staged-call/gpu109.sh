#!/usr/bin/env bash
# gpu109 (docs/results/2026-11-28-h200-staged-call): the whole job side by side on one H200:
# TetWalk of 98ff997 (.devtools/b98: the per-ray file formatted on one core, the camera's rays
# made on one) against the working tree's (.devtools/bin-new: both on every core), interleaved,
# three rounds; each a fresh process walking armadillo's camera at 1920x1080 and writing the
# per-ray file, timed from outside; cat of the mesh alongside; the per-ray files compared.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
B=$root/.devtools/b98
prog() { [ $1 = old ] && echo $root/.devtools/b98/TetWalk || echo $root/.devtools/bin-new/TetWalk; }
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
{ nvidia-smi -L; nvidia-smi -q | grep -iE "persistence|driver version"; nproc; echo "gpu $gpu"; } > $OUT/host_side.txt 2>&1
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && (cd /tmp/m && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1)
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
now() { date +%s.%N; }
took() { awk -v s=$1 -v e=$2 'BEGIN { printf "%.3f", e - s }'; }
j=$OUT/side.txt
export RAYTETRA_CACHE_DIR=/tmp/c_side
for k in old new; do $(prog $k) -n $gpu --reps 1 --algorithm gpu_stp0r,gpu_stp0,gpu_aman --size 16x16 /tmp/m/arm.rtm > /dev/null 2>&1; done
for round in 1 2 3; do
  s=$(now); cat /tmp/m/arm.rtm > /dev/null; e=$(now); echo "round $round: cat arm.rtm $(took $s $e) s" >> $j
  for a in gpu_stp0r gpu_stp0 gpu_aman; do for k in old new; do
    s=$(now); $(prog $k) -n $gpu --reps 1 --algorithm $a --size 1920x1080 --per-ray /tmp/m/$k.csv /tmp/m/arm.rtm > /tmp/m/$k.log 2>&1; rc=$?; e=$(now)
    echo "round $round: $a, $k: rc $rc, process $(took $s $e) s; $(grep '^whole job' /tmp/m/$k.log)" >> $j
  done
  cmp -s /tmp/m/old.csv /tmp/m/new.csv && echo "round $round: $a: per-ray files identical" >> $j || echo "round $round: $a: per-ray files DIFFER" >> $j
  done
done
cat $OUT/host_side.txt $j
