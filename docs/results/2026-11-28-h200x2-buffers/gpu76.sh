#!/usr/bin/env bash
# gpu76: 2ddbe33 (`.devtools/bin/RayTetra`), 40,000,000 pairs file to file: whether the helper
# that makes OUTPUT's pages (RAYTETRA_STREAM_PAGES=1, the default) slows the devices' start as
# the output buffers' pages made during it did (gpu75): `--devices all` with 1 and 0 helpers,
# back to back, four rounds, the order swapped every round; then scripts/stream_bench.sh
# 40000000 twice.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
{ nvidia-smi -L; nvidia-smi --query-gpu=driver_version,persistence_mode --format=csv,noheader; nproc; uname -r; free -g | head -2; df -T /tmp | tail -1; cat /sys/kernel/mm/transparent_hugepage/enabled; } > $OUT/host76.txt 2>&1
ms() { echo $(( ($2 - $1) / 1000000 )); }
o=$OUT/helper_start.txt
mkdir -p /tmp/s && cd /tmp/s
$B/RandomRayTetra p.rtb -i 20000000 -n 20000000 > /dev/null
cat p.rtb > /dev/null
$B/RayTetra -g 1 --devices all -p r p.rtb o.rtb 1 > /dev/null 2>&1
for round in 1 2 3 4; do
  order="p1 p0"; [ $((round % 2)) = 0 ] && order="p0 p1"
  for mode in $order; do
    rm -f o.rtb; sync
    s=$(date +%s%N)
    RAYTETRA_STREAM_PAGES=${mode#p} $B/RayTetra -g 1 --devices all -p r p.rtb o.rtb 1 > r0.txt 2>&1
    e=$(date +%s%N)
    echo "all-$mode round $round: $(ms $s $e) ms" >> $o
    grep -hE "^start-up|^stages|^output|^the devices" r0.txt | cut -c1-520 | sed 's/^/    /' >> $o
  done
done
awk '/round/ {name=$1; wall=$4} /devices and kernels/ {match($0,/devices and kernels [0-9.]+/); d=substr($0,RSTART+20,RLENGTH-20); a[name]=a[name]" "int(d)"/"wall} END {for (k in a) print k" (devices ms/wall ms):"a[k]}' $o | sort > $OUT/helper_summary.txt
cat $OUT/helper_summary.txt
rm -f o.rtb r0.txt
cd $root && rm -rf /tmp/s
for k in 1 2; do
  RAYTETRA_BIN=$B scripts/stream_bench.sh 40000000 > $OUT/stream_bench_2ddbe33_$k.txt 2>&1
  cat $OUT/stream_bench_2ddbe33_$k.txt
done
