#!/usr/bin/env bash
# gpu104 (docs/results/2026-11-28-h200-staged): the robust walk's ill-conditioned boundary
# crossings from the adaptive stages with an error bound (the working tree's kernels) against
# the exact products (569658f's kernels, .devtools/kv_head): ptxas' report, GPU_STP0R and
# GPU_STP0 on the four workloads, one H200, interleaved, two rounds; GPU_STP0R's per-ray files
# compared (steps and status the same, lengths within what). Then every walk at the register
# caps 96 and 128, the four workloads, new kernels.
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
  rm -rf /tmp/p_$k; mkdir -p /tmp/p_$k
  RAYTETRA_CACHE_DIR=/tmp/p_$k RAYTETRA_KERNEL_DIR=$(kdir $k) $B/TetWalk -n $gpu --reps 1 --size 16x16 --algorithm gpu_stp0r data/box.mesh > /dev/null 2>&1
  tail -n +2 $(ls -S /tmp/p_$k/* | head -1) | tr -d "\0" > /tmp/$k.ptx
  echo "== $k gpu_stp0r" >> $OUT/ptxas.txt; ptxas -arch=sm_90 -v --maxrregcount=128 /tmp/$k.ptx -o /tmp/$k.cubin 2>&1 | grep -E "stack|registers" | head -2 >> $OUT/ptxas.txt
done
t0=$(date +%s)
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && (cd /tmp/m && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1)
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/cube.rtm $root/.devtools/cube_big_tetra.mesh > /dev/null
echo "meshes made in $(( $(date +%s) - t0 )) s" >> $OUT/host.txt
workload() { case $1 in
  arm_camera) mesh=/tmp/m/arm.rtm; args=(--size 1920x1080);;
  cube_camera) mesh=/tmp/m/cube.rtm; args=(--size 1920x1080);;
  arm_aimed) mesh=/tmp/m/arm.rtm; args=(--aim vertices --aim-rays 200000);;
  cube_vertex) mesh=/tmp/m/cube.rtm; args=(--from-vertex 35445 --aim-rays 100000);;
esac; }
tw() { local k=$1; shift; RAYTETRA_CACHE_DIR=/tmp/c_$k RAYTETRA_KERNEL_DIR=$(kdir $k) $B/TetWalk -n $gpu "$@"; }
w=$OUT/staged.txt
for round in 1 2; do for k in old new; do for wl in arm_camera cube_camera arm_aimed cube_vertex; do
  workload $wl; echo "== round $round $k $wl" >> $w
  tw $k --reps 5 --algorithm gpu_stp0r,gpu_stp0 "${args[@]}" $mesh 2>&1 | grep -E "^  GPU_|rror" | cut -c1-120 >> $w
done; done; done
echo "A/B done at $(( $(date +%s) - t0 )) s" >> $OUT/host.txt
for wl in arm_camera arm_aimed; do workload $wl
  for k in old new; do tw $k --reps 1 --algorithm gpu_stp0r "${args[@]}" --per-ray /tmp/m/$k.csv $mesh > /dev/null 2>&1; done
  paste -d, /tmp/m/old.csv /tmp/m/new.csv | awk -F, -v wl=$wl 'NR > 1 { if ($2 != $6 || $4 != $8) s++; if ($3 != $7) { n++; d = ($3 - $7) / ($3 > 0 ? $3 : 1); d = d < 0 ? -d : d; if (d > m) m = d } }
    END { printf "GPU_STP0R %s: %d rays, steps or status differ on %d, lengths on %d, most %.3g relatively\n", wl, NR - 1, s, n, m }' >> $OUT/same.txt
done
c=$OUT/caps.txt
ALG=gpu_segura0,gpu_segura1,gpu_segura2,gpu_stp0,gpu_stp1,gpu_stp2,gpu_segura0p,gpu_segura1p,gpu_segura2p,gpu_aman,gpu_badouelb,gpu_maria,gpu_stp0r
for round in 1 2; do for cap in 96 128; do for wl in arm_camera cube_camera arm_aimed cube_vertex; do
  workload $wl; echo "== round $round cap $cap $wl" >> $c
  RAYTETRA_CACHE_DIR=/tmp/cap_$cap RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CL_OPTIONS="-cl-nv-maxrregcount=$cap" \
    $B/TetWalk -n $gpu --reps 5 --algorithm $ALG "${args[@]}" $mesh 2>&1 | grep -E "^  GPU_|rror" | cut -c1-120 >> $c
done; done; done
echo "all done at $(( $(date +%s) - t0 )) s" >> $OUT/host.txt
cat $OUT/host.txt $OUT/ptxas.txt $OUT/same.txt
