#!/usr/bin/env bash
# gpu67: the devices' host threads kept across repetitions (a crew, TetWalk.crew: the working
# tree's build) against threads started and joined each repetition (TetWalk: commit bcfca0a):
# the four workloads of docs/TETWALK.md's table of several GPUs, GPU_STP0, GPU_STP0R and GPU_Aman,
# 5 repetitions, on one GPU (--device, no runner), and through the runner on one GPU, two and
# all; two interleaved rounds; the per-ray files of the two builds compared.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
gpus=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1 }' | paste -sd, -)
g1=${gpus%%,*}
g2=$(echo $gpus | cut -d, -f1-2)
o=$OUT/crew.txt
{ nvidia-smi -L; nproc; echo "GPUs $gpus"; } > $o
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && cd /tmp/m
$root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/cube.rtm $root/.devtools/cube_big_tetra.mesh > /dev/null
walk() { # LABEL BINARY DEVICES MESH ARGS...
  local label=$1 bin=$2 dev=$3 mesh=$4; shift 4
  echo "== $label $bin $dev" >> $o
  $B/$bin --reps 5 --algorithm gpu_stp0,gpu_stp0r,gpu_aman $dev "$@" --per-ray /tmp/m/pr_$bin.csv $mesh 2>&1 | grep -E "^  GPU_" | cut -c1-100 >> $o
}
for round in 1 2; do
  for w in arm_camera cube_camera arm_aimed cube_vertex; do
    case $w in
      arm_camera) mesh=/tmp/m/arm.rtm; args=(--size 1920x1080);;
      cube_camera) mesh=/tmp/m/cube.rtm; args=(--size 1920x1080);;
      arm_aimed) mesh=/tmp/m/arm.rtm; args=(--aim vertices --aim-rays 200000);;
      cube_vertex) mesh=/tmp/m/cube.rtm; args=(--from-vertex 35445 --aim-rays 100000);;
    esac
    walk "round $round $w" TetWalk "--device $g1" $mesh "${args[@]}"
    for d in $g1 $g2 $gpus; do
      walk "round $round $w" TetWalk "--devices $d" $mesh "${args[@]}"
      walk "round $round $w" TetWalk.crew "--devices $d" $mesh "${args[@]}"
      cmp -s /tmp/m/pr_TetWalk.csv /tmp/m/pr_TetWalk.crew.csv && echo "per-ray same" >> $o || echo "per-ray DIFFERS" >> $o
    done
  done
done
grep -c "per-ray same" $o; grep -c "DIFFERS" $o
cat $o | cut -c1-80
