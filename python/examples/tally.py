#!/usr/bin/env python3
"""tally.py: a track-length tally, as a photon or particle transport code keeps one: rays from a
point source in isotropic directions walked through a tetrahedral mesh, the path length each
tetrahedron receives summed from the walk's visits, written as a VTK file (.vtu) with the tally
as cell data, for ParaView (or any VTK viewer) to colour the mesh by.

    python3 tally.py MESH X,Y,Z OUT.vtu [--rays N] [--algorithm NAME] [--threads N]
    python3 python/examples/tally.py data/box.mesh 0.5,0.5,0.5 box-tally.vtu --rays 100000

MESH is any volume mesh meshio reads (Medit .mesh, TetGen .ele, VTK, Gmsh, ...). The cell data:
`path_length`, the mean path length per source ray in each tetrahedron, and `fluence`, that over
the tetrahedron's volume (the track-length estimator of the fluence per source particle, in
1/area of the mesh's units). The output is written to a temporary file beside it and renamed,
so that an error never leaves a half-written or destroyed OUT.
"""

import argparse
import os
import pathlib
import sys
import tempfile

import meshio
import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # the checkout's package, uninstalled
import raytetra  # noqa: E402


def isotropic_directions(count):
    """Unit directions spread evenly over the sphere (a Fibonacci lattice): t is then the distance
    from the source, and each ray stands for the same solid angle."""
    golden = np.pi * (3 - np.sqrt(5))
    i = np.arange(count)
    z = 1 - (2 * i + 1) / count
    r = np.sqrt(1 - z * z)
    return np.column_stack([r * np.cos(golden * i), r * np.sin(golden * i), z])


def tally(mesh, source, directions, algorithm, threads):
    """The path length per source ray in each tetrahedron, and the walk's results."""
    walked = mesh.walk(source, directions, algorithm=algorithm, threads=threads, visits=True)
    visits = walked["visits"]
    # Unit directions: t_leave - t_enter is the distance crossed in that tetrahedron.
    lengths = np.bincount(visits["tet"], weights=visits["t_leave"] - visits["t_enter"], minlength=len(mesh))
    return lengths / len(directions), walked


def volumes(points, tets):
    a, b, c, d = (points[tets[:, k]] for k in range(4))
    return np.abs(np.einsum("ij,ij->i", np.cross(b - a, c - a), d - a)) / 6


def write_vtu(path, points, tets, cell_data):
    """The mesh and its cell data as a .vtu, atomically: a temporary file in the same folder,
    renamed over path once complete."""
    folder = path.parent if str(path.parent) else pathlib.Path(".")
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".vtu", dir=folder)
    os.close(handle)
    try:
        meshio.write(temporary, meshio.Mesh(points, [("tetra", tets)],
                                            cell_data={name: [values] for name, values in cell_data.items()}),
                     file_format="vtu")
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def parse_point(text):
    try:
        point = [float(x) for x in text.split(",")]
    except ValueError:
        point = []
    if len(point) != 3 or not np.all(np.isfinite(point)):
        raise argparse.ArgumentTypeError(f"{text!r} is not a point X,Y,Z of three finite numbers")
    return np.array(point)


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mesh", type=pathlib.Path, help="a volume mesh meshio reads")
    parser.add_argument("source", type=parse_point, help="the point source X,Y,Z (inside or outside the mesh)")
    parser.add_argument("output", type=pathlib.Path, help="the .vtu to write")
    parser.add_argument("--rays", type=int, default=100000, help="rays from the source (default 100000)")
    parser.add_argument("--algorithm", default="stp0r", help="the walk's algorithm (default stp0r, never lost)")
    parser.add_argument("--threads", type=int, default=0, help="CPU threads (default 0: every core)")
    return parser.parse_args()


def check_output(path):
    """What must hold before anything is computed: OUT.vtu, in a folder that exists, not a folder."""
    if path.is_dir():
        return f"{path}: is a folder: give the .vtu file to write"
    if path.suffix != ".vtu":
        return f"{path}: the output is a VTK XML file: give a name ending in .vtu"
    if not (path.parent if str(path.parent) else pathlib.Path(".")).is_dir():
        return f"{path}: the folder {path.parent} does not exist: create it or give another path"
    return None


def main():
    args = arguments()
    problem = None if args.mesh.is_file() else f"{args.mesh}: no such file: give a volume mesh meshio reads"
    problem = problem or check_output(args.output)
    if problem is None and args.rays < 1:
        problem = f"--rays {args.rays}: give a number of rays of at least 1"
    if problem is None and args.threads < 0:
        problem = f"--threads {args.threads}: give 0 (every core) or a number of threads"
    if problem:
        print(f"tally.py: {problem}", file=sys.stderr)
        return 2
    try:
        read = meshio.read(args.mesh)
        if "tetra" not in read.cells_dict:
            raise ValueError(f"{args.mesh}: no tetrahedra in the file: give a volume mesh")
        points, tets = np.asarray(read.points, dtype=np.float64), read.cells_dict["tetra"]
        mesh = raytetra.Mesh(points, tets)
        per_ray, walked = tally(mesh, args.source, isotropic_directions(args.rays), args.algorithm, args.threads)
        write_vtu(args.output, points, tets, {"path_length": per_ray, "fluence": per_ray / volumes(points, tets)})
    except (OSError, ValueError, raytetra.RayTetraError, meshio.ReadError) as error:
        print(f"tally.py: {error}", file=sys.stderr)
        return 1
    source = ", ".join(f"{x:g}" for x in args.source)
    print(f"{args.rays} rays from ({source}) through {args.mesh} ({len(mesh)} tetrahedra) with {args.algorithm}: "
          f"{len(walked['visits'])} tetrahedra crossed, {int((walked['status'] != 0).sum())} rays lost, "
          f"{int((walked['steps'] == 0).sum())} crossing nothing; mean path length per ray "
          f"{walked['length'].mean():.6g}; {int((per_ray > 0).sum())} tetrahedra tallied; written to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
