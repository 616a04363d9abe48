"""raytetra.Mesh: a tetrahedral mesh of libraytetra (raytetra_mesh_create, raytetra_mesh_read) and
TetWalk's walk of rays through it (raytetra_mesh_walk, raytetra_device_mesh_walk).

The arrays go to the library as they are when they are C-contiguous and of the C type already
(float64 points and rays, int32 tetrahedra), else they are converted once. The library copies the
mesh into its own tables, so the caller's arrays may change or go afterwards. The walk writes its
raytetra_walk_result and raytetra_visit records straight into NumPy structured arrays laid out
as those structs (WALK_RESULT_DTYPE, VISIT_DTYPE); the arrays `walk` returns are views of them.
"""

import os
import weakref

import numpy as np

from . import _capi
from ._errors import RayTetraError
from ._library import library
from ._pairs import _device, _text, error_message


_walk_names = None


def walk_algorithms():
    """TetWalk's walk algorithms (docs/TETWALK.md) as the library lists them
    (raytetra_walk_algorithm_name), in TetWalk's order; raytetra_mesh_walk takes them in any
    case, and their CSV names (Segura0, STP0R, ...) too."""
    global _walk_names
    if _walk_names is None:
        names, lib = [], library()
        while (name := lib.raytetra_walk_algorithm_name(len(names))) != _capi.ffi.NULL:
            names.append(_capi.ffi.string(name).decode())
        _walk_names = tuple(names)
    return _walk_names


# The walk's own lines for the codes whose library lines speak of the pair calls (their names, the
# C functions to call); the others are the library's (error_message).
WALK_MESSAGES = {
    _capi.ERRORS["ERROR_NOT_CPU"]: "an OpenCL build (gpu_...) on the CPU: pass device=INDEX to walk on an OpenCL "
                                   "device, or use its CPU name",
    _capi.ERRORS["ERROR_NO_KERNEL"]: "the algorithm has no OpenCL kernel (exact is the CPU's reference only): walk it "
                                     "with device=None",
}

# The codes of a device call for which the device's own message (raytetra_device_message) says
# what failed; for the others the call stopped before the device was reached.
DEVICE_MESSAGE_CODES = (_capi.ERRORS["ERROR_OPENCL"], _capi.ERRORS["ERROR_NO_DEVICE"])

# Suffixes raytetra_mesh_read reads (as TetWalk reads them: case matters); a file that starts with
# the binary mesh's magic is one whatever its name. Every other file goes through meshio.
C_READER_SUFFIXES = (".mesh", ".node", ".ele", ".neigh")
BINARY_MAGIC = b"RAYTMESH"

MESSAGE_SIZE = 1024


# One raytetra_walk_result per ray: status (0 ok, 1 lost, < 0 the ray's error code), steps,
# length, first_tet, last_tet (-1: none), first_visit and visit_count (with visits).
WALK_RESULT_DTYPE = _capi.record_dtype("raytetra_walk_result")

# One raytetra_visit per tetrahedron a ray crosses: tet, and X = origin + t direction for
# t_enter <= t <= t_leave (its reserved field is left out of the dtype, not out of the layout).
VISIT_DTYPE = _capi.record_dtype("raytetra_visit", skip=("reserved",))

RESULT_FIELDS = ("status", "steps", "length", "first_tet", "last_tet")


def _real_array(value, name, columns):
    """`value` as a C-contiguous float64 array of shape (N, columns), converted once if it is not."""
    array = np.asarray(value)
    if array.dtype.kind not in "fiu":
        raise TypeError(f"{name} must be real numbers (float64), not {array.dtype}")
    if array.ndim != 2 or array.shape[1] != columns:
        raise ValueError(f"{name} must have shape (N, {columns}); got {array.shape}")
    return np.ascontiguousarray(array, dtype=np.float64)


def _index_array(value, name, rows):
    """`value` as a C-contiguous int32 array of shape (rows or N, 4), converted once if it is not;
    indices that int32 cannot hold are refused here, before a cast could wrap them into range."""
    array = np.asarray(value)
    if array.dtype.kind not in "iu":
        raise TypeError(f"{name} must be integers (int32), not {array.dtype}")
    if array.ndim != 2 or array.shape[1] != 4 or (rows is not None and array.shape[0] != rows):
        expected = f"({rows}, 4)" if rows is not None else "(N, 4)"
        raise ValueError(f"{name} must have shape {expected}; got {array.shape}")
    if array.dtype != np.int32 and array.size:
        info = np.iinfo(np.int32)
        wide = np.flatnonzero(((array < info.min) | (array > info.max)).any(axis=1))
        if wide.size:
            row = int(wide[0])
            raise ValueError(f"{name}: row {row} ({' '.join(map(str, array[row]))}) holds an index beyond int32: "
                             f"the library numbers vertices and tetrahedra in int32")
    return np.ascontiguousarray(array, dtype=np.int32)


def _rays(origins, directions):
    """Origins and directions as two (N, 3) C-contiguous float64 arrays; one of them may be a
    single point or direction (3,), repeated for every ray of the other."""
    origins, directions = np.asarray(origins), np.asarray(directions)
    if origins.ndim == 1 and directions.ndim == 2:
        origins = np.broadcast_to(origins, (directions.shape[0], origins.shape[0]))
    elif directions.ndim == 1 and origins.ndim == 2:
        directions = np.broadcast_to(directions, (origins.shape[0], directions.shape[0]))
    origins, directions = _real_array(origins, "origins", 3), _real_array(directions, "directions", 3)
    if origins.shape != directions.shape:
        raise ValueError(f"origins and directions must have the same shape (N, 3); got {origins.shape} and "
                         f"{directions.shape}")
    return origins, directions


def _raise_for_rays(status, algorithm):
    bad = np.flatnonzero(status < 0)
    if bad.size == 0:
        return
    first = int(bad[0])
    code = int(status[first])
    others = f" ({bad.size - 1} other ray{'s' if bad.size > 2 else ''} too)" if bad.size > 1 else ""
    raise RayTetraError(f"{algorithm}: ray {first}: {error_message(code)}{others}", code)


def _walk_error(algorithm, code, device=None):
    """The exception for a walk call that failed as a whole."""
    if device is not None and code in DEVICE_MESSAGE_CODES:
        text = _text(library().raytetra_device_message(_device(device))) or error_message(code)
    else:
        if code == _capi.ERRORS["ERROR_UNKNOWN_ALGORITHM"]:
            text = f"unknown walk algorithm: the walk's algorithms are {', '.join(walk_algorithms())} (any case)"
        else:
            text = WALK_MESSAGES.get(code) or error_message(code)
    if device is not None:
        where = f"{algorithm} on device {device}"
    else:
        where = f"algorithm {algorithm!r}" if code == _capi.ERRORS["ERROR_UNKNOWN_ALGORITHM"] else algorithm
    return RayTetraError(f"{where}: {text}", code)


def _is_binary_mesh(path):
    try:
        with open(path, "rb") as file:
            return file.read(len(BINARY_MAGIC)) == BINARY_MAGIC
    except OSError:
        return False


def _tetra_cells(read, path):
    """The corner indices of every tetrahedron (meshio's "tetra", and the corners of "tetra10") of
    a meshio mesh, in the file's order."""
    blocks = [block.data[:, :4] for block in read.cells if block.type in ("tetra", "tetra10")]
    if not blocks:
        kinds = ", ".join(sorted({block.type for block in read.cells})) or "no cells at all"
        raise RayTetraError(f"{path}: no tetrahedra in the file (its cells: {kinds}); raytetra.Mesh walks "
                            f"tetrahedral meshes: give a volume mesh (meshio's 'tetra' cells)",
                            _capi.ERRORS["ERROR_BAD_MESH"])
    return np.concatenate(blocks)


def _walked(call, algorithm, visits, device):
    """One walk call (call(buffer, capacity, total) -> status), and with visits a first call for
    the total and a second filling a visits array of that size; the array, or None."""
    total = _capi.ffi.new("size_t *")
    status = call(_capi.ffi.NULL, 0, total if visits else _capi.ffi.NULL)
    if status != _capi.OK:
        raise _walk_error(algorithm, status, device)
    if not visits:
        return None
    recorded = np.empty(total[0], dtype=VISIT_DTYPE)
    # A buffer of at least one record: NULL would ask for the sizes again.
    buffer = recorded if total[0] else np.empty(1, dtype=VISIT_DTYPE)
    status = call(_capi.ffi.from_buffer("raytetra_visit[]", buffer, require_writable=True), len(buffer), total)
    if status != _capi.OK:
        raise _walk_error(algorithm, status, device)
    return recorded


def _walk_arrays(origins, directions, results):
    """The walk calls' n, origins, directions and results arguments: the arrays' own memory."""
    ffi = _capi.ffi
    return (origins.shape[0], ffi.from_buffer("double[][3]", origins), ffi.from_buffer("double[][3]", directions),
            ffi.from_buffer("raytetra_walk_result[]", results, require_writable=True))


class Mesh:
    """A tetrahedral mesh the library walks rays through.

    Mesh(points, tets, neighbours=None): points (V, 3) reals; tets (T, 4) 0-based vertex indices,
    every tetrahedron of one orientation, either one (as TetWalk reads a mesh); neighbours
    (T, 4): the tetrahedron across the face opposite tets[t][k], -1 on the boundary (TetGen's
    .neigh), or None to have them computed. A mesh the library refuses (an index out of range, a
    flat or inverted tetrahedron, a face of three tetrahedra, ...) raises RayTetraError with the
    library's line naming the tetrahedron or vertex. Mesh.read(path) reads a file."""

    def __init__(self, points, tets, neighbours=None):
        self._handle = None
        points = _real_array(points, "points", 3)
        tets = _index_array(tets, "tets", None)
        if neighbours is not None:
            neighbours = _index_array(neighbours, "neighbours", tets.shape[0])
        ffi = _capi.ffi
        handle = ffi.new("raytetra_mesh **")
        message = ffi.new("char[]", MESSAGE_SIZE)
        status = library().raytetra_mesh_create(points.shape[0], ffi.from_buffer("double[][3]", points), tets.shape[0],
                                                ffi.from_buffer("int32_t[][4]", tets),
                                                ffi.NULL if neighbours is None else
                                                ffi.from_buffer("int32_t[][4]", neighbours),
                                                handle, message, len(message))
        if status != _capi.OK:
            raise RayTetraError(_text(message) or error_message(status), status)
        self._own(handle[0])

    def _own(self, handle):
        self._handle = handle
        # Freed when the object goes (or at exit), whichever comes first; never twice.
        self._finalizer = weakref.finalize(self, library().raytetra_mesh_free, handle)

    @classmethod
    def read(cls, path):
        """A mesh from a file: Medit .mesh, TetGen .node/.ele (with .neigh when present) and
        TetWalk's binary .rtm through the library's reader (TetWalk's: its messages say FILE:LINE);
        any other format meshio reads (VTK .vtu/.vtk, Gmsh .msh, Abaqus .inp, ...) through meshio:
        its tetrahedra, numbered in the file's order."""
        path = os.fspath(path)
        if not os.path.isfile(path):
            raise FileNotFoundError(f"{path}: no such file")
        if path.endswith(C_READER_SUFFIXES) or _is_binary_mesh(path):
            return cls._read_with_library(path)
        return cls._read_with_meshio(path)

    @classmethod
    def _read_with_library(cls, path):
        handle = _capi.ffi.new("raytetra_mesh **")
        message = _capi.ffi.new("char[]", MESSAGE_SIZE)
        status = library().raytetra_mesh_read(os.fsencode(path), handle, message, len(message))
        if status != _capi.OK:
            raise RayTetraError(_text(message) or f"{path}: {error_message(status)}", status)
        mesh = cls.__new__(cls)
        mesh._own(handle[0])
        return mesh

    @classmethod
    def _read_with_meshio(cls, path):
        try:
            import meshio
        except ImportError as error:
            raise ImportError(f"{path}: reading this format needs meshio (pip install meshio, or Debian's "
                              f"python3-meshio); without it Mesh.read reads .mesh, .node/.ele and .rtm") from error
        try:
            read = meshio.read(path)
        except meshio.ReadError as error:
            raise RayTetraError(f"{path}: meshio cannot read it: {error}", _capi.ERRORS["ERROR_BAD_MESH"]) from None
        tets = _tetra_cells(read, path)
        try:
            return cls(read.points, tets)
        except RayTetraError as error:
            raise RayTetraError(f"{path} (read with meshio): {error}", error.code) from None

    def __len__(self):
        """The number of tetrahedra."""
        return library().raytetra_mesh_tetrahedron_count(self._handle)

    @property
    def vertex_count(self):
        """The number of vertices."""
        return library().raytetra_mesh_vertex_count(self._handle)

    def __repr__(self):
        return f"raytetra.Mesh({self.vertex_count} vertices, {len(self)} tetrahedra)"

    def walk(self, origins, directions, algorithm="stp0r", device=None, threads=0, visits=False, errors="raise"):
        """Walk ray i, origins[i] + t directions[i] for t >= 0, through the mesh with TetWalk's
        algorithm `algorithm` (walk_algorithms()). origins and directions: (N, 3), or one of them (3,)
        for every ray. A ray whose origin lies in the mesh starts there; one from outside enters
        where it meets the boundary.

        Returns a dict of NumPy arrays of N: status (0 ok, 1 lost), steps (tetrahedra crossed at
        t > 0), length (inside the mesh, in the mesh's units), first_tet and last_tet (-1: none).
        With visits=True (on the CPU or a device) also visits (VISIT_DTYPE: tet, t_enter,
        t_leave, ray after ray, in order along each) and visit_offsets (N + 1: ray i's are
        visits[visit_offsets[i]:visit_offsets[i + 1]]).

        device: None for the CPU, or an OpenCL device's index. threads (CPU): 0 every core, N that
        many. errors: "raise" (a RayTetraError names the first ray that cannot be walked, a NaN
        origin or a zero direction, and why) or "keep" (its error code stays in its status, < 0)."""
        if errors not in ("raise", "keep"):
            raise ValueError(f"errors must be 'raise' or 'keep', not {errors!r}")
        if not isinstance(algorithm, str):
            raise TypeError(f"algorithm must be a name (str), not {type(algorithm).__name__}")
        if isinstance(threads, bool) or not isinstance(threads, int) or not 0 <= threads < 2 ** 32:
            raise ValueError(f"threads must be 0 (every core) or a number of threads, not {threads!r}")
        origins, directions = _rays(origins, directions)
        n = origins.shape[0]
        results = np.empty(n, dtype=WALK_RESULT_DTYPE)
        options = _capi.walk_options(threads)
        rays = _walk_arrays(origins, directions, results)
        if device is None:
            recorded = self._walk_cpu(algorithm, rays, options, visits)
        else:
            recorded = self._walk_device(device, algorithm, rays, options, visits)
        if errors == "raise":
            _raise_for_rays(results["status"], algorithm)
        walked = {name: results[name] for name in RESULT_FIELDS}
        if visits:
            offsets = np.empty(n + 1, dtype=np.int64)
            offsets[:n] = results["first_visit"]
            offsets[n] = len(recorded)
            walked["visits"], walked["visit_offsets"] = recorded, offsets
        return walked

    def _walk_cpu(self, algorithm, rays, options, visits):
        """The CPU walk into the results; with visits, sizes first, then the visits array filled."""
        lib = library()
        call = lambda buffer, capacity, total: lib.raytetra_mesh_walk(self._handle, algorithm.encode(), *rays, buffer,
                                                                      capacity, total, options)
        return _walked(call, algorithm, visits, None)

    def _walk_device(self, device, algorithm, rays, options, visits):
        """The same on an OpenCL device (raytetra_device_mesh_walk)."""
        lib = library()
        handle = _device(device)
        call = lambda buffer, capacity, total: lib.raytetra_device_mesh_walk(handle, self._handle, algorithm.encode(),
                                                                             *rays, buffer, capacity, total, options)
        return _walked(call, algorithm, visits, device)
