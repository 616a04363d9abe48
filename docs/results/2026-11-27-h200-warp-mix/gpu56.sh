#!/usr/bin/env bash
# gpu56: kv3 (one loop, one unit of work an iteration: a step, a boundary face test or a box;
# a warp's rays meet at the end of each) against the kernel as it is; armadillo's costliest camera
# rays and the whole workloads; per-ray CSVs compared.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
{ nvidia-smi -L; nproc; echo "gpu $gpu"; } > $OUT/host.txt 2>&1
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && cd /tmp/m && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
$root/.devtools/probe/camrays /tmp/m/arm.rtm 1920 1080 > /tmp/m/camera.txt
$B/TetWalk -n $gpu --reps 1 --algorithm gpu_stp0 --rays /tmp/m/camera.txt --per-ray /tmp/m/camera.csv /tmp/m/arm.rtm > /dev/null
tail -n +2 /tmp/m/camera.txt | paste -d' ' - <(tail -n +2 /tmp/m/camera.csv | cut -d, -f2) | sort -s -k7,7nr > /tmp/m/sorted7.txt
{ echo 1; head -1 /tmp/m/sorted7.txt | cut -d' ' -f1-6; } > /tmp/m/top1.txt
{ echo 32; head -32 /tmp/m/sorted7.txt | cut -d' ' -f1-6; } > /tmp/m/top32.txt
{ echo 1024; head -1024 /tmp/m/sorted7.txt | cut -d' ' -f1-6; } > /tmp/m/top1024.txt
w=$OUT/kv3.txt
algs=gpu_stp0,gpu_stp0r,gpu_aman,gpu_badouelb
run() { local name=$1 a=$2 mesh=$3; shift 3; echo "== $name: $a $*" >> $w; $B/TetWalk -n $gpu --reps 9 --algorithm $a "$@" $mesh 2>&1 | grep -E "^  GPU_" | cut -c1-200 >> $w; }
for k in kernels .devtools/kv3 kernels .devtools/kv3; do
  export RAYTETRA_KERNEL_DIR=$root/$k; n=$(basename $k)
  echo "#### $k" >> $w
  run top1 $algs /tmp/m/arm.rtm --rays /tmp/m/top1.txt
  run top32 $algs /tmp/m/arm.rtm --rays /tmp/m/top32.txt
  run top32_ls1 $algs /tmp/m/arm.rtm --rays /tmp/m/top32.txt --local-size 1
  run top1024 $algs /tmp/m/arm.rtm --rays /tmp/m/top1024.txt
  run camera_stp0 gpu_stp0,gpu_aman,gpu_badouelb /tmp/m/arm.rtm --rays /tmp/m/camera.txt --per-ray /tmp/m/cam_stp0_$n.csv
  run camera_stp0r gpu_stp0r /tmp/m/arm.rtm --rays /tmp/m/camera.txt --per-ray /tmp/m/cam_stp0r_$n.csv
  run vertices gpu_stp0r,gpu_stp0,gpu_aman /tmp/m/arm.rtm --aim vertices --aim-rays 200000 --per-ray /tmp/m/vert_$n.csv
  run cube_camera gpu_stp0r,gpu_stp0,gpu_aman $root/.devtools/cube_big_tetra.mesh --size 1920x1080 --per-ray /tmp/m/cube_$n.csv
  run cube_vertex gpu_stp0r,gpu_stp0,gpu_aman $root/.devtools/cube_big_tetra.mesh --from-vertex 35445 --aim-rays 100000 --per-ray /tmp/m/cubev_$n.csv
done
for f in cam_stp0 cam_stp0r vert cube cubev; do cmp /tmp/m/${f}_kernels.csv /tmp/m/${f}_kv3.csv && echo "$f: per-ray CSV identical" >> $w; done
cat $w | cut -c1-150
