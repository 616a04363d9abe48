# test_accuracy_cli: RandomRayTetra's class options, Accuracy's command line and CSV, and
# RayTetra's --precision: a small labelled file, the table's rows, one-line errors; every CPU
# algorithm in both precisions reported on every class, the floating-point ones included, with
# no non-finite result anywhere and the robust ones exact.
source "$(dirname "$0")/lib.sh"
GEN="$BIN/RandomRayTetra"
ACC="$BIN/Accuracy"
expect 0 "" -- "$GEN" "$TMP/c.txt" -i 20 -n 20 --edge 30 --vertex 30 --face-cross 30 --face-miss 30 \
    --parallel 30 --flat 30 --needle 30 --far 30 --near-edge 30 --near-face 30 --at-vertex 30 --seed 4
check "count line" test "$(head -n 1 "$TMP/c.txt")" = 370
check "one label per class" test "$(grep -c '^# class ' "$TMP/c.txt")" = 11
expect 0 "" -- "$GEN" "$TMP/d.txt" --vertex 5
check "classes alone" test "$(head -n 2 "$TMP/d.txt" | tr '\n' ' ')" = "5 # class vertex "
"$GEN" -h | grep -Eq -- "--face-miss +N" && pass || fail "RandomRayTetra -h does not list --face-miss"
"$GEN" -h | grep -Eq -- "--near-face +N" && pass || fail "RandomRayTetra -h does not list --near-face"
expect 1 "binary format cannot hold class labels" -- "$GEN" "$TMP/e.rtb" -i 1 -n 1 --edge 2
check "no binary file left behind" sh -c "! ls '$TMP'/e.rtb* 2>/dev/null"

expect 0 "" -- "$ACC" "$TMP/c.txt" --no-opencl --algorithms stp0,stp0f,stp0r --csv "$TMP/a.csv"
check "CSV header" test "$(head -n 1 "$TMP/a.csv")" = \
    "algorithm,precision,device,class,pairs,reference_hits,misclassified,wrong_faces,compared,nonfinite,t_error_max,t_error_median,point_error_max,point_error_median"
check "3 algorithms x 12 classes" test "$(tail -n +2 "$TMP/a.csv" | wc -l)" = 36
check "stp0r: no misclassified pair, no wrong face" \
    test "$(awk -F, '$1 == "stp0r" && ($7 != 0 || $8 != 0)' "$TMP/a.csv" | wc -l)" = 0
check "stp0f is float" test "$(awk -F, '$1 == "stp0f" && $2 == "float"' "$TMP/a.csv" | wc -l)" = 12
# The input is read in chunks: chunks of 7 pairs (no multiple of 370, boundaries inside the
# classes and at their labels) and of one pair give the same table, each pair in its class.
for pairs in 7 1; do
    RAYTETRA_STREAM_CHUNK_PAIRS=$pairs "$ACC" "$TMP/c.txt" --no-opencl --algorithms stp0,stp0f,stp0r \
        --csv "$TMP/a-$pairs.csv" >/dev/null 2>&1
    check "chunks of $pairs pairs: the same table" cmp -s "$TMP/a.csv" "$TMP/a-$pairs.csv"
done
awk 'NR == 200 { $5 = "nan" } { print }' "$TMP/c.txt" >"$TMP/c-bad.txt"
expect 1 "c-bad.txt:200: 'nan' is not a finite number" -- \
    env RAYTETRA_STREAM_CHUNK_PAIRS=7 "$ACC" "$TMP/c-bad.txt" --no-opencl --algorithms stp0
# Every CPU algorithm, both precisions: a row on each floating-point class, nothing non-finite.
expect 0 "" -- "$ACC" "$TMP/c.txt" --no-opencl --csv "$TMP/all.csv"
for class in near-edge near-face at-vertex; do
    check "$class: a row per CPU algorithm, double and float" \
        test "$(awk -F, -v c="$class" '$4 == c && $3 == "cpu"' "$TMP/all.csv" | awk -F, '{print $2}' | sort -u | tr '\n' ' ')" = "double float "
done
check "the same algorithms on every class" \
    test "$(tail -n +2 "$TMP/all.csv" | awk -F, '{n[$4]++} END {for (c in n) print n[c]}' | sort -u | wc -l)" = 1
check "no non-finite result on any class" test "$(awk -F, 'NR > 1 && $10 != 0' "$TMP/all.csv" | wc -l)" = 0
check "table printed" grep -q "face-cross" "$TMP/stdout.$$"
# --json: the same rows with the run's context (docs/JSON.md), algorithms by CSV name.
json() { jq -e "$1" "$2" >/dev/null; } # json FILTER FILE: the filter holds on the file
expect 0 "" -- "$ACC" "$TMP/c.txt" --no-opencl --algorithms stp0,stp0f,stp0r --json "$TMP/a.json"
check "JSON parses, schema raytetra-accuracy/1" json '.schema == "raytetra-accuracy/1"' "$TMP/a.json"
check "JSON: the context's fields" json '.context | has("version") and has("commit") and has("compiler") and
    has("cflags") and has("cpu") and has("cores") and has("simd") and has("os") and has("command") and has("date") and
    has("input_sha256") and .pairs == 370 and .input_sha256 == "'"$(sha256sum "$TMP/c.txt" | cut -d' ' -f1)"'"' "$TMP/a.json"
check "JSON: a row per algorithm and class, as the CSV" test "$(jq '.results | length' "$TMP/a.json")" = 36
check "JSON: CSV names, counts as the CSV has them" test "$(jq -r '.results[] | select(.algorithm == "STP0F" and
    .class == "edge") | .misclassified' "$TMP/a.json")" = "$(awk -F, '$1 == "stp0f" && $4 == "edge" { print $7 }' "$TMP/a.csv")"
check "JSON: STP0R is exact" json '[.results[] | select(.algorithm == "STP0R")][0].properties == ["exact"]' "$TMP/a.json"
check "JSON: null where nothing was compared" json '[.results[] | select(.class == "face-miss")][0].t_error_max == null' \
    "$TMP/a.json"
expect 2 "--json must name another file than --csv" -- "$ACC" "$TMP/c.txt" --no-opencl --csv "$TMP/s.x" --json "$TMP/s.x"
expect 1 "cannot create the output file" -- "$ACC" "$TMP/c.txt" --no-opencl --json "$TMP/no/a.json"
"$ACC" --version | grep -Eq '^Accuracy \(RayTetra\) [0-9]+\.[0-9]+\.[0-9]+$' && pass || fail "Accuracy --version"
expect 2 "unknown algorithm 'nope'" -- "$ACC" "$TMP/c.txt" --no-opencl --algorithms stp0,nope
# The old gpu:NAME form is gone: the OpenCL names are the registry's (gpu_stp0, GPU_STP0, g1).
expect 2 "unknown algorithm 'gpu:stp0'" -- "$ACC" "$TMP/c.txt" --no-opencl --algorithms gpu:stp0
expect 0 "" -- "$ACC" "$TMP/c.txt" --no-opencl --algorithms STP1F,Moller --csv "$TMP/names.csv"
check "CSV names and aliases in any case" \
    test "$(cut -d, -f1 "$TMP/names.csv" | tail -n +2 | sort -u | paste -sd, -)" = "moller1,stp1f"
expect 1 "missing.txt: cannot open the input file" -- "$ACC" "$TMP/missing.txt" --no-opencl
expect 2 "expected one INPUT file" -- "$ACC" --no-opencl
expect 1 "cannot create the output file" -- "$ACC" "$TMP/c.txt" --no-opencl --algorithms stp0 --csv "$TMP/no/a.csv"
printf '1\n# class 9 bad\n0 0 0 0 1 0 1 0 0 0 0 1 0.2 0.2 -1 0.2 0.2 2\n' >"$TMP/bad.txt"
expect 1 "bad.txt:2: a '# class NAME' line needs one name" -- "$ACC" "$TMP/bad.txt" --no-opencl

RT="$BIN/RayTetra"
"$RT" --precision float -t 1 -p r "$TMP/c.txt" "$TMP/f.out" 1 | grep -q "algorithm stp1f" && pass ||
    fail "--precision float -t 1 is not stp1f"
"$RT" --algorithm moller2f -p r "$TMP/c.txt" "$TMP/m.out" 1 | grep -q "algorithm moller2f" && pass ||
    fail "--algorithm moller2f"
check "float results: one line per pair" test "$(grep -c . "$TMP/f.out")" = 370
expect 2 "stp0r has no single-precision variant" -- "$RT" --precision float --algorithm stp0r "$TMP/c.txt" "$TMP/g.out" 1
expect 2 "--precision takes double or float, not 'half'" -- "$RT" --precision half -t 0 "$TMP/c.txt" "$TMP/g.out" 1
expect 2 "GPU_STP0R has no single-precision variant" -- "$RT" --precision float -g 8 "$TMP/c.txt" "$TMP/g.out" 1

# OpenCL (when a device is there): --precision float with -g picks the float build; Accuracy
# names the OpenCL algorithms with their precision, and GPU_STP0R is exact on every class.
if [ "${RAYTETRA_TEST_OPENCL:-1}" != 0 ] && "$BIN/Bench" --list-devices >/dev/null 2>&1; then
    export RAYTETRA_CACHE_DIR="$TMP/cache"
    "$RT" --precision float -g 1 -p r "$TMP/c.txt" "$TMP/gf.out" 1 | grep -q "algorithm GPU_STP0F" && pass ||
        fail "--precision float -g 1 is not GPU_STP0F"
    "$RT" --algorithm gpu_stp1 -p r "$TMP/c.txt" "$TMP/gn.out" 1 | grep -q "algorithm GPU_STP1" && pass ||
        fail "--algorithm gpu_stp1 is not GPU_STP1"
    "$RT" -g 2 -p r "$TMP/c.txt" "$TMP/g2.out" 1 >/dev/null || fail "-g 2"
    check "--algorithm gpu_stp1 = -g 2" cmp -s "$TMP/gn.out" "$TMP/g2.out"
    expect 0 "" -- "$ACC" "$TMP/c.txt" --algorithms gpu_stp0f,g8 --csv "$TMP/g.csv"
    check "GPU_STP0F: float, opencl, 12 classes" \
        test "$(awk -F, '$1 == "GPU_STP0F" && $2 == "float" && $3 == "opencl"' "$TMP/g.csv" | wc -l)" = 12
    check "GPU_STP0R: double, 12 classes" test "$(awk -F, '$1 == "GPU_STP0R" && $2 == "double"' "$TMP/g.csv" | wc -l)" = 12
    check "GPU_STP0R: no misclassified pair, no wrong face" \
        test "$(awk -F, '$1 == "GPU_STP0R" && ($7 != 0 || $8 != 0)' "$TMP/g.csv" | wc -l)" = 0
fi
finish
