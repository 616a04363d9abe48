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
finish
