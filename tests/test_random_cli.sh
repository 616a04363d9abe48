# test_random_cli: RandomRayTetra's command line: counts in the file, determinism by seed,
# usage errors, no half-written file.
source "$(dirname "$0")/lib.sh"
GEN="$BIN/RandomRayTetra"
expect 0 "" -- "$GEN" "$TMP/a.txt" -i 30 -n 70 --seed 9
expect 0 "" -- "$GEN" "$TMP/b.txt" -n 70 -i 30 --seed 9
check "first line holds the count" test "$(head -n 1 "$TMP/a.txt")" = 100
check "100 pair lines" test "$(tail -n +2 "$TMP/a.txt" | wc -l)" = 100
check "same seed, same file" cmp -s "$TMP/a.txt" "$TMP/b.txt"
expect 0 "" -- "$GEN" "$TMP/c.txt" -i 30 -n 70 --seed 10
check "another seed, another file" sh -c "! cmp -s '$TMP/a.txt' '$TMP/c.txt'"
# The classes: every algorithm reports exactly 30 hits on this file.
"$BIN/RayTetra" -t 0 -p r "$TMP/a.txt" "$TMP/a.out" 1 >/dev/null
check "30 hits" test "$(grep -c '^true' "$TMP/a.out")" = 30

expect 2 "expected OUTPUT -i HITS -n MISSES" -- "$GEN" "$TMP/d.txt" -i 5
expect 2 "-i \(hits\) must be a whole number >= 0, not '-5'" -- "$GEN" "$TMP/d.txt" -i -5 -n 1
expect 2 "-n \(misses\) must be a whole number >= 0, not 'x'" -- "$GEN" "$TMP/d.txt" -i 5 -n x
expect 2 "--seed must be a whole number" -- "$GEN" "$TMP/d.txt" -i 5 -n 1 --seed -1
expect 1 "missing/d.txt: cannot create the output file" -- "$GEN" "$TMP/missing/d.txt" -i 5 -n 1
check "no file left behind" sh -c "! ls '$TMP'/d.txt* 2>/dev/null"
finish
