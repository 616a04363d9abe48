#!/usr/bin/env bash
# gpu48: TetWalk's boundary-face records (45300a5) against 7eeeb71, same lease, each with its own
# kernels and kernel cache: armadillo (tetgen -pqnQ -a0.2) and cube_big_tetra, camera 1920x1080
# and 200,000 rays aimed at armadillo's vertices, GPU_STP0 and GPU_STP0R (and GPU_Aman, whose
# boundary test is unchanged), one GPU, two and four; 5 repetitions, median. The per-ray files
# of one GPU, before and after, compared.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
B=$root/.devtools/bin
gpus=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1 }' | paste -sd, -)
gpu=${gpus%%,*}
two=$(echo $gpus | cut -d, -f1-2)
{ nvidia-smi -L; nproc; echo "gpus $gpus"; } > $OUT/host.txt 2>&1
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && cd /tmp/m && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1
cp $root/.devtools/cube_big_tetra.mesh /tmp/m/
w=$OUT/walks.txt
# build NAME: the TetWalk and kernels of build NAME (before, after)
tw() {
    local v=$1; shift
    if [ $v = before ]; then
        RAYTETRA_KERNEL_DIR=$root/.devtools/kernels-7eeeb71 RAYTETRA_CACHE_DIR=/tmp/cache-before $B/TetWalk.7eeeb71 "$@"
    else
        RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/cache-after $B/TetWalk "$@"
    fi
}
mesh_arm=/tmp/m/armadillo.1.ele
mesh_cube=/tmp/m/cube_big_tetra.mesh
tw before --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm $mesh_arm > /dev/null 2>&1
for v in before after; do tw $v --size 64x64 --reps 1 --algorithm gpu_stp0,gpu_stp0r,gpu_aman -n $gpu /tmp/m/arm.rtm > /dev/null 2>&1; done
run() {
    local v=$1; shift
    echo "== $v $*" >> $w
    tw $v --reps 5 --algorithm gpu_stp0,gpu_stp0r,gpu_aman "$@" 2>&1 | grep -E "^  GPU_|device [0-9]" | cut -c1-220 >> $w
}
for v in before after; do
    run $v -n $gpu --size 1920x1080 --per-ray /tmp/m/cam_$v.csv /tmp/m/arm.rtm
done
cmp -s /tmp/m/cam_before.csv /tmp/m/cam_after.csv && echo "armadillo camera: per-ray files the same" >> $w || echo "armadillo camera: per-ray files DIFFER" >> $w
for v in before after; do
    run $v -n $gpu --aim vertices --aim-rays 200000 --per-ray /tmp/m/aim_$v.csv /tmp/m/arm.rtm
done
cmp -s /tmp/m/aim_before.csv /tmp/m/aim_after.csv && echo "armadillo aimed: per-ray files the same" >> $w || echo "armadillo aimed: per-ray files DIFFER" >> $w
for v in before after; do
    run $v -n $gpu --size 1920x1080 --per-ray /tmp/m/cube_$v.csv $mesh_cube
done
cmp -s /tmp/m/cube_before.csv /tmp/m/cube_after.csv && echo "cube camera: per-ray files the same" >> $w || echo "cube camera: per-ray files DIFFER" >> $w
for v in before after; do
    run $v --devices $two --size 1920x1080 /tmp/m/arm.rtm
    run $v --devices $gpus --size 1920x1080 /tmp/m/arm.rtm
    run $v --devices $gpus --aim vertices --aim-rays 200000 /tmp/m/arm.rtm
    run $v --devices $two --size 1920x1080 $mesh_cube
    run $v --devices $gpus --size 1920x1080 $mesh_cube
done
grep -E "^==|^  GPU_|DIFFER|same" $w | cut -c1-150
