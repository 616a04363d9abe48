#!/usr/bin/env bash
# End to end on 100,000,000 pairs (GPU_STP0, double, input and records as arrays; tapered 16 and 24 chunks; 5 runs).
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$PWD/.devbuild/bin/lib
export RAYTETRA_KERNEL_DIR=$PWD/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$PWD/.devbuild/bin; R=$OUT
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $R/devices.txt 2>&1
$B/RayTetra --list-devices >> $R/devices.txt 2>&1
DEV=$($B/RayTetra --list-devices 2>/dev/null | awk '$2=="GPU"{print $1; exit}')
echo "device index: $DEV" >> $R/devices.txt; cat $R/devices.txt
cd /tmp
[ -f d100m.rtb ] || { /usr/bin/time -f "%e s" $B/RandomRayTetra d100m.rtb -i 50000000 -n 50000000 --seed 51 > $R/gen100m.txt 2>&1; }
for n in ${CHUNKS:-16 24}; do
  S=$(date +%s)
  $B/Bench --algorithms g1 --layout soa --result-layout soa --overlap $n --chunk-sizes tapered --bandwidth-mib 1024 \
    --json $R/e2e-g1-$n.json --device $DEV /tmp/d100m.rtb $R/wide-e2e.csv 5 > $R/e2e-g1-$n.txt 2>&1
  echo "rc=$? wall $(( $(date +%s) - S )) s" >> $R/e2e-g1-$n.txt
  grep -E "end to end|bandwidth|rc=" $R/e2e-g1-$n.txt
done
