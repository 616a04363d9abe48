#!/usr/bin/env bash
# tetwalk_bench.sh [options] [OUTDIR]: the TetWalk measurements of docs/PERFORMANCE.md on the real
# meshes of scripts/make_meshes.sh: every walk algorithm on the default camera's rays, on the CPU
# with 1 thread and with every core and in OpenCL (when a device is there), with the copy
# bandwidths; then rays aimed at vertices, edges and faces, and rays starting exactly at the
# vertex nearest the mesh's centre (--from-vertex): their speed and the rays each algorithm loses;
# with --devices, the OpenCL algorithms on the camera's rays on several devices against one.
# Writes each run's summary and JSON into OUTDIR (default results/tetwalk) and prints the
# Markdown tables of docs/PERFORMANCE.md (also OUTDIR/tables.md). About half an hour on two
# cores; --quick in a minute.
#   --device N      OpenCL device (default 0); --no-opencl: CPU only; --no-cpu: OpenCL only
#   --devices LIST  also the camera's rays on these devices at once (TetWalk --devices)
#   --size WxH      camera rays (default 640x480)      --reps N   timed runs (default 3)
#   --aim-rays N    aimed rays of each kind, and rays from the vertex (default 10000)
#   --meshes DIR    the meshes (default build/meshes, made by make_meshes.sh if missing)
#   --mesh FILE     this mesh instead of the list (repeatable)
#   --quick         two small meshes only (elbow, knot1)
# Environment: BUILD (default build), the folder of TetWalk.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
USAGE="usage: $PROGRAM [-n|--device N] [--devices LIST] [--no-opencl|--no-cpu] [--size WxH] [--reps N] [--aim-rays N] [--meshes DIR] [--mesh FILE]... [--quick] [OUTDIR]"
build=$bin
usage() { usage_error "${1:-wrong arguments}"; }
device=0 devices= opencl=1 cpu_runs=1 size=640x480 reps=3 aim_rays=10000 meshes="$root/build/meshes" quick=0
out="$root/results/tetwalk" files=()
while [ $# -gt 0 ]; do
    case $1 in
    -n | --device) [ $# -ge 2 ] || usage "$1 needs a device number"; device=$2; shift 2 ;;
    --no-opencl) opencl=0; shift ;;
    --no-cpu) cpu_runs=0; shift ;;
    --devices) [ $# -ge 2 ] || usage "$1 needs a device list"; devices=$2; shift 2 ;;
    --mesh) [ $# -ge 2 ] || usage "$1 needs a mesh file"; files+=("$2"); shift 2 ;;
    --size) [ $# -ge 2 ] || usage; size=$2; shift 2 ;;
    --reps) [ $# -ge 2 ] || usage; reps=$2; shift 2 ;;
    --aim-rays) [ $# -ge 2 ] || usage; aim_rays=$2; shift 2 ;;
    --meshes) [ $# -ge 2 ] || usage; meshes=$2; shift 2 ;;
    --quick) quick=1; shift ;;
    -h | --help)
        echo "$USAGE"
        echo
        echo "Times TetWalk's algorithms on the real meshes of make_meshes.sh (docs/TETWALK.md) and writes"
        echo "the tables and pictures into OUTDIR (default results/tetwalk)."
        exit 0
        ;;
    -*) unknown_option "$1" ;;
    *) out=$1; shift ;;
    esac
done
tetwalk="$build/TetWalk"
[ -x "$tetwalk" ] || { echo "tetwalk_bench.sh: error: $tetwalk not found: run make" >&2; exit 1; }
command -v python3 >/dev/null || { echo "tetwalk_bench.sh: error: python3 not found: run scripts/setup.sh" >&2; exit 1; }
mkdir -p "$out"

if [ ${#files[@]} -gt 0 ]; then
    names=()
    for file in "${files[@]}"; do
        [ -s "$file" ] || usage "--mesh $file: no such mesh file"
        names+=("$(cd "$(dirname "$file")" && pwd)/$(basename "$file")")
    done
elif [ "$quick" = 1 ]; then
    names=(elbow.mesh knot1.1.ele)
else
    names=(unit_ball.mesh elbow.mesh elephant.1.ele knot1.1.ele cube_big_tetra.mesh armadillo.1.ele)
fi
if [ ${#files[@]} -eq 0 ]; then
    for name in "${names[@]}"; do
        [ -s "$meshes/$name" ] || "$here/make_meshes.sh" "$meshes" >/dev/null
    done
fi
[ "$cpu_runs" = 1 ] || [ "$opencl" = 1 ] || usage "--no-cpu and --no-opencl leave nothing to run"

cpu=stp0,stp1,stp2,pluecker0,pluecker1,pluecker2,pluecker0p,pluecker1p,pluecker2p,badouelb,maria,aman,stp0r
gpu=
if [ "$opencl" = 1 ] && "$build/RayTetra" --list-devices 2>/dev/null | grep -Eq "^$device "; then
    gpu=$(echo "$cpu" | sed 's/[^,]*/gpu_&/g')
else
    echo "tetwalk_bench.sh: no OpenCL device $device: CPU only" >&2
fi
[ "$cpu_runs" = 1 ] || [ -n "$gpu" ] || die "--no-cpu without an OpenCL device: nothing to run"
# The algorithms of a run: the CPU's (unless --no-cpu) and the OpenCL ones (when a device is there).
algorithms=$( { [ "$cpu_runs" = 0 ] || echo "$cpu"; [ -z "$gpu" ] || echo "$gpu"; } | paste -sd, -)
threads=1,all
[ "$cpu_runs" = 1 ] || threads=1

base_of() { local b; b=$(basename "$1"); echo "${b%%.*}"; }
for name in "${names[@]}"; do
    case $name in /*) mesh=$name ;; *) mesh="$meshes/$name" ;; esac
    base=$(base_of "$name")
    echo "== $base: camera $size" >&2
    # Each summary appears only with its JSON (capture): a failed run leaves neither.
    capture "$out/camera_$base.txt" "$tetwalk" --size "$size" --reps "$reps" --threads "$threads" --bandwidth \
        --device "$device" --algorithm "$algorithms" --json "$out/camera_$base.json" "$mesh"
    if [ -n "$devices" ] && [ -n "$gpu" ]; then
        echo "== $base: camera $size on --devices $devices" >&2
        capture "$out/devices_$base.txt" "$tetwalk" --size "$size" --reps "$reps" --devices "$devices" \
            --algorithm "$gpu" --json "$out/devices_$base.json" "$mesh"
    fi
    for kind in vertices edges faces; do
        echo "== $base: $aim_rays rays aimed at $kind" >&2
        capture "$out/aim_${kind}_$base.txt" "$tetwalk" --aim "$kind" --aim-rays "$aim_rays" --reps 1 \
            --device "$device" --algorithm "$algorithms" --json "$out/aim_${kind}_$base.json" "$mesh"
    done
    vertex=$(central_vertex "$mesh")
    echo "== $base: $aim_rays rays from vertex $vertex" >&2
    capture "$out/from_vertex_$base.txt" "$tetwalk" --from-vertex "$vertex" --aim-rays "$aim_rays" --reps "$reps" \
        --device "$device" --algorithm "$algorithms" --json "$out/from_vertex_$base.json" "$mesh"
done
names=("${names[@]##*/}")

capture "$out/tables.md" python3 - "$out" "$devices" "${names[@]%%.*}" <<'PYTHON'
# Tables with one row per algorithm and one column per mesh: million steps per second on the
# camera's rays and the bytes a step reads as a share of the copy bandwidth (each "CPU 1 thread /
# CPU all threads / OpenCL", the parts that ran); the lost rays among the aimed ones ("vertices /
# edges / faces"); the speed on rays aimed at vertices and rays from a vertex; with --devices,
# the OpenCL algorithms on one device and on all.
import json, os, sys
out, devices, names = sys.argv[1], sys.argv[2], sys.argv[3:]
def load(path):
    with open(path) as f:
        return json.load(f)
camera = {name: load(f"{out}/camera_{name}.json") for name in names}
first = camera[names[0]]
cpu_threads = sorted({r["threads"] for r in first["results"] if r["kind"] == "cpu"})
threads = cpu_threads[-1] if cpu_threads else 0
algorithms = []
for r in first["results"]:
    if r["name"] != "exact" and r["name"] not in algorithms:
        algorithms.append(r["name"])
csv = {r["name"]: r["algorithm"].replace("GPU_", "") for r in first["results"]}
has_gpu = any(r["kind"] == "opencl" for r in first["results"])
def pick(results, name, kind, count=None):
    return next((r for r in results if r["name"] == name and r["kind"] == kind and
                 (count is None or r["threads"] == count)), None)
def runs(results, name):
    """One algorithm's runs: CPU 1 thread, CPU all threads, OpenCL (those that ran)."""
    parts = []
    if cpu_threads:
        parts.append(pick(results, name, "cpu", 1))
        if threads > 1:
            parts.append(pick(results, name, "cpu", threads))
    if has_gpu:
        parts.append(pick(results, name, "opencl"))
    return parts
where = " / ".join((["CPU 1 thread"] if cpu_threads else []) + ([f"CPU {threads} threads"] if threads > 1 else []) +
                   (["OpenCL"] if has_gpu else []))
def percent(r):
    return 100 * r["msteps_per_s"] * 1e6 * r["bytes_per_step"] * 1e-9 / r["copy_gbs"] if r["copy_gbs"] else None
def cells(results, name, cell):
    return " / ".join("-" if r is None or cell(r) is None else cell(r) for r in runs(results, name))
def table(title, columns, results_of, cell):
    print(title)
    print()
    print("| algorithm | " + " | ".join(columns) + " |")
    print("|---|" + "---:|" * len(columns))
    for a in algorithms:
        print(f"| {csv[a]} | " + " | ".join(cells(results_of(n), a, cell) for n in names) + " |")
    print()
c = first["context"]
print(f"Rays: {c['rays_source']} ({c['rays']:,} rays). CPU: {c['cpu']}, {c['cores']} cores. "
      f"OpenCL: {c['opencl_device'] or 'none'}. Median of each run's timed repetitions.")
print()
sized = [f"{n} ({camera[n]['context']['tetrahedra']:,})" for n in names]
table(f"Million steps per second, camera ({where}):", sized, lambda n: camera[n]["results"],
      lambda r: f"{r['msteps_per_s']:.2f}")
table(f"Bytes a step reads against the copy bandwidth, % ({where}; bytes a step in the JSON):", sized,
      lambda n: camera[n]["results"], lambda r: None if percent(r) is None else f"{percent(r):.1f}")
aimed = {(k, n): load(f"{out}/aim_{k}_{n}.json")["results"] for k in ("vertices", "edges", "faces") for n in names}
rays = load(f"{out}/aim_vertices_{names[0]}.json")["context"]["rays"]
kind = "cpu" if cpu_threads else "opencl"
print(f"Lost rays of {rays:,} aimed at vertices / edges / faces ({'CPU' if cpu_threads else 'OpenCL'}):")
print()
print("| algorithm | " + " | ".join(names) + " |")
print("|---|" + "---:|" * len(names))
for a in algorithms:
    row = [" / ".join(str(pick(aimed[(k, n)], a, kind)["lost"]) for k in ("vertices", "edges", "faces")) for n in names]
    print(f"| {csv[a]} | " + " | ".join(row) + " |")
print()
start = {n: load(f"{out}/from_vertex_{n}.json") for n in names}
columns = [f"{n} ({start[n]['context']['rays_source']})" for n in names]
print(f"Rays aimed at vertices, then rays from the vertex nearest the mesh's centre: million steps "
      f"per second / lost rays / rays walked on the host ({'OpenCL' if has_gpu else 'CPU 1 thread'}):")
print()
print("| algorithm | " + " | ".join(columns) + " |")
print("|---|" + "---:|" * len(names))
speed_kind, count = ("opencl", None) if has_gpu else ("cpu", 1)
def hard(r):
    return "-" if r is None else f"{r['msteps_per_s']:.2f} / {r['lost']} / {r.get('rays_walked_on_host', 0)}"
for a in algorithms:
    row = [hard(pick(aimed[("vertices", n)], a, speed_kind, count)) + " ; " + hard(pick(start[n]["results"], a, speed_kind, count))
           for n in names]
    print(f"| {csv[a]} | " + " | ".join(row) + " |")
print()
if devices and has_gpu and all(os.path.exists(f"{out}/devices_{n}.json") for n in names):
    multi = {n: load(f"{out}/devices_{n}.json")["results"] for n in names}
    print(f"Camera rays on --devices {devices} against one device: million steps per second one / all (speed-up):")
    print()
    print("| algorithm | " + " | ".join(names) + " |")
    print("|---|" + "---:|" * len(names))
    for a in algorithms:
        row = []
        for n in names:
            one, all_ = pick(camera[n]["results"], a, "opencl"), pick(multi[n], a, "opencl")
            row.append("-" if one is None or all_ is None else
                       f"{one['msteps_per_s']:.4g} / {all_['msteps_per_s']:.4g} ({all_['msteps_per_s'] / one['msteps_per_s']:.2f}x)")
        print(f"| {csv[a]} | " + " | ".join(row) + " |")
    print()
PYTHON
cat "$out/tables.md"
