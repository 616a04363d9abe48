"""raytetra/_capi.py against include/raytetra.h: the package's header is the checkout's; a C
program compiled against it prints the structures' sizes and offsets and the constants, which must
be those cffi worked out from the same text; a library without the header's functions is refused.
And the library is found as raytetra/_library.py says: RAYTETRA_LIBRARY (a file or a folder),
then pkg-config's raytetra.pc."""

import os
import re
import shutil
import subprocess
import sys

import pytest

from raytetra import _capi
from raytetra._library import library
from conftest import BUILD, CHECKOUT

HEADER = CHECKOUT / "include" / "raytetra.h"

STRUCTURES = [name for name in re.findall(r"^typedef struct (raytetra_[a-z_]+) \{", HEADER.read_text(), re.M)]

CONSTANTS = sorted(name for name in dir(library()) if name.startswith("RAYTETRA_"))


def c_program():
    lines = ["#include <stddef.h>", "#include <stdio.h>", '#include "raytetra.h"', "int main(void) {"]
    for c_name in STRUCTURES:
        lines.append(f'printf("{c_name} sizeof %zu\\n", sizeof({c_name}));')
        for field, _ in _capi.ffi.typeof(c_name).fields:
            lines.append(f'printf("{c_name} {field} %zu\\n", offsetof({c_name}, {field}));')
    for name in CONSTANTS:
        lines.append(f'printf("{name} %lld\\n", (long long)({name}));')
    lines += ["return 0;", "}"]
    return "\n".join(lines)


@pytest.fixture(scope="module")
def header_facts(tmp_path_factory):
    compiler = shutil.which("cc")
    if not compiler:
        pytest.skip("no C compiler (cc) to read the header with")
    folder = tmp_path_factory.mktemp("capi")
    (folder / "layout.c").write_text(c_program())
    subprocess.run([compiler, "-std=c11", "-I", str(HEADER.parent), str(folder / "layout.c"), "-o",
                    str(folder / "layout")], check=True, capture_output=True)
    output = subprocess.run([str(folder / "layout")], check=True, capture_output=True, text=True).stdout
    return {" ".join(line.split()[:-1]): int(line.split()[-1]) for line in output.splitlines()}


def test_the_package_declares_the_checkouts_header():
    assert _capi.HEADER.read_bytes() == HEADER.read_bytes()


def test_structures_are_laid_out_as_the_compiler_lays_them_out(header_facts):
    assert len(STRUCTURES) >= 6
    for c_name in STRUCTURES:
        assert _capi.ffi.sizeof(c_name) == header_facts[f"{c_name} sizeof"], c_name
        for field, _ in _capi.ffi.typeof(c_name).fields:
            assert _capi.ffi.offsetof(c_name, field) == header_facts[f"{c_name} {field}"], f"{c_name}.{field}"


def test_constants_are_the_compilers(header_facts):
    assert len(CONSTANTS) >= 25
    for name in CONSTANTS:
        assert getattr(library(), name) == header_facts[name], name
    assert _capi.ERRORS["ERROR_BAD_MESH"] == header_facts["RAYTETRA_ERROR_BAD_MESH"]


def test_a_library_without_the_headers_functions_is_refused(tmp_path):
    """libm loads, but lacks raytetra_*: refused at load, naming a function."""
    code = "import raytetra; raytetra.version()"
    env = {**os.environ, "RAYTETRA_LIBRARY": "/lib/x86_64-linux-gnu/libm.so.6",
           "PYTHONPATH": str(CHECKOUT / "python")}
    if not os.path.isfile(env["RAYTETRA_LIBRARY"]):
        pytest.skip("no libm.so.6 where Debian keeps it")
    run = subprocess.run([sys.executable, "-c", code], env=env, cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode != 0
    assert re.search(r"LibraryNotFound: .*libm.so.6: not a libraytetra this package knows \(.*raytetra_\w+.*\); "
                     r"rebuild it from the same checkout", run.stderr), run.stderr


def found_library(env, cwd, package_folder):
    """What raytetra._library.locate() answers in a fresh interpreter with this environment."""
    code = "import raytetra._library as l; print(l.locate())"
    run = subprocess.run([sys.executable, "-c", code], env={**env, "PYTHONPATH": str(package_folder)}, cwd=cwd,
                         capture_output=True, text=True)
    return run.stdout.strip() or run.stderr.strip().splitlines()[-1]


@pytest.fixture
def outside_copy(tmp_path):
    """The package copied out of the checkout, so that the checkout's build folder is not found."""
    shutil.copytree(CHECKOUT / "python" / "raytetra", tmp_path / "site" / "raytetra")
    return tmp_path / "site"


def test_found_through_the_environment(outside_copy, tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "RAYTETRA_LIBRARY"}
    library = str(BUILD / "libraytetra.so")
    assert found_library({**env, "RAYTETRA_LIBRARY": library}, tmp_path, outside_copy) == library
    assert found_library({**env, "RAYTETRA_LIBRARY": str(BUILD)}, tmp_path, outside_copy) == library
    missing = found_library({**env, "RAYTETRA_LIBRARY": str(tmp_path / "nothing.so")}, tmp_path, outside_copy)
    assert re.search(r"LibraryNotFound: RAYTETRA_LIBRARY=.*nothing.so: no such file", missing)


def test_found_through_pkg_config(outside_copy, tmp_path):
    if not shutil.which("pkg-config"):
        pytest.skip("no pkg-config")
    (tmp_path / "raytetra.pc").write_text(f"libdir={BUILD}\nName: raytetra\nDescription: test\nVersion: 0\n"
                                          "Libs: -L${libdir} -lraytetra\n")
    env = {k: v for k, v in os.environ.items() if k != "RAYTETRA_LIBRARY"}
    assert found_library({**env, "PKG_CONFIG_PATH": str(tmp_path)}, tmp_path, outside_copy) == \
        str(BUILD / "libraytetra.so")
    nowhere = found_library({**env, "PKG_CONFIG_PATH": str(tmp_path / "none"), "LD_LIBRARY_PATH": ""}, tmp_path,
                            outside_copy)
    if "LibraryNotFound" in nowhere:  # unless a libraytetra is installed on this machine
        assert "set RAYTETRA_LIBRARY to the build folder" in nowhere
