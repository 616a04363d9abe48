#!/usr/bin/env bash
# gpu58: armadillo's mesh as TetGen numbers it against the same mesh with its tetrahedra in the
# Morton order of their centroids and its vertices in the order those first use them
# (probe/meshorder.c); camera, rays aimed at vertices, one GPU, every GPU, every core.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
{ nvidia-smi -L; nproc; echo "gpu $gpu"; } > $OUT/host.txt 2>&1
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && cd /tmp/m && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1
$root/.devtools/probe/meshorder /tmp/m/armadillo.1 /tmp/m/armz.1 2>> $OUT/host.txt
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/armz.rtm /tmp/m/armz.1.ele > /dev/null
w=$OUT/order.txt
run() { local name=$1; shift; echo "== $name: $*" >> $w; $B/TetWalk "$@" 2>&1 | grep -E "^  (GPU_|STP|Aman)" | cut -c1-200 >> $w; }
g="--algorithm gpu_stp0,gpu_stp0r,gpu_aman,gpu_badouelb"
for round in 1 2; do
  for mesh in arm armz; do
    run "$mesh camera one GPU" -n $gpu --reps 9 $g --size 1920x1080 --per-ray /tmp/m/cam_$mesh.csv /tmp/m/$mesh.rtm
    run "$mesh camera every GPU" --devices all --reps 9 $g --size 1920x1080 /tmp/m/$mesh.rtm
    run "$mesh camera 480x270 one GPU" -n $gpu --reps 9 $g --size 480x270 /tmp/m/$mesh.rtm
    run "$mesh vertices one GPU" -n $gpu --reps 9 $g --aim vertices --aim-rays 200000 /tmp/m/$mesh.rtm
    run "$mesh vertices every GPU" --devices all --reps 9 $g --aim vertices --aim-rays 200000 /tmp/m/$mesh.rtm
  done
done
for mesh in arm armz; do
  run "$mesh camera every core" --threads all --reps 3 --algorithm stp0,stp0r,aman --size 1920x1080 /tmp/m/$mesh.rtm
done
cut -d, -f1,2,4 /tmp/m/cam_arm.csv > /tmp/m/a.txt; cut -d, -f1,2,4 /tmp/m/cam_armz.csv > /tmp/m/b.txt
cmp /tmp/m/a.txt /tmp/m/b.txt && echo "camera per-ray steps and status identical on both numberings" >> $w
paste -d, /tmp/m/cam_arm.csv /tmp/m/cam_armz.csv | awk -F, 'NR > 1 { d = $3 - $7; if (d < 0) d = -d; if (d > m) m = d } END { print "largest per-ray length difference", m }' >> $w
cat $w | cut -c1-160
