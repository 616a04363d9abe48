# test_fuzz: the libFuzzer targets of tests/fuzz build and run clean: every tests/fuzz/fuzz_*.c
# (a new one is picked up by its file alone) runs for FUZZ_TEST_SECONDS seconds (default 10; 3
# in the sanitizer pass, whose build is not theirs: they carry their own sanitizers) on its seed
# corpus, so that CI keeps them building and every reader free of crashes, leaks and undefined
# behaviour. `make fuzz` runs them longer.
source "$(dirname "$0")/lib.sh"
if [ "${SANITIZED:-0}" = 1 ]; then
    seconds=${FUZZ_TEST_SECONDS:-3}
else
    seconds=${FUZZ_TEST_SECONDS:-10}
fi
# A make started by `make test` must not reach for the parent's job server. The normal and the
# sanitizer pass share build-fuzz, and two runs of the suite may overlap: one builds at a time.
mkdir -p "$ROOT/build-fuzz"
if MAKEFLAGS= MAKELEVEL= flock "$ROOT/build-fuzz/.lock" make -C "$ROOT" -s fuzz-build >"$TMP/build.log" 2>&1; then
    pass
else
    fail "make fuzz-build (needs clang and libclang-rt-14-dev: scripts/setup.sh): $(tail -n 20 "$TMP/build.log")"
    finish
    exit
fi
names=()
for source in "$ROOT"/tests/fuzz/fuzz_*.c; do
    names+=("$(basename "$source" .c)")
done
check "some fuzz targets exist" test "${#names[@]}" -gt 0
for name in "${names[@]}"; do
    check "$name built" test -x "$ROOT/build-fuzz/$name"
done
FUZZ_SECONDS=$seconds FUZZ_BUILD="$ROOT/build-fuzz" "$ROOT/tests/fuzz/run_fuzz.sh" >"$TMP/fuzz.log" 2>&1
status=$?
sed 's/^/    /' "$TMP/fuzz.log"
check "every target ran clean for ${seconds}s" test "$status" -eq 0
check "the summary says so" grep -q "fuzz: ${#names[@]} targets clean" "$TMP/fuzz.log"
for name in "${names[@]}"; do
    runs=$(sed -nE "s/^$name +([0-9]+) executions.*/\1/p" "$TMP/fuzz.log")
    check "$name ran (${runs:-no} executions)" test "${runs:-0}" -gt 100
done
finish
