#!/usr/bin/env bash
# Chunks under --devices (count per device, one device chunked against one launch), the
# register cap on armadillo, and the final single/all figures of the camera workloads.
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
tw() { timeout 90 $BUILD/TetWalk --size 1920x1080 --reps 5 "$@" 2>&1 | grep -E "^  GPU_|^GPU_|rror" | sed -E 's/ median \(5 reps; min ([0-9.]+), max ([0-9.]+) ms\);/ [\1-\2]/'; }
A=gpu_stp0,gpu_stp1,gpu_segura1,gpu_stp0r
{
echo "== cube -n $gpu"; tw -n $gpu --algorithm $A $cube
for k in 1 2 4 8; do
  c=$(( (2073600 + 4*k - 1) / (4*k) ))
  echo "== cube --devices $gpus, $k chunks a device ($c rays)"; tw --devices $gpus --chunk-rays $c --algorithm $A $cube
done
echo "== cube --devices $gpu (one device, chunks of 65536)"; tw --devices $gpu --chunk-rays 65536 --algorithm gpu_stp0,gpu_stp0r $cube
while [ ! -s /tmp/armadillo.1.ele ] || pgrep -x tetgen >/dev/null; do sleep 1; done
echo "== armadillo -n $gpu"; tw -n $gpu --algorithm $A $arm
echo "== armadillo -n $gpu, no register cap"; RAYTETRA_CL_OPTIONS=-cl-nv-maxrregcount=255 tw -n $gpu --algorithm gpu_stp0,gpu_segura1 $arm
for k in 1 2 4 8; do
  c=$(( (2073600 + 4*k - 1) / (4*k) ))
  echo "== armadillo --devices $gpus, $k chunks a device ($c rays)"; tw --devices $gpus --chunk-rays $c --algorithm $A $arm
done
for k in 1 4; do
  c=$(( (2073600 + 2*k - 1) / (2*k) ))
  echo "== armadillo --devices $two, $k chunks a device ($c rays)"; tw --devices $two --chunk-rays $c --algorithm $A $arm
  echo "== cube --devices $two, $k chunks a device ($c rays)"; tw --devices $two --chunk-rays $c --algorithm $A $cube
done
echo "== armadillo --devices $gpu (one device, chunks of 65536)"; tw --devices $gpu --chunk-rays 65536 --algorithm gpu_stp0,gpu_stp0r $arm
} 2>&1 | tee $OUT/chunks.txt
