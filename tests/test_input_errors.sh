# test_input_errors: every bad input of docs/SPECIFICATION.md section 4 gets one line naming file and line, a
# non-zero exit, and no output file; bad command lines get a usage error (exit 2).
source "$(dirname "$0")/lib.sh"
RT="$BIN/RayTetra"
good="0 0 0 0 1 0 1 0 0 0 0 1 0.2 0.2 -1 0.2 0.2 2"

bad_input() { # bad_input PATTERN CONTENT: RayTetra refuses the file, leaves no output
    local pattern=$1 content=$2
    printf '%b' "$content" >"$TMP/in.txt"
    rm -f "$TMP"/out.txt*
    expect 1 "$pattern" -- "$RT" -t 0 "$TMP/in.txt" "$TMP/out.txt" 1
    if ls "$TMP"/out.txt* >/dev/null 2>&1; then fail "an output file was left behind for /$pattern/"; else pass; fi
}

expect 1 "nope.txt: cannot open the input file" -- "$RT" -t 0 "$TMP/nope.txt" "$TMP/out.txt" 1
bad_input "in.txt: the file is empty" ""
bad_input "in.txt:1: the first line must be the number of pairs" "two\n$good\n"
bad_input "in.txt:1: the number of pairs is negative" "-1\n"
bad_input "in.txt:1: 99999999999 pairs cannot fit in this file" "99999999999\n$good\n"
bad_input "in.txt:2: 'abc' is not a number" "1\n0 0 0 0 1 0 1 0 0 0 0 1 0.2 abc -1 0.2 0.2 2\n"
bad_input "in.txt:2: '0.2x' is not a number" "1\n0 0 0 0 1 0 1 0 0 0 0 1 0.2x 0.2 -1 0.2 0.2 2\n"
bad_input "in.txt:2: expected 18 reals \(V0 V1 V2 V3 P Q\), found 17" "1\n0 0 0 0 1 0 1 0 0 0 0 1 0.2 0.2 -1 0.2 0.2\n"
bad_input "in.txt:2: expected 18 reals \(V0 V1 V2 V3 P Q\), found more than 18" "1\n$good 5\n"
bad_input "in.txt:2: the file ends after 1 pairs, but its first line announces 2" "2\n$good\n"
bad_input "in.txt:4: more pairs than the 1 announced on the first line" "1\n# a comment\n$good\n$good\n"
bad_input "in.txt:2: 'nan' is not a finite number" "1\n0 0 0 0 1 0 1 0 0 0 0 1 nan 0.2 -1 0.2 0.2 2\n"
bad_input "in.txt:2: 'inf' is not a finite number" "1\n0 0 0 0 1 0 1 0 0 0 0 1 0.2 0.2 -1 0.2 inf 2\n"
bad_input "in.txt:2: '1e999' is not a finite number" "1\n0 0 0 0 1 0 1 0 0 0 0 1 0.2 0.2 1e999 0.2 0.2 2\n"
bad_input "in.txt:2: P and Q are the same point" "1\n0 0 0 0 1 0 1 0 0 0 0 1 0.2 0.2 2 0.2 0.2 2\n"
bad_input "in.txt:2: the tetrahedron is degenerate" "1\n0 0 0 0 1 0 1 0 0 1 1 0 0.2 0.2 -1 0.2 0.2 2\n"
bad_input "in.txt:2: the tetrahedron is negatively oriented" "1\n0 0 0 1 0 0 0 1 0 0 0 1 0.2 0.2 -1 0.2 0.2 2\n"

# A good file with comments, blank lines, CRLF and N = 0 is accepted.
printf '# made by hand\n1\r\n\n%s\r\n' "$good" >"$TMP/ok.txt"
expect 0 "" -- "$RT" -t 0 "$TMP/ok.txt" "$TMP/ok.out" 1
check "the result of a hand-made hit" grep -q '^true 3 0 ' "$TMP/ok.out"
printf '0\n' >"$TMP/empty.txt"
expect 0 "" -- "$RT" -t 1 "$TMP/empty.txt" "$TMP/empty.out" 3
check "N = 0 gives an output with only the timing line" test "$(grep -vc '^#' "$TMP/empty.out")" = 0

# The output folder does not exist: one line, nothing written.
expect 1 "missing/out.txt: cannot create the output file" -- "$RT" -t 0 "$TMP/ok.txt" "$TMP/missing/out.txt" 1

# Command-line errors: exit 2 and a pointer to -h.
expect 2 "expected INPUT OUTPUT REPS, got 2 arguments" -- "$RT" "$TMP/ok.txt" "$TMP/out.txt"
expect 2 "REPS must be a whole number from 1" -- "$RT" "$TMP/ok.txt" "$TMP/out.txt" 0
expect 2 "REPS must be a whole number from 1" -- "$RT" "$TMP/ok.txt" "$TMP/out.txt" 3x
expect 2 "unknown algorithm 'stp9'" -- "$RT" --algorithm stp9 "$TMP/ok.txt" "$TMP/out.txt" 1
expect 2 "-s \(Pluecker form\) must be a whole number from 0 to [0-9]+, not '99'" -- "$RT" -s 99 "$TMP/ok.txt" "$TMP/out.txt" 1
expect 2 "only one algorithm can be chosen" -- "$RT" -s 0 -t 1 "$TMP/ok.txt" "$TMP/out.txt" 1
expect 2 "-p takes t \(time\), r \(results\) or b \(both\)" -- "$RT" -p x "$TMP/ok.txt" "$TMP/out.txt" 1
expect 2 "unknown option" -- "$RT" --frobnicate "$TMP/ok.txt" "$TMP/out.txt" 1
"$RT" -h >"$TMP/help.txt"
for word in -s -t -a -m -g -p -d -n --algorithm --local-size --list-devices --snapshot; do
    check "help names $word" grep -q -- "$word" "$TMP/help.txt"
done
finish
