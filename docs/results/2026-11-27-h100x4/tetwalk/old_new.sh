#!/usr/bin/env bash
# Old (ca3123e) against new TetWalk, same machine: camera 1920x1080, GPU_STP0 and GPU_STP0R, one GPU and all.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
nvidia-smi -L | tee $OUT/machine.txt
( cd /tmp && cp $root/.devtools/armadillo.off . && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off >/dev/null && rm -f armadillo.1.edge armadillo.1.face armadillo.1.smesh ) > /dev/null 2>&1 &
tg=$!
walk() { # NAME KERNELS TETWALK MESH ARGS...
    local name=$1 kernels=$2 tw=$3 mesh=$4; shift 4
    echo "== $name $(basename $mesh) $*"
    RAYTETRA_KERNEL_DIR=$kernels timeout 120 $tw --size 1920x1080 --reps 5 --algorithm gpu_stp0,gpu_stp0r "$@" $mesh 2>&1 |
        grep -E "^  GPU_|^mesh:|: device [0-9]|on the host"
}
cube=$root/.devtools/cube_big_tetra.mesh
for mesh in $cube WAIT /tmp/armadillo.1.ele; do
    [ "$mesh" = WAIT ] && { wait $tg; continue; }
    walk old $root/.devtools/old/kernels $root/.devtools/old/TetWalk $mesh -n 1
    walk new $root/kernels $root/.devtools/bin/TetWalk $mesh -n 1
    walk old $root/.devtools/old/kernels $root/.devtools/old/TetWalk $mesh --devices 1,2
    walk new $root/kernels $root/.devtools/bin/TetWalk $mesh --devices 1,2
    walk old $root/.devtools/old/kernels $root/.devtools/old/TetWalk $mesh --devices all
    walk new $root/kernels $root/.devtools/bin/TetWalk $mesh --devices all
done 2>&1 | tee $OUT/old_new.txt
