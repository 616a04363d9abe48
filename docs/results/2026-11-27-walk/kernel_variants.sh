#!/usr/bin/env bash
# Kernel variants of the walk (same host binary): A main, B unified trace + selects, Bn B with the
# exact slow path out of line, C B + the step specialised on the enter face, Cn C out of line.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
nvidia-smi -L | tee $OUT/machine.txt
( cd /tmp && cp $root/.devtools/armadillo.off . && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off >/dev/null && rm -f armadillo.1.edge armadillo.1.face armadillo.1.smesh ) > /dev/null 2>&1 &
tg=$!
gpu=$($root/.devtools/bin/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
algs=gpu_stp0,gpu_stp1,gpu_stp2,gpu_segura1,gpu_stp0r
walk() { # VARIANT MESH ARGS...
    local v=$1 mesh=$2; shift 2
    echo "== $v $(basename $mesh) $*"
    RAYTETRA_CACHE_DIR=/tmp/cache-$v RAYTETRA_KERNEL_DIR=$root/.devtools/kv$v timeout 150 $root/.devtools/bin/TetWalk \
        --reps 5 -n $gpu "$@" $mesh 2>&1 | grep -E "^  GPU_|^mesh:|rror"
}
cube=$root/.devtools/cube_big_tetra.mesh
{
for v in A B Bn C Cn; do walk $v $cube --size 1920x1080 --algorithm $algs; done
wait $tg
arm=/tmp/armadillo.1.ele
for v in A Bn C Cn; do walk $v $arm --size 1920x1080 --algorithm $algs; done
for v in A Bn Cn; do walk $v $arm --aim vertices --aim-rays 200000 --algorithm gpu_stp0,gpu_stp0r; done
} 2>&1 | tee $OUT/variants.txt
# NVIDIA's own register and local-memory figures of each cached kernel
for d in /tmp/cache-*; do
  for f in $(find $d -type f); do
    python3 - "$f" /tmp/k.ptx <<'PY'
import sys
b=open(sys.argv[1],'rb').read(); i=b.find(b'.version')
j=b.rfind(b'//',0,i) if i>0 else -1
open(sys.argv[2],'wb').write(b[(j if j>=0 else i):].split(b'\0')[0] if i>=0 else b'')
PY
    defs=$(grep -o "RT_WALK_METHOD=[0-9] -DRT_WALK_FORM=[0-9]" $f | head -1)
    echo "== $(basename $d) $defs $(wc -l < /tmp/k.ptx) lines"
    /usr/local/cuda/bin/ptxas -arch=sm_90 -v /tmp/k.ptx -o /dev/null 2>&1 | grep -E "registers|stack|spill" | head -4
  done
done 2>&1 | tee $OUT/ptxas.txt
