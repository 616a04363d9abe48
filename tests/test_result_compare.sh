# test_result_compare: CompareResults and scripts/result_compare.sh (CPU algorithms; the OpenCL
# ones are in test_bench_opencl.sh): no differences on random data, planted differences found
# with their line numbers, the tolerance, both forms of the script, and bad arguments.
source "$(dirname "$0")/lib.sh"
export RAYTETRA_BIN="$BIN"
script="$ROOT/scripts/result_compare.sh"
in="$TMP/in.txt"
# differ STATUS command...: a disagreement is a result, not an error: exit STATUS, report on stdout.
differ() {
    local want=$1 status
    shift 2
    "$@" >"$TMP/stdout.$$" 2>"$TMP/stderr.$$"
    status=$?
    if [ "$status" -eq "$want" ]; then pass; else fail "$* exited $status, expected $want: $(head -c 400 "$TMP/stderr.$$")"; fi
}
"$BIN/RandomRayTetra" "$in" -i 200 -n 200 --seed 9 >/dev/null || fail "RandomRayTetra"
"$BIN/RayTetra" -t 0 -p r "$in" "$TMP/stp0.out" 1 >/dev/null || fail "RayTetra stp0"
"$BIN/RayTetra" -s 1 -p r "$in" "$TMP/pluecker1.out" 1 >/dev/null || fail "RayTetra pluecker1"

# Agreement: exit 0 and a summary line.
expect 0 '' -- "$BIN/CompareResults" "$in" "$TMP/stp0.out" "$TMP/pluecker1.out"
check "summary says agree" grep -q 'agrees with the reference .*stp0.out on all 400 pairs' "$TMP/stdout.$$"
expect 0 '' -- "$BIN/CompareResults" --exact "$in" "$TMP/stp0.out"

# Planted differences: a face, a class, a real.
first_hit=$(grep -n '^true' "$TMP/stp0.out" | head -n 1 | cut -d: -f1)
awk -v n="$first_hit" 'NR == n { $2 = ($2 + 1) % 4 } { print }' "$TMP/stp0.out" >"$TMP/face.out"
differ 1 -- "$BIN/CompareResults" "$in" "$TMP/stp0.out" "$TMP/face.out"
check "face difference with its line" grep -q "face.out:$first_hit: pair $((first_hit - 1)) (.*stp0.out:$first_hit): faces" "$TMP/stdout.$$"
check "one difference counted" grep -q '1 difference from the reference .* 0 hit/miss, 1 faces, 0 reals' "$TMP/stdout.$$"
awk -v n="$first_hit" 'NR == n { $0 = "false" } { print }' "$TMP/stp0.out" >"$TMP/class.out"
differ 1 -- "$BIN/CompareResults" --exact "$in" "$TMP/class.out"
check "class difference" grep -q "class.out:$first_hit: pair $((first_hit - 1)): hit/miss: reference true, other false" "$TMP/stdout.$$"
# tEnter (field 14) changed in its 7th digit: beyond 1e-9, within 1e-3.
awk -v n="$first_hit" 'NR == n { $14 = sprintf("%.17g", $14 * (1 + 1e-6) + 1e-6) } { print }' "$TMP/stp0.out" >"$TMP/real.out"
differ 1 -- "$BIN/CompareResults" "$in" "$TMP/stp0.out" "$TMP/real.out"
check "real difference" grep -q "real.out:$first_hit: .*tEnter: reference" "$TMP/stdout.$$"
expect 0 '' -- "$BIN/CompareResults" --tolerance 1e-3 "$in" "$TMP/stp0.out" "$TMP/real.out"
# Comment lines shift the line numbers, and the report follows them.
{ echo "# a comment"; cat "$TMP/face.out"; } >"$TMP/commented.out"
differ 1 -- "$BIN/CompareResults" --exact "$in" "$TMP/commented.out"
check "line number counts the comment" grep -q "commented.out:$((first_hit + 1)): pair $((first_hit - 1)):" "$TMP/stdout.$$"

# CompareResults: bad arguments.
expect 2 'expected INPUT REFERENCE_RESULTS OTHER_RESULTS' -- "$BIN/CompareResults" "$in" "$TMP/stp0.out"
expect 2 'expected --exact INPUT OTHER_RESULTS' -- "$BIN/CompareResults" --exact "$in"
expect 2 "--tolerance must be a number >= 0, not 'x'" -- "$BIN/CompareResults" --tolerance x "$in" "$TMP/stp0.out" "$TMP/stp0.out"
expect 2 'unknown option' -- "$BIN/CompareResults" --nosuch "$in" "$TMP/stp0.out" "$TMP/stp0.out"
expect 2 'missing.out: cannot open the result file' -- "$BIN/CompareResults" "$in" "$TMP/stp0.out" "$TMP/missing.out"
head -n 10 "$TMP/stp0.out" >"$TMP/short.out"
expect 2 'short.out holds 10 results but .*in.txt holds 400 pairs' -- "$BIN/CompareResults" "$in" "$TMP/stp0.out" "$TMP/short.out"

# Streaming: the files are read in chunks in lockstep. Chunk boundaries anywhere (a chunk of one
# pair, of 7: 400 is no multiple of 7) give the report of one chunk, differences in pair order.
"$BIN/CompareResults" "$in" "$TMP/stp0.out" "$TMP/face.out" >"$TMP/whole.txt"
for pairs in 1 7; do
    RAYTETRA_STREAM_CHUNK_PAIRS=$pairs "$BIN/CompareResults" "$in" "$TMP/stp0.out" "$TMP/face.out" >"$TMP/chunks.txt"
    check "chunks of $pairs pairs: the same report" cmp -s "$TMP/whole.txt" "$TMP/chunks.txt"
done
printf '0\n' >"$TMP/none.txt"
: >"$TMP/none.out"
expect 0 '' -- "$BIN/CompareResults" --exact "$TMP/none.txt" "$TMP/none.out"
check "no pairs: all 0 agree" grep -q 'agrees with the exact classifier on all 0 pairs' "$TMP/stdout.$$"
# 100,000 pairs at --max-memory 16M: the report of the default run, differences from several
# chunks, and the memory of a few chunks where a whole-file read holds some 40 MB.
big="$TMP/big.txt"
"$BIN/RandomRayTetra" "$big" -i 40000 -n 60000 --seed 11 >/dev/null || fail "RandomRayTetra 100,000 pairs"
"$BIN/RayTetra" -t 0 -p r "$big" "$TMP/big.out" 1 >/dev/null || fail "RayTetra on 100,000 pairs"
awk '$1 == "true" && ++hits % 4000 == 0 { $2 = ($2 + 1) % 4 } { print }' "$TMP/big.out" >"$TMP/big-planted.out"
"$BIN/CompareResults" "$big" "$TMP/big.out" "$TMP/big-planted.out" >"$TMP/big-default.txt"
check "planted differences in several chunks" test "$(grep -c ': pair [0-9]' "$TMP/big-default.txt")" -ge 8
# The sanitizers' shadow memory would be counted: under them only the report is compared.
measure=()
[ -z "${SANITIZED:-}" ] && [ -x /usr/bin/time ] && measure=(/usr/bin/time -f %M -o "$TMP/rss.txt")
"${measure[@]}" "$BIN/CompareResults" --max-memory 16M "$big" "$TMP/big.out" "$TMP/big-planted.out" >"$TMP/big-16m.txt"
check "--max-memory 16M: the default run's report" cmp -s "$TMP/big-default.txt" "$TMP/big-16m.txt"
if [ ${#measure[@]} -gt 0 ]; then
    rss=$(tail -n 1 "$TMP/rss.txt") # after "Command exited with non-zero status 1": the differences
    check "--max-memory 16M: max RSS $rss KB, under 24 MB" test "$rss" -lt 24576
fi
expect 2 "--max-memory 1M is below the minimum; .*at least 16M" -- "$BIN/CompareResults" --max-memory 1M "$in" "$TMP/stp0.out" "$TMP/stp0.out"
expect 2 "--max-memory '16X' is not a size" -- "$BIN/CompareResults" --max-memory 16X "$in" "$TMP/stp0.out" "$TMP/stp0.out"
# A bad pair, a bad result and a short result file in a late chunk: reported as a whole-file read does.
awk 'NR == 87655 { $3 = "abc" } { print }' "$big" >"$TMP/big-bad.txt"
expect 2 "big-bad.txt:87655: 'abc' is not a number" -- "$BIN/CompareResults" --max-memory 16M "$TMP/big-bad.txt" "$TMP/big.out" "$TMP/big.out"
check "no report line for a bad input" test ! -s "$TMP/stdout.$$"
awk 'NR == 76543 { $0 = "true 1 2" } { print }' "$TMP/big.out" >"$TMP/big-bad.out"
expect 2 "big-bad.out:76543: a hit needs 14 values after 'true'" -- "$BIN/CompareResults" --max-memory 16M --exact "$big" "$TMP/big-bad.out"
head -n 91234 "$TMP/big.out" >"$TMP/big-short.out"
expect 2 "big-short.out holds 91234 results but .*big.txt holds 100000 pairs" -- "$BIN/CompareResults" --max-memory 16M "$big" "$TMP/big.out" "$TMP/big-short.out"
{ cat "$TMP/big.out"; echo false; } >"$TMP/big-long.out"
expect 2 "big-long.out holds 100001 results but .*big.txt holds 100000 pairs" -- "$BIN/CompareResults" --max-memory 16M "$big" "$TMP/big-long.out" "$TMP/big.out"

# The script, second form: every CPU algorithm agrees; the .differences file says so.
rm -f "$in.differences"
expect 0 '' -- "$script" --no-opencl "$in"
check "differences file written" test -s "$in.differences"
check "no difference lines" test "$(grep -c ': pair [0-9]' "$in.differences")" -eq 0
cpu_count=$("$BIN/Bench" --list-algorithms | awk '$3 == "cpu"' | wc -l)
check "one summary line per CPU algorithm" test "$(grep -c 'agrees with the exact classifier' "$TMP/stdout.$$")" -eq "$cpu_count"
check "final summary" grep -q "result_compare.sh: $cpu_count agree, 0 disagree" "$TMP/stdout.$$"

# A planted file among them: found, with its line, and the exit status says so.
differ 1 -- "$script" --no-opencl --results "$TMP/face.out" "$in"
check "planted face reported" grep -q "face.out:$first_hit: pair $((first_hit - 1)): faces" "$in.differences"
check "planted summary" grep -q "face.out .*1 difference" "$TMP/stdout.$$"

# First form: generates NEWINPUT, then compares.
expect 0 '' -- "$script" --no-opencl --seed 4 30 20 "$TMP/new.txt"
check "NEWINPUT written" test "$(head -n 1 "$TMP/new.txt")" = 50
check "NEWINPUT.differences written" test -s "$TMP/new.txt.differences"

# The script: bad arguments.
expect 2 'usage: result_compare.sh' -- "$script"
expect 2 'got 5 arguments' -- "$script" 1 2 3 4 5
expect 2 "HITS must be a whole number >= 0, not 'x'" -- "$script" x 2 "$TMP/n.txt"
expect 2 "MISSES must be a whole number" -- "$script" 1 2x "$TMP/n.txt"
expect 2 'HITS \+ MISSES must be at least 1' -- "$script" 0 0 "$TMP/n.txt"
expect 2 "DEVICE must be a whole number" -- "$script" "$in" gpu
expect 2 'the tolerance must be a number' -- "$script" --tolerance abc "$in"
expect 2 "--nosuch: unknown option or missing argument" -- "$script" --nosuch "$in"
expect 2 "unknown algorithm 'nosuch'" -- "$script" --algorithms stp0,nosuch "$in"

# --algorithms takes the names of the grammar in any case; a float variant gets the float tolerance.
expect 0 '' -- "$script" --no-opencl --algorithms Moller2,STP1F,pluecker0V "$in"
check "three algorithms, by name" test "$(grep -cE '^(moller2|stp1f|pluecker0v) .*agrees with the exact' "$TMP/stdout.$$")" -eq 3
expect 1 'missing.txt: no such readable input file' -- "$script" --no-opencl "$TMP/missing.txt"
expect 1 'nosuch.out: no such readable result file' -- "$script" --no-opencl --results "$TMP/nosuch.out" "$in"
expect 0 '' -- "$script" -h
finish
