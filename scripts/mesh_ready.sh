#!/usr/bin/env bash
# mesh_ready.sh MESH [RUNS]: how long TetWalk takes to have MESH ready to walk (read, checked,
# its tables and boundary hierarchy built) against the time `cat` takes to read the same files,
# for the text mesh and for its binary copy (.rtm, written here with --save-mesh). The files are
# read once first, so that both work from the page cache; each time is the best of RUNS
# (default 3). Prints a Markdown table (docs/TETWALK.md); the binary copy goes to a scratch folder
# that is removed at the end.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
USAGE="usage: $PROGRAM MESH [RUNS]"
if wants_help "$@"; then
    echo "$USAGE"
    echo
    echo "Times TetWalk's mesh ready time (read, checks, tables, boundary hierarchy) against 'cat' of the"
    echo "same files, for the text MESH (Medit .mesh or TetGen .node/.ele) and its binary .rtm copy."
    exit 0
fi
case ${1:-} in -*) unknown_option "$1" ;; esac
[ $# -ge 1 ] && [ $# -le 2 ] || usage_error "expected MESH and at most RUNS, got $# arguments"
mesh=$1
runs=${2:-3}
[[ "$runs" =~ ^[1-9][0-9]?$ ]] || usage_error "RUNS must be a whole number from 1 to 99, got '$runs'"
[ -x "$bin/TetWalk" ] || die "$bin/TetWalk not found: build it with make"
case $mesh in
*.node | *.ele | *.neigh)
    base=${mesh%.*}
    files=("$base.node" "$base.ele")
    [ -e "$base.neigh" ] && files+=("$base.neigh")
    ;;
*) files=("$mesh") ;;
esac
for file in "${files[@]}"; do
    [ -r "$file" ] || die "$file: cannot read"
done
scratch=$(mktemp -d "${TMPDIR:-/tmp}/mesh_ready.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

now() { date +%s.%N; }
# best_cat FILES...: the shortest of RUNS reads of the files to /dev/null, in seconds.
best_cat() {
    local best=
    for ((r = 0; r < runs; ++r)); do
        local start end
        start=$(now)
        cat "$@" >/dev/null
        end=$(now)
        best=$(awk -v b="$best" -v t="$(awk -v s="$start" -v e="$end" 'BEGIN { print e - s }')" \
            'BEGIN { print (b == "" || t < b) ? t : b }')
    done
    echo "$best"
}
# best_ready MESH [OPTIONS...]: the shortest of RUNS ready times TetWalk reports (read + boundary
# hierarchy), and that run's whole process time, in seconds.
best_ready() {
    local mesh=$1 best= best_wall=
    shift
    for ((r = 0; r < runs; ++r)); do
        local start end line ready
        start=$(now)
        "$bin/TetWalk" --size 16x16 --reps 1 "$@" "$mesh" >"$scratch/out" 2>&1 || die "TetWalk $mesh: $(tail -n 1 "$scratch/out")"
        end=$(now)
        line=$(grep -m1 '^mesh: ' "$scratch/out")
        ready=$(sed -nE 's/.*read in ([0-9.]+) s .*boundary hierarchy in ([0-9.]+) s.*/\1 \2/p' <<<"$line" |
            awk '{ print $1 + $2 }')
        [ -n "$ready" ] || die "TetWalk's summary has no read time: $line"
        if [ -z "$best" ] || awk -v t="$ready" -v b="$best" 'BEGIN { exit !(t < b) }'; then
            best=$ready
            best_wall=$(awk -v s="$start" -v e="$end" 'BEGIN { print e - s }')
        fi
    done
    echo "$best $best_wall"
}

cat "${files[@]}" >/dev/null
"$bin/TetWalk" --size 16x16 --reps 1 --save-mesh "$scratch/mesh.rtm" "$mesh" >"$scratch/save.out" 2>&1 ||
    die "TetWalk --save-mesh: $(tail -n 1 "$scratch/save.out")"
summary=$(grep -m1 '^mesh: ' "$scratch/save.out" | sed -E 's/^mesh: [^:]*: ([^;]*);.*/\1/')
text_bytes=$(cat "${files[@]}" | wc -c)
binary_bytes=$(wc -c <"$scratch/mesh.rtm")
text_cat=$(best_cat "${files[@]}")
read -r text_ready text_wall <<<"$(best_ready "$mesh")"
binary_cat=$(best_cat "$scratch/mesh.rtm")
read -r binary_ready binary_wall <<<"$(best_ready "$scratch/mesh.rtm")"

echo "mesh: $mesh: $summary; $(nproc) cores; best of $runs"
echo
echo "| input | MB | cat (s) | TetWalk ready (s) | ready / cat | TetWalk process (s) |"
echo "|---|---:|---:|---:|---:|---:|"
row() {
    awk -v name="$1" -v bytes="$2" -v c="$3" -v r="$4" -v w="$5" \
        'BEGIN { printf "| %s | %.1f | %.3f | %.3f | %.2f | %.3f |\n", name, bytes / 1e6, c, r, r / c, w }'
}
row "text ($(basename "${files[0]}")$([ ${#files[@]} -gt 1 ] && echo " ..."))" "$text_bytes" "$text_cat" "$text_ready" "$text_wall"
row "binary (.rtm)" "$binary_bytes" "$binary_cat" "$binary_ready" "$binary_wall"
