#!/usr/bin/env bash
# File-to-file, fresh output and no dirty pages before each run: chunk size sweep for one GPU,
# every GPU and every core, against the cat + dd floor.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
out=$OUT/sweep.txt
{ nvidia-smi -L; nproc; } > $out
ns() { date +%s%N; }
$B/RandomRayTetra /tmp/p.rtb -i 20000000 -n 20000000 > /dev/null
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
$B/RayTetra -g 1 -n $gpu -p r /tmp/p.rtb /tmp/r.rtb 1 > /dev/null 2>&1
$B/RayTetra -g 1 --devices all -p r /tmp/p.rtb /tmp/r.rtb 1 > /dev/null 2>&1
fresh() { rm -f /tmp/r.rtb /tmp/floor.out; sync; }
tm() { fresh; local s=$(ns); "$@" > /tmp/log.txt 2>&1; local w=$(( ($(ns)-s)/1000000 )); echo "wall $w ms: ${CHUNK:-default} $*" >> $out; grep -E "^stages" /tmp/log.txt | cut -c1-400 >> $out; }
for i in 1 2 3; do tm sh -c 'cat /tmp/p.rtb > /dev/null'; done
for i in 1 2 3; do tm dd if=/dev/zero of=/tmp/floor.out bs=4M count=4480000064 iflag=count_bytes status=none; done
for c in default 65536 262144 1048576; do
  for cfg in "-g 1 -n $gpu" "-g 1 --devices all" "-t 0 --threads 0"; do
    for i in 1 2; do
      if [ $c = default ]; then CHUNK= tm $B/RayTetra $cfg -p r /tmp/p.rtb /tmp/r.rtb 1
      else CHUNK=$c RAYTETRA_STREAM_CHUNK_PAIRS=$c tm $B/RayTetra $cfg -p r /tmp/p.rtb /tmp/r.rtb 1; fi
    done
  done
done
# The cost of replacing an existing output (both dd and RayTetra pay it)
$B/RayTetra -t 0 --threads 0 -p r /tmp/p.rtb /tmp/r.rtb 1 > /dev/null; sync
s=$(ns); rm /tmp/r.rtb; echo "rm of a synced 4.48 GB output: $(( ($(ns)-s)/1000000 )) ms" >> $out
$B/RayTetra -t 0 --threads 0 -p r /tmp/p.rtb /tmp/r.rtb 1 > /dev/null
s=$(ns); rm /tmp/r.rtb; echo "rm of a just-written (dirty) 4.48 GB output: $(( ($(ns)-s)/1000000 )) ms" >> $out
