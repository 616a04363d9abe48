#!/usr/bin/env bash
# gpu80: each tetrahedron's corner coordinates in a table of their own (RAYTETRA_WALK_CORNERS=1),
# so that a step's new vertex is read beside its record instead of after it, against the vertex
# read through its number: the same program, two interleaved rounds, 5 repetitions; armadillo's
# camera, 200,000 rays aimed at its vertices and cube_big_tetra's camera on one GPU, two and all;
# the 32 and 1,024 costliest camera rays on one GPU; the per-ray files of the two compared.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
T=$B/TetWalk.corners
gpus=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1 }' | paste -sd, -)
g1=${gpus%%,*}
g2=$(echo $gpus | cut -d, -f1-2)
o=$OUT/corners.txt
{ nvidia-smi -L; nproc; echo "GPUs $gpus"; } > $o
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && cd /tmp/m
$root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1
$T --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
$T --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/cube.rtm $root/.devtools/cube_big_tetra.mesh > /dev/null
$root/.devtools/probe/camrays /tmp/m/arm.rtm 1920 1080 > /tmp/m/camera.txt
$T -n $g1 --reps 1 --algorithm gpu_stp0 --rays /tmp/m/camera.txt --per-ray /tmp/m/camera.csv /tmp/m/arm.rtm > /dev/null 2>&1
tail -n +2 /tmp/m/camera.txt | paste -d' ' - <(tail -n +2 /tmp/m/camera.csv | cut -d, -f2) | sort -s -k7,7nr > /tmp/m/sorted7.txt
for n in 32 1024; do { echo $n; head -n $n /tmp/m/sorted7.txt | cut -d' ' -f1-6; } > /tmp/m/top$n.txt; done
walk() { # LABEL CORNERS DEVICES MESH ARGS...
  local label=$1 corners=$2 dev=$3 mesh=$4; shift 4
  echo "== $label corners=$corners $dev" >> $o
  RAYTETRA_WALK_CORNERS=$corners $T --reps 5 --algorithm gpu_stp0,gpu_stp0r,gpu_aman $dev "$@" --per-ray /tmp/m/pr_$corners.csv $mesh 2>&1 | grep -E "^  GPU_" | cut -c1-100 >> $o
}
for round in 1 2; do
  for w in top32 top1024 arm_camera arm_aimed cube_camera; do
    case $w in
      top32|top1024) mesh=/tmp/m/arm.rtm; args=(--rays /tmp/m/$w.txt); devs=("-n $g1");;
      arm_camera) mesh=/tmp/m/arm.rtm; args=(--size 1920x1080); devs=("-n $g1" "--devices $g2" "--devices $gpus");;
      arm_aimed) mesh=/tmp/m/arm.rtm; args=(--aim vertices --aim-rays 200000); devs=("-n $g1" "--devices $g2" "--devices $gpus");;
      cube_camera) mesh=/tmp/m/cube.rtm; args=(--size 1920x1080); devs=("-n $g1" "--devices $g2" "--devices $gpus");;
    esac
    for d in "${devs[@]}"; do
      walk "round $round $w" 0 "$d" $mesh "${args[@]}"
      walk "round $round $w" 1 "$d" $mesh "${args[@]}"
      cmp -s /tmp/m/pr_0.csv /tmp/m/pr_1.csv && echo "per-ray same" >> $o || echo "per-ray DIFFERS" >> $o
    done
  done
done
grep -c "per-ray same" $o; grep -c "DIFFERS" $o
cat $o | cut -c1-84
