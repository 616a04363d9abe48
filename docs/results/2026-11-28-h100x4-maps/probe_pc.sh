#!/bin/bash
# page-cache writes into one file: 4,480,000,064 bytes (40M binary results)
uname -r; nproc; df -T /tmp | tail -1
B=4480000064; F=/tmp/pc.bin
for r in 1 2 3; do
  for m in "write 1" "pwrite 16" "mmap 4" "mmap 16" "mmap 64" "pop 4" "pop 16" "pop 64"; do
    rm -f $F; sync; ./pcwrite $F $B $m
  done
  rm -f $F; sync; s=$(date +%s%N); dd if=/dev/zero of=$F bs=4M count=1068 status=none; e=$(date +%s%N); echo "dd 4M: $(( (e-s)/1000000 )) ms"
done
rm -f $F
