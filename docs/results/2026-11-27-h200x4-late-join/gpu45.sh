#!/usr/bin/env bash
# gpu45: --devices all, 40,000,000 pairs file to file, interleaved, five runs each: 958b14f (every
# device opened before the first pair is read), eb2fe4e (all devices open side by side, the run
# begins on the first one ready, the others join) and the variant that opens the first device
# alone, then the others side by side while the run goes on.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_BIN=$root/.devtools/bin RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$RAYTETRA_BIN
{ nvidia-smi -L; nproc; nvidia-smi -q | grep -i persistence | sort | uniq -c; } > $OUT/host.txt 2>&1
o=$OUT/open_side_by_side.txt
mkdir -p /tmp/s && $B/RandomRayTetra /tmp/s/p.rtb -i 20000000 -n 20000000 > /dev/null
cat /tmp/s/p.rtb > /dev/null
for v in RayTetra.958b14f RayTetra.parallel RayTetra.first; do $B/$v -g 1 --devices all -p r /tmp/s/p.rtb /tmp/s/o.rtb 1 > /dev/null 2>&1; done
rm -f /tmp/s/o.rtb
for round in 1 2 3 4 5 6; do
  for v in RayTetra.958b14f RayTetra.parallel RayTetra.first; do
      rm -f /tmp/s/o.rtb; sync
      echo "== $v round $round" >> $o
      /usr/bin/time -f "$v all: %e s wall, %U s user, %S s system" $B/$v -g 1 --devices all -p r /tmp/s/p.rtb /tmp/s/o.rtb 1 2>&1 | grep -E "wall|^stages|^start-up|^GPU_STP0: device" | cut -c1-600 >> $o
      cmp -s /tmp/s/o.rtb /tmp/s/first.rtb 2>/dev/null && echo "  output the same as the first run's" >> $o
      [ -f /tmp/s/first.rtb ] || cp /tmp/s/o.rtb /tmp/s/first.rtb
  done
done
rm -rf /tmp/s
grep -E " all: " $o | awk '{print $1, $3}' | sort -k1,1 -k2g | awk '{a[$1]=a[$1]" "$2} END {for (k in a) print k":"a[k]}' | sort > $OUT/summary.txt
cat $OUT/summary.txt
