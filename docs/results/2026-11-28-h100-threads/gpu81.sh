#!/usr/bin/env bash
# gpu81: TetWalk's CPU threads on a GPU host's cores: 1, 2 and 4 threads, STP0, STP0R and Aman,
# armadillo's camera 1920x1080 and 200,000 rays aimed at its vertices, cube_big_tetra's camera
# and 100,000 rays from its vertex 35445; 3 repetitions; then cube_big_tetra's two workloads once
# more (a second round).
set -u
root=$PWD
B=$root/.devtools/bin
T=$B/TetWalk.corners
export LD_LIBRARY_PATH=$root/.devtools
o=$OUT/threads.txt
{ nproc; lscpu | grep -E "Model name|Thread|Core|Socket|NUMA node\(s\)"; } > $o
mkdir -p /tmp/m && cp $root/.devtools/armadillo.off /tmp/m/ && cd /tmp/m
$root/.devtools/tetgen -pqnQ -a0.2 armadillo.off > /dev/null 2>&1
$T --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/arm.rtm /tmp/m/armadillo.1.ele > /dev/null
$T --size 16x16 --reps 1 --algorithm stp0 --save-mesh /tmp/m/cube.rtm $root/.devtools/cube_big_tetra.mesh > /dev/null
walk() { # LABEL MESH ARGS...
  local label=$1 mesh=$2; shift 2
  echo "== $label" >> $o
  $T --reps 3 --threads 1,2,4 --algorithm stp0,stp0r,aman "$@" $mesh 2>&1 | grep -E "^  [A-Za-z]" | cut -c1-100 >> $o
}
walk "round 1 cube_camera" /tmp/m/cube.rtm --size 1920x1080
walk "round 1 cube_vertex" /tmp/m/cube.rtm --from-vertex 35445 --aim-rays 100000
walk "round 1 arm_camera" /tmp/m/arm.rtm --size 1920x1080
walk "round 1 arm_aimed" /tmp/m/arm.rtm --aim vertices --aim-rays 200000
walk "round 2 cube_camera" /tmp/m/cube.rtm --size 1920x1080
walk "round 2 cube_vertex" /tmp/m/cube.rtm --from-vertex 35445 --aim-rays 100000
cat $o | cut -c1-84
