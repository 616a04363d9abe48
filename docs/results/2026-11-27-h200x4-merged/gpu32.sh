#!/usr/bin/env bash
# gpu32: mesh ready with the read's 16-thread cap on every core; Bench --devices all with 16 chunks a device for the steps.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache RAYTETRA_BIN=$root/.devtools/bin
B=$RAYTETRA_BIN
{ nvidia-smi -L; nproc; } > $OUT/host.txt 2>&1
gpus=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1 }' | paste -sd, -)
mkdir -p /tmp/b && $B/RandomRayTetra /tmp/b/d40m.rtb -i 20000000 -n 20000000 > /dev/null &
( cd /tmp && cp $root/.devtools/armadillo.off . && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off >/dev/null )
wait
OMP_NUM_THREADS= bash $root/scripts/mesh_ready.sh /tmp/armadillo.1.ele 3 > $OUT/mesh_ready.txt 2>&1
for r in 1 2; do
$B/Bench --algorithms g1 --overlap 16 --no-bandwidth --devices $gpus /tmp/b/d40m.rtb /tmp/b/multi.csv 10 2>&1 | grep -iE "scaling|together" | cut -c1-200 >> $OUT/bench_devices.txt
done
