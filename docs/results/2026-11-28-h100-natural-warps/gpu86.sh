#!/usr/bin/env bash
# gpu86: one warp of 32 work-items walking k different rays (k = 1 .. 32; work-item i walks the
# costliest natural warp's ray floor(i k / 32)): does a warp's time grow with how many different
# rays it holds, and how? Needs gpu84.sh's /tmp/m (made again if gone).
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
if [ ! -s /tmp/m/rays9.txt ]; then
  mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && (cd /tmp/m && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1)
  $B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
  $root/.devtools/probe/camrays /tmp/m/arm.rtm 1920 1080 > /tmp/m/camera.txt
  $B/TetWalk -n $gpu --reps 1 --algorithm gpu_stp0 --rays /tmp/m/camera.txt --per-ray /tmp/m/camera.csv /tmp/m/arm.rtm > /dev/null
  tail -n +2 /tmp/m/camera.txt | paste -d' ' - <(tail -n +2 /tmp/m/camera.csv | cut -d, -f2) |
    awk '{ w = int((NR - 1) / 32); line[NR] = $0 " " w; if ($7 > most[w]) most[w] = $7 }
         END { for (i = 1; i <= NR; ++i) { split(line[i], f, " "); print line[i], most[f[8]] } }' > /tmp/m/rays9.txt
fi
cd /tmp/m
sort -s -k9,9nr -k8,8n rays9.txt | head -32 > nat.txt
w=$OUT/distinct.txt
cut -d' ' -f7 nat.txt | tr '\n' ' ' > $w; echo >> $w
for round in 1 2; do
  echo "# round $round" >> $w
  for k in 1 2 4 8 16 32; do
    { echo 32; for ((i = 0; i < 32; ++i)); do sed -n "$((i * k / 32 + 1))p" nat.txt | cut -d' ' -f1-6; done; } > k$k.txt
    echo "== k=$k" >> $w
    $B/TetWalk -n $gpu --reps 20 --algorithm gpu_stp0,gpu_aman,gpu_badouelb,gpu_stp0r --rays k$k.txt arm.rtm 2>&1 | grep -E "^  GPU_" | cut -c1-200 >> $w
  done
done
cut -c1-120 $w
