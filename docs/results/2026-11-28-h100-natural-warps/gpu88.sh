#!/usr/bin/env bash
# gpu88: armadillo's 200,000 rays aimed at vertices and cube_big_tetra's 100,000 rays from vertex
# 35445, in TetWalk's order and sorted along a Morton curve of the ray (rayorder.c), on one GPU.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
devs=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { printf "%s%s", sep, $1; sep = "," }')
{ nvidia-smi -L; nproc; echo "gpus $devs"; } > $OUT/host_${1:-one}.txt 2>&1
if [ ! -s /tmp/m/arm.rtm ]; then
  mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && (cd /tmp/m && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1)
  $B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
fi
cd /tmp/m
[ -s cube.rtm ] || $B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh cube.rtm $root/.devtools/cube_big_tetra.mesh > /dev/null
[ -s aim.sorted.txt ] || $root/.devtools/probe/rayorder arm.rtm aim 200000 1 aim
[ -s vtx.sorted.txt ] || $root/.devtools/probe/rayorder cube.rtm vertex 35445 100000 1 vtx
w=$OUT/order_${1:-one}.txt
if [ "${1:-one}" = one ]; then lists="$gpu"; else lists=$(printf '%s\n' "${devs%%,*}" "$(echo $devs | cut -d, -f1,2)" "$devs" | uniq | tr '\n' ' '); fi
for round in 1 2; do
  echo "# round $round" >> $w
  for list in $lists; do
    for wl in "aim arm.rtm" "vtx cube.rtm"; do set -- $wl
      for o in given sorted; do
        echo "== $1 $o --devices $list" >> $w
        $B/TetWalk --devices $list --reps 9 --algorithm gpu_stp0,gpu_stp0r,gpu_aman --rays $1.$o.txt --per-ray $1.$o.$list.csv $2 2>&1 | grep -E "^  GPU_" | cut -c1-200 >> $w
      done
      # the same rays, the same results: each sorted ray's line against its given line
      echo "per-ray results the same: $(paste -d, <(sort -t, -k2 $1.given.$list.csv | cut -d, -f2- | sort) <(sort -t, -k2 $1.sorted.$list.csv | cut -d, -f2- | sort) | awk -F, '{ if ($1 != $4 || $2 != $5 || $3 != $6) bad++ } END { print bad ? "no" : "yes" }')" >> $w
    done
  done
done
cut -c1-110 $w
