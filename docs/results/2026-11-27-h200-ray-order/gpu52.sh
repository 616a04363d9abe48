#!/usr/bin/env bash
# gpu52: the SM clock while armadillo's 32 costliest camera rays walk alone (gpu50.sh's top32,
# 50 repetitions) against while all 2,073,600 walk; nvidia-smi sampling every 20 ms.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$root/.devtools/bin
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
{ nvidia-smi -L; nvidia-smi --query-gpu=clocks.max.sm,clocks.sm,power.draw --format=csv; } > $OUT/host.txt 2>&1
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && cd /tmp/m && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
$root/.devtools/probe/camrays /tmp/m/arm.rtm 1920 1080 > /tmp/m/camera.txt
$B/TetWalk -n $gpu --reps 1 --algorithm gpu_stp0 --rays /tmp/m/camera.txt --per-ray /tmp/m/camera.csv /tmp/m/arm.rtm > /dev/null
{ echo 32; tail -n +2 /tmp/m/camera.txt | paste -d' ' - <(tail -n +2 /tmp/m/camera.csv | cut -d, -f2) | sort -s -k7,7nr | head -32 | cut -d' ' -f1-6; } > /tmp/m/top32.txt
w=$OUT/clocks.txt
run() {
    local name=$1; shift
    nvidia-smi -i 0 --query-gpu=timestamp,clocks.sm,clocks.mem,utilization.gpu --format=csv,noheader -lms 20 > /tmp/m/smi_$name.txt 2>&1 &
    local smi=$!
    sleep 0.5
    echo "== $name: $*" >> $w
    $B/TetWalk -n $gpu --algorithm gpu_stp0,gpu_aman "$@" /tmp/m/arm.rtm 2>&1 | grep -E "^  GPU_" | cut -c1-160 >> $w
    sleep 0.3
    kill $smi; wait $smi 2>/dev/null
    echo "SM clock over all samples (count clock): $(awk -F', ' '{print $2}' /tmp/m/smi_$name.txt | sort | uniq -c | sort -k1,1nr | head -6 | tr '\n' ';')" >> $w
    echo "SM clock while utilization > 0: $(awk -F', ' '$4 + 0 > 0 {print $2}' /tmp/m/smi_$name.txt | sort | uniq -c | sort -k1,1nr | head -6 | tr '\n' ';')" >> $w
}
run top32 --reps 50 --rays /tmp/m/top32.txt
run camera --reps 9 --rays /tmp/m/camera.txt
run top32_again --reps 50 --rays /tmp/m/top32.txt
cat $w
