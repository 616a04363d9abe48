#!/usr/bin/env bash
# gpu44: the streaming run on every GPU with the devices joining as they open (eb2fe4e) against
# 958b14f (every device opened before the first pair is read), interleaved, 40,000,000 pairs
# file to file, five runs each, with one GPU of four visible alongside; then
# scripts/stream_bench.sh 40000000 with eb2fe4e.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_BIN=$root/.devtools/bin RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$RAYTETRA_BIN
{ nvidia-smi -L; nproc; nvidia-smi -q | grep -i persistence | sort | uniq -c; free -g; df -h /tmp; } > $OUT/host.txt 2>&1
o=$OUT/devices_side_by_side.txt
mkdir -p /tmp/s && $B/RandomRayTetra /tmp/s/p.rtb -i 20000000 -n 20000000 > /dev/null
cat /tmp/s/p.rtb > /dev/null
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
for v in RayTetra.958b14f RayTetra; do $B/$v -g 1 --devices all -p r /tmp/s/p.rtb /tmp/s/o.rtb 1 > /dev/null 2>&1; done
rm -f /tmp/s/o.rtb
for round in 1 2 3 4 5; do
  for v in RayTetra.958b14f RayTetra; do
    for mode in all one; do
      rm -f /tmp/s/o.rtb; sync
      if [ $mode = all ]; then args="--devices all"; else args="-n $gpu"; fi
      echo "== $v $mode round $round" >> $o
      /usr/bin/time -f "$v $mode: %e s wall, %U s user, %S s system" $B/$v -g 1 $args -p r /tmp/s/p.rtb /tmp/s/o.rtb 1 2>&1 | grep -E "wall|^stages|^start-up|^devices" | cut -c1-600 >> $o
      cmp -s /tmp/s/o.rtb /tmp/s/first.rtb 2>/dev/null && echo "  output the same as the first run's" >> $o
      [ -f /tmp/s/first.rtb ] || cp /tmp/s/o.rtb /tmp/s/first.rtb
    done
  done
done
rm -rf /tmp/s
grep -E " (all|one): " $o | awk '{print $1, $2, $3}' | sort | awk '{k=$1" "$2; a[k]=a[k]" "$3} END {for (k in a) print k":"a[k]}' | sort > $OUT/summary.txt
cat $OUT/summary.txt
cd /tmp && timeout 300 $root/scripts/stream_bench.sh 40000000 > $OUT/stream_bench_eb2fe4e.txt 2>&1
cat $OUT/stream_bench_eb2fe4e.txt
