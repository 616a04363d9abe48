#!/usr/bin/env bash
# Groups of like cost under --devices: one GPU, two, four (default 2 groups a device), and 1 or 4 a device.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/.devtools/kwalk BUILD=$root/.devtools/bwalk RAYTETRA_CACHE_DIR=/tmp/rtcache
{ nvidia-smi -L; nproc; $BUILD/RayTetra --list-devices; } 2>&1 | tee $OUT/machine.txt
gpus=$($BUILD/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1 }' | paste -sd, -)
gpu=${gpus%%,*}; two=$(echo $gpus | cut -d, -f1,2)
( cd /tmp && cp $root/.devtools/armadillo.off . && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off >/dev/null && rm -f armadillo.1.edge armadillo.1.face armadillo.1.smesh ) > /dev/null 2>&1 &
mkdir -p /tmp/meshes && cp $root/.devtools/cube_big_tetra.mesh /tmp/meshes/
cube=/tmp/meshes/cube_big_tetra.mesh arm=/tmp/armadillo.1.ele
tw() { timeout 90 $BUILD/TetWalk --reps 5 "$@" 2>&1 | grep -E "^  GPU_|^GPU_|rror" | sed -E 's/ median \(5 reps; min ([0-9.]+), max ([0-9.]+) ms\);/ [\1-\2]/'; }
A=gpu_stp0,gpu_stp1,gpu_stp2,gpu_segura1,gpu_segura1p,gpu_stp0r
run_mesh() { local m=$1; shift
  echo "== $(basename $m) $* -n $gpu"; tw "$@" -n $gpu --algorithm $A $m
  echo "== $(basename $m) $* --devices $two"; tw "$@" --devices $two --algorithm $A $m
  echo "== $(basename $m) $* --devices $gpus"; tw "$@" --devices $gpus --algorithm $A $m
}
{
run_mesh $cube --size 1920x1080
echo "== cube --devices $gpus, 4 groups a device"; tw --size 1920x1080 --devices $gpus --chunk-rays 129600 --algorithm gpu_stp0,gpu_stp0r $cube
echo "== cube --devices $gpus, 1 group a device"; tw --size 1920x1080 --devices $gpus --chunk-rays 518400 --algorithm gpu_stp0,gpu_stp0r $cube
run_mesh $cube --aim vertices --aim-rays 200000
while [ ! -s /tmp/armadillo.1.ele ] || pgrep -x tetgen >/dev/null; do sleep 1; done
run_mesh $arm --size 1920x1080
echo "== arm --devices $gpus, 4 groups a device"; tw --size 1920x1080 --devices $gpus --chunk-rays 129600 --algorithm gpu_stp0,gpu_stp0r $arm
echo "== arm --devices $gpus, 1 group a device"; tw --size 1920x1080 --devices $gpus --chunk-rays 518400 --algorithm gpu_stp0,gpu_stp0r $arm
run_mesh $arm --aim vertices --aim-rays 200000
} 2>&1 | tee $OUT/groups.txt
