#!/usr/bin/env bash
# test_vectorisation: the compiler's own report says that the SIMD form 0 loops are vectorised
# (with gcc on x86-64: in all three clones, SSE2, AVX2 and AVX-512, for both precisions: the
# decision loop and the whole body, in the cached and the streamed batch of two algorithms each:
# 24 loops a file), and
# that `make vectorisation-report` gives one line per algorithm file (and one per float compile
# of the files built in both precisions).
source "$(dirname "$0")/lib.sh"
# The report comes from its own compile with -O2, whatever BUILD is: the sanitizer pass would
# repeat the normal pass's compile and check word for word.
if [ "${SANITIZED:-0}" = 1 ]; then
    echo "test_vectorisation: the normal pass checks the report (built without the sanitizers): skipped"
    finish
    exit
fi

CC=${CC:-cc}
report="$TMP/report.txt"
check "make vectorisation-report runs" \
    env MAKEFLAGS= MAKELEVEL= make -s -j2 --no-print-directory -C "$ROOT" BUILD="$TMP/build" CFLAGS='-O2' CC="$CC" vectorisation-report \
    >"$report" 2>"$TMP/report.err"
files=$(ls "$ROOT"/RayTetra/cpu/algorithms_*.c | wc -l)
check "one line per algorithm file ($files)" test "$(grep -c '^RayTetra/cpu/algorithms_.*\.c: ' "$report")" -eq "$files"
check "a line for each float compile" grep -q '^RayTetra/cpu/algorithms_pt\.c -DRT_SINGLE: ' "$report"
if "$CC" --version 2>/dev/null | grep -qi 'gcc\|free software' && [ "$(uname -m)" = x86_64 ]; then
    for f in algorithms_simd algorithms_simd_float; do
        check "$f: 24 loops vectorised with 16, 32 and 64-byte vectors: $(grep "$f.c" "$report")" \
            grep -q "^RayTetra/cpu/$f.c: 24 loops vectorised (byte vectors: 16,32,64)" "$report"
    done
else
    check "SIMD loops vectorised ($CC)" grep -q '^RayTetra/cpu/algorithms_simd.c: [1-9][0-9]* loops vectorised' "$report"
fi
finish
