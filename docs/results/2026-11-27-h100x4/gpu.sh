#!/usr/bin/env bash
# The GPU host's measurements: stream_bench (40M pairs) and tetwalk_bench (armadillo 3.1M, cube_big_tetra).
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_BIN=$root/.devtools/bin BUILD=$root/.devtools/bin
{ nvidia-smi -L; nproc; free -g | head -2; $RAYTETRA_BIN/RayTetra --list-devices; } 2>&1 | tee $OUT/machine.txt
gpu=$($RAYTETRA_BIN/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
( cd /tmp && cp $root/.devtools/armadillo.off . && s=$(date +%s%N) && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off >/dev/null && rm -f armadillo.1.edge armadillo.1.face armadillo.1.smesh && echo "tetgen $(( ($(date +%s%N) - s) / 1000000 )) ms"; head -1 armadillo.1.ele ) > $OUT/tetgen.log 2>&1 &
tg=$!
echo "== stream_bench 40000000"
TMPDIR=/tmp timeout ${STREAM_LIMIT:-330} scripts/stream_bench.sh ${PAIRS:-40000000} 2>&1 | tee $OUT/stream_bench.txt
wait $tg; cat $OUT/tetgen.log
echo "== tetwalk_bench on device $gpu"
mkdir -p /tmp/meshes && cp $root/.devtools/cube_big_tetra.mesh /tmp/meshes/
timeout ${WALK_LIMIT:-400} scripts/tetwalk_bench.sh --no-cpu --device "$gpu" --devices all --size 1920x1080 --reps 3 \
    --aim-rays 200000 --mesh /tmp/armadillo.1.ele --mesh /tmp/meshes/cube_big_tetra.mesh /tmp/tw 2>&1 | tail -90
cp /tmp/tw/tables.md $OUT/ 2>/dev/null; tar -C /tmp/tw -czf $OUT/tw.tgz . 2>/dev/null
ls -la $OUT
