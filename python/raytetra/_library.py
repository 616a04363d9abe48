"""Finding and loading libraytetra.

In this order: the file (or the folder holding libraytetra.so) that RAYTETRA_LIBRARY names; the
build folder of the checkout this package sits in (python/../build, or RAYTETRA_BUILD relative to
the checkout), so that the tests and a user of the checkout need no install; the installed
library, through pkg-config (`make install` puts raytetra.pc beside it) and then the system's
library search. The library is loaded once, on first use.
"""

import ctypes.util
import os
import pathlib
import shutil
import subprocess

from . import _capi
from ._errors import LibraryNotFound

SONAME = "libraytetra.so"

_loaded = None


def _named_by_environment():
    named = os.environ.get("RAYTETRA_LIBRARY")
    if not named:
        return None
    path = pathlib.Path(named)
    if path.is_dir():
        path = path / SONAME
    if not path.is_file():
        raise LibraryNotFound(f"RAYTETRA_LIBRARY={named}: no such file (give the path of libraytetra.so, or the "
                              f"build folder that holds it)")
    return path


def _in_checkout():
    checkout = pathlib.Path(__file__).resolve().parent.parent.parent
    if not (checkout / "include" / "raytetra.h").is_file():
        return None
    path = checkout / os.environ.get("RAYTETRA_BUILD", "build") / SONAME
    return path if path.is_file() else None


def _through_pkg_config():
    if not shutil.which("pkg-config"):
        return None
    try:
        libdir = subprocess.run(["pkg-config", "--variable=libdir", "raytetra"], capture_output=True, text=True,
                                check=True).stdout.strip()
    except subprocess.CalledProcessError:
        return None
    path = pathlib.Path(libdir) / SONAME
    return path if libdir and path.is_file() else None


def locate():
    """The path of the library to load (a str), or LibraryNotFound saying where it looked."""
    for find in (_named_by_environment, _in_checkout, _through_pkg_config):
        path = find()
        if path:
            return str(path)
    found = ctypes.util.find_library("raytetra")
    if found:
        return found
    raise LibraryNotFound("libraytetra not found: set RAYTETRA_LIBRARY to the build folder (make -j2 builds "
                          "build/libraytetra.so), or install it (make install) so that pkg-config finds raytetra.pc "
                          "(PKG_CONFIG_PATH) or the system's library search does")


def _check_functions(loaded):
    """Every function the header declares is in the loaded library (cffi looks each up on first
    use): an older or foreign library is refused at load, not at some later call."""
    for name in dir(loaded):
        if name.startswith("raytetra_"):
            getattr(loaded, name)
    return loaded


def library():
    """The loaded library, its functions as include/raytetra.h declares them."""
    global _loaded
    if _loaded is None:
        path = locate()
        try:
            loaded = _capi.ffi.dlopen(path)
        except OSError as error:
            raise LibraryNotFound(f"{path}: cannot be loaded: {error}") from error
        try:
            _loaded = _check_functions(loaded)
        except AttributeError as error:
            raise LibraryNotFound(f"{path}: not a libraytetra this package knows ({error}); rebuild it from "
                                  f"the same checkout") from error
    return _loaded
