#!/usr/bin/env bash
# gpu64: TetWalk's CPU threads and where they run: the host's topology, then cube_big_tetra's
# camera (1920x1080) and 100,000 rays from vertex 35445 with STP0, STP0R and Aman on 1, 2 and 4
# threads, unbound (as TetWalk runs them), bound one a core (OMP_PLACES=cores,
# OMP_PROC_BIND=spread) and bound to neighbouring CPUs (OMP_PLACES=threads, OMP_PROC_BIND=close);
# 3 repetitions, one round.
set -u
root=$PWD
B=$root/.devtools/bin
export LD_LIBRARY_PATH=$root/.devtools
o=$OUT/threads.txt
{ lscpu; echo; for c in 0 1 2 3 32 33; do echo "cpu$c siblings $(cat /sys/devices/system/cpu/cpu$c/topology/thread_siblings_list) core $(cat /sys/devices/system/cpu/cpu$c/topology/core_id) package $(cat /sys/devices/system/cpu/cpu$c/topology/physical_package_id)"; done; } > $OUT/topology.txt 2>&1
M=$root/.devtools/cube_big_tetra.mesh
for round in 1; do
  for mode in unbound cores close; do
    case $mode in
      unbound) env=();;
      cores) env=(OMP_PLACES=cores OMP_PROC_BIND=spread);;
      close) env=(OMP_PLACES=threads OMP_PROC_BIND=close);;
    esac
    for w in camera vertex; do
      case $w in camera) args=(--size 1920x1080);; vertex) args=(--from-vertex 35445 --aim-rays 100000);; esac
      echo "== round $round $mode $w" >> $o
      env "${env[@]}" $B/TetWalk --reps 3 --threads 1,2,4 --algorithm stp0,stp0r,aman "${args[@]}" $M 2>&1 | grep -E "^  [A-Z]" | cut -c1-120 >> $o
    done
  done
done
cat $OUT/topology.txt | grep -E "^(CPU\(s\)|Thread|Core|Socket|NUMA|Model name)|^cpu"
cat $o
