#!/usr/bin/env bash
# gpu41: TetWalk's CPU threads on the 64-core host: 1, 2, 4, 8, 16, 32 and 64 threads, STP0,
# STP0R and Aman, the four workloads of the walk benchmarks (3 repetitions, median).
set -u
root=$PWD
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:$root/.devtools
B=$root/.devtools/bin
{ nproc; lscpu | grep -E "Model name|Socket|Thread|NUMA node\(s\)"; } > $OUT/host.txt 2>&1
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && cp $root/.devtools/cube_big_tetra.mesh /tmp/m/
( cd /tmp/m && $root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1 )
$B/TetWalk --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
w=$OUT/threads.txt
run() { # LABEL MESH ARGS...
  local label=$1 mesh=$2; shift 2
  echo "== $label: TetWalk --reps 3 --threads 1,2,4,8,16,32,64 --algorithm stp0,stp0r,aman $* $(basename $mesh)" >> $w
  /usr/bin/time -f "   (%e s)" $B/TetWalk --reps 3 --threads 1,2,4,8,16,32,64 --algorithm stp0,stp0r,aman "$@" $mesh 2>&1 | grep -E "^  [A-Z].*thread|\(.* s\)" | cut -c1-190 >> $w
}
run arm_camera /tmp/m/arm.rtm --size 1920x1080
run arm_aimed /tmp/m/arm.rtm --aim vertices --aim-rays 200000
run cube_camera /tmp/m/cube_big_tetra.mesh --size 1920x1080
run cube_vertex /tmp/m/cube_big_tetra.mesh --from-vertex 35445 --aim-rays 100000
cat $w
