#!/usr/bin/env bash
# Runs every test: the C test programs in $BUILD/tests and the shell tests tests/*.sh (each
# gets BUILD, a scratch folder TMP and the helper functions of tests/lib.sh). Prints one
# line per test and a final "N passed, M failed".
# VALGRIND=1 runs the C test programs under valgrind; SANITIZED=1 marks a sanitizer build;
# TEST_JOBS (default: the number of cores) tests run at a time.
set -uo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
export BUILD
passed=0
failed=0
failures=()
scratch=$(mktemp -d "${TMPDIR:-/tmp}/raytetra-tests.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
# intercept_tls_get_addr=0: gcc 12's LeakSanitizer guesses the layout of each dynamic TLS block
# (the TLS of libraries loaded with dlopen: PoCL, its LLVM and the kernels it compiles) from the
# block's address, and a block whose address matches glibc 2.19's header gets a bogus range; the
# leak check at exit then reads from near address 0 and dies ("Tracer caught signal 11" in
# ScanRangeForPointers), in about one OpenCL run of 30 with a fresh PoCL cache. Without the
# interception LSan scans static TLS only: our code is linked into each program, so its TLS is
# static and still scanned.
# Bench's bandwidth measurement on small buffers: the tests check its figures' form, not the
# device's speed, and at the default size each Bench on PoCL would spend seconds copying.
export RAYTETRA_BANDWIDTH_MIB=${RAYTETRA_BANDWIDTH_MIB:-1}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:intercept_tls_get_addr=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
[ -f tests/lsan.supp ] && export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/tests/lsan.supp:print_suppressions=0}

# Tests run TEST_JOBS at a time (default: one per core); each line is printed as its test ends.
# Every test has its own scratch folder and kernel cache, so any two can run side by side. Each
# of the TEST_JOBS lanes has its own PoCL kernel cache as well: PoCL 3.1 aborts now and then
# ("pocl_release_dlhandle_cache: Assertion `found->ref_count > 0' failed") when two processes
# compile the same kernel into one cache folder at once. The lanes' caches outlive the run, so
# the sanitizer pass and later runs find their kernels compiled.
TEST_JOBS=${TEST_JOBS:-$(nproc)}
POCL_LANES=${POCL_CACHE_DIR:-${XDG_CACHE_HOME:-${HOME:-$scratch}/.cache}/pocl}/raytetra-tests
declare -A names=() starts=() lanes=()
report() { # report PID STATUS: the line of the test that ran as PID
    local pid=$1 status=$2 name=${names[$1]}
    local log="$scratch/$name.log" took=$((SECONDS - ${starts[$1]}))
    if [ "$status" -eq 0 ]; then
        passed=$((passed + 1))
        printf 'PASS %-28s (%ds) %s\n' "$name" "$took" "$(grep -E '[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1 | sed 's/^[^:]*: //')"
    else
        failed=$((failed + 1))
        failures+=("$name")
        printf 'FAIL %-28s (%ds)\n' "$name" "$took"
        sed 's/^/    /' "$log" | tail -n 40
    fi
    unset "names[$pid]" "starts[$pid]" "lanes[$pid]"
}
wait_one() {
    local pid status
    wait -n -p pid
    status=$?
    report "$pid" "$status"
}
run_one() { # run_one NAME COMMAND...: starts the test once fewer than TEST_JOBS are running
    local name=$1
    shift
    while [ ${#names[@]} -ge "$TEST_JOBS" ]; do wait_one; done
    local lane=0
    while [[ " ${lanes[*]} " == *" $lane "* ]]; do lane=$((lane + 1)); done
    mkdir -p "$POCL_LANES/lane-$lane"
    POCL_CACHE_DIR="$POCL_LANES/lane-$lane" "$@" >"$scratch/$name.log" 2>&1 &
    names[$!]=$name
    starts[$!]=$SECONDS
    lanes[$!]=$lane
}

# The longest tests (kernel builds on PoCL, the fuzz targets) start first, so that none of them
# is left running alone at the end of the pass.
LONG_TESTS=" test_fuzz test_gpu_extents test_gpu_precomputed test_gpu test_bench_opencl test_gpu_float_data "
tests=()
for program in "$BUILD"/tests/test_*; do
    [ -x "$program" ] && tests+=("$program")
done
for script in tests/test_*.sh; do
    [ -f "$script" ] && tests+=("$script")
done
ordered=()
for t in "${tests[@]}"; do
    name=$(basename "$t" .sh)
    [[ $LONG_TESTS == *" $name "* ]] && ordered+=("$t")
done
for t in "${tests[@]}"; do
    name=$(basename "$t" .sh)
    [[ $LONG_TESTS == *" $name "* ]] || ordered+=("$t")
done

for t in "${ordered[@]}"; do
    name=$(basename "$t" .sh)
    if [[ $t == *.sh ]]; then
        dir="$scratch/$name.d"
        mkdir -p "$dir"
        run_one "$name" env TMP="$dir" bash "$t"
    elif [ "${VALGRIND:-0}" = 1 ]; then
        run_one "$name" valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
            --suppressions=tests/valgrind.supp \
            "$t"
    else
        run_one "$name" "$t"
    fi
done
while [ ${#names[@]} -gt 0 ]; do wait_one; done

echo
[ ${#failures[@]} -eq 0 ] || echo "failed: ${failures[*]}"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
