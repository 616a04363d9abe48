#!/usr/bin/env bash
# gpu85: what each of two or four GPUs would walk under --devices (bands of 32,768 rays dealt
# round the devices, walk_multi.c), alone on one H100: in pixel order, and with its warps (32
# neighbouring pixels) ordered costliest first. Needs gpu84.sh's /tmp/m (made again if gone).
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
for n in 2 4; do
  for ((d = 0; d < n; ++d)); do
    awk -v n=$n -v d=$d 'int((NR - 1) / 32768) % n == d' rays9.txt > share$n.$d.txt
    { wc -l < share$n.$d.txt; cut -d' ' -f1-6 share$n.$d.txt; } > pix$n.$d.txt
    { wc -l < share$n.$d.txt; sort -s -k9,9nr -k8,8n share$n.$d.txt | cut -d' ' -f1-6; } > srt$n.$d.txt
  done
done
{ wc -l < rays9.txt; sort -s -k9,9nr -k8,8n rays9.txt | cut -d' ' -f1-6; } > srt1.0.txt
{ wc -l < rays9.txt; cut -d' ' -f1-6 rays9.txt; } > pix1.0.txt
w=$OUT/shares.txt
for round in 1 2; do
  echo "# round $round" >> $w
  for f in pix1.0 srt1.0 pix2.0 pix2.1 srt2.0 srt2.1 pix4.0 pix4.1 pix4.2 pix4.3 srt4.0 srt4.1 srt4.2 srt4.3; do
    echo "== $f ($(head -1 $f.txt) rays)" >> $w
    $B/TetWalk -n $gpu --reps 9 --algorithm gpu_stp0,gpu_stp0r,gpu_aman --rays $f.txt arm.rtm 2>&1 | grep -E "^  GPU_" | cut -c1-200 >> $w
  done
done
cut -c1-110 $w
