#!/usr/bin/env bash
# vectorisation_summary.sh REPORT...: one line per compiler report of `make vectorisation-report`
# (gcc -fopt-info-vec-all or clang -Rpass=loop-vectorize): the source file, how many loops the
# compiler vectorised and with which vector sizes, or else the first reason it gave for a loop.
# A report named FILE.float.txt is FILE.c compiled with -DRT_SINGLE (its float variants).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
USAGE="usage: $PROGRAM REPORT..."
if wants_help "$@"; then
    echo "$USAGE"
    echo
    echo "Summarises compiler vectorisation reports (make vectorisation-report): one line per source"
    echo "file, saying how many loops were vectorised and at what width, or the first reason why not."
    exit 0
fi
[ $# -ge 1 ] || usage_error "expected at least one REPORT"
case $1 in -*) unknown_option "$1" ;; esac
for report in "$@"; do
    source_file=${report#*/vectorisation/}
    source_file=${source_file%.txt}
    case $source_file in
    *.float) source_file="${source_file%.float}.c -DRT_SINGLE" ;;
    *) source_file=$source_file.c ;;
    esac
    # gcc: "loop vectorized using 32 byte vectors"; clang: "vectorized loop (vectorization width: 4".
    sizes=$(grep -oE 'loop vectorized using [0-9]+ byte vectors|vectorized loop \(vectorization width: [0-9]+' "$report" |
        grep -oE '[0-9]+' | sort -n | uniq | paste -sd, - || true)
    loops=$(grep -cE 'optimized: loop vectorized|remark: vectorized loop' "$report" || true)
    if [ "$loops" -gt 0 ]; then
        unit=$(grep -q 'byte vectors' "$report" && echo "byte vectors" || echo "lanes")
        echo "$source_file: $loops loops vectorised ($unit: $sizes)"
    else
        # The loop vectoriser's reason (gcc's "not profitable" lines are the basic-block one's).
        reason=$(grep -E 'missed: not vectorized|remark: loop not vectorized' "$report" | grep -v 'is not profitable' |
            head -n 1 | sed -E 's/^[^ ]+ (missed|remark): //' || true)
        echo "$source_file: no loop vectorised${reason:+; first reason: $reason}"
    fi
done
