#!/usr/bin/env bash
# gpu47: (1) 4,480,000,064 bytes written with dd bs=4M into a new file (scripts/stream_bench.sh's
# write floor), into one reserved with `fallocate -n` (blocks only, size kept: what RayTetra
# does for a binary OUTPUT since 7eeeb71) and with `fallocate` (size set), interleaved, six
# runs each; (2) RayTetra 958b14f against 7eeeb71, 40,000,000 pairs file to file, on four GPUs,
# one GPU of four visible and every core, interleaved, five runs each; (3) stream_bench.sh.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_BIN=$root/.devtools/bin RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$RAYTETRA_BIN
{ nvidia-smi -L; nproc; nvidia-smi -q | grep -i persistence | sort | uniq -c; mount | grep " / "; } > $OUT/host.txt 2>&1
o=$OUT/write_reserved.txt
bytes=4480000064
ms() { echo $(( ($2 - $1) / 1000000 )); }
for round in 1 2 3 4 5 6; do
  for mode in new keep-size size; do
    rm -f /tmp/w.out; sync
    s=$(date +%s%N)
    case $mode in keep-size) fallocate -n -l $bytes /tmp/w.out;; size) fallocate -l $bytes /tmp/w.out;; esac
    f=$(date +%s%N)
    dd if=/dev/zero of=/tmp/w.out bs=4M count=$bytes iflag=count_bytes conv=notrunc status=none
    e=$(date +%s%N)
    echo "$mode round $round: $(ms $s $e) ms (fallocate $(ms $s $f) ms)" >> $o
  done
done
rm -f /tmp/w.out; sync
cat $o
o=$OUT/raytetra_side_by_side.txt
mkdir -p /tmp/s && $B/RandomRayTetra /tmp/s/p.rtb -i 20000000 -n 20000000 > /dev/null
cat /tmp/s/p.rtb > /dev/null
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
for v in RayTetra.958b14f RayTetra; do $B/$v -g 1 --devices all -p r /tmp/s/p.rtb /tmp/s/o.rtb 1 > /dev/null 2>&1; done
for round in 1 2 3 4 5; do
  for mode in all one cores; do
    for v in RayTetra.958b14f RayTetra; do
      rm -f /tmp/s/o.rtb; sync
      case $mode in all) args="-g 1 --devices all";; one) args="-g 1 -n $gpu";; cores) args="-t 0 --threads 0";; esac
      echo "== $v $mode round $round" >> $o
      /usr/bin/time -f "$v $mode: %e s wall, %U s user, %S s system" $B/$v $args -p r /tmp/s/p.rtb /tmp/s/o.rtb 1 2>&1 | grep -E "wall|^stages|^start-up" | cut -c1-600 >> $o
      [ $mode = cores ] || { cmp -s /tmp/s/o.rtb /tmp/s/first.rtb 2>/dev/null && echo "  output the same as the first run's" >> $o; }
      [ -f /tmp/s/first.rtb ] || cp /tmp/s/o.rtb /tmp/s/first.rtb
    done
  done
done
rm -rf /tmp/s
grep -E " (all|one|cores): " $o | awk '{print $1, $2, $3}' | sort -k1,2 -k3g | awk '{k=$1" "$2; a[k]=a[k]" "$3} END {for (k in a) print k a[k]}' | sort > $OUT/summary.txt
cat $OUT/summary.txt
cd /tmp && timeout 300 $root/scripts/stream_bench.sh 40000000 > $OUT/stream_bench_7eeeb71.txt 2>&1
cat $OUT/stream_bench_7eeeb71.txt
