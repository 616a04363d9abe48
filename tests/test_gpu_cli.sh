# test_gpu_cli: `RayTetra -g` on the first OpenCL device (PoCL in CI): agreement with the
# matching CPU form, --list-devices, bad -n and --local-size, a kernel with a syntax error (build
# log and a non-zero exit), kernels in a folder whose path holds a space, an edited header that
# must not be served from the cache, forced chunks, N = 0, the robust kernel at every output
# level, the installed layout and RAYTETRA_CL_OPTIONS.
source "$(dirname "$0")/lib.sh"
export RAYTETRA_CACHE_DIR="$TMP/cache"
# RAYTETRA_KERNEL_DIR stays as given: on a machine where the repository moved it names the kernels.
unset RAYTETRA_MAX_CHUNK_PAIRS
RT="$BIN/RayTetra"
GPU=(-n "${RAYTETRA_TEST_DEVICE:-0}") # the device of every -g run (as in test_gpu)
cd "$TMP" || exit 1

# Output lines without the timing comment, for exact comparisons.
results_only() { grep -v '^#' "$1"; }

"$RT" --list-devices >devices.txt 2>&1
check "--list-devices lists a device with fp64" grep -Eq '^0 .* yes ' devices.txt

"$BIN/RandomRayTetra" in.txt -i 1500 -n 1500 --seed 5 >/dev/null || fail "RandomRayTetra"
cpu_forms=("-s 0" "-t 0" "-t 1" "-t 2")
for g in 0 1 2 3; do
    # shellcheck disable=SC2086
    "$RT" ${cpu_forms[$g]} in.txt cpu$g.txt 1 >/dev/null || fail "CPU ${cpu_forms[$g]}"
    if "$RT" -g $g "${GPU[@]}" in.txt gpu$g.txt 2 >stdout$g.txt 2>stderr$g.txt; then
        pass
        check "-g $g agrees with ${cpu_forms[$g]}" "$BIN/CompareResults" in.txt cpu$g.txt gpu$g.txt
        check "-g $g agrees with the exact classifier" "$BIN/CompareResults" --exact in.txt gpu$g.txt
        check "-g $g prints its times" grep -q "write .* ms, kernel .* ms (2 reps), read" stdout$g.txt
    else
        fail "RayTetra -g $g: $(cat stderr$g.txt)"
    fi
done

# The precomputed forms' kernels: -g 9 (Plücker form 0, its tables made on the device) writes
# the plain kernel's results byte for byte and says how long the tables took; -g 12 (STP form 0)
# agrees with the exact classifier.
if "$RT" -g 9 "${GPU[@]}" in.txt gpu9.txt 2 >stdout9.txt 2>stderr9.txt; then
    check "-g 9 writes -g 0's results" cmp -s <(results_only gpu0.txt) <(results_only gpu9.txt)
    check "-g 9 reports its tables" grep -q "GPU_Segura0P: tables (288 bytes a pair) precomputed on the device" stdout9.txt
else
    fail "RayTetra -g 9: $(cat stderr9.txt)"
fi
"$RT" -g 12 "${GPU[@]}" --transfers pageable in.txt gpu12.txt 1 >/dev/null 2>&1 || fail "RayTetra -g 12"
check "-g 12 agrees with the exact classifier" "$BIN/CompareResults" --exact in.txt gpu12.txt

# The robust kernel (-g 8) at every output level on the degenerate classes, where it leaves pairs
# to the host: --output faces gives --output all's hit, faces and t; --output hit its hit.
"$BIN/RandomRayTetra" degenerate.txt -i 50 -n 50 --edge 20 --vertex 20 --face-cross 20 --face-miss 20 --parallel 20 \
    --flat 20 --seed 9 >/dev/null || fail "RandomRayTetra with the degenerate classes"
fields() { results_only "$1" | awk -v f="$2" '{ n = split(f, k, ","); s = ""; for (i = 1; i <= n; ++i) s = s " " $k[i]; print s }'; }
for level in all faces hit; do
    expect 0 '' -- "$RT" -g 8 "${GPU[@]}" --output $level degenerate.txt robust-$level.txt 1
    check "-g 8 --output $level: pairs decided on the host" \
        grep -Eq '^GPU_STP0R: [1-9][0-9]* pairs with an uncertain sign decided exactly on the host' "$TMP/stdout.$$"
done
check "-g 8 --output faces: --output all's hit, faces and t" \
    cmp -s <(fields robust-all.txt 1,2,3,14,15) <(fields robust-faces.txt 1,2,3,14,15)
check "-g 8 --output hit: --output all's hit" cmp -s <(fields robust-all.txt 1) <(fields robust-hit.txt 1)
check "-g 8: exact on the degenerate classes" "$BIN/CompareResults" --exact degenerate.txt robust-all.txt

expect 1 "OpenCL device 99 does not exist: .* choose -n 0" -- "$RT" -g 1 -n 99 in.txt out.txt 1
check "no output file after a bad -n" test ! -e out.txt
expect 1 "local size 1048576 is too large" -- "$RT" -g 1 "${GPU[@]}" --local-size 1048576 in.txt out.txt 1
expect 1 "RAYTETRA_MAX_CHUNK_PAIRS" -- env RAYTETRA_MAX_CHUNK_PAIRS=lots "$RT" -g 1 "${GPU[@]}" in.txt out.txt 1
# RAYTETRA_CL_OPTIONS reaches the compiler: an undefined kernel name breaks the build, and the
# cache does not serve the program built without it.
RAYTETRA_CL_OPTIONS=-DRT_KERNEL_NAME=1 "$RT" -g 1 "${GPU[@]}" in.txt options.txt 1 >options.out 2>options.err
check "RAYTETRA_CL_OPTIONS reaches the build" grep -q "^RayTetra: error: building .*RayTetraForm.cl .*CL_BUILD_PROGRAM_FAILURE" options.err
check "RAYTETRA_CL_OPTIONS: no output file" test ! -e options.txt

# Forced chunks, not a multiple of the local size: the same results as one launch.
if RAYTETRA_MAX_CHUNK_PAIRS=333 "$RT" -g 3 "${GPU[@]}" --local-size 32 in.txt chunked.txt 1 >chunked.log 2>&1; then
    # 10 chunks of 333 would hold the pairs; the tapered plan's last 5 shrink, so 12.
    check "chunked run: 12 launches" grep -q "local size 32, 12 launches" chunked.log
    check "chunked results equal one launch" cmp -s <(results_only chunked.txt) <(results_only gpu3.txt)
else
    fail "chunked run: $(cat chunked.log)"
fi

# A copy of the kernels in a folder with a space, found through the headers of the repository.
kernels="$TMP/kernels copy"
mkdir -p "$kernels"
cp "$ROOT"/kernels/*.cl "$kernels/"
if RAYTETRA_KERNEL_DIR="$kernels" "$RT" -g 2 "${GPU[@]}" in.txt space.txt 1 >space.log 2>&1; then
    check "kernels from a path with a space" cmp -s <(results_only space.txt) <(results_only gpu2.txt)
else
    fail "kernels in '$kernels': $(cat space.log)"
fi

# A syntax error: the build log, then one error line naming the file; no output file.
sed -i 's/rt_gpu_run_pair(pairs, results/rt_gpu_run_pair(pairs results/' "$kernels/RayTetraForm.cl"
RAYTETRA_KERNEL_DIR="$kernels" "$RT" -g 1 "${GPU[@]}" in.txt broken.txt 1 >broken.out 2>broken.err
status=$?
check "broken kernel: non-zero exit" test "$status" -ne 0
check "broken kernel: build log shown" grep -q "build log of .*RayTetraForm.cl" broken.err
check "broken kernel: compiler message in the log" grep -qi "error" broken.err
check "broken kernel: one error line with the call and its error name" \
    grep -Eq "^RayTetra: error: building .*kernels copy/RayTetraForm.cl .*clBuildProgram: CL_BUILD_PROGRAM_FAILURE \(gpu_program.c:[0-9]+\)$" broken.err
check "broken kernel: no output file" test ! -e broken.txt

# An edited header changes the cache key: the kernel is rebuilt, not served from the cache.
headers="$TMP/headers"
mkdir -p "$headers"
cp "$ROOT"/kernels/*.cl "$ROOT"/kernels/shared/*.h \
    "$headers/"
RAYTETRA_KERNEL_DIR="$headers" "$RT" -g 0 "${GPU[@]}" in.txt h1.txt 1 >h1.log 2>&1 || fail "header copy: $(cat h1.log)"
RAYTETRA_KERNEL_DIR="$headers" "$RT" -g 0 "${GPU[@]}" in.txt h2.txt 1 >h2.log 2>&1 || fail "header copy: $(cat h2.log)"
check "unchanged kernel: loaded from the cache" grep -q "loaded from the cache" h2.log
echo "/* edited */" >>"$headers/rt_math.h"
RAYTETRA_KERNEL_DIR="$headers" "$RT" -g 0 "${GPU[@]}" in.txt h3.txt 1 >h3.log 2>&1 || fail "header copy: $(cat h3.log)"
check "edited header: built from source" grep -q "built from source" h3.log

# N = 0.
printf '0\n' >empty.txt
if "$RT" -g 1 "${GPU[@]}" empty.txt empty.out 1 >empty.log 2>&1; then
    check "N = 0: no result lines" test "$(results_only empty.out | wc -l)" -eq 0
else
    fail "N = 0: $(cat empty.log)"
fi

# The installed layout (make install): PREFIX/bin and PREFIX/share/raytetra/kernels, run from
# an unrelated folder; the kernels are taken from the installed folder.
prefix="$TMP/prefix"
mkdir -p "$prefix/bin" "$prefix/share/raytetra/kernels" elsewhere
cp "$RT" "$prefix/bin/"
cp "$ROOT"/kernels/*.cl "$ROOT"/kernels/shared/*.h \
    "$prefix/share/raytetra/kernels/"
if (cd elsewhere && unset RAYTETRA_KERNEL_DIR && "$prefix/bin/RayTetra" -g 1 "${GPU[@]}" ../in.txt ../installed.txt 1 >../installed.log 2>&1); then
    check "installed: kernel from PREFIX/share/raytetra/kernels" \
        grep -q "kernel: $prefix/share/raytetra/kernels/RayTetraForm.cl" installed.log
    check "installed: same results" cmp -s <(results_only installed.txt) <(results_only gpu1.txt)
else
    fail "installed layout: $(cat installed.log)"
fi

finish
