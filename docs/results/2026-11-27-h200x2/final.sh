#!/usr/bin/env bash
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache RAYTETRA_BIN=$root/.devtools/bin
B=$RAYTETRA_BIN
( source $root/.devtools/mpienv.sh $root/.devtools/mpi
  export PMIX_MCA_mca_base_component_show_load_errors=0
  ngpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU"' | wc -l)
  bash $root/scripts/mpi_bench.sh 40000000 $ngpu /tmp/mpib > $OUT/mpi_bench.txt 2>&1
  grep -h "^rank\|ranks on" /tmp/mpib/*.log | cut -c1-330 > $OUT/mpi_ranks.txt
  rm -rf /tmp/mpib )
( cd /tmp && cp $root/.devtools/armadillo.off . && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off >/dev/null )
out=$OUT/walks.txt
{ nvidia-smi -L; nproc; } > $out 2>&1
gpus=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1 }' | paste -sd, -)
gpu=${gpus%%,*}
cp $root/.devtools/cube_big_tetra.mesh /tmp/cube_big_tetra.mesh
bash $root/scripts/robust_walk_bench.sh --no-cpu -n $gpu --mesh /tmp/armadillo.1.ele --aim-rays 200000 --from-rays 0 /tmp/rw1 > $OUT/robust_armadillo.txt 2>&1
bash $root/scripts/robust_walk_bench.sh --no-cpu -n $gpu --mesh /tmp/cube_big_tetra.mesh --aim-rays 0 --from-rays 100000 /tmp/rw2 > $OUT/robust_cube.txt 2>&1
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/arm.rtm /tmp/armadillo.1.ele > /dev/null
for mesh in /tmp/arm.rtm /tmp/cube_big_tetra.mesh; do
  echo "== $mesh one GPU" >> $out
  $B/TetWalk --size 1920x1080 --reps 5 --algorithm gpu_stp0,gpu_stp0r --device $gpu --per-ray /tmp/one.txt $mesh 2>&1 | grep -E "^  GPU_" | cut -c1-120 >> $out
  echo "== $mesh one GPU, RAYTETRA_CL_OPTIONS=-cl-nv-maxrregcount=255" >> $out
  RAYTETRA_CL_OPTIONS=-cl-nv-maxrregcount=255 $B/TetWalk --size 1920x1080 --reps 5 --algorithm gpu_stp0r --device $gpu $mesh 2>&1 | grep -E "^  GPU_" | cut -c1-120 >> $out
  echo "== $mesh --devices $gpus" >> $out
  $B/TetWalk --size 1920x1080 --reps 5 --algorithm gpu_stp0,gpu_stp0r --devices $gpus --per-ray /tmp/all.txt $mesh 2>&1 | grep -E "^  GPU_" | cut -c1-120 >> $out
  cmp -s /tmp/one.txt /tmp/all.txt && echo "per-ray files identical" >> $out || echo "per-ray files DIFFER" >> $out
done
