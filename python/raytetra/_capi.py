"""The C API of libraytetra (include/raytetra.h) as ctypes declarations: the one place the Python
package states the header's types, constants and function signatures.

Each function is declared with its argument and result types, so that ctypes converts and checks
every argument; the structures repeat the header's fields in order, and tests/test_capi.py
compiles a C program against the header to check that their sizes and offsets and the
constants are the header's. Each section of the header has its own block of functions here
(PAIR_FUNCTIONS, MESH_FUNCTIONS), declared in `declare`.
"""

import ctypes

# ---------------------------------------------------------------- errors

OK = 0
ERROR_UNKNOWN_ALGORITHM = -1
ERROR_NULL_ARGUMENT = -2
ERROR_NOT_FINITE = -3
ERROR_NO_DIRECTION = -4
ERROR_DEGENERATE = -5
ERROR_NEGATIVE_ORIENTATION = -6
ERROR_NOT_CPU = -7
ERROR_NO_KERNEL = -8
ERROR_BAD_OPTIONS = -9
ERROR_NO_DEVICE = -10
ERROR_OPENCL = -11
ERROR_OUT_OF_MEMORY = -12
ERROR_OUT_OF_RANGE = -13
ERROR_BAD_MESH = -20
ERROR_BUFFER_TOO_SMALL = -21
ERROR_UNSUPPORTED = -22

# ---------------------------------------------------------------- options

ANY_ORIENTATION = 1 << 0
UNCHECKED = 1 << 1

EXTENT_LINE = 0
EXTENT_RAY = 1
EXTENT_SEGMENT = 2

# ---------------------------------------------------------------- properties

PROPERTY_OPENCL = 1 << 0
PROPERTY_FLOAT = 1 << 1
PROPERTY_EXACT = 1 << 2
PROPERTY_SIMD = 1 << 3
PROPERTY_BASELINE = 1 << 4
PROPERTY_HAS_KERNEL = 1 << 5

# ---------------------------------------------------------------- data


class Pair(ctypes.Structure):
    """raytetra_pair: 18 doubles, V0 V1 V2 V3 P Q."""

    _fields_ = [
        ("vertices", (ctypes.c_double * 3) * 4),
        ("p", ctypes.c_double * 3),
        ("q", ctypes.c_double * 3),
    ]


class Hit(ctypes.Structure):
    """raytetra_hit: the result of one test."""

    _fields_ = [
        ("hit", ctypes.c_int),
        ("enter_face", ctypes.c_int),
        ("leave_face", ctypes.c_int),
        ("enter_point", ctypes.c_double * 3),
        ("leave_point", ctypes.c_double * 3),
        ("u_enter", ctypes.c_double * 2),
        ("u_leave", ctypes.c_double * 2),
        ("t_enter", ctypes.c_double),
        ("t_leave", ctypes.c_double),
    ]


class Options(ctypes.Structure):
    """raytetra_options, version 2 (size, flags, extent)."""

    _fields_ = [
        ("size", ctypes.c_size_t),
        ("flags", ctypes.c_uint),
        ("extent", ctypes.c_size_t),
    ]


def options(flags=0, extent=EXTENT_LINE):
    """A raytetra_options of this version, as RAYTETRA_OPTIONS_INIT then the fields set."""
    return Options(ctypes.sizeof(Options), flags, extent)


class Device(ctypes.Structure):
    """raytetra_device: opaque, only ever handled through a pointer."""


algorithm_t = ctypes.c_int
device_p = ctypes.POINTER(Device)
pair_p = ctypes.c_void_p  # the pairs of a NumPy array's buffer (array.ctypes.data)
hit_p = ctypes.c_void_p  # the hits of a NumPy structured array's buffer

# ---------------------------------------------------------------- meshes


class Mesh(ctypes.Structure):
    """raytetra_mesh: opaque, only ever handled through a pointer."""


class WalkResult(ctypes.Structure):
    """raytetra_walk_result: one ray's walk."""

    _fields_ = [
        ("status", ctypes.c_int32),
        ("steps", ctypes.c_int32),
        ("length", ctypes.c_double),
        ("first_tet", ctypes.c_int32),
        ("last_tet", ctypes.c_int32),
        ("first_visit", ctypes.c_uint64),
        ("visit_count", ctypes.c_uint64),
    ]


class Visit(ctypes.Structure):
    """raytetra_visit: a tetrahedron a ray crosses, and its t interval."""

    _fields_ = [
        ("tet", ctypes.c_int32),
        ("reserved", ctypes.c_int32),
        ("t_enter", ctypes.c_double),
        ("t_leave", ctypes.c_double),
    ]


class WalkOptions(ctypes.Structure):
    """raytetra_walk_options (size, threads, reserved)."""

    _fields_ = [
        ("size", ctypes.c_size_t),
        ("threads", ctypes.c_uint32),
        ("reserved", ctypes.c_uint32),
    ]


def walk_options(threads=1):
    """A raytetra_walk_options of this version, as RAYTETRA_WALK_OPTIONS_INIT then threads set."""
    return WalkOptions(ctypes.sizeof(WalkOptions), threads, 0)


mesh_p = ctypes.POINTER(Mesh)
array_p = ctypes.c_void_p  # a NumPy array's buffer (array.ctypes.data): vertices, tets, rays, results

# ---------------------------------------------------------------- functions

# name: (result type, argument types), in the header's order.
PAIR_FUNCTIONS = {
    "raytetra_error_string": (ctypes.c_char_p, [ctypes.c_int]),
    "raytetra_find_algorithm": (algorithm_t, [ctypes.c_char_p]),
    "raytetra_list_algorithms": (ctypes.c_size_t, [ctypes.POINTER(algorithm_t), ctypes.c_size_t]),
    "raytetra_algorithm_name": (ctypes.c_char_p, [algorithm_t]),
    "raytetra_algorithm_description": (ctypes.c_char_p, [algorithm_t]),
    "raytetra_algorithm_properties": (ctypes.c_uint, [algorithm_t]),
    "raytetra_check": (ctypes.c_int, [ctypes.POINTER(Pair)]),
    "raytetra_intersect_ex": (ctypes.c_int, [algorithm_t, ctypes.POINTER(Pair), ctypes.POINTER(Hit),
                                             ctypes.POINTER(Options)]),
    "raytetra_intersect_many_ex": (ctypes.c_size_t, [algorithm_t, ctypes.c_size_t, pair_p, hit_p,
                                                     ctypes.POINTER(Options)]),
    "raytetra_device_count": (ctypes.c_int, []),
    "raytetra_device_open": (ctypes.c_int, [ctypes.c_int, ctypes.POINTER(device_p), ctypes.c_char_p,
                                            ctypes.c_size_t]),
    "raytetra_device_description": (ctypes.c_char_p, [device_p]),
    "raytetra_device_message": (ctypes.c_char_p, [device_p]),
    "raytetra_device_log": (ctypes.c_char_p, [device_p]),
    "raytetra_device_intersect_many_ex": (ctypes.c_int, [device_p, algorithm_t, ctypes.c_size_t, pair_p, hit_p,
                                                         ctypes.POINTER(ctypes.c_size_t),
                                                         ctypes.POINTER(Options)]),
    "raytetra_device_close": (None, [device_p]),
    "raytetra_version_string": (ctypes.c_char_p, []),
}

MESH_FUNCTIONS = {
    "raytetra_mesh_create": (ctypes.c_int, [ctypes.c_size_t, array_p, ctypes.c_size_t, array_p, array_p,
                                            ctypes.POINTER(mesh_p), ctypes.c_char_p, ctypes.c_size_t]),
    "raytetra_mesh_read": (ctypes.c_int, [ctypes.c_char_p, ctypes.POINTER(mesh_p), ctypes.c_char_p,
                                          ctypes.c_size_t]),
    "raytetra_mesh_tetrahedron_count": (ctypes.c_size_t, [mesh_p]),
    "raytetra_mesh_vertex_count": (ctypes.c_size_t, [mesh_p]),
    "raytetra_mesh_free": (None, [mesh_p]),
    "raytetra_mesh_walk": (ctypes.c_int, [mesh_p, ctypes.c_char_p, ctypes.c_size_t, array_p, array_p, array_p,
                                          array_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t),
                                          ctypes.POINTER(WalkOptions)]),
    "raytetra_device_mesh_walk": (ctypes.c_int, [device_p, mesh_p, ctypes.c_char_p, ctypes.c_size_t, array_p,
                                                 array_p, array_p, array_p, ctypes.c_size_t,
                                                 ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(WalkOptions)]),
}


def declare(library, functions):
    """Set the result and argument types of `functions` (name: (restype, argtypes)) on the
    loaded `library`; a function it lacks raises AttributeError naming it."""
    for name, (restype, argtypes) in functions.items():
        function = getattr(library, name)
        function.restype = restype
        function.argtypes = argtypes
    return library
