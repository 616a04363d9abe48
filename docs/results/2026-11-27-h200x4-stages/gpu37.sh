#!/usr/bin/env bash
# gpu37: armadillo's mesh ready time, binary version 3 (SHA-256 digest; TetWalk 39c59d1 in
# bin-base) against version 4 (XXH3 digest; bin), every core (the read on 16 threads) and one
# thread, two invocations of mesh_ready.sh (best of 5) each, interleaved.
set -u
root=$PWD
export LD_LIBRARY_PATH=$root/.devtools
{ nproc; lscpu | grep -E "Model name"; } > $OUT/machine.txt 2>&1
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && cd /tmp/m
start=$(date +%s); $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > tetgen.log 2>&1; echo "tetgen $(( $(date +%s) - start )) s" >> $OUT/machine.txt
cd $root
for r in 1 2; do
  for threads in "" 1; do
    for v in base new; do
      dir=$root/.devtools/bin; [ $v = base ] && dir=$root/.devtools/bin-base
      echo "== $v threads=${threads:-every core}" >> $OUT/mesh_ready.txt
      env ${threads:+OMP_NUM_THREADS=$threads} RAYTETRA_BIN=$dir bash scripts/mesh_ready.sh /tmp/m/armadillo.1.ele 5 >> $OUT/mesh_ready.txt 2>&1
    done
  done
done
