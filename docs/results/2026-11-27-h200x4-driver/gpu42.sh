#!/usr/bin/env bash
# gpu42: does PoCL's ICD beside NVIDIA's cost start-up? clstart with both ICDs and with a vendors
# folder holding only NVIDIA's, interleaved; then stream_bench 40000000 with only NVIDIA's ICD.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
mkdir -p /tmp/nvonly; echo libnvidia-opencl.so.1 > /tmp/nvonly/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_BIN=$root/.devtools/bin RAYTETRA_CACHE_DIR=/tmp/rtcache
P=$root/.devtools/probe/clstart
o=$OUT/icd.txt
ls /etc/OpenCL/vendors > $o
for round in 1 2 3; do
  for g in 1 4; do
    echo "== round $round, both ICDs, $g GPU(s)" >> $o; $P $g | grep -E "platforms|devices,|opened|total" >> $o
    echo "== round $round, only NVIDIA's ICD (OCL_ICD_VENDORS=/tmp/nvonly), $g GPU(s)" >> $o; OCL_ICD_VENDORS=/tmp/nvonly $P $g | grep -E "platforms|devices,|opened|total" >> $o
  done
done
for round in 1 2 3; do
  /usr/bin/time -f "list-devices, both ICDs: %e s" $RAYTETRA_BIN/RayTetra --list-devices > /dev/null 2>> $o
  OCL_ICD_VENDORS=/tmp/nvonly /usr/bin/time -f "list-devices, only NVIDIA's: %e s" $RAYTETRA_BIN/RayTetra --list-devices >> $o 2>&1
done
cd /tmp && OCL_ICD_VENDORS=/tmp/nvonly timeout 300 $root/scripts/stream_bench.sh 40000000 > $OUT/stream_bench_nvidia_only.txt 2>&1
cat $o $OUT/stream_bench_nvidia_only.txt
