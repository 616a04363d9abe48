#!/usr/bin/env bash
# Final pipeline figures: stream_bench (file to file against cat + dd, fresh output each run),
# one stage line per configuration, and mpi_bench (ranks of one GPU each and of cores against one
# process), on this host.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache RAYTETRA_BIN=$root/.devtools/bin
source $root/.devtools/mpienv.sh $root/.devtools/mpi
B=$RAYTETRA_BIN
{ nvidia-smi -L; nproc; free -g | head -2; git -C $root log -1 --format=%h 2>/dev/null; } > $OUT/host.txt 2>&1
bash $root/scripts/stream_bench.sh 40000000 > $OUT/stream_bench.txt 2>&1
# One run of each with its stage line (fresh output)
$B/RandomRayTetra /tmp/sl.rtb -i 20000000 -n 20000000 > /dev/null
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
for cfg in "-t 0 --threads 0" "-g 1 -n $gpu" "-g 1 --devices all"; do
  rm -f /tmp/sl.out.rtb; sync
  s=$(date +%s%N); $B/RayTetra $cfg -p r /tmp/sl.rtb /tmp/sl.out.rtb 1 > /tmp/sl.log 2>&1
  echo "== RayTetra $cfg: wall $(( ($(date +%s%N)-s)/1000000 )) ms" >> $OUT/stage_lines.txt
  grep -E "^stages|^algorithm|end to end" /tmp/sl.log | cut -c1-420 >> $OUT/stage_lines.txt
done
rm -f /tmp/sl.rtb /tmp/sl.out.rtb
ngpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU"' | wc -l)
bash $root/scripts/mpi_bench.sh 40000000 $ngpu /tmp/mpib > $OUT/mpi_bench.txt 2>&1
cp /tmp/mpib/*.log $OUT/ 2>/dev/null; ls /tmp/mpib >> $OUT/mpi_bench.txt
