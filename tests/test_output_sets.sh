# test_output_sets: a program's outputs are all written or none (docs/FILES.md). Every output
# is checked before the work (a folder, a missing folder, two outputs of one file, an output that
# is an input: refused at once, with nothing printed of the work); an output that fails while
# being written (/dev/full: the disk is full) leaves every other output of the run unwritten,
# an existing file byte for byte as it was, and no temporary file.
source "$(dirname "$0")/lib.sh"
TW="$BIN/TetWalk"
MESH="$ROOT/data/box.mesh"
cd "$TMP" || exit 1
in="$TMP/in.txt"
"$BIN/RandomRayTetra" "$in" -i 30 -n 20 --seed 3 >/dev/null || fail "RandomRayTetra"
mkdir folder
no_temporaries() { check "no temporary file left ($1)" test -z "$(find "$TMP" -name '*.tmp.*')"; }
# nothing_of_the_work WHAT: the program stopped before its work (no progress line on stdout).
nothing_of_the_work() { check "$1: refused before the work" test ! -s "$TMP/stdout.$$"; }

# ---------------------------------------------------------------- TetWalk
echo "old per-ray" >per_ray.csv
cp per_ray.csv per_ray.before
# unchanged_and_alone WHAT: per_ray.csv as it was, and no other output written.
unchanged_and_alone() {
    check "$1: the existing --per-ray file is unchanged" cmp -s per_ray.csv per_ray.before
    check "$1: no picture, pairs or JSON" test ! -e walk.png -a ! -e pairs.txt -a ! -e walk.json
    no_temporaries "$1"
}
walk=("$TW" --size 32x32 --per-ray per_ray.csv --image walk.png --export-pairs pairs.txt)
expect 1 "--json: folder: is a folder" -- "${walk[@]}" --json folder "$MESH"
nothing_of_the_work "TetWalk --json FOLDER"
unchanged_and_alone "TetWalk --json FOLDER"
expect 1 "--json: missing/walk.json: cannot create the output file" -- "${walk[@]}" --json missing/walk.json "$MESH"
nothing_of_the_work "TetWalk --json in a missing folder"
unchanged_and_alone "TetWalk --json in a missing folder"
expect 1 "--image: per_ray.csv/walk.png: cannot use as the output file: Not a directory" -- "$TW" --size 32x32 \
    --image per_ray.csv/walk.png --per-ray per_ray.csv "$MESH"
unchanged_and_alone "TetWalk --image below a file"
expect 2 "--per-ray and --json both name" -- "${walk[@]}" --json ./per_ray.csv "$MESH"
unchanged_and_alone "TetWalk, one file for two outputs"
cp "$MESH" mesh_copy.mesh
expect 2 "--json mesh_copy.mesh is the input file" -- "${walk[@]}" --json mesh_copy.mesh mesh_copy.mesh
check "the mesh named as --json is untouched" cmp -s mesh_copy.mesh "$MESH"
unchanged_and_alone "TetWalk --json MESH"
if [ -w /dev/full ]; then
    # The last output fails while written: the ones written before it go too.
    expect 1 "/dev/full: writing failed" -- "${walk[@]}" --json /dev/full "$MESH"
    unchanged_and_alone "TetWalk --json /dev/full"
fi
expect 0 '' -- "${walk[@]}" --json walk.json "$MESH"
check "all four written together" test -s walk.png -a -s pairs.txt -a -s walk.json
check "the --per-ray file replaced" test "$(head -n 1 per_ray.csv)" = "ray,steps,length,status"
no_temporaries "TetWalk, all written"

# ---------------------------------------------------------------- RayTetra
expect 1 "OUTPUT: missing/out.txt: cannot create the output file" -- "$BIN/RayTetra" -p r "$in" missing/out.txt 1
nothing_of_the_work "RayTetra OUTPUT in a missing folder"
expect 1 "OUTPUT: folder: is a folder" -- "$BIN/RayTetra" -p b "$in" folder 1
nothing_of_the_work "RayTetra OUTPUT FOLDER"

# ---------------------------------------------------------------- Accuracy
echo "old accuracy" >accuracy.csv
cp accuracy.csv accuracy.before
accuracy=("$BIN/Accuracy" --no-opencl --algorithms stp0 --csv accuracy.csv)
expect 1 "--json: folder: is a folder" -- "${accuracy[@]}" --json folder "$in"
nothing_of_the_work "Accuracy --json FOLDER"
expect 1 "--csv: missing/a.csv: cannot create" -- "$BIN/Accuracy" --no-opencl --csv missing/a.csv --json a.json "$in"
nothing_of_the_work "Accuracy --csv in a missing folder"
check "Accuracy: no JSON" test ! -e a.json
if [ -w /dev/full ]; then
    expect 1 "/dev/full: writing failed" -- "${accuracy[@]}" --json /dev/full "$in"
fi
check "Accuracy: the existing --csv file is unchanged" cmp -s accuracy.csv accuracy.before
no_temporaries "Accuracy"
expect 0 '' -- "${accuracy[@]}" --json accuracy.json "$in"
check "Accuracy: both written" test "$(head -c 9 accuracy.csv)" = algorithm -a -s accuracy.json

# ---------------------------------------------------------------- Bench
bench=(timeout 120 "$BIN/Bench" --no-opencl --algorithms stp0)
expect 0 '' -- "${bench[@]}" --long-csv long.csv "$in" wide.csv 1
cp wide.csv wide.before
cp long.csv long.before
expect 1 "--json|folder" -- "${bench[@]}" --long-csv long.csv --json folder "$in" wide.csv 1
nothing_of_the_work "Bench --json FOLDER"
if [ -w /dev/full ]; then
    # Both CSV appends wait for the JSON: neither CSV gains a row.
    expect 1 "/dev/full: writing failed" -- "${bench[@]}" --long-csv long.csv --json /dev/full "$in" wide.csv 1
    check "Bench: the wide CSV has no new row" cmp -s wide.csv wide.before
    check "Bench: the long CSV has no new row" cmp -s long.csv long.before
fi
no_temporaries "Bench"
# Two appends in one folder share its lock (no deadlock), and both land.
expect 0 '' -- "${bench[@]}" --long-csv long.csv --json bench.json "$in" wide.csv 1
check "Bench: a row appended to the wide CSV" test "$(grep -vc '^#' wide.csv)" = 2
check "Bench: rows appended to the long CSV" test "$(wc -l <long.csv)" -gt "$(wc -l <long.before)"
check "Bench: the JSON written" test -s bench.json
no_temporaries "Bench, all written"
finish
