#!/usr/bin/env python3
"""grid_mesh.py N SEED OUT.mesh: a Medit mesh of N x N x N jittered cubes, each cut into the six
tetrahedra around its diagonal (Freudenthal's subdivision, which conforms across the cubes),
all positively oriented, for the tests of the mesh readers (coordinates of 17 digits exercise the
number parser; the tetrahedra in a shuffled order exercise the tables' builders)."""
import itertools
import random
import sys

n, seed, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
rng = random.Random(seed)
side = n + 1


def index(i, j, k):
    return 1 + i + side * (j + side * k)


vertices = []
for k in range(side):
    for j in range(side):
        for i in range(side):
            inner = [0 < c < n for c in (i, j, k)]
            # Jitter inner vertices a little (never enough to invert a tetrahedron).
            vertices.append([c + (rng.uniform(-0.05, 0.05) if inside else 0.0) for c, inside in zip((i, j, k), inner)])
tetrahedra = []
for k, j, i in itertools.product(range(n), repeat=3):
    for perm in itertools.permutations(range(3)):
        corner = [0, 0, 0]
        path = [tuple(corner)]
        for axis in perm:
            corner[axis] = 1
            path.append(tuple(corner))
        tet = [index(i + a, j + b, k + c) for a, b, c in path]
        odd = sum(1 for x, y in itertools.combinations(perm, 2) if x > y) % 2
        if not odd:  # the even permutations' tetrahedra are the negatively oriented ones
            tet[0], tet[1] = tet[1], tet[0]
        tetrahedra.append(tet)
rng.shuffle(tetrahedra)
with open(out, "w") as f:
    f.write("MeshVersionFormatted 2\nDimension 3\nVertices\n%d\n" % len(vertices))
    for v in vertices:
        f.write("%.17g %.17g %.17g 0\n" % tuple(v))
    f.write("Tetrahedra\n%d\n" % len(tetrahedra))
    for t in tetrahedra:
        f.write("%d %d %d %d 0\n" % tuple(t))
    f.write("End\n")
