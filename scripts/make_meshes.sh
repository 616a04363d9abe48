#!/usr/bin/env bash
# make_meshes.sh [OUTDIR]: the real meshes TetWalk is measured on (docs/TETWALK.md), from Debian
# packages that scripts/setup.sh installs, never downloaded: SfePy's tetrahedral meshes
# (python3-sfepy: cube_big_tetra, elbow, unit_ball) copied, and CGAL's surface models
# (libcgal-demo: elephant, knot1, armadillo) tetrahedralised with TetGen (tetgen -pqn: a
# quality mesh of the closed surface, with its .neigh). OUTDIR (default build/meshes, about
# 55 MB) then holds everything the benchmark needs, for a machine without those packages; files
# already there are kept. Prints one line per mesh.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
USAGE="usage: $PROGRAM [OUTDIR]"
if wants_help "$@"; then
    echo "$USAGE"
    echo
    echo "Copies SfePy's tetrahedral meshes and tetrahedralises CGAL's surface models with TetGen into"
    echo "OUTDIR (default build/meshes), from Debian packages that setup.sh installs; nothing is downloaded."
    exit 0
fi
[ $# -le 1 ] || usage_error "expected at most one OUTDIR, got $# arguments"
case ${1:-} in -*) unknown_option "$1" ;; esac
out=${1:-"$root/build/meshes"}
mkdir -p "$out"
out=$(cd "$out" && pwd)

missing=()
for tool in tetgen tar dpkg; do
    command -v "$tool" >/dev/null || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "make_meshes.sh: error: ${missing[*]} not found: run scripts/setup.sh" >&2
    exit 1
fi

# SfePy's meshes: wherever the package put its meshes/3d folder.
sfepy=$(dpkg -L python3-sfepy 2>/dev/null | grep -m1 '/meshes/3d$' || true)
if [ -z "$sfepy" ]; then
    echo "make_meshes.sh: error: python3-sfepy's meshes not found: run scripts/setup.sh" >&2
    exit 1
fi
for name in cube_big_tetra elbow unit_ball; do
    [ -s "$out/$name.mesh" ] || cp "$sfepy/$name.mesh" "$out/$name.mesh"
    echo "$out/$name.mesh (SfePy)"
done

# CGAL's models: the OFF surfaces in the package's data archive, tetrahedralised once.
archive=$(dpkg -L libcgal-demo 2>/dev/null | grep -m1 '/data\.tar\.gz$' || true)
if [ -z "$archive" ]; then
    echo "make_meshes.sh: error: libcgal-demo's data.tar.gz not found: run scripts/setup.sh" >&2
    exit 1
fi
for name in elephant knot1 armadillo; do
    if [ ! -s "$out/$name.1.ele" ] || [ ! -s "$out/$name.1.neigh" ]; then
        tar -xzf "$archive" -O "data/meshes/$name.off" >"$out/$name.off"
        # -p: the surface as a piecewise linear complex; -q: quality tetrahedra; -n: neighbours;
        # -Q: quiet.
        (cd "$out" && tetgen -pqnQ "$name.off" >/dev/null)
        rm -f "$out/$name.off" "$out/$name.1.edge" "$out/$name.1.face" "$out/$name.1.smesh"
    fi
    echo "$out/$name.1.ele (CGAL $name.off, TetGen)"
done
