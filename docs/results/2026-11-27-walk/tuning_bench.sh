#!/usr/bin/env bash
# The walk after the kernel rework: tuning flags on one GPU (cube_big_tetra), then tetwalk_bench
# (armadillo 3.1M, cube_big_tetra; camera 1920x1080, 200,000 aimed rays) on one GPU and all,
# then the camera on two GPUs.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/.devtools/kwalk RAYTETRA_BIN=$root/.devtools/bwalk BUILD=$root/.devtools/bwalk
export RAYTETRA_CACHE_DIR=/tmp/rtcache
{ nvidia-smi -L; nproc; free -g | head -2; $BUILD/RayTetra --list-devices; } 2>&1 | tee $OUT/machine.txt
gpus=$($BUILD/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1 }' | paste -sd, -)
gpu=${gpus%%,*}; two=$(echo $gpus | cut -d, -f1,2)
( cd /tmp && cp $root/.devtools/armadillo.off . && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off >/dev/null && rm -f armadillo.1.edge armadillo.1.face armadillo.1.smesh ) > /dev/null 2>&1 &
mkdir -p /tmp/meshes && cp $root/.devtools/cube_big_tetra.mesh /tmp/meshes/
cube=/tmp/meshes/cube_big_tetra.mesh arm=/tmp/armadillo.1.ele
{
for opt in "" -cl-nv-maxrregcount=128 -cl-nv-maxrregcount=96; do
  for ls in 64 128 256; do
    echo "== options '$opt' local $ls"
    RAYTETRA_CL_OPTIONS=$opt timeout 60 $BUILD/TetWalk --size 1920x1080 --reps 3 -n $gpu --local-size $ls \
        --algorithm gpu_stp0,gpu_segura1,gpu_stp0r $cube 2>&1 | grep -E "^  GPU_|rror"
  done
done
} 2>&1 | tee $OUT/tuning.txt
while [ ! -s /tmp/armadillo.1.ele ] || pgrep -x tetgen >/dev/null; do sleep 1; done
echo "== tetwalk_bench on device $gpu, --devices $gpus"
timeout 330 scripts/tetwalk_bench.sh --no-cpu --device "$gpu" --devices "$gpus" --size 1920x1080 --reps 3 \
    --aim-rays 200000 --mesh $arm --mesh $cube /tmp/tw 2>&1 | tail -60
cp /tmp/tw/tables.md $OUT/ 2>/dev/null; tar -C /tmp/tw -czf $OUT/tw.tgz . 2>/dev/null
{
for m in $arm $cube; do
  echo "== $(basename $m) camera on --devices $two"
  timeout 60 $BUILD/TetWalk --size 1920x1080 --reps 3 --devices $two --algorithm gpu_stp0,gpu_stp1,gpu_segura1,gpu_stp0r $m 2>&1 | grep -E "^  GPU_|^GPU_|rror"
done
} 2>&1 | tee $OUT/two.txt
