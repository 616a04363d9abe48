#!/usr/bin/env bash
# robust_walk_bench.sh [options] [OUTDIR]: the robust walk (STP0R) against STP0 where the robust
# walk works hardest (docs/TETWALK.md, "Speed of the robust walk"): rays aimed at vertices and rays
# starting exactly at the vertex nearest the mesh's centre (--from-vertex). Each workload is one
# TetWalk invocation running both algorithms, on the CPU with one thread and in OpenCL, so that
# the pair shares the machine's load; the table gives million steps per second of each, STP0R's
# share of STP0's rate, the rays STP0 loses and the rays STP0R walked on the host. Writes each
# run's summary and JSON into OUTDIR (default results/robust_walk) and prints the Markdown table
# (also OUTDIR/table.md).
#   --mesh FILE      a mesh (repeatable; default unit_ball, knot1, cube_big_tetra and armadillo
#                    of make_meshes.sh in --meshes)
#   --meshes DIR     the meshes (default build/meshes, made by make_meshes.sh if missing)
#   --aim-rays N     rays aimed at vertices (default 5000; 0: none)
#   --from-rays N    rays from the vertex (default 5000; 0: none)
#   --reps N         timed runs (default 5)
#   -n, --device N   OpenCL device (default 0); --no-opencl: CPU only; --no-cpu: OpenCL only
# The GPU workloads of docs/TETWALK.md:
#   robust_walk_bench.sh --no-cpu --mesh armadillo.1.ele --aim-rays 200000 --from-rays 0 OUT
#   robust_walk_bench.sh --no-cpu --mesh cube_big_tetra.mesh --aim-rays 0 --from-rays 100000 OUT
# Environment: BUILD (default build), the folder of TetWalk.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
USAGE="usage: $PROGRAM [-n|--device N] [--no-opencl|--no-cpu] [--aim-rays N] [--from-rays N] [--reps N] [--meshes DIR] [--mesh FILE]... [OUTDIR]"
usage() { usage_error "${1:-wrong arguments}"; }
device=0 opencl=1 cpu=1 aim_rays=5000 from_rays=5000 reps=5 meshes="$root/build/meshes"
out="$root/results/robust_walk" files=()
count() { [[ "$2" =~ ^[0-9]+$ ]] || usage "$1 needs a whole number, not '$2'"; }
while [ $# -gt 0 ]; do
    case $1 in
    -n | --device) [ $# -ge 2 ] || usage "$1 needs a device number"; device=$2; shift 2 ;;
    --no-opencl) opencl=0; shift ;;
    --no-cpu) cpu=0; shift ;;
    --mesh) [ $# -ge 2 ] || usage "$1 needs a mesh file"; files+=("$2"); shift 2 ;;
    --meshes) [ $# -ge 2 ] || usage "$1 needs a folder"; meshes=$2; shift 2 ;;
    --aim-rays) [ $# -ge 2 ] || usage "$1 needs a count"; count "$1" "$2"; aim_rays=$2; shift 2 ;;
    --from-rays) [ $# -ge 2 ] || usage "$1 needs a count"; count "$1" "$2"; from_rays=$2; shift 2 ;;
    --reps) [ $# -ge 2 ] || usage "$1 needs a count"; count "$1" "$2"; reps=$2; shift 2 ;;
    -h | --help)
        echo "$USAGE"
        echo
        echo "Times STP0R against STP0 on rays aimed at vertices and rays from a vertex, CPU (1 thread) and"
        echo "OpenCL, and writes the summaries, JSON and table into OUTDIR (default results/robust_walk)."
        exit 0
        ;;
    -*) unknown_option "$1" ;;
    *) out=$1; shift ;;
    esac
done
[ "$cpu" = 1 ] || [ "$opencl" = 1 ] || usage "--no-cpu and --no-opencl leave nothing to run"
[ "$aim_rays" -gt 0 ] || [ "$from_rays" -gt 0 ] || usage "--aim-rays 0 and --from-rays 0 leave nothing to run"
tetwalk="$bin/TetWalk"
[ -x "$tetwalk" ] || die "$tetwalk not found: run make"
command -v python3 >/dev/null || die "python3 not found: run scripts/setup.sh"

if [ ${#files[@]} -eq 0 ]; then
    for name in unit_ball.mesh knot1.1.ele cube_big_tetra.mesh armadillo.1.ele; do
        [ -s "$meshes/$name" ] || "$here/make_meshes.sh" "$meshes" >/dev/null
        files+=("$meshes/$name")
    done
fi
for file in "${files[@]}"; do
    [ -s "$file" ] || usage "--mesh $file: no such mesh file"
done
algorithms=
[ "$cpu" = 0 ] || algorithms=stp0,stp0r
if [ "$opencl" = 1 ]; then
    "$bin/RayTetra" --list-devices 2>/dev/null | grep -Eq "^$device " || die "no OpenCL device $device: try --no-opencl"
    algorithms=${algorithms:+$algorithms,}gpu_stp0,gpu_stp0r
fi
mkdir -p "$out" || die "$out: cannot create the folder"

# run NAME OPTIONS...: one TetWalk invocation, its summary and JSON as OUTDIR/NAME.txt and .json.
runs=()
run() {
    local name=$1
    shift
    echo "== $name" >&2
    capture "$out/$name.txt" "$tetwalk" "$@" --reps "$reps" --device "$device" --algorithm "$algorithms" \
        --json "$out/$name.json" || die "TetWalk failed on $name (its message above)"
    runs+=("$out/$name.json")
}
for file in "${files[@]}"; do
    base=$(basename "$file")
    base=${base%%.*}
    [ "$aim_rays" = 0 ] || run "aim_vertices_$base" --aim vertices --aim-rays "$aim_rays" "$file"
    [ "$from_rays" = 0 ] || run "from_vertex_$base" --from-vertex "$(central_vertex "$file")" --aim-rays "$from_rays" "$file"
done

capture "$out/table.md" python3 - "${runs[@]}" <<'PYTHON'
# One row per run: million steps per second of STP0 and STP0R and STP0R's share, on the CPU
# (1 thread) and in OpenCL (those that ran); STP0's lost rays; STP0R's rays walked on the host.
import json, os, sys
def rate(x):
    return f"{x:.3f}" if x < 10 else (f"{x:.1f}" if x < 1000 else f"{x:.0f}")
def pick(results, kind, name):
    return next((r for r in results if r["kind"] == kind and r["name"] == name), None)
def cell(results, kind):
    fast, robust = pick(results, kind, "stp0"), pick(results, kind, "stp0r")
    if fast is None or robust is None:
        return "-", "-", "-"
    ratio = robust["msteps_per_s"] / fast["msteps_per_s"] if fast["msteps_per_s"] > 0 else float("nan")
    return (f"{rate(fast['msteps_per_s'])} / {rate(robust['msteps_per_s'])}", f"{ratio:.2f}",
            f"{fast['lost']} / {robust.get('rays_walked_on_host', 0)}")
first = json.load(open(sys.argv[1]))["context"]
print(f"CPU: {first['cpu']}. OpenCL: {first['opencl_device'] or 'none'}. Median of each run's timed repetitions; "
      "million steps per second STP0 / STP0R, the ratio, STP0's lost rays / STP0R's rays walked on the host.")
print()
print("| mesh, rays | CPU 1 thread | ratio | lost / on host | OpenCL | ratio | lost / on host |")
print("|---|---:|---:|---:|---:|---:|---:|")
for path in sys.argv[1:]:
    document = json.load(open(path))
    results = [r for r in document["results"] if r["kind"] == "opencl" or r["threads"] == 1]
    for r in results:
        r["name"] = r["name"].removeprefix("gpu_")
    mesh = os.path.basename(document["context"]["mesh"]).split(".")[0]
    row = cell(results, "cpu") + cell(results, "opencl")
    print(f"| {mesh}, {document['context']['rays_source']} | " + " | ".join(row) + " |")
PYTHON
cat "$out/table.md"
