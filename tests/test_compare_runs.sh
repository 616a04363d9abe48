# test_compare_runs: CompareRuns on two Bench runs of one input (the ratio line of every
# algorithm in both, the ones only in one, a made-up twice-as-fast run that must come out
# significant), its refusal of runs on other inputs unless --force, bad files and arguments;
# and scripts/report.sh on Bench's and Accuracy's JSON.
source "$(dirname "$0")/lib.sh"
CR="$BIN/CompareRuns"
in="$TMP/in.txt"
"$BIN/RandomRayTetra" "$in" -i 100 -n 100 --seed 8 >/dev/null || fail "RandomRayTetra"
"$BIN/Bench" --no-opencl --algorithms stp0,stp1,haines --json "$TMP/a.json" "$in" "$TMP/a.csv" 6 >/dev/null 2>&1 ||
    fail "Bench a"
"$BIN/Bench" --no-opencl --algorithms stp0,stp1,moller1 --json "$TMP/b.json" "$in" "$TMP/b.csv" 6 >/dev/null 2>&1 ||
    fail "Bench b"

expect 0 '' -- "$CR" "$TMP/a.json" "$TMP/b.json"
line='ran [0-9]+\.[0-9]{2} \+/- [0-9]+\.[0-9]{2} times (faster|slower) in B \(95% CI [0-9.]+-[0-9.]+; median [0-9.e-]+ ms in A, [0-9.e-]+ ms in B; p [=<] [0-9.]+'
check "STP0 compared" grep -Eq "^STP0 \(run\) $line" "$TMP/stdout.$$"
check "STP1 compared" grep -Eq "^STP1 \(run\) $line" "$TMP/stdout.$$"
check "only in A" grep -qx 'only in A: Haines (run)' "$TMP/stdout.$$"
check "only in B" grep -qx 'only in B: Moller1 (run)' "$TMP/stdout.$$"

# Known repetitions: B twice as fast, every repetition faster than A's: the exact test of 6
# against 6 separated samples gives p = 2 / C(12, 6) = 0.002.
jq '.results |= map(.samples_ms = [1, 1.1, 1.2, 1.3, 1.4, 1.5])' "$TMP/a.json" >"$TMP/known.json"
jq '.results |= map(.samples_ms = [0.5, 0.55, 0.6, 0.65, 0.7, 0.75])' "$TMP/a.json" >"$TMP/half.json"
expect 0 '' -- "$CR" "$TMP/known.json" "$TMP/half.json"
check "half the time: 2.00 times faster, significant" grep -Eq '^STP0 \(run\) ran 2\.00 \+/- 0\.[0-9]{2} times faster in B \(95% CI [0-9.]+-[0-9.]+; median 1\.25 ms in A, 0\.625 ms in B; p = 0\.002\)$' "$TMP/stdout.$$"
expect 0 '' -- "$CR" "$TMP/half.json" "$TMP/known.json"
check "the other way round: 2.00 times slower" grep -Eq '^STP0 \(run\) ran 2\.00 .* times slower in B' "$TMP/stdout.$$"
expect 0 '' -- "$CR" "$TMP/a.json" "$TMP/a.json"
check "a run against itself: 1.00, not significant" grep -Eq '^STP0 \(run\) ran 1\.00 .*p = 1\.000(, normal approximation)?\): not significant$' "$TMP/stdout.$$"

# A run whose algorithm failed: listed, not compared.
jq '(.results[] | select(.algorithm == "STP1")) |= (.verified = false | .status = "failed" | .samples_ms = [])' \
    "$TMP/b.json" >"$TMP/failed.json"
expect 0 '' -- "$CR" "$TMP/a.json" "$TMP/failed.json"
check "not verified: listed" grep -qx 'not verified in A or in B: STP1 (run)' "$TMP/stdout.$$"
check "not verified: not compared" test "$(grep -c '^STP1 (run) ran' "$TMP/stdout.$$")" -eq 0

# Another input, or another device: refused, naming what differs, unless --force.
"$BIN/RandomRayTetra" "$TMP/other.txt" -i 100 -n 100 --seed 9 >/dev/null || fail "RandomRayTetra other"
"$BIN/Bench" --no-opencl --algorithms stp0 --json "$TMP/other.json" "$TMP/other.txt" "$TMP/o.csv" 3 >/dev/null 2>&1 ||
    fail "Bench other"
expect 1 'the runs differ in input_sha256 \(A [0-9a-f]{16}\.\.\., B [0-9a-f]{16}\.\.\.\).*--force' -- "$CR" "$TMP/a.json" "$TMP/other.json"
expect 0 '' -- "$CR" --force "$TMP/a.json" "$TMP/other.json"
check "--force says what differs" grep -q '^compared with --force although they differ in input_sha256' "$TMP/stdout.$$"
jq '.context.cpu = "Another CPU"' "$TMP/a.json" >"$TMP/cpu.json"
expect 1 'differ in cpu \(A .*, B Another CPU\)' -- "$CR" "$TMP/a.json" "$TMP/cpu.json"

# Bad files and arguments: one line each.
expect 2 'expected A.json B.json, got 1 argument' -- "$CR" "$TMP/a.json"
expect 2 'unknown option' -- "$CR" --nosuch "$TMP/a.json" "$TMP/b.json"
expect 1 'missing.json: cannot open the results file' -- "$CR" "$TMP/a.json" "$TMP/missing.json"
echo '{"schema": ' >"$TMP/broken.json"
expect 1 'broken.json: not valid JSON' -- "$CR" "$TMP/a.json" "$TMP/broken.json"
echo '{"schema": "raytetra-accuracy/1"}' >"$TMP/acc-schema.json"
expect 1 'schema "raytetra-accuracy/1", not "raytetra-bench/1"' -- "$CR" "$TMP/a.json" "$TMP/acc-schema.json"
jq 'del(.results[0].samples_ms)' "$TMP/a.json" >"$TMP/nosamples.json"
expect 1 'results\[0\] lacks' -- "$CR" "$TMP/a.json" "$TMP/nosamples.json"
# Exactly one RFC 8259 document of the schema: each kind of malformed file is one line naming it
# (and the line or the result), exit 1. A marker number is put where a bad token goes.
jq '.results[0].samples_ms[1] = 123456789' "$TMP/a.json" >"$TMP/marked.json"
bad_token() { # NAME TOKEN: the marked file with TOKEN for the marker
    sed "s/123456789/$2/" "$TMP/marked.json" >"$TMP/$1.json"
}
printf '%s garbage\n' "$(jq -c . "$TMP/a.json")" >"$TMP/trailing.json"
expect 1 'trailing.json: not valid JSON at line 1: more after the JSON document' -- "$CR" "$TMP/a.json" "$TMP/trailing.json"
cat "$TMP/a.json" "$TMP/a.json" >"$TMP/two.json"
expect 1 "two.json: not valid JSON at line $(($(wc -l <"$TMP/a.json") + 1)): more after the JSON document" -- \
    "$CR" "$TMP/two.json" "$TMP/a.json"
bad_token nan NaN
expect 1 'nan.json: not valid JSON at line [0-9]+: a word other than true, false or null' -- "$CR" "$TMP/a.json" "$TMP/nan.json"
bad_token infinity Infinity
expect 1 'infinity.json: not valid JSON at line [0-9]+: a word other than' -- "$CR" "$TMP/a.json" "$TMP/infinity.json"
bad_token minus-infinity -Infinity
expect 1 'minus-infinity.json: not valid JSON at line [0-9]+: a malformed number' -- "$CR" "$TMP/a.json" "$TMP/minus-infinity.json"
bad_token overflow 1e400
expect 1 'overflow.json: not valid JSON at line [0-9]+: a number too large for a double' -- "$CR" "$TMP/a.json" "$TMP/overflow.json"
bad_token point 1.
expect 1 'point.json: not valid JSON at line [0-9]+: a malformed number' -- "$CR" "$TMP/a.json" "$TMP/point.json"
bad_token zeros 007
expect 1 'zeros.json: not valid JSON at line [0-9]+: a malformed number' -- "$CR" "$TMP/a.json" "$TMP/zeros.json"
jq -c . "$TMP/a.json" | sed 's/}$/,}/' >"$TMP/comma.json"
expect 1 'comma.json: not valid JSON at line 1: unexpected character' -- "$CR" "$TMP/a.json" "$TMP/comma.json"
jq '.context.cpu = "tab here"' "$TMP/a.json" | sed 's/tab here/tab\there/' >"$TMP/tab.json"
expect 1 'tab.json: not valid JSON at line [0-9]+: a control character inside a string' -- "$CR" "$TMP/a.json" "$TMP/tab.json"
jq '.context.cpu = "latin"' "$TMP/a.json" | sed 's/latin/lat\xe9n/' >"$TMP/latin1.json"
expect 1 'latin1.json: not valid JSON at line [0-9]+: invalid utf-8' -- "$CR" "$TMP/a.json" "$TMP/latin1.json"
{ printf '{"schema": "raytetra-bench/1", "context": {}, "results": %s' "$(printf '[%.0s' $(seq 100))"; } >"$TMP/deep.json"
expect 1 'deep.json: not valid JSON at line 1: nesting too deep' -- "$CR" "$TMP/a.json" "$TMP/deep.json"
: >"$TMP/empty.json"
expect 1 'empty.json: empty \(no JSON document\)' -- "$CR" "$TMP/empty.json" "$TMP/a.json"
printf ' \n\t\n' >"$TMP/blank.json"
expect 1 'blank.json: empty \(no JSON document\)' -- "$CR" "$TMP/a.json" "$TMP/blank.json"
echo null >"$TMP/null.json"
expect 1 'null.json: not a RayTetra results file \(the document is null\)' -- "$CR" "$TMP/a.json" "$TMP/null.json"
expect 1 "$TMP: cannot read the results file: Is a directory" -- "$CR" "$TMP/a.json" "$TMP"

# Every repetition a time from 1e-06 to 1e+12 ms (Bench's nanosecond to 31 years): the file, the
# result and the repetition named.
first=$(jq -r '.results[0].algorithm' "$TMP/a.json")
sample_case() { # NAME JQ-FILTER PATTERN
    jq "$2" "$TMP/a.json" >"$TMP/$1.json"
    expect 1 "$1.json: results\\[0\\] \\($first run\\): samples_ms\\[$3 is not a time in ms from 1e-06 to 1e\\+12" -- \
        "$CR" "$TMP/a.json" "$TMP/$1.json"
}
sample_case negative '.results[0].samples_ms[2] = -0.5' '2\] = -0.5'
sample_case zero '.results[0].samples_ms |= map(0)' '0\] = 0'
sample_case huge '.results[0].samples_ms[3] = 1e308' '3\] = 1e\+308'
sample_case years '.results[0].samples_ms[0] = 2e12' '0\] = 2e\+12'
bad_token tiny 1e-400
expect 1 "tiny.json: results\\[0\\] \\($first run\\): samples_ms\\[1\\] = 0 is not a time" -- "$CR" "$TMP/a.json" "$TMP/tiny.json"
bad_token wide 99999999999999999999999
expect 1 "wide.json: results\\[0\\] \\($first run\\): samples_ms\\[1\\] = [0-9.e+]+ is not a time" -- "$CR" "$TMP/a.json" "$TMP/wide.json"
jq '.results[0].samples_ms[1] = "1"' "$TMP/a.json" >"$TMP/text-sample.json"
expect 1 "text-sample.json: results\\[0\\] \\($first run\\): samples_ms\\[1\\] is not a number" -- "$CR" "$TMP/a.json" "$TMP/text-sample.json"
# The extremes of the range: a ratio of 1e18, finite, and no NaN or infinity anywhere.
jq '.results |= map(.samples_ms = [1e12, 1e12, 1e12])' "$TMP/a.json" >"$TMP/slowest.json"
jq '.results |= map(.samples_ms = [1e-6, 1e-6, 1e-6])' "$TMP/a.json" >"$TMP/fastest.json"
expect 0 '' -- "$CR" "$TMP/slowest.json" "$TMP/fastest.json"
check "1e12 ms against 1e-6 ms: about 1e18 times faster" grep -Eq '^STP0 \(run\) ran 1[0-9]{18}\.00 \+/- 0\.00 times faster in B' "$TMP/stdout.$$"
check "no NaN or infinity printed" test "$(grep -Eic 'nan|inf' "$TMP/stdout.$$")" -eq 0
expect 0 '' -- "$CR" "$TMP/fastest.json" "$TMP/slowest.json"
check "and the other way round" grep -Eq '^STP0 \(run\) ran 1[0-9]{18}\.00 \+/- 0\.00 times slower in B' "$TMP/stdout.$$"
check "no NaN or infinity printed" test "$(grep -Eic 'nan|inf' "$TMP/stdout.$$")" -eq 0

# Names compared whole: two algorithms (or phases) that differ only after 63 (31) characters
# are two results, each compared with its own.
long=$(printf 'L%.0s' $(seq 70))
names() { # FILE FIELD SECOND-SAMPLES: results 0 and 1 renamed to $long-1 and $long-2
    jq --arg long "$long" --arg field "$2" --argjson second "$3" \
        '.results[0][$field] = $long + "-1" | .results[1][$field] = $long + "-2" |
         .results[0].samples_ms = [1, 1.1, 1.2, 1.3, 1.4, 1.5] | .results[1].samples_ms = $second' \
        "$TMP/a.json" >"$TMP/$1.json"
}
names long-a algorithm '[1, 1.1, 1.2, 1.3, 1.4, 1.5]'
names long-b algorithm '[0.5, 0.55, 0.6, 0.65, 0.7, 0.75]'
expect 0 '' -- "$CR" "$TMP/long-a.json" "$TMP/long-b.json"
check "the first long name: the same times" grep -Eq "^$long-1 \(run\) ran 1\.00 " "$TMP/stdout.$$"
check "the second long name: twice as fast" grep -Eq "^$long-2 \(run\) ran 2\.00 " "$TMP/stdout.$$"
names phase-a phase '[1, 1.1, 1.2, 1.3, 1.4, 1.5]'
names phase-b phase '[0.5, 0.55, 0.6, 0.65, 0.7, 0.75]'
expect 0 '' -- "$CR" "$TMP/phase-a.json" "$TMP/phase-b.json"
check "the second long phase: twice as fast" grep -Eq " \($long-2\) ran 2\.00 " "$TMP/stdout.$$"
jq '.results[1] = .results[0]' "$TMP/a.json" >"$TMP/repeated.json"
expect 1 "repeated.json: results\\[0\\] and results\\[1\\] are both $first \\(run\\)" -- "$CR" "$TMP/a.json" "$TMP/repeated.json"
jq '.results[0].algorithm = "STP0\u0000x"' "$TMP/a.json" >"$TMP/nul-name.json"
expect 1 'nul-name.json: results\[0\]\.algorithm holds a control character' -- "$CR" "$TMP/a.json" "$TMP/nul-name.json"
jq '.results[0].phase = ""' "$TMP/a.json" >"$TMP/no-phase.json"
expect 1 'no-phase.json: results\[0\]\.phase is empty' -- "$CR" "$TMP/a.json" "$TMP/no-phase.json"
jq '.context.cpu = "A\u0000B"' "$TMP/a.json" >"$TMP/nul-cpu.json"
expect 1 'nul-cpu.json: context\.cpu holds a NUL character' -- "$CR" "$TMP/a.json" "$TMP/nul-cpu.json"
"$CR" --version | grep -Eq '^CompareRuns \(RayTetra\) ' && pass || fail "CompareRuns --version"
expect 0 '' -- "$CR" -h
check "help: the refusal and --force" grep -q -- '--force' "$TMP/stdout.$$"

# report.sh: Bench's and Accuracy's JSON merged into one Markdown page.
report="$ROOT/scripts/report.sh"
"$BIN/RandomRayTetra" "$TMP/classes.txt" -i 20 -n 20 --edge 20 --vertex 20 --seed 3 >/dev/null || fail "classes"
"$BIN/Accuracy" "$TMP/classes.txt" --no-opencl --algorithms stp0,stp1,haines,stp0r --json "$TMP/acc.json" >/dev/null ||
    fail "Accuracy"
expect 0 '' -- "$report" "$TMP/a.json" "$TMP/acc.json"
check "report: the need table" grep -qx '| need | use | why |' "$TMP/stdout.$$"
fastest=$(jq -r '[.results[] | select(.kind == "cpu")] | max_by(.mtests_per_s) | .algorithm' "$TMP/a.json")
check "report: the fastest CPU algorithm is the JSON's ($fastest)" grep -Eq "^\| fastest on the CPU, double precision \| \*\*$fastest\*\* \|" "$TMP/stdout.$$"
check "report: the fastest comparison test is the only one timed" grep -q '^| fastest comparison test (Haines, Moller-Trumbore, Badouel, Havel-Herout: not a Pluecker or STP form) | \*\*Haines\*\* |' "$TMP/stdout.$$"
check "report: no table per tetrahedron timed" grep -q '^| fastest with a table per tetrahedron (many lines a tetrahedron: a mesh) | none |' "$TMP/stdout.$$"
check "report: exact on degenerate input needs a timing" grep -q '^| fastest exact on degenerate input (by construction) | none |' "$TMP/stdout.$$"
check "report: STP1 gives other faces on edges" grep -Eq '^\| STP1 \| cpu \| double \| [0-9.]+ \| yes \| 0 \| [1-9][0-9]* \| 40 \|' "$TMP/stdout.$$"
check "report: STP0R without timing" grep -Eq '^\| STP0R \| cpu \| double \| - \| - \| 0 \| 0 \| 40 \|' "$TMP/stdout.$$"
expect 0 '' -- "$report" "$TMP/a.json" "$TMP/b.json" "$TMP/acc.json"
check "report: two runs" grep -q '^From 2 Bench runs' "$TMP/stdout.$$"
check "report: in one run of two" grep -Eq '^\| Haines \| cpu \| double \| [0-9.]+ \| 1 of 2 runs \|' "$TMP/stdout.$$"
expect 2 'expected BENCH.json... ACCURACY.json, got 1 argument' -- "$report" "$TMP/a.json"
expect 1 'acc.json: not a Bench JSON file' -- "$report" "$TMP/acc.json" "$TMP/acc.json"
expect 1 'not an Accuracy JSON file' -- "$report" "$TMP/a.json" "$TMP/b.json"
expect 2 'missing.json: no such readable file' -- "$report" "$TMP/missing.json" "$TMP/acc.json"
expect 0 '' -- "$report" -h
# --walks: TetWalk's runs beside them; the walk without a lost or wrong ray is the robust one once
# a run of rays aimed at vertices was verified.
"$BIN/TetWalk" --size 32x24 --reps 1 --verify 100 --algorithm stp0,badouelb,stp0r --json "$TMP/walk_camera.json" "$ROOT/data/box.mesh" \
    >/dev/null 2>&1 || fail "TetWalk camera"
"$BIN/TetWalk" --aim vertices --aim-rays 200 --verify 200 --reps 1 --algorithm stp0,badouelb,stp0r \
    --json "$TMP/walk_aimed.json" "$ROOT/data/box.mesh" >/dev/null 2>&1 || fail "TetWalk aimed"
expect 0 '' -- "$report" --walks "$TMP/walk_camera.json" --walks "$TMP/walk_aimed.json" "$TMP/a.json" "$TMP/acc.json"
check "report --walks: the walks' need table" grep -q '^# Walks through a mesh: which walk for which need' "$TMP/stdout.$$"
check "report --walks: only the robust walk neither lost nor left the exact traversal" \
    grep -Eq '^\| fastest walk that lost no ray and matched the exact traversal .* \| \*\*STP0R\*\* \|' "$TMP/stdout.$$"
check "report --walks: every walk in the table, lost rays summed" grep -Eq '^\| STP0 \| cpu \| [0-9.]+ \| [1-9][0-9]* \|' "$TMP/stdout.$$"
check "report --walks: the fewest bytes a step" grep -Eq '^\| fewest bytes of mesh a step \| \*\*STP0R?\*\* \|' "$TMP/stdout.$$"
expect 1 'a.json: not a TetWalk JSON file' -- "$report" --walks "$TMP/a.json" "$TMP/a.json" "$TMP/acc.json"
expect 2 '--walks needs a TetWalk JSON file' -- "$report" "$TMP/a.json" "$TMP/acc.json" --walks
finish
