"""raytetra.algorithms and raytetra.intersect: equal to the RayTetra program on the same pair
files, shapes and types of input, zero pairs, no copy of a C-contiguous float64 input, the
device (when there is one), and bad input raising exceptions that say what and where."""

import subprocess
import tracemalloc

import numpy as np
import pytest

import raytetra
from conftest import program, read_pairs, run_raytetra, write_pairs

REALS = ["enter_point", "leave_point", "u_enter", "u_leave", "t_enter", "t_leave"]


def reals(record):
    """The 14 reals of a hit in the programs' order."""
    return np.concatenate([np.atleast_1d(record[name]) for name in REALS])


def moved_pairs(pairs, seed):
    """The pairs with P and Q moved along their lines, so that the lines' intervals fall before P,
    around P, between P and Q, around Q and after Q: the ray and the segment clip and miss."""
    rng = np.random.default_rng(seed)
    moved = pairs.reshape(-1, 6, 3).copy()
    p, d = moved[:, 4].copy(), moved[:, 5] - moved[:, 4]
    s = rng.uniform(-0.6, 1.0, len(moved))[:, None]
    e = s + rng.uniform(0.05, 0.7, len(moved))[:, None]
    moved[:, 4], moved[:, 5] = p + s * d, p + e * d
    return moved


@pytest.fixture(scope="module")
def random_file(tmp_path_factory):
    """RandomRayTetra's pairs (half of them hits), moved along their lines, as a text file."""
    folder = tmp_path_factory.mktemp("pairs")
    generated = folder / "generated.txt"
    subprocess.run([str(program("RandomRayTetra")), str(generated), "-i", "300", "-n", "100", "--seed", "32"],
                   check=True, capture_output=True)
    path = folder / "moved.txt"
    write_pairs(path, moved_pairs(read_pairs(generated), 32))
    return path


def assert_same_hits(a, b):
    """Two result arrays are equal, field by field (NaN where both miss)."""
    assert a.dtype == b.dtype == raytetra.HIT_DTYPE and a.shape == b.shape
    for name in a.dtype.names:
        np.testing.assert_array_equal(a[name], b[name], err_msg=name)


def assert_same_as_program(hits, expected):
    assert len(hits) == len(expected)
    for i, (hit, enter, leave, values) in enumerate(expected):
        record = hits[i]
        assert (record["hit"], record["enter_face"], record["leave_face"]) == (hit, enter, leave), f"pair {i}"
        if hit:
            np.testing.assert_array_equal(reals(record), values, err_msg=f"pair {i}")
        else:
            assert np.isnan(reals(record)).all(), f"pair {i}: a miss's reals are NaN"


@pytest.mark.parametrize("algorithm", ["stp0r", "stp1", "pluecker2", "stp0v", "moller1", "stp0f"])
@pytest.mark.parametrize("extent", ["line", "ray", "segment"])
def test_equal_to_raytetra(algorithm, extent, random_file, tmp_path):
    hits = raytetra.intersect(read_pairs(random_file), algorithm=algorithm, extent=extent)
    expected = run_raytetra(algorithm, extent, random_file, tmp_path)
    assert_same_as_program(hits, expected)
    if extent != "line":
        line = raytetra.intersect(read_pairs(random_file), algorithm=algorithm)
        assert (hits["hit"] != line["hit"]).any(), "the pairs should make the extent miss some of the line's hits"
        assert (hits["enter_face"] == -1)[hits["hit"] == 1].any(), "and clip some at P"


@pytest.mark.parametrize("algorithm", ["stp0", "haines"])
def test_equal_to_raytetra_on_the_original_sample(algorithm, tmp_path):
    data = program("RayTetra").parents[1] / "data" / "original_sample.txt"
    hits = raytetra.intersect(read_pairs(data), algorithm=algorithm)
    assert_same_as_program(hits, run_raytetra(algorithm, "line", data, tmp_path))
    assert 0 < hits["hit"].sum() < len(hits)


def test_algorithms_are_the_programs():
    listed = subprocess.run([str(program("RayTetra")), "--list-algorithms"], check=True, capture_output=True,
                            text=True).stdout
    names = [line.split()[0] for line in listed.splitlines() if line.strip()]
    assert raytetra.algorithms() == names
    assert {"stp0r", "stp0", "pluecker1", "gpu_stp0"} <= set(raytetra.algorithms())


def test_the_example(example_pair):
    hits = raytetra.intersect(example_pair)
    assert hits.dtype == raytetra.HIT_DTYPE and hits.shape == (1,)
    hit = hits[0]
    assert (hit["hit"], hit["enter_face"], hit["leave_face"]) == (1, 3, 0)
    assert hit["t_enter"] == pytest.approx(1 / 3) and hit["t_leave"] == pytest.approx(8 / 15)
    np.testing.assert_allclose(hit["leave_point"], [0.2, 0.2, 0.6])


def test_extents_on_the_example(example_pair):
    # P inside the tetrahedron, Q beyond it: the ray and the segment start at P.
    inside = example_pair.copy()
    inside[0, 4] = [0.2, 0.2, 0.1]
    inside[0, 5] = [0.2, 0.2, 0.3]
    line, ray, segment = (raytetra.intersect(inside, extent=e)[0] for e in ("line", "ray", "segment"))
    assert (line["enter_face"], ray["enter_face"], segment["enter_face"]) == (3, -1, -1)
    np.testing.assert_array_equal(ray["enter_point"], [0.2, 0.2, 0.1])
    assert ray["t_enter"] == 0 and ray["leave_face"] == 0
    # Q before the tetrahedron's far side: the segment ends at Q, the ray does not.
    assert (segment["leave_face"], segment["t_leave"]) == (-1, 1)
    np.testing.assert_array_equal(segment["leave_point"], [0.2, 0.2, 0.3])


def test_shapes_and_types_give_the_same_results(random_file):
    pairs = read_pairs(random_file)
    reference = raytetra.intersect(pairs)
    assert_same_hits(raytetra.intersect(pairs.reshape(-1, 6, 3)), reference)
    assert_same_hits(raytetra.intersect(pairs[::2]), reference[::2])
    assert_same_hits(raytetra.intersect(np.asfortranarray(pairs)), reference)
    assert_same_hits(raytetra.intersect(pairs[:3].tolist()), reference[:3])
    assert_same_hits(raytetra.intersect(pairs.astype(np.float32)),
                     raytetra.intersect(pairs.astype(np.float32).astype(np.float64)))
    integers = np.array([[0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 2]], dtype=np.int64) * 3
    assert raytetra.intersect(integers)["hit"][0] == 1


def test_zero_pairs():
    for shape in ((0, 6, 3), (0, 18)):
        hits = raytetra.intersect(np.empty(shape))
        assert hits.shape == (0,) and hits.dtype == raytetra.HIT_DTYPE


def test_no_copy_of_a_contiguous_input():
    n = 100_000
    rng = np.random.default_rng(1)
    pairs = rng.uniform(-1, 1, (n, 18))
    result_bytes = n * raytetra.HIT_DTYPE.itemsize
    for array, copied in ((pairs, False), (pairs[:, ::-1], True)):
        tracemalloc.start()
        raytetra.intersect(array, algorithm="stp0", errors="keep")
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        # The result array only; a converted input would add n * 144 bytes.
        assert (peak > result_bytes + n * 144) == copied, f"peak {peak} bytes, result {result_bytes}"


# A fast kernel (clipping on the device) and the robust one (clipped exactly on the host); each
# extent is a kernel build of its own, and tests/test_library.c tries the others.
@pytest.mark.parametrize("algorithm, extent", [("stp0", "ray"), ("stp0", "segment"), ("stp0r", "segment")])
def test_device(algorithm, extent, random_file):
    if raytetra.device_count() == 0:
        pytest.skip("no OpenCL device")
    assert raytetra.device_description(0)
    pairs = read_pairs(random_file)
    on_device = raytetra.intersect(pairs, algorithm, extent, device=0)
    on_cpu = raytetra.intersect(pairs, algorithm, extent)
    for name in ("hit", "enter_face", "leave_face"):
        np.testing.assert_array_equal(on_device[name], on_cpu[name], err_msg=name)
    hit = on_cpu["hit"] == 1
    for name in REALS:
        np.testing.assert_allclose(on_device[name][hit], on_cpu[name][hit], atol=1e-12, rtol=0, err_msg=name)


# ---------------------------------------------------------------- errors


def test_unknown_algorithm(example_pair):
    with pytest.raises(raytetra.RayTetraError, match=r"algorithm 'stp9': unknown algorithm .*raytetra.algorithms\(\)") as e:
        raytetra.intersect(example_pair, algorithm="stp9")
    assert e.value.code == -1
    with pytest.raises(TypeError, match="algorithm must be a name"):
        raytetra.intersect(example_pair, algorithm=3)


def test_an_opencl_build_on_the_cpu(example_pair):
    with pytest.raises(raytetra.RayTetraError, match="gpu_stp0: .*OpenCL build.*device=INDEX") as e:
        raytetra.intersect(example_pair, algorithm="gpu_stp0")
    assert e.value.code == -7


def test_unknown_extent(example_pair):
    with pytest.raises(ValueError, match="extent must be one of 'line', 'ray', 'segment', not 'beam'"):
        raytetra.intersect(example_pair, extent="beam")


@pytest.mark.parametrize("shape", [(2, 5, 3), (2, 17), (18,), (2, 6, 3, 1), ()])
def test_wrong_shape(shape):
    with pytest.raises(ValueError, match=r"pairs must have shape \(N, 6, 3\) or \(N, 18\).*got " +
                       repr(shape).replace("(", r"\(").replace(")", r"\)")):
        raytetra.intersect(np.zeros(shape))


@pytest.mark.parametrize("values", [np.zeros((1, 18), dtype=complex), np.array([["a"] * 18]),
                                    np.array([[None] * 18])])
def test_wrong_type(values):
    with pytest.raises(TypeError, match="pairs must be real numbers"):
        raytetra.intersect(values)


def not_finite(pair):
    pair[0, 0] = np.nan


def no_direction(pair):
    pair[5] = pair[4]


def flat(pair):
    pair[3] = pair[0] + pair[1] - pair[2]


def negative(pair):
    pair[[1, 2]] = pair[[2, 1]]


def out_of_range(pair):
    pair[0, 0] = 1e80


@pytest.mark.parametrize("spoil, message, code", [
    (not_finite, "not a finite number", -3),
    (no_direction, "P and Q are the same point", -4),
    (flat, "coplanar", -5),
    (negative, "negatively oriented .*any_orientation=True", -6),
    (out_of_range, "outside the supported range", -13),
])
def test_a_bad_pair_is_named(example_pair, spoil, message, code):
    pairs = np.repeat(example_pair, 6, axis=0)
    spoil(pairs[3])
    with pytest.raises(raytetra.RayTetraError, match=f"stp0r: pair 3: .*({message})") as e:
        raytetra.intersect(pairs)
    assert e.value.code == code
    kept = raytetra.intersect(pairs, errors="keep")
    assert kept["hit"][3] == code and (kept["hit"][[0, 1, 2, 4, 5]] == 1).all()


def test_several_bad_pairs_are_counted(example_pair):
    pairs = np.repeat(example_pair, 5, axis=0)
    pairs[[1, 2, 4], 0, 0] = np.inf
    with pytest.raises(raytetra.RayTetraError, match=r"pair 1: .*\(2 other pairs too\)"):
        raytetra.intersect(pairs)


def test_any_orientation(example_pair):
    flipped = example_pair.copy()
    flipped[0, [1, 2]] = flipped[0, [2, 1]]
    hit = raytetra.intersect(flipped, any_orientation=True)[0]
    # Faces 1 and 2 swap with V1 and V2; faces 3 and 0 keep their numbers.
    assert (hit["hit"], hit["enter_face"], hit["leave_face"]) == (1, 3, 0)


def test_bad_errors_argument(example_pair):
    with pytest.raises(ValueError, match="errors must be 'raise' or 'keep'"):
        raytetra.intersect(example_pair, errors="ignore")


def test_a_device_that_does_not_exist(example_pair):
    count = raytetra.device_count()
    with pytest.raises(raytetra.RayTetraError, match=f"device {count}: OpenCL device {count} does not exist"):
        raytetra.intersect(example_pair, algorithm="stp0", device=count)
    with pytest.raises(TypeError, match="device must be an OpenCL device's index"):
        raytetra.intersect(example_pair, device="0")


def test_an_algorithm_without_a_kernel_on_a_device(example_pair):
    if raytetra.device_count() == 0:
        pytest.skip("no OpenCL device")
    with pytest.raises(raytetra.RayTetraError, match="stp0v on device 0: ") as e:
        raytetra.intersect(example_pair, algorithm="stp0v", device=0)
    assert e.value.code == -8
