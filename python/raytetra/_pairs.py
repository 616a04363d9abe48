"""The pair API: the algorithms' names, and raytetra.intersect over NumPy arrays.

The pairs' buffer goes to raytetra_intersect_many_ex (or the device's call) as it is, and the
library writes its raytetra_hit records straight into the result array, whose structured dtype is
laid out as raytetra_hit (HIT_DTYPE, made from the header's declaration): no array is copied on the
way in or out unless the pairs are not C-contiguous float64 already.
"""

import atexit
import threading

import numpy as np

from . import _capi
from ._errors import RayTetraError
from ._library import library


# One raytetra_hit per element: hit (1 hit, 0 miss, < 0 an error code with errors="keep"), the
# enter and leave faces (-1: none, or clipped by the extent), points, barycentrics u and line
# parameters t (X = P + t (Q - P)); NaN where hit is not 1.
HIT_DTYPE = _capi.record_dtype("raytetra_hit")

# The header's constant of each extent.
EXTENTS = {"line": "RAYTETRA_EXTENT_LINE", "ray": "RAYTETRA_EXTENT_RAY", "segment": "RAYTETRA_EXTENT_SEGMENT"}


# What to do about an error code in Python, where the library's line names a C call or flag.
PYTHON_HINTS = {
    _capi.ERRORS["ERROR_UNKNOWN_ALGORITHM"]: "raytetra.algorithms() lists the names",
    _capi.ERRORS["ERROR_NEGATIVE_ORIENTATION"]: "or pass any_orientation=True",
    _capi.ERRORS["ERROR_NOT_CPU"]: "or pass device=INDEX to run it on an OpenCL device",
}


_text = _capi.text


def error_message(code):
    """The library's line for an error code, and what to do about it in Python where that differs."""
    hint = PYTHON_HINTS.get(code)
    return _text(library().raytetra_error_string(code)) + (f"; {hint}" if hint else "")


def version():
    """The version of the loaded libraytetra ("MAJOR.MINOR.PATCH")."""
    return _text(library().raytetra_version_string())


def algorithms():
    """The canonical names of every algorithm, in the programs' order (CPU variants, then the
    OpenCL builds "gpu_..."), as RayTetra --list-algorithms prints them."""
    lib = library()
    total = lib.raytetra_list_algorithms(_capi.ffi.NULL, 0)
    handles = _capi.ffi.new("raytetra_algorithm[]", total)
    lib.raytetra_list_algorithms(handles, total)
    return [_text(lib.raytetra_algorithm_name(handle)) for handle in handles]


def find_algorithm(name):
    """The library's handle of an algorithm name in any case ("stp0r", "STP0", "gpu_stp0", "g1")."""
    if not isinstance(name, str):
        raise TypeError(f"algorithm must be a name (str), not {type(name).__name__}")
    handle = library().raytetra_find_algorithm(name.encode())
    if handle < 0:
        raise RayTetraError(f"algorithm {name!r}: {error_message(handle)}", handle)
    return handle


def _extent(extent):
    try:
        return getattr(library(), EXTENTS[extent])
    except (KeyError, TypeError):
        raise ValueError(f"extent must be one of {', '.join(map(repr, EXTENTS))}, not {extent!r}") from None


def _pairs_array(pairs):
    """The pairs as one C-contiguous float64 buffer of N x 18 (converted once when they are not)."""
    array = np.asarray(pairs)
    if array.dtype.kind not in "fiu":
        raise TypeError(f"pairs must be real numbers (float64), not {array.dtype}")
    if array.ndim == 3 and array.shape[1:] == (6, 3):
        pass
    elif array.ndim == 2 and array.shape[1] == 18:
        pass
    else:
        raise ValueError(f"pairs must have shape (N, 6, 3) or (N, 18): V0 V1 V2 V3 P Q per pair; got "
                         f"{array.shape}")
    return np.ascontiguousarray(array, dtype=np.float64)


# ---------------------------------------------------------------- devices

_devices = {}
_devices_lock = threading.Lock()


def _close_devices():
    with _devices_lock:
        for device in _devices.values():
            library().raytetra_device_close(device)
        _devices.clear()


atexit.register(_close_devices)


def device_count():
    """How many OpenCL devices there are (the programs' -n numbering; 0 without OpenCL)."""
    return max(library().raytetra_device_count(), 0)


def _device(index):
    """Device `index`, opened on first use and kept open until the interpreter exits (its
    kernels stay built)."""
    if isinstance(index, bool) or not isinstance(index, int):
        raise TypeError(f"device must be an OpenCL device's index (int) or None for the CPU, not {index!r}")
    with _devices_lock:
        if index not in _devices:
            device = _capi.ffi.new("raytetra_device **")
            message = _capi.ffi.new("char[]", 512)
            status = library().raytetra_device_open(index, device, message, len(message))
            if status != _capi.OK:
                raise RayTetraError(f"device {index}: {_text(message)}", status)
            _devices[index] = device[0]
        return _devices[index]


def device_description(index):
    """"NAME (PLATFORM, driver VERSION)" of OpenCL device `index`."""
    return _text(library().raytetra_device_description(_device(index)))


# ---------------------------------------------------------------- intersect


def _clear_misses(hits):
    """NaN in the reals of the records that are not hits, which the library leaves unspecified."""
    missed = np.flatnonzero(hits["hit"] != 1)
    if missed.size:
        for name in ("enter_point", "leave_point", "u_enter", "u_leave", "t_enter", "t_leave"):
            hits[name][missed] = np.nan


def _raise_for_pairs(hits, algorithm):
    bad = np.flatnonzero(hits["hit"] < 0)
    if bad.size == 0:
        return
    first = int(bad[0])
    code = int(hits["hit"][first])
    others = f" ({bad.size - 1} other pair{'s' if bad.size > 2 else ''} too)" if bad.size > 1 else ""
    raise RayTetraError(f"{algorithm}: pair {first}: {error_message(code)}{others}", code)


def intersect(pairs, algorithm="stp0r", extent="line", device=None, any_orientation=False, errors="raise"):
    """Test every pair: pairs is an (N, 6, 3) or (N, 18) array of V0 V1 V2 V3 P Q (the line
    X = P + t (Q - P)); returns N records of HIT_DTYPE.

    algorithm: a name of raytetra.algorithms(). extent: "line", "ray" (t >= 0) or "segment"
    (0 <= t <= 1), clipped as RayTetra --extent clips. device: None for the CPU, or an OpenCL
    device's index (the algorithm's OpenCL build of the same precision runs there).
    any_orientation: accept negatively oriented tetrahedra (faces in the caller's numbering).
    errors: "raise" (a RayTetraError names the first pair that cannot be tested and why) or
    "keep" (its error code stays in its record's hit field, < 0)."""
    if errors not in ("raise", "keep"):
        raise ValueError(f"errors must be 'raise' or 'keep', not {errors!r}")
    array = _pairs_array(pairs)
    handle = find_algorithm(algorithm)
    lib = library()
    flags = lib.RAYTETRA_ANY_ORIENTATION if any_orientation else 0
    options = _capi.options(flags, _extent(extent))
    n = array.shape[0]
    hits = np.empty(n, dtype=HIT_DTYPE)
    pairs_in = _capi.ffi.from_buffer("raytetra_pair[]", array)
    hits_out = _capi.ffi.from_buffer("raytetra_hit[]", hits, require_writable=True)
    if device is None:
        # The one failure of the whole call that these options leave (it would write its code
        # into every record, and none into zero records).
        if lib.raytetra_algorithm_properties(handle) & lib.RAYTETRA_PROPERTY_OPENCL:
            raise RayTetraError(f"{algorithm}: {error_message(lib.RAYTETRA_ERROR_NOT_CPU)}",
                                lib.RAYTETRA_ERROR_NOT_CPU)
        lib.raytetra_intersect_many_ex(handle, n, pairs_in, hits_out, options)
    else:
        handle_device = _device(device)
        status = lib.raytetra_device_intersect_many_ex(handle_device, handle, n, pairs_in, hits_out, _capi.ffi.NULL,
                                                       options)
        if status != _capi.OK:
            raise RayTetraError(f"{algorithm} on device {device}: "
                                f"{_text(lib.raytetra_device_message(handle_device))}", status)
    if errors == "raise":
        _raise_for_pairs(hits, algorithm)
    _clear_misses(hits)
    return hits
