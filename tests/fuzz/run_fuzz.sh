#!/usr/bin/env bash
# run_fuzz.sh: runs the libFuzzer target of every tests/fuzz/fuzz_NAME.c, built into $FUZZ_BUILD
# by `make fuzz-build`, for FUZZ_SECONDS seconds each (default 60) on a scratch copy of its seed
# corpus (tests/fuzz/corpus/NAME when there is one; new inputs go to the scratch folder, never
# into the repository), and prints one line per target: executions, coverage (edges) and
# features. A new target is picked up by its source file alone.
# A crash, leak or sanitizer report stops with the target's output and the input that caused
# it kept in FUZZ_ARTIFACTS (default: the scratch folder, whose path is printed).
set -euo pipefail
cd "$(dirname "$0")/../.."
FUZZ_BUILD=${FUZZ_BUILD:-build-fuzz}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
if ! [[ $FUZZ_SECONDS =~ ^[1-9][0-9]*$ ]]; then
    echo "run_fuzz.sh: error: FUZZ_SECONDS must be a whole number of seconds >= 1, not '$FUZZ_SECONDS'" >&2
    exit 2
fi
targets=()
for source in tests/fuzz/fuzz_*.c; do
    target="$FUZZ_BUILD/$(basename "$source" .c)"
    if [ ! -x "$target" ]; then
        echo "run_fuzz.sh: error: $target (from $source) is not built; build the targets with 'make fuzz-build'" >&2
        exit 2
    fi
    targets+=("$target")
done
scratch=$(mktemp -d "${TMPDIR:-/tmp}/raytetra-fuzz.XXXXXX")
failed=0
for target in "${targets[@]}"; do
    name=$(basename "$target")
    seeds="tests/fuzz/corpus/${name#fuzz_}"
    corpus="$scratch/$name.corpus"
    artifacts=${FUZZ_ARTIFACTS:-$scratch/$name.artifacts}
    mkdir -p "$corpus" "$artifacts"
    [ -d "$seeds" ] || seeds=$corpus # a target without seeds starts from nothing
    log="$scratch/$name.log"
    if "$target" -max_total_time="$FUZZ_SECONDS" -print_final_stats=1 -artifact_prefix="$artifacts/" \
        "$corpus" "$seeds" >"$log" 2>&1; then
        runs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$log")
        coverage=$(sed -nE 's/^#[0-9]+[[:space:]]+(DONE|INITED|NEW|REDUCE|pulse).* cov: ([0-9]+) ft: ([0-9]+).*/\2 edges, \3 features/p' \
            "$log" | tail -n 1)
        printf '%-20s %10s executions in %ss, coverage %s, corpus %s inputs\n' "$name" "${runs:-?}" "$FUZZ_SECONDS" \
            "${coverage:-?}" "$(find "$corpus" "$seeds" -type f | sort -u | wc -l)"
    else
        failed=$((failed + 1))
        echo "$name: FAILED; its output (inputs that failed are in $artifacts):"
        grep -v '^#[0-9]' "$log" | tail -n 60 | sed 's/^/    /'
    fi
done
if [ "$failed" -eq 0 ]; then
    rm -rf "$scratch"
    echo "fuzz: ${#targets[@]} targets clean"
else
    echo "fuzz: $failed of ${#targets[@]} targets failed (scratch folder kept: $scratch)"
    exit 1
fi
