"""raytetra.Mesh: walks equal to TetWalk's on the same mesh files and rays (--rays, --per-ray), a
mesh written by meshio in formats the C readers do not read (VTK .vtu, Gmsh .msh) walked as its
Medit original, the visits against the results, the device against the CPU (when there is one),
the examples, and bad input raising exceptions that say what and where."""

import subprocess
import sys
import tracemalloc

import numpy as np
import pytest

import raytetra
from conftest import CHECKOUT, program

DATA = CHECKOUT / "data"
BOX = DATA / "box.mesh"  # [0,2] x [0,1] x [0,1], 48 tetrahedra, dyadic vertices
U_SHAPE = DATA / "u_shape.mesh"  # non-convex: rays leave and enter again

meshio = pytest.importorskip("meshio")


def dyadic_rays(seed, count, low, high):
    """Rays with origins in [low, high]^3 on a grid of 1/8, half of them aimed at grid points of
    data/box.mesh (through its vertices, edges and faces too), half in directions on a grid of
    1/16: Q = P + d and d = Q - P are exact, so TetWalk's rays file names the very lines the
    library walks. Some start inside the box, some on its faces, edges and vertices."""
    rng = np.random.default_rng(seed)
    origins = rng.integers(low * 8, high * 8 + 1, size=(count, 3)) / 8
    targets = rng.integers(0, 9, size=(count, 3)) / 8 * [2, 1, 1]
    directions = np.where(np.arange(count)[:, None] % 2 == 0, targets - origins,
                          rng.integers(-16, 17, size=(count, 3)) / 16)
    directions[np.all(directions == 0, axis=1)] = [0.25, 0.5, 0.75]
    return origins, directions


def write_rays(path, origins, directions):
    with open(path, "w") as file:
        file.write(f"{len(origins)}\n")
        for p, d in zip(origins, directions):
            file.write(" ".join(repr(float(x)) for x in (*p, *(p + d))) + "\n")


def tetwalk_per_ray(mesh_file, algorithm, origins, directions, tmp_path):
    """TetWalk's status (0 ok, 1 lost), steps and length of each ray (--rays, --per-ray)."""
    rays, per_ray = tmp_path / "rays.txt", tmp_path / f"per-ray-{algorithm}.csv"
    write_rays(rays, origins, directions)
    run = subprocess.run([str(program("TetWalk")), "--algorithm", algorithm, "--threads", "1", "--reps", "1",
                          "--rays", str(rays), "--per-ray", str(per_ray), str(mesh_file)], capture_output=True,
                         text=True)
    assert run.returncode in (0, 3), run.stderr
    rows = [line.split(",") for line in per_ray.read_text().splitlines()[1:]]
    assert [int(row[0]) for row in rows] == list(range(1, len(origins) + 1))
    return {"status": np.array([{"ok": 0, "lost": 1}[row[3]] for row in rows]),
            "steps": np.array([int(row[1]) for row in rows]),
            "length": np.array([float(row[2]) for row in rows])}


def tetgen_table(path):
    """The records of a TetGen file (comments and the header line left out), as numbers."""
    lines = [line.split("#")[0] for line in path.read_text().splitlines()]
    rows = [line.split() for line in lines if line.strip()][1:]
    return np.array(rows, dtype=np.float64)


@pytest.fixture(scope="module")
def box():
    return raytetra.Mesh.read(BOX)


@pytest.fixture(scope="module")
def box_arrays():
    read = meshio.read(BOX)
    return read.points, read.cells_dict["tetra"]


@pytest.mark.parametrize("mesh_file", [BOX, U_SHAPE, DATA / "box_tetgen.ele"], ids=lambda path: path.name)
@pytest.mark.parametrize("algorithm", ["stp0r", "stp0", "pluecker1p", "exact"])
def test_equal_to_tetwalk(mesh_file, algorithm, tmp_path):
    origins, directions = dyadic_rays(7, 300, -0.5, 2.5)
    mesh = raytetra.Mesh.read(mesh_file)
    walked = mesh.walk(origins, directions, algorithm=algorithm, threads=1)
    expected = tetwalk_per_ray(mesh_file, algorithm, origins, directions, tmp_path)
    for name in ("status", "steps", "length"):
        np.testing.assert_array_equal(walked[name], expected[name], err_msg=name)
    assert (walked["steps"] > 0).sum() > 100 and (walked["steps"] == 0).sum() > 10, "rays that cross and miss"


def test_the_results(box):
    """Counts, types, first and last tetrahedra, one thread against every core, and a chord of
    the box whose length is known: along x through the middle, 2 long, from outside and inside."""
    assert len(box) == 48 and box.vertex_count == 27
    assert repr(box) == "raytetra.Mesh(27 vertices, 48 tetrahedra)"
    origins = np.array([[-1, 0.3, 0.6], [0.5, 0.3, 0.6], [3, 3, 3], [1, 0.5, 0.5]])
    directions = np.array([[1, 0, 0], [2, 0, 0], [1, 0, 0], [0, 0, -1]])
    walked = box.walk(origins, directions)
    assert set(walked) == {"status", "steps", "length", "first_tet", "last_tet"}
    np.testing.assert_array_equal(walked["status"], [0, 0, 0, 0])
    np.testing.assert_allclose(walked["length"], [2, 1.5, 0, 0.5], rtol=1e-15)
    assert walked["steps"][2] == 0 and walked["first_tet"][2] == walked["last_tet"][2] == -1
    assert (walked["steps"][[0, 1, 3]] > 0).all()
    assert (walked["first_tet"][[0, 1, 3]] >= 0).all() and (walked["last_tet"][[0, 1, 3]] < 48).all()
    assert walked["status"].dtype == np.int32 and walked["length"].dtype == np.float64
    origins, directions = dyadic_rays(3, 500, -0.5, 2.5)
    one, every = box.walk(origins, directions, threads=1), box.walk(origins, directions, threads=0)
    for name in one:
        np.testing.assert_array_equal(one[name], every[name], err_msg=name)


def test_one_origin_for_every_ray(box):
    directions = dyadic_rays(5, 50, 0, 1)[1]
    source = np.array([0.75, 0.5, 0.25])
    shared = box.walk(source, directions)
    repeated = box.walk(np.tile(source, (50, 1)), directions)
    np.testing.assert_array_equal(shared["length"], repeated["length"])
    assert (shared["steps"] > 0).all(), "every ray from inside crosses something"


def test_visits(box):
    """One visit per step, in order along the ray, their t inside [0, ...) summing to the length."""
    origins, directions = dyadic_rays(11, 400, -0.5, 2.5)
    walked = box.walk(origins, directions, visits=True)
    visits, offsets = walked["visits"], walked["visit_offsets"]
    assert visits.dtype == raytetra.VISIT_DTYPE and visits.dtype.names == ("tet", "t_enter", "t_leave")
    assert offsets[0] == 0 and offsets[-1] == len(visits) == walked["steps"].sum()
    np.testing.assert_array_equal(np.diff(offsets), walked["steps"])
    norms = np.linalg.norm(directions, axis=1)
    for i in range(len(origins)):
        mine = visits[offsets[i]:offsets[i + 1]]
        if len(mine) == 0:
            continue
        assert mine["tet"][0] == walked["first_tet"][i] and mine["tet"][-1] == walked["last_tet"][i]
        assert (mine["t_enter"] >= 0).all() and (mine["t_enter"] <= mine["t_leave"]).all()
        assert (np.diff(mine["t_enter"]) >= 0).all(), f"ray {i}: visits in order along the ray"
        np.testing.assert_allclose(np.sum(mine["t_leave"] - mine["t_enter"]) * norms[i], walked["length"][i],
                                   rtol=1e-12, err_msg=f"ray {i}")
    without = box.walk(origins, directions)
    for name in without:
        np.testing.assert_array_equal(walked[name], without[name], err_msg=name)


def test_visits_of_rays_that_miss(box):
    walked = box.walk([[5, 5, 5]], [[1, 0, 0]], visits=True)
    assert len(walked["visits"]) == 0 and list(walked["visit_offsets"]) == [0, 0]


def test_from_arrays_either_orientation(box, box_arrays, tmp_path):
    """The Medit file's arrays (0-based) give the file's walk; mirrored (two vertices of every
    tetrahedron swapped) too, within rounding; neighbours given or computed alike."""
    points, tets = box_arrays
    origins, directions = dyadic_rays(13, 300, -0.5, 2.5)
    expected = box.walk(origins, directions)
    mesh = raytetra.Mesh(points, tets)
    assert len(mesh) == 48 and mesh.vertex_count == 27
    walked = mesh.walk(origins, directions)
    for name in expected:
        np.testing.assert_array_equal(walked[name], expected[name], err_msg=name)
    mirrored = raytetra.Mesh(points, tets[:, [1, 0, 2, 3]]).walk(origins, directions)
    np.testing.assert_array_equal(mirrored["steps"], expected["steps"])
    np.testing.assert_allclose(mirrored["length"], expected["length"], rtol=1e-12, atol=1e-15)
    # TetGen's .neigh of the same box (numbered from 1), read by the library, as neighbours.
    neighbours = tetgen_table(DATA / "box_tetgen.neigh").astype(np.int64)[:, 1:]
    node = tetgen_table(DATA / "box_tetgen.node")[:, 1:4]
    ele = tetgen_table(DATA / "box_tetgen.ele").astype(np.int64)[:, 1:5]
    with_neighbours = raytetra.Mesh(node, ele - 1, np.where(neighbours > 0, neighbours - 1, -1))
    computed = raytetra.Mesh(node, ele - 1)
    a, b = with_neighbours.walk(origins, directions), computed.walk(origins, directions)
    for name in a:
        np.testing.assert_array_equal(a[name], b[name], err_msg=name)


def test_arrays_of_the_c_types_are_not_copied(box_arrays):
    """float64 points and int32 tetrahedra, C-contiguous, go to the library as they are: making
    the mesh allocates nothing of their size in Python (the library's own tables are C's)."""
    points, tets = box_arrays
    points = np.ascontiguousarray(np.tile(points, (2000, 1)))  # 54,000 vertices: 1.3 MB
    tets = np.ascontiguousarray(tets, dtype=np.int32)
    tracemalloc.start()
    raytetra.Mesh(points, tets)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < points.nbytes / 10, f"{peak} bytes allocated for {points.nbytes} bytes of points"
    rays = np.zeros((100000, 3))
    directions = np.ones((100000, 3))
    mesh = raytetra.Mesh(points[:27], tets)
    tracemalloc.start()
    mesh.walk(rays, directions)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    # The results (32 bytes a ray) are the one array of the rays' size the walk makes.
    assert peak < rays.nbytes * 2 + 100000, f"{peak} bytes allocated for {rays.nbytes} bytes of origins"


def test_other_types_are_converted(box, box_arrays):
    points, tets = box_arrays
    mesh = raytetra.Mesh(points.astype(np.float32).tolist(), np.asfortranarray(tets.astype(np.uint16)))
    origins, directions = dyadic_rays(17, 50, -0.5, 2.5)
    a = mesh.walk(origins.tolist(), directions.astype(np.float32))
    b = box.walk(origins, directions.astype(np.float32).astype(np.float64))
    for name in a:
        np.testing.assert_array_equal(a[name], b[name], err_msg=name)


@pytest.mark.parametrize("suffix,file_format", [(".vtu", "vtu"), (".msh", "gmsh22"), (".vtk", "vtk")])
def test_meshio_formats(suffix, file_format, box, box_arrays, tmp_path):
    """The box written by meshio in a format the C readers do not read walks as the Medit file."""
    points, tets = box_arrays
    path = tmp_path / f"box{suffix}"
    meshio.write(path, meshio.Mesh(points, [("triangle", np.array([[0, 1, 2]])), ("tetra", tets)]),
                 file_format=file_format)
    mesh = raytetra.Mesh.read(path)
    assert len(mesh) == 48 and mesh.vertex_count == 27
    origins, directions = dyadic_rays(19, 300, -0.5, 2.5)
    a, b = mesh.walk(origins, directions), box.walk(origins, directions)
    for name in a:
        np.testing.assert_array_equal(a[name], b[name], err_msg=name)


def test_binary_mesh(box, tmp_path):
    """TetWalk's binary .rtm goes to the library's reader, by its magic whatever its name."""
    saved = tmp_path / "box.data"
    subprocess.run([str(program("TetWalk")), "--size", "16x16", "--reps", "1", "--save-mesh", str(saved), str(BOX)],
                   check=True, capture_output=True)
    mesh = raytetra.Mesh.read(saved)
    origins, directions = dyadic_rays(23, 100, -0.5, 2.5)
    a, b = mesh.walk(origins, directions), box.walk(origins, directions)
    for name in ("status", "steps", "length"):
        np.testing.assert_array_equal(a[name], b[name], err_msg=name)


# ---------------------------------------------------------------- bad input


def test_bad_meshes(box_arrays):
    points, tets = box_arrays
    wrong = tets.copy()
    wrong[1, 2] = 27
    with pytest.raises(raytetra.RayTetraError, match="tetrahedron 1 names vertex 27, which does not exist: "
                                                    "the indices are 0-based, 0 to 26") as error:
        raytetra.Mesh(points, wrong)
    assert error.value.code == -20
    flat_points = np.array([[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0], [0, 0, 1]], dtype=float)
    with pytest.raises(raytetra.RayTetraError, match="tetrahedron 1 is flat: its four vertices lie in one plane"):
        raytetra.Mesh(flat_points, [[0, 1, 2, 4], [0, 1, 2, 3]])
    inverted = tets.copy()
    inverted[5] = inverted[5, [1, 0, 2, 3]]
    with pytest.raises(raytetra.RayTetraError, match="tetrahedron 5 is inverted"):
        raytetra.Mesh(points, inverted)
    with pytest.raises(raytetra.RayTetraError, match="tetrahedron 0 names vertex 1 twice"):
        raytetra.Mesh(points, [[0, 1, 1, 2]])
    with pytest.raises(raytetra.RayTetraError, match="no tetrahedra"):
        raytetra.Mesh(points, np.empty((0, 4), dtype=np.int32))
    neighbours = np.full((48, 4), -1)
    neighbours[0, 0] = 48
    with pytest.raises(raytetra.RayTetraError, match="neighbour 0 of tetrahedron 0 is 48, which does not exist"):
        raytetra.Mesh(points, tets, neighbours)


def test_wrong_shapes_and_types(box, box_arrays):
    points, tets = box_arrays
    with pytest.raises(ValueError, match=r"points must have shape \(N, 3\); got \(27, 2\)"):
        raytetra.Mesh(points[:, :2], tets)
    with pytest.raises(ValueError, match=r"tets must have shape \(N, 4\); got \(48, 3\)"):
        raytetra.Mesh(points, tets[:, :3])
    with pytest.raises(TypeError, match="tets must be integers .* not float64"):
        raytetra.Mesh(points, tets.astype(float))
    with pytest.raises(ValueError, match=r"neighbours must have shape \(48, 4\); got \(47, 4\)"):
        raytetra.Mesh(points, tets, np.full((47, 4), -1))
    beyond = tets.astype(np.int64)
    beyond[3, 1] = 2 ** 32  # a cast to int32 would make it 0, a vertex that exists
    with pytest.raises(ValueError, match=r"tets: row 3 \(.* 4294967296 .*\) holds an index beyond int32"):
        raytetra.Mesh(points, beyond)
    with pytest.raises(ValueError, match=r"origins must have shape \(N, 3\); got \(4, 2\)"):
        box.walk(np.zeros((4, 2)), np.ones((4, 3)))
    with pytest.raises(ValueError, match=r"the same shape \(N, 3\); got \(4, 3\) and \(5, 3\)"):
        box.walk(np.zeros((4, 3)), np.ones((5, 3)))
    with pytest.raises(TypeError, match="directions must be real numbers"):
        box.walk(np.zeros((1, 3)), np.array([["a", "b", "c"]]))
    with pytest.raises(ValueError, match="threads must be 0 .* not -1"):
        box.walk(np.zeros((1, 3)), np.ones((1, 3)), threads=-1)
    with pytest.raises(ValueError, match="errors must be 'raise' or 'keep'"):
        box.walk(np.zeros((1, 3)), np.ones((1, 3)), errors="ignore")


def test_unknown_algorithm(box):
    with pytest.raises(raytetra.RayTetraError, match="algorithm 'stp9': unknown walk algorithm: the walk's "
                                                    "algorithms are pluecker0, .*stp0, .*aman, .*stp0r, exact") as error:
        box.walk(np.zeros((1, 3)), np.ones((1, 3)), algorithm="stp9")
    assert error.value.code == -1
    with pytest.raises(raytetra.RayTetraError, match=r"gpu_stp0: an OpenCL build \(gpu_...\) on the CPU: pass "
                                                    "device=INDEX"):
        box.walk(np.zeros((1, 3)), np.ones((1, 3)), algorithm="gpu_stp0")
    with pytest.raises(TypeError, match="algorithm must be a name"):
        box.walk(np.zeros((1, 3)), np.ones((1, 3)), algorithm=1)
    # Every name the library lists walks, the field's walks and the exact traversal among them.
    assert raytetra.walk_algorithms() == raytetra.WALK_ALGORITHMS
    assert {"stp0", "pluecker0p", "aman", "badouelb", "maria", "stp0r", "exact"} <= set(raytetra.WALK_ALGORITHMS)
    for name in raytetra.WALK_ALGORITHMS:
        assert box.walk([[-1, 0.3, 0.6]], [[1, 0, 0]], algorithm=name.upper())["steps"][0] > 0, name


def test_rays_that_cannot_be_walked(box):
    origins = np.array([[-1, 0.3, 0.6], [np.nan, 0, 0], [0, 0, 0], [0, 0, 0]])
    directions = np.array([[1, 0, 0], [1, 0, 0], [0, 0, 0], [1, 1, 1]])
    with pytest.raises(raytetra.RayTetraError, match=r"stp0r: ray 1: .*(NaN|finite).* \(1 other ray too\)") as error:
        box.walk(origins, directions)
    assert error.value.code == -3
    kept = box.walk(origins, directions, errors="keep")
    np.testing.assert_array_equal(kept["status"], [0, -3, -4, 0])
    assert kept["length"][0] == 2 and kept["steps"][3] > 0


def test_bad_files(tmp_path):
    with pytest.raises(FileNotFoundError, match="nothing.mesh: no such file"):
        raytetra.Mesh.read(tmp_path / "nothing.mesh")
    broken = tmp_path / "broken.mesh"
    broken.write_text(BOX.read_text().replace("1 5 2 4 1", "1 5 2 99 1"))
    with pytest.raises(raytetra.RayTetraError, match=r"broken.mesh:\d+: .*99") as error:
        raytetra.Mesh.read(broken)
    assert error.value.code == -20
    surface = tmp_path / "surface.vtu"
    meshio.write(surface, meshio.Mesh(np.eye(3), [("triangle", np.array([[0, 1, 2]]))]))
    with pytest.raises(raytetra.RayTetraError, match=r"surface.vtu: no tetrahedra in the file \(its cells: "
                                                    r"triangle\)") as error:
        raytetra.Mesh.read(surface)
    assert error.value.code == -20
    unknown = tmp_path / "mesh.xyz"
    unknown.write_text("1 2 3\n")
    with pytest.raises(raytetra.RayTetraError, match="mesh.xyz: meshio cannot read it"):
        raytetra.Mesh.read(unknown)
    flat = tmp_path / "flat.vtu"
    points = np.array([[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]], dtype=float)
    meshio.write(flat, meshio.Mesh(points, [("tetra", np.array([[0, 1, 2, 3]]))]))
    with pytest.raises(raytetra.RayTetraError, match=r"flat.vtu \(read with meshio\): .*tetrahedron 0 is flat"):
        raytetra.Mesh.read(flat)


# ---------------------------------------------------------------- the device


def test_device(box):
    if raytetra.device_count() == 0:
        pytest.skip("no OpenCL device")
    origins, directions = dyadic_rays(29, 300, -0.5, 2.5)
    for algorithm in ("stp0", "stp0r"):
        on_device = box.walk(origins, directions, algorithm=algorithm, device=0)
        on_cpu = box.walk(origins, directions, algorithm=algorithm)
        for name in ("status", "steps", "length", "first_tet", "last_tet"):
            np.testing.assert_array_equal(on_device[name], on_cpu[name], err_msg=f"{algorithm} {name}")
    # The visits, recorded on the device, as the CPU records them.
    on_device = box.walk(origins, directions, algorithm="stp0r", device=0, visits=True)
    on_cpu = box.walk(origins, directions, algorithm="stp0r", visits=True)
    np.testing.assert_array_equal(on_device["visit_offsets"], on_cpu["visit_offsets"])
    np.testing.assert_array_equal(on_device["visits"]["tet"], on_cpu["visits"]["tet"])
    np.testing.assert_allclose(on_device["visits"]["t_enter"], on_cpu["visits"]["t_enter"], rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(on_device["visits"]["t_leave"], on_cpu["visits"]["t_leave"], rtol=1e-12, atol=1e-12)
    with pytest.raises(raytetra.RayTetraError, match="exact on device 0: the algorithm has no OpenCL kernel .*"
                                                    "device=None") as error:
        box.walk(origins, directions, algorithm="exact", device=0)
    assert error.value.code == -8
    with pytest.raises(raytetra.RayTetraError, match="stp9 on device 0: unknown walk algorithm"):
        box.walk(origins, directions, algorithm="stp9", device=0)
    count = raytetra.device_count()
    with pytest.raises(raytetra.RayTetraError, match=f"device {count}: OpenCL device {count} does not exist"):
        box.walk(origins, directions, device=count)


# ---------------------------------------------------------------- the examples


def test_tally_example(tmp_path):
    """python/examples/tally.py on data/box.mesh: the VTK file holds one tally per tetrahedron,
    summing to the rays' path length, and reads back through meshio."""
    out = tmp_path / "tally.vtu"
    run = subprocess.run([sys.executable, str(CHECKOUT / "python" / "examples" / "tally.py"), str(BOX), "0.5,0.5,0.5",
                          str(out), "--rays", "2000"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    written = meshio.read(out)
    assert len(written.cells_dict["tetra"]) == 48
    tally = written.cell_data["path_length"][0]
    assert tally.shape == (48,) and (tally >= 0).all() and (tally > 0).sum() > 10
    box = raytetra.Mesh.read(BOX)
    golden = 2.39996322972865332
    i = np.arange(2000)
    z = 1 - (2 * i + 1) / 2000
    r = np.sqrt(1 - z * z)
    walked = box.walk([0.5, 0.5, 0.5], np.column_stack([r * np.cos(golden * i), r * np.sin(golden * i), z]))
    np.testing.assert_allclose(tally.sum() * 2000, walked["length"].sum(), rtol=1e-9)
    assert "2000 rays" in run.stdout


def test_tally_example_refuses_bad_input_and_keeps_the_output(tmp_path):
    """One line on stderr, a non-zero exit, and an existing output left as it was."""
    tally = str(CHECKOUT / "python" / "examples" / "tally.py")
    kept = tmp_path / "kept.vtu"
    kept.write_text("an earlier tally")
    cases = [([str(BOX), "0.5,0.5,0.5", str(tmp_path)], "is a folder"),
             ([str(tmp_path / "none.mesh"), "0.5,0.5,0.5", str(kept)], "none.mesh: no such file"),
             ([str(BOX), "0.5,0.5,0.5", str(kept), "--algorithm", "stp9"], "unknown walk algorithm"),
             ([str(BOX), "0.5,0.5,0.5", str(kept), "--rays", "0"], "--rays 0: give a number of rays")]
    for arguments, expected in cases:
        run = subprocess.run([sys.executable, tally, *arguments], capture_output=True, text=True)
        assert run.returncode != 0 and len(run.stderr.strip().splitlines()) == 1, run.stderr
        assert expected in run.stderr
        assert kept.read_text() == "an earlier tally"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["kept.vtu"], "no temporary file left"


def test_the_walk_releases_nothing_twice(box_arrays):
    """A mesh freed by the garbage collector, and many made and dropped, leave the library sound."""
    points, tets = box_arrays
    for _ in range(50):
        mesh = raytetra.Mesh(points, tets)
        assert mesh.walk([[-1, 0.3, 0.6]], [[1, 0, 0]])["length"][0] == 2
        del mesh
    assert raytetra._capi.ffi.sizeof("raytetra_walk_result") == raytetra.WALK_RESULT_DTYPE.itemsize
