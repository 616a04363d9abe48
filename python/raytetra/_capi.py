"""The C API of libraytetra (include/raytetra.h) as ctypes declarations: the one place the Python
package states the header's types, constants and function signatures.

Each function is declared with its argument and result types, so that ctypes converts and checks
every argument; the structures repeat the header's fields in order, and tests/test_capi_layout.py
compiles a C program against the header to check that their sizes and offsets and the
constants are the header's. A later part of the API (a new section of the header) gets its own
block here, declared in `declare`.
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


def declare(library, functions):
    """Set the result and argument types of `functions` (name: (restype, argtypes)) on the
    loaded `library`; a function it lacks raises AttributeError naming it."""
    for name, (restype, argtypes) in functions.items():
        function = getattr(library, name)
        function.restype = restype
        function.argtypes = argtypes
    return library
