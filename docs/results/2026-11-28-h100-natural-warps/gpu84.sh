#!/usr/bin/env bash
# gpu84: are the camera's own warps (32 neighbouring pixels) slow alone, as the 32 costliest rays
# of the whole image are in one warp (3.4 ms against 1.2 one to a warp)? And does a launch that
# starts its costliest warps first end sooner? armadillo's camera, GPU_STP0 and GPU_Aman.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
{ nvidia-smi -L; nproc; echo "gpu $gpu"; } > $OUT/host.txt 2>&1
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && cd /tmp/m && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
$root/.devtools/probe/camrays /tmp/m/arm.rtm 1920 1080 > /tmp/m/camera.txt
$B/TetWalk -n $gpu --reps 1 --algorithm gpu_stp0 --rays /tmp/m/camera.txt --per-ray /tmp/m/camera.csv /tmp/m/arm.rtm > /dev/null
# one line a ray: its 6 numbers, its steps, its warp (32 neighbouring pixels), that warp's most steps
tail -n +2 /tmp/m/camera.txt | paste -d' ' - <(tail -n +2 /tmp/m/camera.csv | cut -d, -f2) |
  awk '{ w = int((NR - 1) / 32); line[NR] = $0 " " w; if ($7 > most[w]) most[w] = $7 }
       END { for (i = 1; i <= NR; ++i) { split(line[i], f, " "); print line[i], most[f[8]] } }' > /tmp/m/rays9.txt
# warps ranked by their most steps, costliest first, each warp's rays kept together in pixel order
sort -s -k9,9nr -k8,8n /tmp/m/rays9.txt > /tmp/m/byWarp.txt
sort -s -k7,7nr /tmp/m/rays9.txt > /tmp/m/byRay.txt
pick() { local n=$1 src=$2; { echo $n; head -$n $src | cut -d' ' -f1-6; } ; }
pick 1 /tmp/m/byRay.txt > /tmp/m/top1.txt
pick 32 /tmp/m/byRay.txt > /tmp/m/top32.txt
pick 32 /tmp/m/byWarp.txt > /tmp/m/natwarp.txt
pick 1024 /tmp/m/byRay.txt > /tmp/m/top1024.txt
pick 1024 /tmp/m/byWarp.txt > /tmp/m/nat1024.txt
pick 32768 /tmp/m/byWarp.txt > /tmp/m/nat32768.txt
pick 2073600 /tmp/m/byWarp.txt > /tmp/m/natsorted.txt
{ echo "costliest rays:"; head -3 /tmp/m/byRay.txt | cut -d' ' -f7-9
  echo "costliest warp's steps:"; head -32 /tmp/m/byWarp.txt | cut -d' ' -f7 | tr '\n' ' '; echo
  echo "warps by most steps: 1st, 32nd, 1024th:"; awk 'NR % 32 == 1' /tmp/m/byWarp.txt | sed -n '1p;32p;1024p' | cut -d' ' -f8-9; } > $OUT/rays.txt
w=$OUT/warps.txt
run() { local name=$1; shift; echo "== $name: $*" >> $w; $B/TetWalk -n $gpu --algorithm gpu_stp0,gpu_aman "$@" /tmp/m/arm.rtm 2>&1 | grep -E "^  GPU_" | cut -c1-200 >> $w; }
for round in 1 2; do
  echo "# round $round" >> $w
  run top1 --reps 30 --rays /tmp/m/top1.txt
  run top32 --reps 30 --rays /tmp/m/top32.txt
  run natwarp --reps 30 --rays /tmp/m/natwarp.txt
  run natwarp_ls1 --reps 30 --rays /tmp/m/natwarp.txt --local-size 1
  run top1024 --reps 30 --rays /tmp/m/top1024.txt
  run nat1024 --reps 30 --rays /tmp/m/nat1024.txt
  run nat1024_ls1 --reps 30 --rays /tmp/m/nat1024.txt --local-size 1
  run nat32768 --reps 20 --rays /tmp/m/nat32768.txt
  run camera --reps 9 --rays /tmp/m/camera.txt
  run natsorted --reps 9 --rays /tmp/m/natsorted.txt --per-ray /tmp/m/natsorted.csv
done
cat $OUT/rays.txt; cat $w | cut -c1-130
