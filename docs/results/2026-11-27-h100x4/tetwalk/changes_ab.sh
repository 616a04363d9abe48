#!/usr/bin/env bash
# Which change moved GPU_STP0's single-GPU speed: old (ca3123e), D (exact signs only), C (+ watertight), new (+ compact, inside, chunks).
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
nvidia-smi -L
gpu=$(LD_LIBRARY_PATH=$LD_LIBRARY_PATH $root/.devtools/bin/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
for v in old D C new; do
    case $v in new) tw=$root/.devtools/bin/TetWalk k=$root/kernels ;; *) tw=$root/.devtools/$v/TetWalk k=$root/.devtools/$v/kernels ;; esac
    echo "== $v"
    RAYTETRA_KERNEL_DIR=$k timeout 100 $tw --size 1920x1080 --reps 5 -n $gpu --algorithm gpu_stp0,gpu_stp1,gpu_segura1,gpu_stp0r \
        $root/.devtools/cube_big_tetra.mesh 2>&1 | grep -E "^  GPU_"
done | tee $OUT/ab.txt
