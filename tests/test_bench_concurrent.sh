# test_bench_concurrent: Bench runs appending to one CSV (and one long CSV) at the same time lose
# no row: a lock makes each header check, copy and replacement one step (docs/FILES.md).
source "$(dirname "$0")/lib.sh"
RUNS=8
in="$TMP/in.txt"
"$BIN/RandomRayTetra" "$in" -i 20 -n 20 --seed 4 >/dev/null || fail "RandomRayTetra"
rows_per_run() { # long CSV rows of one run with --algorithms stp0,haines (and the CPU copy loop's, not counted)
    echo 2
}
algorithm_rows() { grep -vc ',cpu_bandwidth,' "$TMP/long.csv"; }
for round in new existing; do
    if [ "$round" = existing ]; then # the second round appends to the first round's files
        before=$(grep -vc '^#' "$TMP/wide.csv")
        before_long=$(($(algorithm_rows) - 1))
    else
        before=0
        before_long=0
    fi
    pids=()
    for _ in $(seq 1 $RUNS); do
        "$BIN/Bench" --no-opencl --algorithms stp0,haines --long-csv "$TMP/long.csv" "$in" "$TMP/wide.csv" 1 \
            >/dev/null 2>>"$TMP/errors" &
        pids+=($!)
    done
    failed=0
    for pid in "${pids[@]}"; do wait "$pid" || failed=$((failed + 1)); done
    check "$round: every Bench run succeeded ($(cat "$TMP/errors"))" test "$failed" -eq 0
    check "$round: $RUNS more rows in the wide CSV" test "$(grep -vc '^#' "$TMP/wide.csv")" -eq $((before + RUNS))
    check "$round: $RUNS more metadata lines" test "$(grep -c '^# Bench;' "$TMP/wide.csv")" -eq $((before + RUNS))
    check "$round: one header in the wide CSV" test "$(grep -c '^#Intersecting_Pairs' "$TMP/wide.csv")" -eq 1
    check "$round: the header first" test "$(head -n 1 "$TMP/wide.csv" | cut -d, -f1)" = "#Intersecting_Pairs"
    check "$round: every run's rows in the long CSV" \
        test "$(($(algorithm_rows) - 1))" -eq $((before_long + RUNS * $(rows_per_run)))
    check "$round: one header in the long CSV" test "$(grep -c '^date,input' "$TMP/long.csv")" -eq 1
done
check "no temporary file left" test -z "$(find "$TMP" -name '*.tmp.*')"
finish
