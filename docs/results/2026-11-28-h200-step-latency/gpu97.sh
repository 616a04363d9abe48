#!/usr/bin/env bash
# gpu97: the hierarchy traversed with no stack (skips), against the stack: the program and kernels
# of f1e242f (.devtools/bin with kv_old) and of the working tree (.devtools/bin-new with kernels),
# one H200, interleaved.
set -u
root=$PWD
P=$root/.devtools/p97
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
{ nvidia-smi -L; nproc; echo "gpu $gpu"; } > $OUT/host.txt 2>&1
t0=$(date +%s)
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && (cd /tmp/m && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1)
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/cube.rtm $root/.devtools/cube_big_tetra.mesh > /dev/null
$root/.devtools/probe/camrays /tmp/m/arm.rtm 1920 1080 > /tmp/m/camera.txt
cd /tmp/m
for n in 2 4; do for ((d = 0; d < n; ++d)); do
  { awk -v n=$n -v d=$d 'NR > 1 && int((NR - 2) / 32768) % n == d' camera.txt | wc -l; awk -v n=$n -v d=$d 'NR > 1 && int((NR - 2) / 32768) % n == d' camera.txt; } > pix$n.$d.txt
done; done
echo "inputs made in $(( $(date +%s) - t0 )) s" >> $OUT/host.txt
ALG=gpu_stp0,gpu_stp0r,gpu_aman,gpu_badouelb,gpu_maria,gpu_stp2
w=$OUT/skips.txt
tw() { local k=$1; shift; if [ $k = old ]; then RAYTETRA_KERNEL_DIR=$P/kv_old $B/TetWalk "$@"; else RAYTETRA_KERNEL_DIR=$root/kernels $root/.devtools/bin-new/TetWalk "$@"; fi; }
run() { local k=$1 name=$2; shift 2; echo "== $k $name: $*" >> $w
  tw $k -n $gpu --algorithm $ALG "$@" 2>&1 | grep -E "^  GPU_|rror" | cut -c1-200 >> $w; }
for round in 1 2; do
  echo "# round $round" >> $w
  for k in old new; do
    run $k top1 --reps 20 --rays $P/top1.txt arm.rtm
    run $k natwarp --reps 20 --rays $P/natwarp.txt arm.rtm
    run $k camera --reps 9 --rays camera.txt arm.rtm
    for s in pix2.0 pix2.1 pix4.0 pix4.1 pix4.2 pix4.3; do run $k $s --reps 9 --rays $s.txt arm.rtm; done
    run $k aimed --reps 3 --aim vertices --aim-rays 200000 arm.rtm
    run $k cubecam --reps 5 cube.rtm
    run $k fromvertex --reps 5 --from-vertex 35445 --aim-rays 100000 cube.rtm
  done
done
echo "timings done at $(( $(date +%s) - t0 )) s" >> $OUT/host.txt
v=$OUT/same.txt
for a in gpu_stp0 gpu_stp0r gpu_aman gpu_badouelb; do
  for k in old new; do
    tw $k -n $gpu --reps 1 --algorithm $a --rays camera.txt --per-ray c_$k.csv arm.rtm > /dev/null 2>&1
    tw $k -n $gpu --reps 1 --algorithm $a --aim vertices --aim-rays 200000 --per-ray a_$k.csv arm.rtm > /dev/null 2>&1
  done
  { cmp c_old.csv c_new.csv && cmp a_old.csv a_new.csv && echo "$a per-ray files the same ($(wc -l < c_new.csv) and $(wc -l < a_new.csv) lines)"; } >> $v 2>&1
done
echo "all done at $(( $(date +%s) - t0 )) s" >> $OUT/host.txt
cat $OUT/host.txt $v
