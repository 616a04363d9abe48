#!/usr/bin/env bash
# Main as merged: armadillo's mesh ready time (text, then the binary mesh with its hierarchy)
# against cat, and tetwalk_bench on one H100 and all four (camera 1920x1080, 200,000 aimed rays).
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels BUILD=$root/.devtools/bin RAYTETRA_CACHE_DIR=/tmp/rtcache
{ nvidia-smi -L; nproc; free -g | head -2; $BUILD/RayTetra --list-devices; } 2>&1 | tee $OUT/machine.txt
gpus=$($BUILD/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1 }' | paste -sd, -)
gpu=${gpus%%,*}
( cd /tmp && cp $root/.devtools/armadillo.off . && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off >/dev/null && rm -f armadillo.1.edge armadillo.1.face armadillo.1.smesh )
mkdir -p /tmp/meshes && cp $root/.devtools/cube_big_tetra.mesh /tmp/meshes/
arm=/tmp/armadillo.1.ele cube=/tmp/meshes/cube_big_tetra.mesh
{
t() { local s=$(date +%s%N); "$@" > /dev/null 2>&1; echo "$(( ($(date +%s%N) - s) / 1000000 )) ms: $*"; }
$BUILD/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/arm.rtm $arm 2>&1 | grep "^mesh"
for r in 1 2 3; do
  t cat /tmp/armadillo.1.node /tmp/armadillo.1.ele /tmp/armadillo.1.neigh
  $BUILD/TetWalk --size 16x16 --reps 1 --algorithm stp0 $arm 2>&1 | grep "^mesh"
  t cat /tmp/arm.rtm
  $BUILD/TetWalk --size 16x16 --reps 1 --algorithm stp0 /tmp/arm.rtm 2>&1 | grep "^mesh"
done
ls -l /tmp/arm.rtm /tmp/armadillo.1.*
} 2>&1 | tee $OUT/mesh_ready.txt
timeout 300 scripts/tetwalk_bench.sh --no-cpu --device "$gpu" --devices "$gpus" --size 1920x1080 --reps 3 \
    --aim-rays 200000 --mesh $arm --mesh $cube /tmp/tw 2>&1 | tail -3
cp /tmp/tw/tables.md $OUT/tetwalk_bench_tables.md 2>/dev/null
