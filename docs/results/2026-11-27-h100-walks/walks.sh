#!/usr/bin/env bash
# Every walk, the field's walks included, on one GPU: tetwalk_bench on armadillo (tetgen -pqnQ -a0.2)
# and cube_big_tetra, camera 1920x1080, 200,000 aimed rays and rays from the central vertex.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels BUILD=$root/.devtools/bin RAYTETRA_BIN=$root/.devtools/bin RAYTETRA_CACHE_DIR=/tmp/rtcache
{ nvidia-smi -L; nproc; $BUILD/TetWalk --version; $BUILD/RayTetra --list-devices; } > $OUT/machine.txt 2>&1
gpu=$($BUILD/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
( cd /tmp && cp $root/.devtools/armadillo.off . && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off >/dev/null && rm -f armadillo.1.edge armadillo.1.face armadillo.1.smesh )
mkdir -p /tmp/meshes && cp $root/.devtools/cube_big_tetra.mesh /tmp/meshes/
timeout 480 scripts/tetwalk_bench.sh --no-cpu --device "$gpu" --size 1920x1080 --reps 3 \
    --aim-rays 200000 --mesh /tmp/armadillo.1.ele --mesh /tmp/meshes/cube_big_tetra.mesh /tmp/tw > $OUT/tetwalk_bench.log 2>&1
echo "exit $?" >> $OUT/tetwalk_bench.log
cp /tmp/tw/tables.md $OUT/tetwalk_bench_tables.md 2>/dev/null
