#!/usr/bin/env bash
# Two rounds on the dev machine: 1 and 2 threads, the four workloads, STP0, STP0R, Aman, 3 reps.
# From the repository root; ARM and CUBE: armadillo (tetgen -pqnQ -a0.2) and cube_big_tetra.mesh
# saved as .rtm by TetWalk --save-mesh.
set -u
T=${T:-build/TetWalk}
ARM=${ARM:-/tmp/arm/arm.rtm} CUBE=${CUBE:-/tmp/arm/cube.rtm}
o=${1:-dev_threads.txt}
{ nproc; lscpu | grep -E "Model name|Thread|Core|Socket"; } > $o
walk() { local label=$1 mesh=$2; shift 2
  echo "== $label (load $(cut -d' ' -f1-3 /proc/loadavg))" >> $o
  $T --reps 3 --threads 1,2 --algorithm stp0,stp0r,aman "$@" $mesh 2>&1 | grep -E "^  [A-Za-z]" | cut -c1-100 >> $o; }
for r in 1 2; do
  walk "round $r cube_camera" $CUBE --size 1920x1080
  walk "round $r cube_vertex" $CUBE --from-vertex 35445 --aim-rays 100000
  walk "round $r arm_camera" $ARM --size 1920x1080
  walk "round $r arm_aimed" $ARM --aim vertices --aim-rays 200000
done
