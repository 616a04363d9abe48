#!/usr/bin/env bash
# gpu91: gpu90 again, two rounds, without the shares against one walk a segment (the
# kernels of the commit before, in kv_old/kernels), one H100: the costliest rays and warps,
# armadillo's camera whole and in the shares two and four devices get, the other workloads.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
{ nvidia-smi -L; nproc; echo "gpu $gpu"; } > $OUT/host_h100_segments2b.txt 2>&1
if [ ! -s /tmp/m/rays9.txt ]; then
  mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && (cd /tmp/m && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1)
  RAYTETRA_KERNEL_DIR=$root/kernels $B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
  $root/.devtools/probe/camrays /tmp/m/arm.rtm 1920 1080 > /tmp/m/camera.txt
  RAYTETRA_KERNEL_DIR=$root/kv_old/kernels $B/TetWalk -n $gpu --reps 1 --algorithm gpu_stp0 --rays /tmp/m/camera.txt --per-ray /tmp/m/camera.csv /tmp/m/arm.rtm > /dev/null
  tail -n +2 /tmp/m/camera.txt | paste -d' ' - <(tail -n +2 /tmp/m/camera.csv | cut -d, -f2) |
    awk '{ w = int((NR - 1) / 32); line[NR] = $0 " " w; if ($7 > most[w]) most[w] = $7 }
         END { for (i = 1; i <= NR; ++i) { split(line[i], f, " "); print line[i], most[f[8]] } }' > /tmp/m/rays9.txt
fi
cd /tmp/m
[ -s cube.rtm ] || RAYTETRA_KERNEL_DIR=$root/kernels $B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh cube.rtm $root/.devtools/cube_big_tetra.mesh > /dev/null
pick() { local n=$1 src=$2; { echo $n; head -$n $src | cut -d' ' -f1-6; } ; }
[ -s byWarp.txt ] || sort -s -k9,9nr -k8,8n rays9.txt > byWarp.txt
[ -s byRay.txt ] || sort -s -k7,7nr rays9.txt > byRay.txt
pick 32 byRay.txt > top32.txt; pick 32 byWarp.txt > natwarp.txt; pick 1024 byWarp.txt > nat1024.txt
for n in 2 4; do for ((d = 0; d < n; ++d)); do
  [ -s pix$n.$d.txt ] || { awk -v n=$n -v d=$d 'int((NR - 1) / 32768) % n == d' rays9.txt | cut -d' ' -f1-6 > s.tmp; { wc -l < s.tmp; cat s.tmp; } > pix$n.$d.txt; }
done; done
w=$OUT/segments2b_h100.txt
A=gpu_stp0,gpu_stp0r,gpu_aman,gpu_badouelb,gpu_stp2,gpu_maria
run() { local k=$1 name=$2; shift 2; echo "== $k $name: $*" >> $w
  RAYTETRA_KERNEL_DIR=$root/$k $B/TetWalk -n $gpu --algorithm $A "$@" 2>&1 | grep -E "^  GPU_" | cut -c1-200 >> $w; }
for round in 1 2; do
  echo "# round $round" >> $w
  for k in kv_old/kernels kernels; do
    tag=$([ $k = kernels ] && echo new || echo old)_$round
    run $k top32 --reps 10 --rays top32.txt arm.rtm
    run $k camera --reps 9 --size 1920x1080 --per-ray cam.$tag.csv arm.rtm
    run $k aimed --reps 5 --aim vertices --aim-rays 200000 --per-ray aim.$tag.csv arm.rtm
    run $k cube_camera --reps 9 --size 1920x1080 --per-ray cc.$tag.csv cube.rtm
    run $k cube_vertex --reps 9 --from-vertex 35445 --aim-rays 100000 --per-ray cv.$tag.csv cube.rtm
  done
  for x in cam aim cc cv; do cmp -s $x.old_$round.csv $x.new_$round.csv && echo "$x per-ray same" >> $w || echo "$x per-ray DIFFERENT" >> $w; done
done
cut -c1-100 $w
