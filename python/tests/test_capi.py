"""raytetra/_capi.py against include/raytetra.h: a C program compiled against the header prints
the structures' sizes and offsets and the constants, which must be the ctypes declarations';
every function the header declares for the pair and mesh APIs is declared. And the library is found as
raytetra/_library.py says: RAYTETRA_LIBRARY (a file or a folder), then pkg-config's raytetra.pc."""

import ctypes
import os
import re
import shutil
import subprocess
import sys

import pytest

from raytetra import _capi
from conftest import BUILD, CHECKOUT

HEADER = CHECKOUT / "include" / "raytetra.h"

STRUCTURES = {"raytetra_pair": _capi.Pair, "raytetra_hit": _capi.Hit, "raytetra_options": _capi.Options,
              "raytetra_walk_result": _capi.WalkResult, "raytetra_visit": _capi.Visit,
              "raytetra_walk_options": _capi.WalkOptions}

CONSTANTS = {f"RAYTETRA_{name}": value for name, value in vars(_capi).items()
             if re.fullmatch(r"(OK|ERROR_[A-Z_]+|ANY_ORIENTATION|UNCHECKED|EXTENT_[A-Z]+|PROPERTY_[A-Z_]+)", name)}


def c_program():
    lines = ["#include <stddef.h>", "#include <stdio.h>", '#include "raytetra.h"', "int main(void) {"]
    for c_name, structure in STRUCTURES.items():
        lines.append(f'printf("{c_name} sizeof %zu\\n", sizeof({c_name}));')
        for field, _ in structure._fields_:
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


def test_structures_are_laid_out_as_in_the_header(header_facts):
    for c_name, structure in STRUCTURES.items():
        assert ctypes.sizeof(structure) == header_facts[f"{c_name} sizeof"], c_name
        for field, _ in structure._fields_:
            assert getattr(structure, field).offset == header_facts[f"{c_name} {field}"], f"{c_name}.{field}"


def test_constants_are_the_headers(header_facts):
    assert len(CONSTANTS) >= 25
    for name, value in CONSTANTS.items():
        assert value == header_facts[name], name


def test_the_pair_and_mesh_apis_are_declared():
    declared = set(re.findall(r"^RAYTETRA_API [^(]*?\b(raytetra_[a-z_]+)\(", HEADER.read_text(), re.M))
    # Those a Python caller reaches through others: the one-pair and non-_ex forms.
    through_others = {"raytetra_intersect", "raytetra_intersect_many", "raytetra_device_intersect_many"}
    mesh_api = {name for name in declared if re.match(r"raytetra_(device_)?mesh_", name)}
    assert mesh_api == set(_capi.MESH_FUNCTIONS)
    assert declared - mesh_api - through_others <= set(_capi.PAIR_FUNCTIONS)
    assert set(_capi.PAIR_FUNCTIONS) <= declared


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
