#!/usr/bin/env bash
# gpu46: writing 4,480,000,064 bytes (40,000,000 binary results) into the page cache with
# dd bs=4M: into a new file, as scripts/stream_bench.sh's floor does, against into a file
# fallocate'd to that size first (fallocate timed too); interleaved, six runs each, each after
# rm and sync of the last one's file. Then the same for a run's read side for scale: cat.
set -u
{ mount | grep -E " / | /tmp "; df -h /tmp; cat /proc/sys/vm/dirty_ratio /proc/sys/vm/dirty_background_ratio /proc/sys/vm/dirty_bytes; uname -r; nproc; } > $OUT/host.txt 2>&1
o=$OUT/write_fallocate.txt
bytes=4480000064
ms() { echo $(( ($2 - $1) / 1000000 )); }
for round in 1 2 3 4 5 6; do
  for mode in new fallocated; do
    rm -f /tmp/w.out; sync
    s=$(date +%s%N)
    [ $mode = fallocated ] && fallocate -l $bytes /tmp/w.out
    f=$(date +%s%N)
    dd if=/dev/zero of=/tmp/w.out bs=4M count=$bytes iflag=count_bytes conv=notrunc status=none
    e=$(date +%s%N)
    echo "$mode round $round: $(ms $s $e) ms (fallocate $(ms $s $f) ms)" >> $o
  done
done
rm -f /tmp/w.out; sync
cat $o
