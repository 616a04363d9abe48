#!/usr/bin/env bash
# gpu99: ptxas' report and the SASS of every GPU walk's kernel as TetWalk builds it (128 registers).
set -u
root=$PWD
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
export RAYTETRA_KERNEL_DIR=$root/kernels RAYTETRA_CACHE_DIR=/tmp/rtcache
export PATH=/usr/local/cuda/bin:$PATH
B=$root/.devtools/b98
ls /usr/local/cuda/bin > $OUT/cudabin.txt
for a in gpu_segura0 gpu_segura1 gpu_segura2 gpu_stp0 gpu_stp1 gpu_stp2 gpu_segura0p gpu_segura1p gpu_segura2p gpu_aman gpu_badouelb gpu_maria gpu_stp0r; do
  rm -rf /tmp/rtcache; mkdir -p /tmp/rtcache
  $B/TetWalk -n 1 --reps 1 --size 16x16 --algorithm $a data/box.mesh > /dev/null 2>&1
  f=$(ls -S /tmp/rtcache/* | head -1)
  tail -n +2 $f | tr -d "\0" > /tmp/$a.ptx
  echo "== $a $(head -c 200 $f | tr -d '\0' | head -3 | tr '\n' ' ')" >> $OUT/ptxas.txt
  ptxas -arch=sm_90 -v --maxrregcount=128 /tmp/$a.ptx -o /tmp/$a.cubin >> $OUT/ptxas.txt 2>&1
  cuobjdump -sass /tmp/$a.cubin > /tmp/$a.sass 2>&1
  echo "$a: $(grep -c '^ *\/\*[0-9a-f]*\*\/' /tmp/$a.sass) instructions, LDL $(grep -c 'LDL' /tmp/$a.sass), STL $(grep -c 'STL' /tmp/$a.sass), DFMA/DMUL/DADD $(grep -cE 'DFMA|DMUL|DADD' /tmp/$a.sass), MUFU.RCP64H $(grep -c 'MUFU.RCP64H' /tmp/$a.sass)" >> $OUT/counts.txt
done
mkdir -p $OUT/sass; for a in gpu_stp0 gpu_aman gpu_stp0r gpu_badouelb; do gzip -c /tmp/$a.sass > $OUT/sass/$a.sass.gz; done
cat $OUT/counts.txt; grep -E "^==|stack|registers" $OUT/ptxas.txt
