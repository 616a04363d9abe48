"""What the tests share: the checkout, its build folder (BUILD, as tests/run_tests.sh names it;
default build) with the RayTetra programs, and text pair files as the programs read them."""

import os
import pathlib
import subprocess

import numpy as np
import pytest

CHECKOUT = pathlib.Path(__file__).resolve().parents[2]
BUILD = CHECKOUT / os.environ.get("BUILD", "build")


def program(name):
    path = BUILD / name
    if not path.is_file():
        pytest.skip(f"{path} is not built (make -j2)")
    return path


def write_pairs(path, pairs):
    """A text pair file: the count, then 18 reals a line, printed to read back exactly."""
    rows = np.asarray(pairs, dtype=np.float64).reshape(-1, 18)
    with open(path, "w") as file:
        file.write(f"{len(rows)}\n")
        for row in rows:
            file.write(" ".join(repr(float(x)) for x in row) + "\n")


def read_pairs(path):
    """The pairs of a text pair file (comments skipped), as an (N, 18) array."""
    lines = [line for line in pathlib.Path(path).read_text().splitlines() if line.strip() and
             not line.lstrip().startswith("#")]
    count = int(lines[0])
    return np.array([[float(x) for x in line.split()] for line in lines[1:count + 1]]).reshape(count, 18)


def run_raytetra(algorithm, extent, pairs_file, tmp_path):
    """RayTetra's results of a pair file: (hit, enter_face, leave_face, 14 reals) per pair."""
    out = tmp_path / f"{algorithm}-{extent}.txt"
    subprocess.run([str(program("RayTetra")), "--algorithm", algorithm, "--extent", extent, "-p", "r",
                    str(pairs_file), str(out), "1"], check=True, capture_output=True)
    records = []
    for line in out.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        words = line.split()
        if words[0] == "false":
            records.append((0, -1, -1, None))
        else:
            records.append((1, int(words[1]), int(words[2]), np.array([float(x) for x in words[3:]])))
    return records


@pytest.fixture
def example_pair():
    """docs/SPECIFICATION.md section 1's example: enters face 3 at t = 1/3, leaves face 0 at 8/15."""
    return np.array([[[0, 0, 0], [0, 1, 0], [1, 0, 0], [0, 0, 1], [0.2, 0.2, -1], [0.2, 0.2, 2]]], dtype=np.float64)
