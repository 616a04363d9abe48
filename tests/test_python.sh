#!/usr/bin/env bash
# test_python: the Python package raytetra (python/) with pytest against this build's library
# (python/tests: results equal to RayTetra's and TetWalk's on the same files, the header's layout,
# meshes read through meshio, the tally example, bad input), then `pip install` of python/ into a
# virtual environment, as python/README.md says, and the installed package run from outside the
# checkout. Without Debian's python3 with NumPy, cffi and
# pytest (scripts/setup.sh installs them) it says so and checks nothing.
source "$(dirname "$0")/lib.sh"

# Debian's interpreter, which scripts/setup.sh installs NumPy and pytest for (a python3 earlier in
# PATH, e.g. pyenv's, may have neither).
PYTHON=${PYTHON:-$(command -v /usr/bin/python3 || command -v python3)}
if [ -z "$PYTHON" ] || ! "$PYTHON" -c 'import numpy, pytest, cffi' 2>/dev/null; then
    echo "test_python: no python3 with numpy, cffi and pytest (scripts/setup.sh installs them): skipped"
    finish
    exit
fi
# The library of this build, unless RAYTETRA_LIBRARY names another (a sanitizer build's, with a
# normal build's programs).
export RAYTETRA_LIBRARY=${RAYTETRA_LIBRARY:-$BIN/libraytetra.so} BUILD
if [ "${SANITIZED:-0}" = 1 ]; then
    # A sanitizer build's library needs its runtime loaded first; the interpreter's own
    # allocations are not ours to check for leaks.
    LD_PRELOAD="$(cc -print-file-name=libasan.so) $(cc -print-file-name=libubsan.so)"
    export LD_PRELOAD ASAN_OPTIONS=detect_leaks=0:intercept_tls_get_addr=0
fi

check "pytest python/tests" "$PYTHON" -m pytest -q -p no:cacheprovider "$ROOT/python/tests"

# pip builds in the source folder: a copy of python/ keeps the checkout clean (-L: the copy
# holds the header that raytetra/raytetra.h links to). The venv sees
# Debian's NumPy (--system-site-packages) and its setuptools (--no-build-isolation), so that
# nothing is downloaded.
if "$PYTHON" -m venv --help >/dev/null 2>&1; then
    cp -rL "$ROOT/python" "$TMP/package"
    rm -rf "$TMP/package/build" "$TMP/package"/*.egg-info
    check "a virtual environment" "$PYTHON" -m venv --system-site-packages "$TMP/venv"
    check "pip install ./python" "$TMP/venv/bin/pip" install -q --no-build-isolation --no-index "$TMP/package"
    installed=$(cd "$TMP" && "$TMP/venv/bin/python" -c 'import raytetra, numpy as np
pairs = np.array([[[0, 0, 0], [0, 1, 0], [1, 0, 0], [0, 0, 1], [0.2, 0.2, -1], [0.2, 0.2, 2]]])
hit = raytetra.intersect(pairs, algorithm="stp1", extent="segment")[0]
walked = raytetra.Mesh.read("'"$ROOT"'/data/box.mesh").walk([[-1, 0.25, 0.5]], [[1, 0, 0]])
print(raytetra.__file__, hit["enter_face"], hit["leave_face"], round(float(hit["t_leave"]), 6), walked["length"][0])' 2>&1)
    check "the installed package runs: $installed" grep -q "^$TMP/venv/.*/site-packages/raytetra/__init__.py 3 0 0.533333 2.0$" \
        <<<"$installed"
else
    echo "test_python: no python3-venv: pip install not checked"
fi
finish
