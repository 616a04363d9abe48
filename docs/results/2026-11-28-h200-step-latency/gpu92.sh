#!/usr/bin/env bash
# gpu92: is a lone ray's step bound by memory or by its own instructions, and is a mixed warp's
# extra time the memory's or the divergence's? Each ray walked 1, 2 or 4 times in its work-item
# (kernels/TetWalk.cl patched: RT_PROBE_PASSES); the passes after the first find the ray's
# tetrahedra in the caches. Then GPU_Maria on the vertex-aimed rays with the committed kernels.
set -u
root=$PWD
P=$root/.devtools/p92
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
{ nvidia-smi -L; nproc; echo "gpu $gpu"; } > $OUT/host.txt 2>&1
t0=$(date +%s)
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && (cd /tmp/m && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1)
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
echo "mesh made in $(( $(date +%s) - t0 )) s" >> $OUT/host.txt
w=$OUT/passes.txt
export RAYTETRA_KERNEL_DIR=$P/kernels
run() { local n=$1 name=$2; shift 2; echo "== passes=$n $name: $*" >> $w
  RAYTETRA_CL_OPTIONS=-DRT_PROBE_PASSES=$n $B/TetWalk -n $gpu --algorithm gpu_stp0,gpu_aman,gpu_stp0r "$@" /tmp/m/arm.rtm 2>&1 | grep -E "^  GPU_|rror" | cut -c1-200 >> $w; }
for round in 1 2; do
  echo "# round $round" >> $w
  for n in 1 2 4; do
    run $n top1 --reps 20 --rays $P/top1.txt
    run $n natwarp --reps 20 --rays $P/natwarp.txt
    run $n natwarp_ls1 --reps 20 --rays $P/natwarp.txt --local-size 1
    run $n top32 --reps 20 --rays $P/top32.txt
    run $n nat1024 --reps 20 --rays $P/nat1024.txt
  done
done
echo "probe done at $(( $(date +%s) - t0 )) s" >> $OUT/host.txt
export RAYTETRA_KERNEL_DIR=$root/kernels
unset RAYTETRA_CL_OPTIONS
m=$OUT/maria.txt
timeout 240 $B/TetWalk -n $gpu --reps 3 --algorithm gpu_maria,gpu_stp0 --aim vertices --aim-rays 200000 /tmp/m/arm.rtm 2>&1 | grep -E "^  GPU_|rror|rays" | cut -c1-220 > $m
echo "all done at $(( $(date +%s) - t0 )) s" >> $OUT/host.txt
cat $OUT/host.txt $m; grep -E '^(#|==)|GPU_' $w | cut -c1-110
