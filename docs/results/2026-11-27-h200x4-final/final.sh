#!/usr/bin/env bash
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache RAYTETRA_BIN=$root/.devtools/bin
B=$RAYTETRA_BIN
{ nvidia-smi -L; nproc; } > $OUT/host.txt 2>&1
( source $root/.devtools/mpienv.sh $root/.devtools/mpi
  export PMIX_MCA_mca_base_component_show_load_errors=0
  ngpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU"' | wc -l)
  bash $root/scripts/mpi_bench.sh 40000000 $ngpu /tmp/mpib 2>&1 | grep -v "^\[.*pmix\|dlopen error\|Perhaps a missing" > $OUT/mpi_bench.txt
  grep -h "^rank\|ranks on" /tmp/mpib/*.log | cut -c1-330 > $OUT/mpi_ranks.txt
  rm -rf /tmp/mpib )
bash $root/scripts/stream_bench.sh 40000000 > $OUT/stream_bench.txt 2>&1
