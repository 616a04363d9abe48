# test_fullbench: scripts/fullbench.sh on a tiny sweep (2000 pairs, REPS 1, STEP 50; CPU only,
# the OpenCL sweep is in test_bench_opencl.sh): a CSV row per step, valid PNGs, data files
# deleted unless kept, the results-folder override, and the bad-argument paths.
source "$(dirname "$0")/lib.sh"
export RAYTETRA_BIN="$BIN"
script="$ROOT/scripts/fullbench.sh"

is_png() { # a non-empty file with the 8-byte PNG signature
    [ -s "$1" ] && [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
}

out="$TMP/sweep"
expect 0 '' -- "$script" --no-opencl --out "$out" 2000 1 50
csv="$out/output.csv"
check "CSV path printed" grep -q "fullbench.sh: CSV: $csv" "$TMP/stdout.$$"
check "one header" test "$(grep -c '^#Intersecting_Pairs,Haines,' "$csv")" -eq 1
check "a row per step" test "$(grep -cv '^#' "$csv")" -eq 3
check "IT 0, 50, 100" test "$(grep -v '^#' "$csv" | cut -d, -f1 | tr '\n' ' ')" = "0 50 100 "
check "every row has CPU times" test "$(grep -v '^#' "$csv" | cut -d, -f2-11 | grep -c NA)" -eq 0
check "metadata per row" test "$(grep -c '^# Bench;.* pairs=2000; reps=1;' "$csv")" -eq 3
check "long CSV beside it" test "$(grep -c ',run,2000,' "$out/output-long.csv")" -gt 0
check "cpu_time.png is a PNG" is_png "$out/cpu_time.png"
check "no OpenCL charts without OpenCL data" test ! -e "$out/opencl_kernel_time.png"
check "skipped charts are announced" grep -q 'no OpenCL timings.*skipped' "$TMP/stdout.$$"
check "data files deleted" test -z "$(ls "$out" | grep '^data-')"

# --keep-data and the results folder from the environment; an existing CSV is appended to.
expect 0 '' -- env RAYTETRA_RESULTS_DIR="$out" "$script" --no-opencl --keep-data --algorithms stp1 200 1 100
check "two more rows" test "$(grep -cv '^#' "$csv")" -eq 5
check "data kept" test -s "$out/data-0.rtb" -a -s "$out/data-100.rtb"

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
expect 2 "unknown option '--nosuch'" -- "$script" --nosuch 2000 1 50
expect 2 "--out needs a folder" -- "$script" 2000 1 50 --out
expect 1 'not found; build it first' -- env RAYTETRA_BIN="$TMP/nowhere" "$script" 2000 1 50
expect 0 '' -- "$script" -h
finish
