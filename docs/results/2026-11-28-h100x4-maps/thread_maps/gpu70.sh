#!/usr/bin/env bash
# gpu70: a binary OUTPUT written by several threads through maps of its pages
# (RayTetra/pipeline/mapped_output.h), against the writer thread alone
# (RAYTETRA_STREAM_MAP=0, the same build): 40,000,000 pairs file to file, STP0, on --devices all,
# one GPU of four visible, one GPU alone visible and every core; the floor (cat + dd) in the same
# rounds; five rounds, interleaved; the two outputs compared byte for byte. Then
# scripts/stream_bench.sh 40000000 with this build.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
{ nvidia-smi -L; nproc; free -g | head -2; nvidia-smi -q | grep -iE "persistence|driver version" | sort | uniq -c; mount | grep " / "; uname -r; } > $OUT/host.txt 2>&1
cat $OUT/host.txt
ms() { echo $(( ($2 - $1) / 1000000 )); }
o=$OUT/file_to_file.txt
mkdir -p /tmp/s && cd /tmp/s
$B/RandomRayTetra p.rtb -i 20000000 -n 20000000 > /dev/null
cat p.rtb > /dev/null
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
echo "first GPU: OpenCL device $gpu" >> $o
$B/RayTetra -g 1 --devices all -p r p.rtb o.rtb 1 > /dev/null 2>&1
CUDA_VISIBLE_DEVICES=0 $B/RayTetra -g 1 -n 1 -p r p.rtb o.rtb 1 > /dev/null 2>&1
bytes=$(( 64 + 40000000 * 112 ))
for round in 1 2 3 4 5; do
  for mode in floor all-maps all-writer one-of-four-maps one-of-four-writer one-alone-maps one-alone-writer cpu-maps cpu-writer; do
    rm -f o.rtb w.out; sync
    case $mode in *-writer) export RAYTETRA_STREAM_MAP=0;; *) unset RAYTETRA_STREAM_MAP;; esac
    s=$(date +%s%N)
    case $mode in
      floor) cat p.rtb > /dev/null; dd if=/dev/zero of=w.out bs=4M count=$bytes iflag=count_bytes status=none;;
      all-*) $B/RayTetra -g 1 --devices all -p r p.rtb o.rtb 1 > r0.txt 2>&1;;
      one-of-four-*) $B/RayTetra -g 1 -n $gpu -p r p.rtb o.rtb 1 > r0.txt 2>&1;;
      one-alone-*) CUDA_VISIBLE_DEVICES=0 $B/RayTetra -g 1 -n 1 -p r p.rtb o.rtb 1 > r0.txt 2>&1;;
      cpu-*) $B/RayTetra -t 0 --threads 0 -p r p.rtb o.rtb 1 > r0.txt 2>&1;;
    esac
    e=$(date +%s%N)
    echo "$mode round $round: $(ms $s $e) ms" >> $o
    [ $mode = floor ] || grep -hE "^start-up|^stages|^output" r0.txt | cut -c1-420 | sed 's/^/    /' >> $o
    [ $round = 1 ] && case $mode in all-maps) mv o.rtb maps.rtb;; all-writer) cmp maps.rtb o.rtb > $OUT/cmp.txt 2>&1 && echo "all-maps and all-writer: the same bytes" >> $OUT/cmp.txt; rm -f maps.rtb;; esac
    rm -f r0.txt
  done
done
unset RAYTETRA_STREAM_MAP
rm -f o.rtb w.out
grep -E "round" $o | awk '{print $1, $4}' | awk '{a[$1]=a[$1]" "$2} END {for (k in a) print k a[k]}' | sort > $OUT/summary.txt
cat $OUT/summary.txt $OUT/cmp.txt
cd $root
RAYTETRA_BIN=$B scripts/stream_bench.sh 40000000 > $OUT/stream_bench.txt 2>&1
cat $OUT/stream_bench.txt
rm -rf /tmp/s
