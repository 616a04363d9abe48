#!/usr/bin/env bash
# the CPU's STP0R (and STP0) with 569658f (exact products at fragile crossings) and the working tree (stages), interleaved
for round in 1 2 3; do for k in old new; do
  b=$([ $k = old ] && echo /tmp/old/build/TetWalk || echo /work/main/build/TetWalk)
  for wl in camera aimed; do
    [ $wl = camera ] && args=(--size 480x270) || args=(--aim vertices --aim-rays 5000)
    echo "== round $round $k $wl"
    $b --threads 1 --reps 3 --algorithm stp0r,stp0 "${args[@]}" /tmp/arm/arm.rtm 2>&1 | grep -E "^  STP0" | cut -c1-100
  done
done; done
