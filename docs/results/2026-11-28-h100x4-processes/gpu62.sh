#!/usr/bin/env bash
# gpu62: does NVIDIA's driver start four GPUs faster in four processes that each see one
# (CUDA_VISIBLE_DEVICES=j) than in one process that sees all four? (1) clstart (one GPU: platforms,
# context, queue, four pinned buffers, release) as whole processes: four GPUs in one process, one
# GPU of four visible, one GPU alone visible, and four processes side by side each seeing one; then
# RayTetra --list-devices alike; five rounds, interleaved. (2) 40,000,000 pairs file to file:
# RayTetra --devices all on one 5.76 GB file against four RayTetra -g 1 processes side by side, each
# seeing one GPU and running a quarter of the pairs from a file of its own into an output of its
# own; one GPU of four visible and one GPU alone visible; the floor (cat + dd); five rounds.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
P=$root/.devtools/probe
{ nvidia-smi -L; nproc; free -g | head -2; nvidia-smi -q | grep -iE "persistence|driver version" | sort | uniq -c; mount | grep " / "; } > $OUT/host.txt 2>&1
cat $OUT/host.txt
ms() { echo $(( ($2 - $1) / 1000000 )); }
o=$OUT/start.txt
$P/clstart 4 > /dev/null 2>&1
for round in 1 2 3 4 5; do
  for mode in four-in-one one-of-four one-alone four-processes; do
    s=$(date +%s%N)
    case $mode in
      four-in-one) $P/clstart 4 > /tmp/c0.txt 2>&1;;
      one-of-four) $P/clstart 1 > /tmp/c0.txt 2>&1;;
      one-alone) CUDA_VISIBLE_DEVICES=0 $P/clstart 1 > /tmp/c0.txt 2>&1;;
      four-processes) for j in 0 1 2 3; do CUDA_VISIBLE_DEVICES=$j $P/clstart 1 > /tmp/c$j.txt 2>&1 & done; wait;;
    esac
    e=$(date +%s%N)
    echo "clstart $mode round $round: $(ms $s $e) ms; $(grep -hE '^platforms|^opened|^total' /tmp/c[0-3].txt 2>/dev/null | tr '\n' ' ')" >> $o
    rm -f /tmp/c[0-3].txt
  done
  for mode in four-in-one one-alone four-processes; do
    s=$(date +%s%N)
    case $mode in
      four-in-one) $B/RayTetra --list-devices > /dev/null 2>&1;;
      one-alone) CUDA_VISIBLE_DEVICES=0 $B/RayTetra --list-devices > /dev/null 2>&1;;
      four-processes) for j in 0 1 2 3; do CUDA_VISIBLE_DEVICES=$j $B/RayTetra --list-devices > /dev/null 2>&1 & done; wait;;
    esac
    e=$(date +%s%N)
    echo "list-devices $mode round $round: $(ms $s $e) ms" >> $o
  done
done
cat $o
o=$OUT/file_to_file.txt
mkdir -p /tmp/s && cd /tmp/s
$B/RandomRayTetra p.rtb -i 20000000 -n 20000000 > /dev/null
for j in 0 1 2 3; do $B/RandomRayTetra p$j.rtb -i 5000000 -n 5000000 --seed $((j + 2)) > /dev/null; done
cat p.rtb p0.rtb p1.rtb p2.rtb p3.rtb > /dev/null
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
echo "first GPU: OpenCL device $gpu" >> $o
CUDA_VISIBLE_DEVICES=0 $B/RayTetra -g 1 -n 1 -p r p0.rtb o0.rtb 1 > /dev/null 2>&1
$B/RayTetra -g 1 --devices all -p r p.rtb o.rtb 1 > /dev/null 2>&1
bytes=$(( 64 + 40000000 * 112 ))
for round in 1 2 3 4 5; do
  for mode in floor all four-processes one-of-four one-alone; do
    rm -f o.rtb o0.rtb o1.rtb o2.rtb o3.rtb w.out; sync
    s=$(date +%s%N)
    case $mode in
      floor) cat p.rtb > /dev/null; dd if=/dev/zero of=w.out bs=4M count=$bytes iflag=count_bytes status=none;;
      all) $B/RayTetra -g 1 --devices all -p r p.rtb o.rtb 1 > r0.txt 2>&1;;
      four-processes) for j in 0 1 2 3; do CUDA_VISIBLE_DEVICES=$j $B/RayTetra -g 1 -n 1 -p r p$j.rtb o$j.rtb 1 > r$j.txt 2>&1 & done; wait;;
      one-of-four) $B/RayTetra -g 1 -n $gpu -p r p.rtb o.rtb 1 > r0.txt 2>&1;;
      one-alone) CUDA_VISIBLE_DEVICES=0 $B/RayTetra -g 1 -n 1 -p r p.rtb o.rtb 1 > r0.txt 2>&1;;
    esac
    e=$(date +%s%N)
    echo "$mode round $round: $(ms $s $e) ms" >> $o
    [ $mode = floor ] || grep -hE "^start-up|^stages" r[0-3].txt 2>/dev/null | cut -c1-400 | sed 's/^/    /' >> $o
    rm -f r[0-3].txt
  done
done
ls -l /tmp/s >> $o
rm -rf /tmp/s
grep -E "round" $o | awk '{print $1, $4}' | awk '{a[$1]=a[$1]" "$2} END {for (k in a) print k a[k]}' | sort > $OUT/summary.txt
grep -E "round" $OUT/start.txt | awk '{print $1, $2, $5}' | awk '{k=$1" "$2; a[k]=a[k]" "$3} END {for (k in a) print k a[k]}' | sort >> $OUT/summary.txt
cat $OUT/summary.txt
