#!/usr/bin/env bash
# gpu63: TetWalk --renumber-tetrahedra on the GPUs and on the host's cores: armadillo (CGAL's
# armadillo.off through tetgen -pqnQ -a0.2) saved as .rtm in the file's order and renumbered,
# camera 1920x1080, GPU_STP0, GPU_STP0R, GPU_Aman on one GPU and on all, STP0 and Aman on every
# core; two interleaved rounds, 5 repetitions; per-ray files compared.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
gpus=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1 }' | paste -sd, -)
gpu=${gpus%%,*}
o=$OUT/renumber.txt
echo "GPUs $gpus" > $o
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && cd /tmp/m
/usr/bin/time -f "tetgen %e s" $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>> $o
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --renumber-tetrahedra --save-mesh /tmp/m/armr.rtm /tmp/m/arm.rtm | grep -i renumber >> $o
ls -l /tmp/m/*.rtm >> $o
for round in 1 2; do
  for mesh in arm armr; do
    for dev in "-n $gpu" "--devices $gpus"; do
      echo "== round $round $mesh $dev" >> $o
      $B/TetWalk --reps 5 --algorithm gpu_stp0,gpu_stp0r,gpu_aman $dev --size 1920x1080 --per-ray /tmp/m/$mesh.csv /tmp/m/$mesh.rtm 2>&1 | grep -E "^  GPU_" | cut -c1-170 >> $o
    done
    echo "== round $round $mesh --threads 64,16" >> $o
    $B/TetWalk --reps 5 --algorithm stp0,stp0r,aman --threads 64,16 --size 1920x1080 /tmp/m/$mesh.rtm 2>&1 | grep -E "^  [A-Z]" | cut -c1-170 >> $o
  done
done
cmp /tmp/m/arm.csv /tmp/m/armr.csv && echo "per-ray files the same, the file's order and renumbered" >> $o
cat $o
