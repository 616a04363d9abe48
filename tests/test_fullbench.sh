# test_fullbench: scripts/fullbench.sh on a tiny sweep (2000 pairs, REPS 1, STEP 50; CPU only,
# the OpenCL sweep is in test_bench_opencl.sh): a CSV row per step, a JSON per step, the
# accuracy run, valid PNGs, the report, data files deleted unless kept, the results-folder
# override, and the bad-argument paths.
source "$(dirname "$0")/lib.sh"
json() { jq -e "$1" "$2" >/dev/null; } # json FILTER FILE: the filter holds on the file
export RAYTETRA_BIN="$BIN"
script="$ROOT/scripts/fullbench.sh"

is_png() { # a non-empty file with the 8-byte PNG signature
    [ -s "$1" ] && [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
}

out="$TMP/sweep"
expect 0 '' -- "$script" --no-opencl --accuracy-pairs 20 --out "$out" 2000 1 50
csv="$out/output.csv"
check "CSV path printed" grep -q "fullbench.sh: CSV: $csv" "$TMP/stdout.$$"
check "one header" test "$(grep -c '^#Intersecting_Pairs,Haines,' "$csv")" -eq 1
check "a row per step" test "$(grep -cv '^#' "$csv")" -eq 3
check "IT 0, 50, 100" test "$(grep -v '^#' "$csv" | cut -d, -f1 | tr '\n' ' ')" = "0 50 100 "
check "every row has CPU times" test "$(grep -v '^#' "$csv" | cut -d, -f2-11 | grep -c NA)" -eq 0
check "metadata per row" test "$(grep -c '^# Bench;.* pairs=2000; reps=1;' "$csv")" -eq 3
check "long CSV beside it" test "$(grep -c ',run,2000,' "$out/output-long.csv")" -gt 0
jsons=("$out"/output-*-p*.json)
check "a JSON per step" test "${#jsons[@]}" -eq 3
check "the JSON of 50%: its seed, its pairs, its hit percentage" json '.context | .seed == 51 and .pairs == 2000 and
    .hit_percent == 50' "$(ls "$out"/output-*-p50.json)"
for png in cpu_double cpu_float cpu_simd accuracy; do
    check "$png.png is a PNG" is_png "$out/$png.png"
done
check "no OpenCL charts without OpenCL data" test ! -e "$out/opencl_double.png"
check "skipped charts are announced" grep -q 'no OpenCL timings.*skipped' "$TMP/stdout.$$"
check "the accuracy run: CSV and JSON" test -s "$out/accuracy.csv" -a -s "$out/accuracy.json"
check "accuracy: 20 pairs a class, 5 classes" json '[.results[] | select(.algorithm == "STP0")] | length == 5 and
    (map(.pairs) | add) == 120' "$out/accuracy.json"
check "the report names the fastest CPU algorithm" grep -Eq '^\| fastest on the CPU, double precision \| \*\*[A-Za-z0-9]+\*\* \|' "$out/report.md"
check "data files deleted" test -z "$(ls "$out" | grep -e '^data-' -e '^accuracy-data')"

# --keep-data and the results folder from the environment; an existing CSV is appended to.
expect 0 '' -- env RAYTETRA_RESULTS_DIR="$out" "$script" --no-opencl --keep-data --algorithms stp1,float --accuracy-pairs 5 200 1 100
check "two more rows" test "$(grep -cv '^#' "$csv")" -eq 5
check "data kept" test -s "$out/data-0.rtb" -a -s "$out/data-100.rtb" -a -s "$out/accuracy-data.txt"
check "the first sweep's JSON kept" test "$(ls "$out"/output-*-p*.json | wc -l)" -eq 5
check "accuracy: the sweep's algorithms, groups spelled out" test "$(jq -r '[.results[].algorithm] | unique | length' \
    "$out/accuracy.json")" -eq "$(( $("$BIN/Bench" --list-algorithms | awk '$3 == "cpu" && $4 == "float"' | wc -l) + 1 ))"
expect 0 '' -- "$script" --no-opencl --algorithms stp0 --accuracy-pairs 0 --min-time 0.001 --out "$TMP/plain" 300 1 100
check "--accuracy-pairs 0: no accuracy run, no report" test ! -e "$TMP/plain/accuracy.csv" -a ! -e "$TMP/plain/report.md"
check "--min-time reaches Bench" grep -q 'reps=auto' "$TMP/plain/output.csv"

# No OpenCL platform at all: the sweep runs the CPU algorithms; Accuracy leaves out the kernels.
mkdir -p "$TMP/no-icd"
expect 0 '' -- env OCL_ICD_VENDORS="$TMP/no-icd" "$script" --algorithms stp1,GPU_STP0 --accuracy-pairs 5 --out "$TMP/no-opencl" 300 1 100
check "no OpenCL: the CPU algorithm timed" test "$(grep -v '^#' "$TMP/no-opencl/output.csv" | cut -d, -f10 | grep -c '^[0-9]')" -eq 2
check "no OpenCL: accuracy of the CPU algorithm only" json '[.results[].algorithm] | unique == ["STP1"]' "$TMP/no-opencl/accuracy.json"

# Bad arguments: a usage message on one line, status 2, nothing run.
usage='usage: fullbench.sh'
expect 2 "got 0 arguments.*$usage" -- "$script"
expect 2 "got 2 arguments" -- "$script" 2000 1
expect 2 "got 5 arguments" -- "$script" 2000 1 50 0 9
expect 2 "STEP must be a whole number that divides 100.*not '30'" -- "$script" 2000 1 30
expect 2 "STEP must be a whole number that divides 100.*not '0'" -- "$script" 2000 1 0
expect 2 "STEP must be a whole number that divides 100.*not '200'" -- "$script" 2000 1 200
expect 2 "PAIRS must be a whole number > 0, not 'abc'" -- "$script" abc 1 50
expect 2 "PAIRS must be a whole number > 0, not '0'" -- "$script" 0 1 50
expect 2 "REPS must be a whole number > 0, not '1.5'" -- "$script" 2000 1.5 50
expect 2 "DEVICE must be a whole number" -- "$script" 2000 1 50 gpu
expect 2 "--nosuch: unknown option or missing argument" -- "$script" --nosuch 2000 1 50
expect 2 "--out needs a folder" -- "$script" 2000 1 50 --out
expect 2 "--accuracy-pairs needs a whole number" -- "$script" --accuracy-pairs x 2000 1 50
expect 2 "--min-time needs a number of seconds" -- "$script" --min-time -1 2000 1 50
expect 1 'not found; build it first' -- env RAYTETRA_BIN="$TMP/nowhere" "$script" 2000 1 50
expect 0 '' -- "$script" -h
finish
