#!/usr/bin/env bash
# gpu28: where a streaming run's process time goes beyond the stage line's wall time.
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache RAYTETRA_BIN=$root/.devtools/bin
B=$RAYTETRA_BIN
{ nvidia-smi -L; nproc; nvidia-smi -q | grep -i persistence; } > $OUT/host.txt 2>&1
gpus=$($B/RayTetra --list-devices | awk 'NR > 1 && $2 == "GPU" { print $1 }' | paste -sd, -)
gpu=${gpus%%,*}
s=$OUT/stream.txt
ms() { echo $(( $(date +%s%N) / 1000000 )); }
a=$(ms); $B/RayTetra --list-devices > /dev/null; b=$(ms); echo "list-devices process: $((b - a)) ms" >> $s
mkdir -p /tmp/s && $B/RandomRayTetra /tmp/s/in.rtb -i 20000000 -n 20000000 > /dev/null
a=$(ms); cat /tmp/s/in.rtb > /dev/null; b=$(ms); echo "cat: $((b - a)) ms" >> $s
for r in 1 2 3; do
  for dev in "-n $gpu" "--devices all" "-t 0 --threads 0"; do
    g="-g 1"; [ "$dev" = "-t 0 --threads 0" ] && g=""
    rm -f /tmp/s/out.rtb; sync
    a=$(ms)
    $B/RayTetra $g $dev -p r /tmp/s/in.rtb /tmp/s/out.rtb 1 > /tmp/s/log 2>&1
    b=$(ms)
    echo "== $dev process $((b - a)) ms" >> $s
    grep -E "^stages|^start-up" /tmp/s/log | cut -c1-400 >> $s
  done
done
sz=$(stat -c %s /tmp/s/out.rtb)
rm -f /tmp/s/out.rtb; sync
a=$(ms); dd if=/dev/zero of=/tmp/s/dd bs=4M count=$((sz / 4194304)) status=none; b=$(ms); echo "dd: $((b - a)) ms" >> $s
# strace of one GPU run: the time of each phase at the end
rm -f /tmp/s/out.rtb; sync
LD_LIBRARY_PATH=$root/.devtools/diag:$LD_LIBRARY_PATH $root/.devtools/diag/strace -f -tt -e trace=execve,exit_group,rename,renameat,renameat2,munmap -o /tmp/s/st.txt $B/RayTetra -g 1 -n $gpu -p r /tmp/s/in.rtb /tmp/s/out.rtb 1 > /tmp/s/log 2>&1
head -3 /tmp/s/st.txt > $OUT/strace_tail.txt; grep -E "rename|exit_group|execve" /tmp/s/st.txt | tail -10 >> $OUT/strace_tail.txt; tail -5 /tmp/s/st.txt >> $OUT/strace_tail.txt
cat /tmp/s/log >> $OUT/strace_tail.txt
