#!/usr/bin/env bash
# gpu26: hierarchy variants (median / SAH leaf 4, 2, 1) on armadillo + cube, 1/2/4 GPUs; stream start-up breakdown.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache RAYTETRA_BIN=$root/.devtools/bin
B=$RAYTETRA_BIN
{ nvidia-smi -L; nproc; } > $OUT/host.txt 2>&1
( cd /tmp && cp $root/.devtools/armadillo.off . && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off >/dev/null ) &
tg=$!
gpus=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1 }' | paste -sd, -)
gpu=${gpus%%,*}
two=$(echo $gpus | cut -d, -f1-2)
echo "gpus $gpus" >> $OUT/host.txt
# stream start-up
s=$OUT/stream.txt
mkdir -p /tmp/s && $B/RandomRayTetra /tmp/s/in.rtb -i 20000000 -n 20000000 > /dev/null
for bin in RayTetra.old RayTetra RayTetra.old RayTetra; do
  for dev in "-n $gpu" "--devices all"; do
    rm -f /tmp/s/out.rtb; sync
    a=$(date +%s.%N)
    $B/$bin -g 1 $dev -p r /tmp/s/in.rtb /tmp/s/out.rtb 1 > /tmp/s/log 2>&1
    b=$(date +%s.%N)
    echo "== $bin $dev wall $(echo "$b - $a" | bc)" >> $s
    grep -E "^stages|^start-up" /tmp/s/log | cut -c1-400 >> $s
  done
done
rm -rf /tmp/s
wait $tg
cp $root/.devtools/cube_big_tetra.mesh /tmp/
w=$OUT/walks.txt
for mesh in /tmp/armadillo.1.ele /tmp/cube_big_tetra.mesh; do
  for v in TetWalk.median TetWalk TetWalk.leaf2 TetWalk.leaf1; do
    for dev in "--device $gpu" "--devices $two" "--devices $gpus"; do
      [ "$dev" = "--devices $gpus" ] && [ "$two" = "$gpus" ] && continue
      echo "== $(basename $mesh) $v $dev" >> $w
      $B/$v --size 1920x1080 --reps 5 --algorithm gpu_stp0,gpu_stp0r $dev --per-ray /tmp/pr.txt $mesh 2>&1 | grep -E "^  GPU_|hierarchy" | cut -c1-160 >> $w
      [ -f /tmp/pr_ref_$(basename $mesh).txt ] && { cmp -s /tmp/pr.txt /tmp/pr_ref_$(basename $mesh).txt && echo "per-ray same as median 1 GPU" >> $w || echo "per-ray DIFFERS from median 1 GPU" >> $w; } || mv /tmp/pr.txt /tmp/pr_ref_$(basename $mesh).txt
    done
  done
done
