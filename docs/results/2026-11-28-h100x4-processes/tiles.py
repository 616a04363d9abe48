#!/usr/bin/env python3
"""tiles.py W H TW TH < camera.txt > tiled.txt: a rays file of a W x H camera (N, then a ray a
line, pixel by pixel along each row) written again tile by tile (TW x TH pixels, the tiles
along each row of tiles, the pixels of a tile row by row), so that a warp's 32 rays are a
compact block of the picture instead of a run of one row."""
import sys

w, h, tw, th = map(int, sys.argv[1:5])
lines = sys.stdin.read().split("\n")
n = int(lines[0])
assert n == w * h and w % tw == 0 and h % th == 0
rays = lines[1:1 + n]
out = [str(n)]
for ty in range(0, h, th):
    for tx in range(0, w, tw):
        for y in range(ty, ty + th):
            out.extend(rays[y * w + tx:y * w + tx + tw])
sys.stdout.write("\n".join(out) + "\n")
