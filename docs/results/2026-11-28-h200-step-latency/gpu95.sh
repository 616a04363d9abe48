#!/usr/bin/env bash
# gpu95: form 0 tests its three faces side by side and takes the first that passes by selects
# (the working tree) against the kernels of 904eefb (kv_old), one H200, interleaved.
set -u
root=$PWD
P=$root/.devtools/p95
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
export RAYTETRA_KERNEL_DIR=$P/kv_old
$B/TetWalk -n $gpu --reps 1 --algorithm gpu_stp0 --rays /tmp/m/camera.txt --per-ray /tmp/m/camera.csv /tmp/m/arm.rtm > /dev/null
cd /tmp/m
tail -n +2 camera.txt | paste -d' ' - <(tail -n +2 camera.csv | cut -d, -f2) > rays7.txt
for n in 2 4; do for ((d = 0; d < n; ++d)); do
  { awk -v n=$n -v d=$d 'int((NR - 1) / 32768) % n == d' rays7.txt | wc -l; awk -v n=$n -v d=$d 'int((NR - 1) / 32768) % n == d' rays7.txt | cut -d' ' -f1-6; } > pix$n.$d.txt
done; done
echo "inputs made in $(( $(date +%s) - t0 )) s" >> $OUT/host.txt
ALG=gpu_stp0,gpu_segura0,gpu_segura0p
w=$OUT/sides.txt
run() { local k=$1 name=$2; shift 2; echo "== $k $name: $*" >> $w
  RAYTETRA_KERNEL_DIR=$k $B/TetWalk -n $gpu --algorithm $ALG "$@" arm.rtm 2>&1 | grep -E "^  GPU_|rror" | cut -c1-200 >> $w; }
for round in 1 2; do
  echo "# round $round" >> $w
  for k in $P/kv_old $root/kernels; do
    run $k top1 --reps 20 --rays $P/top1.txt
    run $k natwarp --reps 20 --rays $P/natwarp.txt
    run $k top32 --reps 20 --rays $P/top32.txt
    run $k camera --reps 9 --rays camera.txt
    for s in pix2.0 pix2.1 pix4.0 pix4.1 pix4.2 pix4.3; do run $k $s --reps 9 --rays $s.txt; done
  done
done
echo "timings done at $(( $(date +%s) - t0 )) s" >> $OUT/host.txt
v=$OUT/other.txt
for k in $P/kv_old $root/kernels; do
  echo "== $k aimed" >> $v
  RAYTETRA_KERNEL_DIR=$k $B/TetWalk -n $gpu --reps 5 --algorithm $ALG --aim vertices --aim-rays 200000 arm.rtm 2>&1 | grep -E "^  GPU_" | cut -c1-200 >> $v
  echo "== $k from vertex" >> $v
  RAYTETRA_KERNEL_DIR=$k $B/TetWalk -n $gpu --reps 5 --algorithm $ALG --from-vertex 35445 --aim-rays 100000 cube.rtm 2>&1 | grep -E "^  GPU_" | cut -c1-200 >> $v
done
for a in gpu_stp0 gpu_segura0 gpu_segura0p; do
  for k in kv_old kernels; do d=$P/kv_old; [ $k = kernels ] && d=$root/kernels
    RAYTETRA_KERNEL_DIR=$d $B/TetWalk -n $gpu --reps 1 --algorithm $a --rays camera.txt --per-ray c_$k.csv arm.rtm > /dev/null 2>&1
    RAYTETRA_KERNEL_DIR=$d $B/TetWalk -n $gpu --reps 1 --algorithm $a --aim vertices --aim-rays 200000 --per-ray a_$k.csv arm.rtm > /dev/null 2>&1
  done
  { cmp c_kv_old.csv c_kernels.csv && cmp a_kv_old.csv a_kernels.csv && echo "$a per-ray files the same ($(wc -l < c_kernels.csv) and $(wc -l < a_kernels.csv) lines)"; } >> $v 2>&1
done
echo "all done at $(( $(date +%s) - t0 )) s" >> $OUT/host.txt
cat $OUT/host.txt $v | cut -c1-120; grep -E '^(#|==)|GPU_' $w | sed 's|/work/main/||' | cut -c1-100
