"""The C API of libraytetra, declared by include/raytetra.h itself: the header's text is cffi's
cdef (ABI mode), so that no declaration is written twice and none can drift from the header.

The package carries the header as raytetra/raytetra.h (in the checkout a link to
include/raytetra.h; pip copies the file into the installed package), so the declarations are
those of the header the package was written against, wherever the library is found.
tests/test_capi.py checks cffi's layout of the structures against a C compiler's.
"""

import pathlib
import re

import cffi
import numpy as np

HEADER = pathlib.Path(__file__).with_name("raytetra.h")


def declarations(header_text):
    """The header's C declarations as cffi's cdef reads them: cdef has no preprocessor, so the
    C++ guards, the other directives and the export macro are left out."""
    text = re.sub(r"^#ifdef __cplusplus\n.*?^#endif\n", "", header_text, flags=re.M | re.S)
    text = re.sub(r"^#.*$", "", text, flags=re.M)
    return text.replace("RAYTETRA_API ", "")


ffi = cffi.FFI()
ffi.cdef(declarations(HEADER.read_text(encoding="utf-8")))

# The error codes by name without the prefix ("OK", "ERROR_NOT_CPU"): known without the library,
# for tables made at import.
ERRORS = {name[len("RAYTETRA_"):]: value for name, value in ffi.typeof("raytetra_error").relements.items()}
OK = ERRORS["OK"]

# NumPy's type of each C scalar type the header's records hold.
NUMPY_SCALARS = {"int": np.intc, "int32_t": np.int32, "uint32_t": np.uint32, "uint64_t": np.uint64,
                 "double": np.float64}


def _numpy_format(ctype):
    if ctype.kind == "array":
        return (_numpy_format(ctype.item), ctype.length)
    return NUMPY_SCALARS[ctype.cname]


def record_dtype(struct_name, skip=()):
    """A NumPy structured dtype laid out as the header's struct (its offsets and size), with the
    fields not in `skip`: the library writes the records into the array, NumPy reads them."""
    fields = [(name, field) for name, field in ffi.typeof(struct_name).fields if name not in skip]
    return np.dtype({"names": [name for name, _ in fields],
                     "formats": [_numpy_format(field.type) for _, field in fields],
                     "offsets": [field.offset for _, field in fields], "itemsize": ffi.sizeof(struct_name)})


def options(flags, extent):
    """A raytetra_options of this header's version, as RAYTETRA_OPTIONS_INIT then the fields set."""
    return ffi.new("raytetra_options *", {"size": ffi.sizeof("raytetra_options"), "flags": flags, "extent": extent})


def walk_options(threads):
    """A raytetra_walk_options of this header's version, as RAYTETRA_WALK_OPTIONS_INIT then threads set."""
    return ffi.new("raytetra_walk_options *", {"size": ffi.sizeof("raytetra_walk_options"), "threads": threads})


def text(value):
    """A C string the library returned, as str ("" for NULL)."""
    return ffi.string(value).decode("utf-8", "replace") if value != ffi.NULL else ""
