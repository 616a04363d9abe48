"""raytetra: the ray-tetrahedron tests of libraytetra (Plücker, STP, Haines, Möller-Trumbore;
include/raytetra.h) on NumPy arrays, and TetWalk's walk of rays through tetrahedral meshes, on the
CPU or an OpenCL device.

    import numpy as np, raytetra
    pairs = np.array([[[0, 0, 0], [0, 1, 0], [1, 0, 0], [0, 0, 1], [0.2, 0.2, -1], [0.2, 0.2, 2]]])
    hits = raytetra.intersect(pairs, algorithm="stp0r", extent="segment")
    hits["hit"], hits["enter_face"], hits["t_enter"]
    mesh = raytetra.Mesh.read("data/box.mesh")
    walked = mesh.walk([[0.5, 0.25, -1]], [[0, 0, 1]], algorithm="stp0r")   # status, steps, length, ...

python/README.md is the manual; docs/LIBRARY.md the library's.
"""

from ._errors import LibraryNotFound, RayTetraError
from ._mesh import VISIT_DTYPE, WALK_RESULT_DTYPE, Mesh, walk_algorithms
from ._pairs import (HIT_DTYPE, algorithms, device_count, device_description, error_message, intersect,
                     version)

__all__ = ["HIT_DTYPE", "LibraryNotFound", "Mesh", "RayTetraError", "VISIT_DTYPE", "WALK_ALGORITHMS",
           "WALK_RESULT_DTYPE", "algorithms", "device_count", "device_description", "error_message", "intersect",
           "version", "walk_algorithms"]


def __getattr__(name):
    """WALK_ALGORITHMS: walk_algorithms(), read from the library when first asked for."""
    if name == "WALK_ALGORITHMS":
        return walk_algorithms()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
