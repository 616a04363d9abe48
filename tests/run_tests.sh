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

# Tests run TEST_JOBS at a time (default: one per core); each line is printed as its job ends.
# Every test has its own scratch folder and kernel cache, so any two can run side by side. Each
# of the TEST_JOBS lanes has its own PoCL kernel cache as well: PoCL 3.1 aborts now and then
# ("pocl_release_dlhandle_cache: Assertion `found->ref_count > 0' failed") when two processes
# compile the same kernel into one cache folder at once. The lanes' caches outlive the run, so
# the sanitizer pass and later runs find their kernels compiled.
TEST_JOBS=${TEST_JOBS:-$(nproc)}
POCL_LANES=${POCL_CACHE_DIR:-${XDG_CACHE_HOME:-${HOME:-$scratch}/.cache}/pocl}/raytetra-tests
for lane in $(seq 0 $((TEST_JOBS - 1))); do mkdir -p "$POCL_LANES/lane-$lane"; done
# Before any test starts (no PoCL writes into a lane then), every lane gets the kernels the others
# compiled in earlier runs: the sanitizer pass then finds warm whatever lane a test lands in.
for lane in "$POCL_LANES"/lane-*; do
    for other in "$POCL_LANES"/lane-*; do
        [ "$other" = "$lane" ] || cp -an "$other/." "$lane/" 2>/dev/null
    done
done

# A job is one test, or tests that run one after another in one lane (SAME_LANE below); each
# test's log, exit status and seconds go to the scratch folder, and its line is printed when its
# job ends.
declare -A jobs=() lanes=()
# A test's files in the scratch folder are named after its file (test_extents and test_extents.sh
# are two tests); its line names it without the .sh.
run_test() { # run_test PATH: the test's own command, its output into its log
    local t=$1 key
    key=$(basename "$t")
    if [[ $t == *.sh ]]; then
        mkdir -p "$scratch/$key.d"
        env TMP="$scratch/$key.d" bash "$t"
    elif [ "${VALGRIND:-0}" = 1 ]; then
        valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
            --suppressions=tests/valgrind.supp "$t"
    else
        "$t"
    fi >"$scratch/$key.log" 2>&1
}
run_job() { # run_job PATH...: the tests in turn, each one's status and seconds kept
    local t start
    for t in "$@"; do
        start=$SECONDS
        run_test "$t"
        echo "$? $((SECONDS - start))" >"$scratch/$(basename "$t").result"
    done
}
report() { # report PATH: the line of that test
    local key name
    key=$(basename "$1")
    name=${key%.sh}
    local log="$scratch/$key.log" status=1 took=0
    [ -f "$scratch/$key.result" ] && read -r status took <"$scratch/$key.result"
    if [ "$status" -eq 0 ]; then
        passed=$((passed + 1))
        printf 'PASS %-28s (%ds) %s\n' "$name" "$took" "$(grep -E '[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1 | sed 's/^[^:]*: //')"
    else
        failed=$((failed + 1))
        failures+=("$name")
        printf 'FAIL %-28s (%ds)\n' "$name" "$took"
        sed 's/^/    /' "$log" | tail -n 40
    fi
}
wait_one() {
    local pid t
    wait -n -p pid
    for t in ${jobs[$pid]}; do report "$t"; done
    unset "jobs[$pid]" "lanes[$pid]"
}
start_job() { # start_job PATH...: starts the job once fewer than TEST_JOBS are running
    while [ ${#jobs[@]} -ge "$TEST_JOBS" ]; do wait_one; done
    local lane=0
    while [[ " ${lanes[*]} " == *" $lane "* ]]; do lane=$((lane + 1)); done
    POCL_CACHE_DIR="$POCL_LANES/lane-$lane" run_job "$@" &
    jobs[$!]="$*"
    lanes[$!]=$lane
}

# The jobs start longest first (seconds each took on two busy cores, the normal pass then the
# sanitizer pass), so that none of them is left running alone at the end of the pass; the rest
# follow in name order.
#   test_gpu_devices ..._inside: TetWalk's robust kernel (GPU_STP0R's walk), which takes PoCL
#     minutes to compile: in one lane, one after another, the first compiles it and the others
#     find it in the lane's cache.
SAME_LANE="test_gpu_devices test_gpu_multi test_tetwalk test_tetwalk_inside"
LONG_TESTS="test_gpu_extents test_tetwalk_binary test_gpu_transfers test_bench_opencl test_gpu_precomputed
            test_fuzz test_gpu_float_data test_gpu test_vectorisation test_gpu_precision test_gpu_perf
            test_gpu_float_data_cli test_fullbench test_extents test_bench test_bench_plot"
tests=()
for program in "$BUILD"/tests/test_*; do
    [ -x "$program" ] && tests+=("$program")
done
for script in tests/test_*.sh; do
    [ -f "$script" ] && tests+=("$script")
done
named() { # named NAME...: the tests of those names (a program and a script may share one), in that order
    local name t
    for name in "$@"; do
        for t in "${tests[@]}"; do [ "$(basename "$t" .sh)" = "$name" ] && echo "$t"; done
    done
}
mapfile -t same_lane < <(named $SAME_LANE)
[ ${#same_lane[@]} -gt 0 ] && start_job "${same_lane[@]}"
mapfile -t long < <(named $LONG_TESTS)
for t in "${long[@]}"; do start_job "$t"; done
for t in "${tests[@]}"; do
    name=$(basename "$t" .sh)
    [[ " $SAME_LANE $(echo $LONG_TESTS) " == *" $name "* ]] || start_job "$t"
done
while [ ${#jobs[@]} -gt 0 ]; do wait_one; done

echo
[ ${#failures[@]} -eq 0 ] || echo "failed: ${failures[*]}"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
