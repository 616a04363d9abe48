#!/usr/bin/env bash
# gpu100 (docs/results/2026-11-28-h200-exact-selects): the robust walk's six products and four vertices picked by selects in the kernel
# (the working tree's kernels) against indexed arrays (98ff997's, .devtools/kv_head): ptxas'
# report, then GPU_STP0R and GPU_STP0 on the four workloads, one H200, interleaved, and the
# per-ray files of GPU_STP0R compared.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export PATH=/usr/local/cuda/bin:$PATH
B=$root/.devtools/b98
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
{ nvidia-smi -L; nproc; echo "gpu $gpu"; } > $OUT/host.txt 2>&1
kdir() { [ $1 = old ] && echo $root/.devtools/kv_head || echo $root/kernels; }
for k in old new; do
  rm -rf /tmp/c_$k; mkdir -p /tmp/c_$k
  RAYTETRA_CACHE_DIR=/tmp/c_$k RAYTETRA_KERNEL_DIR=$(kdir $k) $B/TetWalk -n $gpu --reps 1 --size 16x16 --algorithm gpu_stp0r data/box.mesh > /dev/null 2>&1
  tail -n +2 $(ls -S /tmp/c_$k/* | head -1) | tr -d "\0" > /tmp/$k.ptx
  echo "== $k" >> $OUT/ptxas.txt; ptxas -arch=sm_90 -v --maxrregcount=128 /tmp/$k.ptx -o /tmp/$k.cubin 2>&1 | grep -E "stack|registers" >> $OUT/ptxas.txt
done
cat $OUT/ptxas.txt
t0=$(date +%s)
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && (cd /tmp/m && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1)
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/cube.rtm $root/.devtools/cube_big_tetra.mesh > /dev/null
echo "meshes made in $(( $(date +%s) - t0 )) s" >> $OUT/host.txt
w=$OUT/selects.txt
tw() { local k=$1; shift; RAYTETRA_CACHE_DIR=/tmp/c_$k RAYTETRA_KERNEL_DIR=$(kdir $k) $B/TetWalk -n $gpu "$@"; }
for round in 1 2; do
  for k in old new; do
    for wl in arm_camera cube_camera arm_aimed cube_vertex; do
      case $wl in
        arm_camera) mesh=/tmp/m/arm.rtm; args=(--size 1920x1080);;
        cube_camera) mesh=/tmp/m/cube.rtm; args=(--size 1920x1080);;
        arm_aimed) mesh=/tmp/m/arm.rtm; args=(--aim vertices --aim-rays 200000);;
        cube_vertex) mesh=/tmp/m/cube.rtm; args=(--from-vertex 35445 --aim-rays 100000);;
      esac
      echo "== round $round $k $wl" >> $w
      tw $k --reps 5 --algorithm gpu_stp0r,gpu_stp0 "${args[@]}" $mesh 2>&1 | grep -E "^  GPU_|rror" | cut -c1-120 >> $w
    done
  done
done
echo "timings done at $(( $(date +%s) - t0 )) s" >> $OUT/host.txt
for wl in cam aim; do
  [ $wl = cam ] && args=(--size 1920x1080) || args=(--aim vertices --aim-rays 200000)
  for k in old new; do tw $k --reps 1 --algorithm gpu_stp0r "${args[@]}" --per-ray /tmp/m/$k.csv /tmp/m/arm.rtm > /dev/null 2>&1; done
  cmp /tmp/m/old.csv /tmp/m/new.csv >> $OUT/same.txt 2>&1 && echo "GPU_STP0R $wl per-ray the same ($(wc -l < /tmp/m/new.csv) lines)" >> $OUT/same.txt
done
cat $OUT/host.txt $OUT/same.txt
