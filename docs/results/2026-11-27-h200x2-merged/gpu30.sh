#!/usr/bin/env bash
# gpu30: final figures after the merges: streaming vs floor, Bench --devices (old vs new runner), walks on 1 vs all GPUs, mesh ready.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache RAYTETRA_BIN=$root/.devtools/bin
B=$RAYTETRA_BIN
{ nvidia-smi -L; nproc; free -g | head -2; } > $OUT/host.txt 2>&1
( cd /tmp && cp $root/.devtools/armadillo.off . && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off >/dev/null )
cp $root/.devtools/cube_big_tetra.mesh /tmp/
gpus=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1 }' | paste -sd, -)
gpu=${gpus%%,*}
echo "gpus $gpus" >> $OUT/host.txt
# 1. streaming against the floor
bash $root/scripts/stream_bench.sh 40000000 > $OUT/stream_bench.txt 2>&1
# 2. Bench --devices: the old split against the new runner
mkdir -p /tmp/b && $B/RandomRayTetra /tmp/b/d40m.rtb -i 20000000 -n 20000000 > /dev/null
for v in Bench.old Bench Bench.old Bench; do
  echo "== $v" >> $OUT/bench_devices.txt
  $B/$v --algorithms g1 --overlap 16 --no-bandwidth --devices $gpus /tmp/b/d40m.rtb /tmp/b/multi.csv 10 2>&1 | grep -iE "device|scaling|GPU_STP1|aggregate|pairs" | cut -c1-220 >> $OUT/bench_devices.txt
done
rm -rf /tmp/b
# 3. walks, one GPU against all
w=$OUT/walks.txt
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/arm.rtm /tmp/armadillo.1.ele > /dev/null
one() { # LABEL MESH ARGS...
  local label=$1 mesh=$2; shift 2
  for dev in "--device $gpu" "--devices $gpus"; do
    echo "== $label $dev" >> $w
    $B/TetWalk --reps 5 --algorithm gpu_stp0,gpu_stp0r,gpu_aman $dev "$@" --per-ray /tmp/pr.txt $mesh 2>&1 | grep -E "^  GPU_|: device" | cut -c1-200 >> $w
    ref=/tmp/ref_$label.txt
    if [ -f $ref ]; then cmp -s /tmp/pr.txt $ref && echo "per-ray same" >> $w || echo "per-ray DIFFERS" >> $w; else mv /tmp/pr.txt $ref; fi
  done
}
one arm_camera /tmp/arm.rtm --size 1920x1080
one cube_camera /tmp/cube_big_tetra.mesh --size 1920x1080
one arm_aimed /tmp/arm.rtm --aim vertices --aim-rays 200000
one cube_vertex /tmp/cube_big_tetra.mesh --from-vertex 35445 --aim-rays 100000
# 4. mesh ready
for t in 1 16; do
  echo "== OMP_NUM_THREADS=$t" >> $OUT/mesh_ready.txt
  OMP_NUM_THREADS=$t bash $root/scripts/mesh_ready.sh /tmp/armadillo.1.ele 3 >> $OUT/mesh_ready.txt 2>&1
done
