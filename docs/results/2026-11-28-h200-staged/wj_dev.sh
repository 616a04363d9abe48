#!/usr/bin/env bash
# the whole job file to file on the dev machine: TetWalk with GPU_STP0R on PoCL, armadillo's .rtm to a per-ray file,
# 569658f's kernels against the working tree's, beside cat of the mesh file
for round in 1 2; do
  /usr/bin/time -f "cat %e s" cat /tmp/arm/arm.rtm > /dev/null
  for k in old new; do
    d=$([ $k = old ] && echo /work/main/.devtools/kv_head || echo /work/main/kernels)
    /usr/bin/time -f "round $round $k whole job %e s" env RAYTETRA_KERNEL_DIR=$d RAYTETRA_CACHE_DIR=/tmp/wjc_$k \
      /work/main/build/TetWalk -n 0 --reps 1 --algorithm gpu_stp0r --size 960x540 --per-ray /tmp/cmp/wj_$k.csv /tmp/arm/arm.rtm 2>&1 | grep -E "GPU_STP0R|whole job" | cut -c1-90
  done
done
