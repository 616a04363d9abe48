#!/usr/bin/env bash
# gpu35: the streaming run with the formatter apart, two first chunks and devices opened side by side (RayTetra)
# against the build before (RayTetra.base), side by side, then stream_bench.sh's table.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_BIN=$root/.devtools/bin RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
s=$OUT/stages.txt
{ nvidia-smi -L; nproc; lscpu | grep -E "Model name"; free -g | head -2; } > $OUT/machine.txt 2>&1
gpus=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1 }' | paste -sd, -)
gpu=${gpus%%,*}
ms() { echo $(( $(date +%s%N) / 1000000 )); }
mkdir -p /tmp/s && $B/RandomRayTetra /tmp/s/in.rtb -i 20000000 -n 20000000 > /dev/null
$B/RayTetra -g 1 -n $gpu -p r /tmp/s/in.rtb /tmp/s/out.rtb 1 > /dev/null 2>&1   # kernel cache
for r in 1 2 3; do
  a=$(ms); cat /tmp/s/in.rtb > /dev/null; b=$(ms); echo "cat $((b - a)) ms" >> $s
  for bin in RayTetra.base RayTetra; do
    for dev in "-t 0 --threads 0" "-g 1 -n $gpu" "-g 1 --devices all"; do
      rm -f /tmp/s/out.rtb; sync
      a=$(ms); $B/$bin $dev -p r /tmp/s/in.rtb /tmp/s/out.rtb 1 > /tmp/s/log 2>&1; b=$(ms)
      echo "== $bin $dev process $((b - a)) ms" >> $s
      grep -E "^stages|^start-up" /tmp/s/log | cut -c1-480 >> $s
    done
  done
  rm -f /tmp/s/out.rtb /tmp/s/dd; sync
  a=$(ms); dd if=/dev/zero of=/tmp/s/dd bs=4M count=1068 status=none; b=$(ms); echo "dd $((b - a)) ms" >> $s
  rm -f /tmp/s/dd; sync
done
cp /tmp/s/out.rtb /tmp/s/new.rtb 2>/dev/null; $B/RayTetra.base -g 1 --devices all -p r /tmp/s/in.rtb /tmp/s/base.rtb 1 >/dev/null 2>&1; $B/RayTetra -g 1 --devices all -p r /tmp/s/in.rtb /tmp/s/new.rtb 1 > /dev/null 2>&1; cmp /tmp/s/base.rtb /tmp/s/new.rtb && echo "base and new: the same bytes" >> $s
rm -rf /tmp/s
cd /tmp && timeout 300 $root/scripts/stream_bench.sh 40000000 > $OUT/stream_bench.txt 2>&1
