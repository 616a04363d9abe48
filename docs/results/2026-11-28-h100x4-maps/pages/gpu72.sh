#!/usr/bin/env bash
# gpu72: the A/B of gpu71 again with more rounds, the same build: a binary OUTPUT's pages made
# ahead of the writer by one thread (RAYTETRA_STREAM_PAGES=1, the default) against none (=0):
# 40,000,000 pairs file to file, STP0, on --devices all and on one GPU alone visible; the floor
# (cat + dd) in the same rounds; eight rounds, interleaved.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
{ nvidia-smi -L; nproc; uname -r; } > $OUT/host.txt 2>&1
ms() { echo $(( ($2 - $1) / 1000000 )); }
o=$OUT/file_to_file.txt
mkdir -p /tmp/s && cd /tmp/s
$B/RandomRayTetra p.rtb -i 20000000 -n 20000000 > /dev/null
cat p.rtb > /dev/null
$B/RayTetra -g 1 --devices all -p r p.rtb o.rtb 1 > /dev/null 2>&1
CUDA_VISIBLE_DEVICES=0 $B/RayTetra -g 1 -n 1 -p r p.rtb o.rtb 1 > /dev/null 2>&1
bytes=$(( 64 + 40000000 * 112 ))
for round in 1 2 3 4 5 6 7 8; do
  order="all-p0 all-p1 alone-p0 alone-p1"; [ $((round % 2)) = 0 ] && order="all-p1 all-p0 alone-p1 alone-p0"
  for mode in floor $order; do
    rm -f o.rtb w.out; sync
    export RAYTETRA_STREAM_PAGES=${mode##*-p}
    s=$(date +%s%N)
    case $mode in
      floor) cat p.rtb > /dev/null; dd if=/dev/zero of=w.out bs=4M count=$bytes iflag=count_bytes status=none;;
      all-*) $B/RayTetra -g 1 --devices all -p r p.rtb o.rtb 1 > r0.txt 2>&1;;
      alone-*) CUDA_VISIBLE_DEVICES=0 $B/RayTetra -g 1 -n 1 -p r p.rtb o.rtb 1 > r0.txt 2>&1;;
    esac
    e=$(date +%s%N)
    echo "$mode round $round: $(ms $s $e) ms" >> $o
    [ $mode = floor ] || grep -hE "^start-up|^stages|^output" r0.txt | cut -c1-420 | sed 's/^/    /' >> $o
    rm -f r0.txt
  done
done
unset RAYTETRA_STREAM_PAGES
grep -E "round" $o | awk '{print $1, $4}' | awk '{a[$1]=a[$1]" "$2} END {for (k in a) print k a[k]}' | sort > $OUT/summary.txt
cat $OUT/summary.txt
rm -rf /tmp/s
