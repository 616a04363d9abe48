#!/usr/bin/env bash
# tetwalk_bench.sh [options] [OUTDIR]: the TetWalk measurements of docs/PERFORMANCE.md on the real
# meshes of scripts/make_meshes.sh: every walk algorithm on the default camera's rays, on the CPU
# with 1 thread and with every core and in OpenCL (when a device is there), with the copy
# bandwidths; then the rays each algorithm loses among rays aimed at vertices, edges and faces.
# Writes each run's summary and JSON into OUTDIR (default results/tetwalk) and prints the
# Markdown tables of docs/PERFORMANCE.md (also OUTDIR/tables.md). About half an hour on two
# cores; --quick in a minute.
#   --device N      OpenCL device (default 0); --no-opencl: CPU only
#   --size WxH      camera rays (default 640x480)      --reps N   timed runs (default 3)
#   --aim-rays N    aimed rays of each kind (default 10000)
#   --meshes DIR    the meshes (default build/meshes, made by make_meshes.sh if missing)
#   --quick         two small meshes only (elbow, knot1)
# Environment: BUILD (default build), the folder of TetWalk.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
USAGE="usage: $PROGRAM [-n|--device N] [--no-opencl] [--size WxH] [--reps N] [--aim-rays N] [--meshes DIR] [--quick] [OUTDIR]"
build=$bin
usage() { usage_error "${1:-wrong arguments}"; }
device=0 opencl=1 size=640x480 reps=3 aim_rays=10000 meshes="$root/build/meshes" quick=0 out="$root/results/tetwalk"
while [ $# -gt 0 ]; do
    case $1 in
    -n | --device) [ $# -ge 2 ] || usage "$1 needs a device number"; device=$2; shift 2 ;;
    --no-opencl) opencl=0; shift ;;
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
    -*) usage "unknown option $1" ;;
    *) out=$1; shift ;;
    esac
done
tetwalk="$build/TetWalk"
[ -x "$tetwalk" ] || { echo "tetwalk_bench.sh: error: $tetwalk not found: run make" >&2; exit 1; }
command -v python3 >/dev/null || { echo "tetwalk_bench.sh: error: python3 not found: run scripts/setup.sh" >&2; exit 1; }
mkdir -p "$out"

if [ "$quick" = 1 ]; then
    names=(elbow.mesh knot1.1.ele)
else
    names=(unit_ball.mesh elbow.mesh elephant.1.ele knot1.1.ele cube_big_tetra.mesh armadillo.1.ele)
fi
for name in "${names[@]}"; do
    [ -s "$meshes/$name" ] || "$here/make_meshes.sh" "$meshes" >/dev/null
done

cpu=stp0,stp1,stp2,pluecker0,pluecker1,pluecker2,pluecker0p,pluecker1p,pluecker2p,stp0r
gpu=
if [ "$opencl" = 1 ] && "$build/RayTetra" --list-devices 2>/dev/null | grep -Eq "^$device "; then
    gpu=$(echo "$cpu" | sed 's/[^,]*/gpu_&/g')
else
    echo "tetwalk_bench.sh: no OpenCL device $device: CPU only" >&2
fi

for name in "${names[@]}"; do
    mesh="$meshes/$name" base=${name%%.*}
    echo "== $base: camera $size" >&2
    # Each summary appears only with its JSON (capture): a failed run leaves neither.
    capture "$out/camera_$base.txt" "$tetwalk" --size "$size" --reps "$reps" --threads 1,all --bandwidth \
        --device "$device" --algorithm "$cpu${gpu:+,$gpu}" --json "$out/camera_$base.json" "$mesh"
    for kind in vertices edges faces; do
        echo "== $base: $aim_rays rays aimed at $kind" >&2
        capture "$out/aim_${kind}_$base.txt" "$tetwalk" --aim "$kind" --aim-rays "$aim_rays" --reps 1 \
            --algorithm "$cpu" --json "$out/aim_${kind}_$base.json" "$mesh"
    done
done

capture "$out/tables.md" python3 - "$out" "${names[@]%%.*}" <<'PYTHON'
# Three tables, one row per algorithm and one column per mesh: million steps per second, the
# bytes a step reads as a share of the copy bandwidth (each "CPU 1 thread / CPU all threads /
# OpenCL"), and the lost rays among the aimed ones ("vertices / edges / faces").
import json, sys
out, names = sys.argv[1], sys.argv[2:]
def load(path):
    with open(path) as f:
        return json.load(f)
camera = {name: load(f"{out}/camera_{name}.json") for name in names}
first = camera[names[0]]
algorithms = [r["algorithm"] for r in first["results"] if r["kind"] == "cpu" and r["threads"] == 1]
threads = max(r["threads"] for r in first["results"])
def runs(name, algorithm):
    """The algorithm's runs on one mesh: CPU 1 thread, CPU all threads, OpenCL (None if absent)."""
    results = camera[name]["results"]
    pick = lambda f: next((r for r in results if f(r)), None)
    return [pick(lambda r: r["algorithm"] == algorithm and r["kind"] == "cpu" and r["threads"] == 1),
            pick(lambda r: r["algorithm"] == algorithm and r["kind"] == "cpu" and r["threads"] == threads and threads > 1),
            pick(lambda r: r["algorithm"] == "GPU_" + algorithm)]
def percent(r):
    return 100 * r["msteps_per_s"] * 1e6 * r["bytes_per_step"] * 1e-9 / r["copy_gbs"] if r["copy_gbs"] else None
def table(title, cell):
    print(title)
    print()
    print("| algorithm | " + " | ".join(f"{n} ({camera[n]['context']['tetrahedra']:,})" for n in names) + " |")
    print("|---|" + "---:|" * len(names))
    for a in algorithms:
        cells = [" / ".join("-" if r is None or cell(r) is None else cell(r) for r in runs(n, a)) for n in names]
        print(f"| {a} | " + " | ".join(cells) + " |")
    print()
c = first["context"]
where = f"CPU 1 thread / CPU {threads} threads / OpenCL"
print(f"Rays: {c['rays_source']} ({c['rays']:,} rays). CPU: {c['cpu']}, {c['cores']} cores. "
      f"OpenCL: {c['opencl_device'] or 'none'}. Median of each run's timed repetitions.")
print()
table(f"Million steps per second ({where}):", lambda r: f"{r['msteps_per_s']:.2f}")
table(f"Bytes a step reads against the copy bandwidth, % ({where}; 56 bytes a step, 368 for the precomputed forms):",
      lambda r: None if percent(r) is None else f"{percent(r):.1f}")
rays = load(f"{out}/aim_vertices_{names[0]}.json")["context"]["rays"]
print(f"Lost rays of {rays:,} aimed at vertices / edges / faces (CPU; the OpenCL builds compute the same products):")
print()
print("| algorithm | " + " | ".join(names) + " |")
print("|---|" + "---:|" * len(names))
aimed = {(k, n): load(f"{out}/aim_{k}_{n}.json")["results"] for k in ("vertices", "edges", "faces") for n in names}
for a in algorithms:
    cells = [" / ".join(str(next(r["lost"] for r in aimed[(k, n)] if r["algorithm"] == a))
                        for k in ("vertices", "edges", "faces")) for n in names]
    print(f"| {a} | " + " | ".join(cells) + " |")
PYTHON
cat "$out/tables.md"
