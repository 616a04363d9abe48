#!/usr/bin/env bash
# gpu79: 068b3f3 (`.devtools/bin/RayTetra`: gpu77's and gpu78's changes, the in-place records
# written whether or not they differ) against 2ddbe33 (`.devtools/bin/RayTetra.2ddbe33`):
# 40,000,000 pairs file to file, STP0, `--devices all`, one GPU alone visible and every core; the
# floor (cat + dd) in each round; three rounds, the order of the two builds swapped every round;
# the outputs compared. Then scripts/stream_bench.sh 40000000 twice with 068b3f3.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
{ nvidia-smi -L; nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1; nproc; uname -r; free -g | head -2; df -T /tmp | tail -1; } > $OUT/host.txt 2>&1
ms() { echo $(( ($2 - $1) / 1000000 )); }
o=$OUT/file_to_file.txt
mkdir -p /tmp/s && cd /tmp/s
$B/RandomRayTetra p.rtb -i 20000000 -n 20000000 > /dev/null
cat p.rtb > /dev/null
$B/RayTetra -g 1 --devices all -p r p.rtb o.rtb 1 > /dev/null 2>&1
bytes=$(( 64 + 40000000 * 112 ))
for round in 1 2 3; do
  order="all-new all-old alone-new alone-old cpu-new cpu-old"; [ $((round % 2)) = 0 ] && order="all-old all-new alone-old alone-new cpu-old cpu-new"
  for mode in floor $order; do
    rm -f o.rtb w.out; sync
    case $mode in *-new) R=$B/RayTetra;; *) R=$B/RayTetra.2ddbe33;; esac
    s=$(date +%s%N)
    case $mode in
      floor) cat p.rtb > /dev/null; dd if=/dev/zero of=w.out bs=4M count=$bytes iflag=count_bytes status=none;;
      all-*) $R -g 1 --devices all -p r p.rtb o.rtb 1 > r0.txt 2>&1;;
      alone-*) CUDA_VISIBLE_DEVICES=0 $R -g 1 -n 1 -p r p.rtb o.rtb 1 > r0.txt 2>&1;;
      cpu-*) $R -t 0 --threads 0 -p r p.rtb o.rtb 1 > r0.txt 2>&1;;
    esac
    e=$(date +%s%N)
    echo "$mode round $round: $(ms $s $e) ms" >> $o
    [ $mode = floor ] || grep -hE "^start-up|^stages|^output|^the devices" r0.txt | cut -c1-520 | sed 's/^/    /' >> $o
    [ $round = 1 ] && case $mode in all-new|cpu-new) mv o.rtb new.out;; all-old|cpu-old) { cmp new.out o.rtb && echo "$mode and the new build: the same bytes"; } >> $OUT/cmp.txt 2>&1; rm -f new.out;; esac
    rm -f r0.txt
  done
done
rm -f o.rtb w.out
grep -E "round" $o | awk '{print $1, $4}' | awk '{a[$1]=a[$1]" "$2} END {for (k in a) print k a[k]}' | sort > $OUT/summary.txt
cat $OUT/summary.txt $OUT/cmp.txt
cd $root && rm -rf /tmp/s
for k in 1 2; do
  RAYTETRA_BIN=$B scripts/stream_bench.sh 40000000 > $OUT/stream_bench_$k.txt 2>&1
  cat $OUT/stream_bench_$k.txt
done
