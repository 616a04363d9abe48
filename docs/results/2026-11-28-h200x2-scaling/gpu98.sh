#!/usr/bin/env bash
# gpu98: every GPU walk on the four workloads of docs/TETWALK.md's table of several GPUs, on one
# GPU (--device, no runner), through the runner on one GPU and on both of a 2 x H200 host; two
# interleaved rounds, 5 repetitions; the per-ray files of one GPU and two compared. Then each
# device's share of armadillo's camera walked alone on one GPU (the bound on two GPUs).
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/b98
gpus=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1 }' | paste -sd, -)
g1=${gpus%%,*}
o=$OUT/scaling.txt
{ nvidia-smi -L; nproc; echo "GPUs $gpus"; } > $OUT/host.txt 2>&1
t0=$(date +%s)
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && (cd /tmp/m && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1)
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/cube.rtm $root/.devtools/cube_big_tetra.mesh > /dev/null
echo "meshes made in $(( $(date +%s) - t0 )) s" >> $OUT/host.txt
ALG=gpu_segura0,gpu_segura1,gpu_segura2,gpu_stp0,gpu_stp1,gpu_stp2,gpu_segura0p,gpu_segura1p,gpu_segura2p,gpu_aman,gpu_badouelb,gpu_maria,gpu_stp0r
walk() { # LABEL DEVICES MESH ARGS...
  local label=$1 dev=$2 mesh=$3; shift 3
  echo "== $label $dev" >> $o
  $B/TetWalk --reps 5 --algorithm $ALG $dev "$@" $mesh 2>&1 | grep -E "^  GPU_|rror" | cut -c1-120 >> $o
}
for round in 1 2; do
  for w in arm_camera cube_camera arm_aimed cube_vertex; do
    case $w in
      arm_camera) mesh=/tmp/m/arm.rtm; args=(--size 1920x1080);;
      cube_camera) mesh=/tmp/m/cube.rtm; args=(--size 1920x1080);;
      arm_aimed) mesh=/tmp/m/arm.rtm; args=(--aim vertices --aim-rays 200000);;
      cube_vertex) mesh=/tmp/m/cube.rtm; args=(--from-vertex 35445 --aim-rays 100000);;
    esac
    walk "round $round $w" "--device $g1" $mesh "${args[@]}"
    walk "round $round $w" "--devices $g1" $mesh "${args[@]}"
    walk "round $round $w" "--devices $gpus" $mesh "${args[@]}"
    echo "round $round $w done at $(( $(date +%s) - t0 )) s" >> $OUT/host.txt
  done
done
v=$OUT/same.txt
for a in gpu_stp0 gpu_stp0r gpu_aman gpu_maria; do
  $B/TetWalk --reps 1 --algorithm $a --device $g1 --size 1920x1080 --per-ray /tmp/m/one.csv /tmp/m/arm.rtm > /dev/null 2>&1
  $B/TetWalk --reps 1 --algorithm $a --devices $gpus --size 1920x1080 --per-ray /tmp/m/two.csv /tmp/m/arm.rtm > /dev/null 2>&1
  cmp /tmp/m/one.csv /tmp/m/two.csv >> $v 2>&1 && echo "$a armadillo camera: one GPU and two the same ($(wc -l < /tmp/m/two.csv) lines)" >> $v
done
echo "all done at $(( $(date +%s) - t0 )) s" >> $OUT/host.txt
cat $OUT/host.txt $v
