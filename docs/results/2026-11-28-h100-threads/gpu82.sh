#!/usr/bin/env bash
# gpu82: TetWalk's CPU threads on a 4 x H100 or H200 host's 64 cores (it ran on a 4 x H200 host): 1, 2 and 4 threads, STP0, STP0R and
# Aman, cube_big_tetra's camera 1920x1080 and 100,000 rays from its vertex 35445, armadillo's
# camera; 3 repetitions; two rounds.
set -u
root=$PWD
T=$root/.devtools/bin/TetWalk.corners
export LD_LIBRARY_PATH=$root/.devtools
o=$OUT/threads_h200x4.txt
{ nproc; lscpu | grep -E "Model name|Thread|Core|Socket|NUMA node\(s\)"; } > $o
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && cd /tmp/m
$root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1
$T --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
$T --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/cube.rtm $root/.devtools/cube_big_tetra.mesh > /dev/null
walk() { # LABEL MESH ARGS...
  local label=$1 mesh=$2; shift 2
  echo "== $label (load $(cut -d' ' -f1-3 /proc/loadavg))" >> $o
  $T --reps 3 --threads 1,2,4 --algorithm stp0,stp0r,aman "$@" $mesh 2>&1 | grep -E "^  [A-Za-z]" | cut -c1-100 >> $o
}
for r in 1 2; do
  walk "round $r cube_camera" /tmp/m/cube.rtm --size 1920x1080
  walk "round $r cube_vertex" /tmp/m/cube.rtm --from-vertex 35445 --aim-rays 100000
  walk "round $r arm_camera" /tmp/m/arm.rtm --size 1920x1080
done
cat $o | cut -c1-84
