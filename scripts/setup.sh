#!/usr/bin/env bash
# Installs what RayTetra needs on Debian 12 (as root, or through sudo): compilers (clang with
# its libFuzzer runtime, libclang-rt-14-dev, for the fuzz targets), the OpenCL ICD loader and
# headers, PoCL (a CPU OpenCL device, used when there is no GPU), GMP, freeglut/GL/libpng for
# the viewer, json-c (JSON results), nettle (SHA-256 of inputs) and xxhash (digests of binary
# meshes), gnuplot and jq for the charts and reports, Xvfb for the viewer's tests, and the real
# meshes of TetWalk
# (scripts/make_meshes.sh): SfePy's tetrahedral meshes, TetGen and CGAL's surface models
# (python3 also reads TetWalk's JSON in scripts/tetwalk_bench.sh), and for the Python package
# (python/): NumPy, cffi, meshio, setuptools, venv and pytest of Debian's python3.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
USAGE="usage: $PROGRAM"
if wants_help "$@"; then
    echo "$USAGE"
    echo
    echo "Installs the Debian packages RayTetra needs to build, test, draw its charts and make its meshes"
    echo "(with apt-get, as root or through sudo); packages already installed are left alone."
    exit 0
fi
case ${1:-} in -*) unknown_option "$1" ;; esac
[ $# -eq 0 ] || usage_error "takes no arguments, got $*"
packages=(
    build-essential clang libclang-rt-14-dev pkg-config
    ocl-icd-opencl-dev opencl-c-headers pocl-opencl-icd clinfo
    libgmp-dev
    libjson-c-dev nettle-dev libxxhash-dev
    libopenmpi-dev openmpi-bin
    freeglut3-dev libgl-dev libglu1-mesa-dev libpng-dev libx11-dev
    gnuplot-nox jq
    xvfb xauth
    valgrind
    libomp-14-dev
    python3-sfepy tetgen libcgal-demo
    python3-numpy python3-cffi python3-meshio python3-setuptools python3-venv python3-pytest
)
if [ "$(id -u)" -eq 0 ]; then
    sudo=()
elif command -v sudo >/dev/null; then
    sudo=(sudo)
else
    echo "setup.sh: error: run as root or install sudo (needed to install Debian packages)" >&2
    exit 1
fi
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
    echo "setup.sh: all packages already installed"
    exit 0
fi
echo "setup.sh: installing ${missing[*]}"
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
