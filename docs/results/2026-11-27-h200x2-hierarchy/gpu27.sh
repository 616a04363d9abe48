#!/usr/bin/env bash
# gpu27: SAH leaf-1 hierarchy (TetWalk) against median leaf-4 (TetWalk.median): 1 and 2 GPUs, camera, aimed, from vertex.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache RAYTETRA_BIN=$root/.devtools/bin
B=$RAYTETRA_BIN
{ nvidia-smi -L; nproc; } > $OUT/host.txt 2>&1
( cd /tmp && cp $root/.devtools/armadillo.off . && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off >/dev/null )
cp $root/.devtools/cube_big_tetra.mesh /tmp/
gpus=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1 }' | paste -sd, -)
gpu=${gpus%%,*}
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/arm.rtm /tmp/armadillo.1.ele > /dev/null
$B/TetWalk.median --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/arm_median.rtm /tmp/armadillo.1.ele > /dev/null
w=$OUT/walks.txt
echo "gpus $gpus" > $w
one() { # LABEL BIN MESH ARGS...
  local label=$1 bin=$2 mesh=$3; shift 3
  for dev in "--device $gpu" "--devices $gpus"; do
    echo "== $label $bin $dev" >> $w
    $B/$bin --reps 5 --algorithm gpu_stp0,gpu_stp0r,gpu_aman $dev "$@" --per-ray /tmp/pr.txt $mesh 2>&1 | grep -E "^  GPU_|rays walked" | cut -c1-170 >> $w
    ref=/tmp/ref_$label.txt
    if [ -f $ref ]; then cmp -s /tmp/pr.txt $ref && echo "per-ray same" >> $w || echo "per-ray DIFFERS" >> $w; else mv /tmp/pr.txt $ref; fi
  done
}
for v in TetWalk.median TetWalk; do
  m=/tmp/arm.rtm; [ $v = TetWalk.median ] && m=/tmp/arm_median.rtm
  one arm_camera $v $m --size 1920x1080
  one cube_camera $v /tmp/cube_big_tetra.mesh --size 1920x1080
  one arm_aimed $v $m --aim vertices --aim-rays 200000
  one cube_vertex $v /tmp/cube_big_tetra.mesh --from-vertex 35445 --aim-rays 100000
done
