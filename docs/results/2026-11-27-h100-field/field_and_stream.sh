#!/usr/bin/env bash
# The field's pair tests on one GPU beside the thesis' kernels (Bench, 10M pairs, aos and soa),
# the CPU pair tests on one core of the host (2M pairs), and the streaming run of 40M pairs
# against the I/O floor with RayTetra's stage lines.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels BUILD=$root/.devtools/bin RAYTETRA_BIN=$root/.devtools/bin RAYTETRA_CACHE_DIR=/tmp/rtcache
B=$BUILD
{ nvidia-smi -L; nproc; lscpu | grep "Model name"; free -g | head -2; $B/RayTetra --list-devices; } 2>&1 | tee $OUT/machine.txt
gpu=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
cd /tmp
$B/RandomRayTetra p10m.rtb -i 5000000 -n 5000000 > /dev/null
$B/RandomRayTetra p2m.rtb -i 1000000 -n 1000000 > /dev/null
G=GPU_STP0,GPU_STP0F,GPU_Segura0,GPU_STP0R,GPU_STP0P,GPU_Badouel,GPU_Havel,GPU_BadouelB,GPU_BadouelF,GPU_HavelF,GPU_BadouelBF
for layout in aos soa; do
  timeout 200 $B/Bench --algorithms $G --layout $layout --json $OUT/bench_gpu_$layout.json p10m.rtb /tmp/b_$layout.csv 10 $gpu > $OUT/bench_gpu_$layout.txt 2>&1
done
C=stp0,stp0v,stp0p,pluecker0,haines,moller2,badouel,havel,badouelb,badouelbv,stp0f,stp0vf,badouelf,havelf,badouelbf,badouelbvf
timeout 150 $B/Bench --no-opencl --algorithms $C --json $OUT/bench_cpu.json p2m.rtb /tmp/b_cpu.csv 5 > $OUT/bench_cpu.txt 2>&1
rm -f p2m.rtb p10m.rtb
timeout 240 $root/scripts/stream_bench.sh 40000000 > $OUT/stream_bench.txt 2>&1
$B/RandomRayTetra big.rtb -i 20000000 -n 20000000 > /dev/null
{
for r in 1 2; do
  /usr/bin/time -f "%e s wall %U user %S sys %M KB" cat big.rtb > /dev/null
  /usr/bin/time -f "%e s wall %U user %S sys %M KB" $B/RayTetra -g 1 -n $gpu -p r big.rtb r.rtb 1
  /usr/bin/time -f "%e s wall %U user %S sys %M KB" $B/RayTetra -g 1 --devices all -p r big.rtb r.rtb 1
  /usr/bin/time -f "%e s wall %U user %S sys %M KB" $B/RayTetra -t 0 --threads 0 -p r big.rtb r.rtb 1
  ls -l r.rtb big.rtb
  /usr/bin/time -f "%e s wall dd" dd if=/dev/zero of=dd.out bs=4M count=$(( $(stat -c %s r.rtb) / 4194304 )) 2>&1 | tail -1
  rm -f dd.out
done
} > $OUT/stream_stages.txt 2>&1
