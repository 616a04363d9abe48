# test_fuzz: the libFuzzer targets of tests/fuzz build and run clean: each runs for
# FUZZ_TEST_SECONDS seconds (default 30; 5 in the sanitizer pass, whose build is not theirs:
# they carry their own sanitizers) on its seed corpus, so that CI keeps them building and every
# reader free of crashes, leaks and undefined behaviour. `make fuzz` runs them longer.
source "$(dirname "$0")/lib.sh"
if [ "${SANITIZED:-0}" = 1 ]; then
    seconds=${FUZZ_TEST_SECONDS:-5}
else
    seconds=${FUZZ_TEST_SECONDS:-30}
fi
# A make started by `make test` must not reach for the parent's job server. The normal and the
# sanitizer pass of `make -j2 test` run side by side and share build-fuzz: one builds at a time.
mkdir -p "$ROOT/build-fuzz"
if MAKEFLAGS= MAKELEVEL= flock "$ROOT/build-fuzz/.lock" make -C "$ROOT" -s fuzz-build >"$TMP/build.log" 2>&1; then
    pass
else
    fail "make fuzz-build (needs clang and libclang-rt-14-dev: scripts/setup.sh): $(tail -n 20 "$TMP/build.log")"
    finish
    exit
fi
targets=$(find "$ROOT/build-fuzz" -maxdepth 1 -name 'fuzz_*' -type f | wc -l)
check "four fuzz targets built" test "$targets" -eq 4
FUZZ_SECONDS=$seconds FUZZ_BUILD="$ROOT/build-fuzz" "$ROOT/tests/fuzz/run_fuzz.sh" >"$TMP/fuzz.log" 2>&1
status=$?
sed 's/^/    /' "$TMP/fuzz.log"
check "every target ran clean for ${seconds}s" test "$status" -eq 0
check "the summary says so" grep -q "fuzz: 4 targets clean" "$TMP/fuzz.log"
for name in pairs_text pairs_binary results gpu_cache; do
    runs=$(sed -nE "s/^fuzz_$name +([0-9]+) executions.*/\1/p" "$TMP/fuzz.log")
    check "fuzz_$name ran (${runs:-no} executions)" test "${runs:-0}" -gt 100
done
finish
