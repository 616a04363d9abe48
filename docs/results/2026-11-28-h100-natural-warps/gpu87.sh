#!/usr/bin/env bash
# gpu87: gpu86's k = 16 held rays 0-15 of the costliest natural warp, k = 32 also rays 16-31.
# Here: halves and alternate rays of that warp, each ray twice (a full warp of 16 different rays),
# each once in a work-group of 16 (16 lanes busy), and each once a work-group (lone rays).
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
[ -s /tmp/m/nat.txt ] || { echo "run gpu84.sh and gpu86.sh first"; exit 1; }
cd /tmp/m
sel() { awk -v pick="$1" 'BEGIN { n = split(pick, p, ","); for (i = 1; i <= n; ++i) want[p[i] + 1] = i }
                          (NR in want) { line[want[NR]] = $0 } END { for (i = 1; i <= n; ++i) print line[i] }' nat.txt | cut -d' ' -f1-6; }
seqc() { seq -s, "$@"; }
twice() { sed 'p'; }
first=$(seqc 0 15) second=$(seqc 16 31) even=$(seqc 0 2 30) odd=$(seqc 1 2 31)
for s in first second even odd; do
  { echo 32; sel "${!s}" | twice; } > ${s}_x2.txt
  { echo 16; sel "${!s}"; } > ${s}_x1.txt
done
w=$OUT/halves.txt
run() { local name=$1; shift; echo "== $name: $*" >> $w; $B/TetWalk -n $gpu --reps 20 --algorithm gpu_stp0,gpu_aman,gpu_badouelb "$@" arm.rtm 2>&1 | grep -E "^  GPU_" | cut -c1-200 >> $w; }
for round in 1 2; do
  echo "# round $round" >> $w
  for s in first second even odd; do
    run ${s}_x2 --rays ${s}_x2.txt
    run ${s}_x1_ls16 --rays ${s}_x1.txt --local-size 16
    run ${s}_x1_ls1 --rays ${s}_x1.txt --local-size 1
  done
done
cut -c1-100 $w
