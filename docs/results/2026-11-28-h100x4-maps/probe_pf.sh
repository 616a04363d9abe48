#!/bin/bash
B=4480000064; F=/tmp/pc.bin
for r in 1 2 3; do
  for c in "none 1 write" "none 16 mmap" "pop 4 write" "pop 16 write" "pop 16 mmap" "ra 4 write" "ra 16 write" "zero 4 write" "zero 16 write"; do
    rm -f $F; sync; ./prefill $F $B $c
  done
done
rm -f $F
