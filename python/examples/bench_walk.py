#!/usr/bin/env python3
"""bench_walk.py: the Python walk (raytetra.Mesh.walk) against TetWalk's own on the same mesh and
rays, one thread each. Not a test: a measurement (python/README.md and docs/LIBRARY.md, "Meshes:
speed", hold its numbers).

    python3 python/examples/bench_walk.py MESH [--size 400x300] [--algorithm stp0,stp0r]
                                          [--rounds 11] [--reps 5] [--build build]

The rays are camera rays: a perspective camera 30 degrees high looking at the centre of the
mesh's bounding box from azimuth 30 and elevation 20 degrees (as TetWalk's default camera), one
ray per pixel, written to a rays file with exact P and Q = P + d. Each round runs TetWalk on that
file (`--rays FILE --threads 1 --reps REPS --json`: its timed walks, `samples_ms`) and then
REPS calls of mesh.walk(origins, directions, threads=1) in this process, timed by the wall clock
as TetWalk times its walks; the rounds alternate the two so that the machine's other load falls
on both alike. Each contender's time is the median over the rounds of the round's median; the
spread is (max - min) / median of the round medians. The Python time is the whole call: checking
the arrays, the library's ray checks and start search, and the walk, which TetWalk's samples
leave out (it does them once before its timed runs). Before timing, the steps and statuses of
both are compared (the per-ray CSV).
"""

import argparse
import json
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

CHECKOUT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(CHECKOUT / "python"))  # the checkout's package, uninstalled
import raytetra  # noqa: E402


def bounding_box(path):
    """The box of the mesh's vertices, read with meshio (any format it reads)."""
    import meshio
    points = meshio.read(path).points
    return points.min(axis=0), points.max(axis=0)


def camera_rays(low, high, width, height, azimuth=30.0, elevation=20.0, fov=30.0):
    """One ray per pixel centre of a perspective camera looking at the box's centre from
    (azimuth, elevation) about z, far enough for the box's bounding sphere to fit the vertical
    field of view; directions reach as far beyond the eye as the eye is from the centre. The
    coordinates are rounded to 2^-20 of the box so that P + d is exact in a rays file."""
    centre, radius = (low + high) / 2, np.linalg.norm(high - low) / 2
    a, e = np.radians(azimuth), np.radians(elevation)
    back = np.array([np.cos(e) * np.cos(a), np.cos(e) * np.sin(a), np.sin(e)])
    distance = radius / np.sin(np.radians(fov) / 2)
    eye = centre + distance * back
    right = np.cross([0, 0, 1.0], back)
    right /= np.linalg.norm(right)
    up = np.cross(back, right)
    half_h = np.tan(np.radians(fov) / 2)
    half_w = half_h * width / height
    u = ((np.arange(width) + 0.5) / width * 2 - 1) * half_w
    v = (1 - (np.arange(height) + 0.5) / height * 2) * half_h
    uu, vv = np.meshgrid(u, v)
    directions = -back + uu[..., None] * right + vv[..., None] * up
    directions = directions.reshape(-1, 3) * distance
    grid = 2.0 ** np.floor(np.log2(radius)) / 2 ** 20
    origins = np.tile(np.round(eye / grid) * grid, (len(directions), 1))
    return origins, np.round(directions / grid) * grid


def write_rays(path, origins, directions):
    ends = origins + directions
    with open(path, "w") as file:
        file.write(f"{len(origins)}\n")
        np.savetxt(file, np.hstack([origins, ends]), fmt="%.17g")


def run_tetwalk(tetwalk, mesh, rays, algorithm, reps, folder, per_ray=None):
    """TetWalk's samples_ms of one run (and with per_ray its CSV)."""
    out = folder / "tetwalk.json"
    command = [str(tetwalk), "--algorithm", algorithm, "--threads", "1", "--reps", str(reps), "--rays", str(rays),
               "--json", str(out), str(mesh)]
    if per_ray:
        command[1:1] = ["--per-ray", str(per_ray)]
    subprocess.run(command, check=True, capture_output=True)
    return json.loads(out.read_text())["results"][0]["samples_ms"]


def time_walks(mesh, origins, directions, algorithm, reps):
    samples = []
    for _ in range(reps):
        start = time.perf_counter()
        mesh.walk(origins, directions, algorithm=algorithm, threads=1)
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def compare(mesh, origins, directions, algorithm, per_ray_csv):
    walked = mesh.walk(origins, directions, algorithm=algorithm, threads=1)
    rows = np.loadtxt(per_ray_csv, delimiter=",", skiprows=1, usecols=(1, 2))
    lost = np.array([line.rsplit(",", 1)[1] == "lost" for line in per_ray_csv.read_text().splitlines()[1:]])
    if not (np.array_equal(walked["steps"], rows[:, 0]) and np.array_equal(walked["status"] == 1, lost)):
        raise SystemExit(f"bench_walk.py: {algorithm}: the Python walk's steps or statuses differ from TetWalk's")
    return int(walked["steps"].sum())


def summary(samples):
    median = statistics.median(samples)
    return median, (max(samples) - min(samples)) / median


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mesh", type=pathlib.Path)
    parser.add_argument("--size", default="400x300", help="camera pixels WxH (default 400x300)")
    parser.add_argument("--algorithm", default="stp0,stp0r", help="walk algorithms, comma-separated")
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--reps", type=int, default=5, help="timed walks per contender and round")
    parser.add_argument("--build", type=pathlib.Path, default=CHECKOUT / "build", help="the build with TetWalk")
    args = parser.parse_args()
    width, height = (int(x) for x in args.size.split("x"))
    tetwalk = args.build / "TetWalk"
    origins, directions = camera_rays(*bounding_box(args.mesh), width, height)
    mesh = raytetra.Mesh.read(args.mesh)
    print(f"{args.mesh}: {len(mesh)} tetrahedra; {len(origins)} camera rays ({args.size}); {args.rounds} rounds of "
          f"{args.reps} walks, one thread; library {raytetra.version()}")
    print(f"{'algorithm':>9} {'steps':>10} {'TetWalk ms':>11} {'Python ms':>10} {'ratio':>6} {'spread T, P':>12}")
    with tempfile.TemporaryDirectory(prefix="bench_walk.") as folder:
        folder = pathlib.Path(folder)
        rays = folder / "rays.txt"
        write_rays(rays, origins, directions)
        for algorithm in args.algorithm.split(","):
            run_tetwalk(tetwalk, args.mesh, rays, algorithm, 1, folder, per_ray=folder / "per-ray.csv")
            steps = compare(mesh, origins, directions, algorithm, folder / "per-ray.csv")
            tetwalk_medians, python_medians = [], []
            for _ in range(args.rounds):
                tetwalk_medians.append(statistics.median(run_tetwalk(tetwalk, args.mesh, rays, algorithm, args.reps,
                                                                     folder)))
                python_medians.append(statistics.median(time_walks(mesh, origins, directions, algorithm, args.reps)))
            (t, t_spread), (p, p_spread) = summary(tetwalk_medians), summary(python_medians)
            print(f"{algorithm:>9} {steps:>10,} {t:>11.1f} {p:>10.1f} {p / t:>6.3f} "
                  f"{t_spread:>5.0%}, {p_spread:>4.0%}")


if __name__ == "__main__":
    main()
