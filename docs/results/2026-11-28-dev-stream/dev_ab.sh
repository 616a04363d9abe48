#!/usr/bin/env bash
# dev_ab: every core's run of 10,000,000 pairs file to file on the dev machine, 068b3f3
# (build/RayTetra) against 2ddbe33 (a worktree of it built in /tmp/base), each as it is and with
# RAYTETRA_STREAM_PAGES=0, six rounds; wall ms and user + system s of each run, then the
# outputs compared with an earlier run's. Run from the repository root.
set -u
new=$PWD/build/RayTetra old=/tmp/base/build/RayTetra
build/RandomRayTetra /tmp/p10.rtb -i 5000000 -n 5000000 > /dev/null
$old -t 0 --threads 0 -p r /tmp/p10.rtb /tmp/o10.rtb 1 > /dev/null
for r in 1 2 3 4 5 6; do
  for v in old new old0 new0; do
    rm -f /tmp/o10n.rtb; sync
    B=$new; case $v in old*) B=$old;; esac
    E=""; case $v in *0) E="RAYTETRA_STREAM_PAGES=0";; esac
    s=$(date +%s%N)
    env $E /usr/bin/time -f "%U %S" -o /tmp/t.txt $B -t 0 --threads 0 -p r /tmp/p10.rtb /tmp/o10n.rtb 1 > /dev/null 2>&1
    e=$(date +%s%N)
    echo "$v $(( (e - s) / 1000000 )) $(cat /tmp/t.txt)"
  done
done | awk '{w[$1]=w[$1]" "$2; c[$1]=c[$1]" "($3+$4)} END {for (k in w) print k": wall"w[k]"  cpu"c[k]}' | sort
cmp /tmp/o10.rtb /tmp/o10n.rtb && echo "the same bytes"
