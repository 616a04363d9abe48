#!/usr/bin/env bash
# test_extents.sh: --extent in the programs (docs/SPECIFICATION.md section 9). RayTetra with every
# extent, CPU and OpenCL (PoCL), text and binary results, each agreeing with CompareResults
# --exact --extent on pairs whose segments start and end inside the tetrahedron; the clipped
# files differ from the line's; the line's output unchanged by --extent line; the errors.
source "$(dirname "$0")/lib.sh"

"$BIN/RandomRayTetra" "$TMP/pairs.txt" -i 200 -n 100 --seed 11 >/dev/null || fail "RandomRayTetra"
# Every hit's P and Q moved to the centroid of its tetrahedron +- a short step: segments inside,
# rays from inside; the misses' lines shortened the same way (still misses or not: the exact
# classifier decides).
awk 'NR == 1 { print; next } {
    cx = ($1 + $4 + $7 + $10) / 4; cy = ($2 + $5 + $8 + $11) / 4; cz = ($3 + $6 + $9 + $12) / 4
    s = (NR % 3 == 0) ? 0.01 : 3
    printf "%s %s %s %s %s %s %s %s %s %s %s %s %.17g %.17g %.17g %.17g %.17g %.17g\n", $1, $2, $3, $4, $5, $6, $7,
        $8, $9, $10, $11, $12, cx, cy, cz, cx + s * ($16 - $13), cy + s * ($17 - $14), cz + s * ($18 - $15) }' \
    "$TMP/pairs.txt" >"$TMP/inside.txt"
cat "$TMP/pairs.txt" <(tail -n +2 "$TMP/inside.txt") | awk 'NR == 1 { next } { print }' >"$TMP/body.txt"
{ wc -l <"$TMP/body.txt" | tr -d ' '; cat "$TMP/body.txt"; } >"$TMP/all.txt"

for extent in line ray segment; do
    for algorithm in stp0 stp1 stp0r pluecker1 haines moller1 gpu_stp1 gpu_stp0r; do
        for out in txt rtb; do
            result="$TMP/$algorithm.$extent.$out"
            expect 0 '' -- "$BIN/RayTetra" --algorithm "$algorithm" --extent "$extent" "$TMP/all.txt" "$result" 1
            expect 0 '' -- "$BIN/CompareResults" --exact --extent "$extent" "$TMP/all.txt" "$result"
        done
    done
    check "$extent: text and binary results agree" \
        "$BIN/CompareResults" --tolerance 0 "$TMP/all.txt" "$TMP/stp1.$extent.txt" "$TMP/stp1.$extent.rtb"
done
# The other kernels, the structure-of-arrays layout and the float builds against their CPU twins.
for extent in ray segment; do
    for kernel in gpu_stp0 gpu_stp2 gpu_pluecker0; do
        expect 0 '' -- "$BIN/RayTetra" --algorithm "$kernel" --extent "$extent" --layout soa "$TMP/all.txt" \
            "$TMP/$kernel.$extent.txt" 1
        expect 0 '' -- "$BIN/CompareResults" --exact --extent "$extent" "$TMP/all.txt" "$TMP/$kernel.$extent.txt"
    done
    expect 0 '' -- "$BIN/RayTetra" --algorithm stp1f --extent "$extent" "$TMP/all.txt" "$TMP/cpu_f.$extent.txt" 1
    expect 0 '' -- "$BIN/RayTetra" --algorithm gpu_stp1f --extent "$extent" "$TMP/all.txt" "$TMP/gpu_f.$extent.txt" 1
    expect 0 '' -- "$BIN/CompareResults" --tolerance 1e-5 "$TMP/all.txt" "$TMP/cpu_f.$extent.txt" \
        "$TMP/gpu_f.$extent.txt"
done
check "segment: some hit has a clipped face" grep -Eq '^true (-1 [0-3-]|[0-3] -1) ' "$TMP/stp1.segment.txt"
check "ray: some hit has a clipped enter face" grep -Eq '^true -1 ' "$TMP/stp1.ray.txt"
"$BIN/CompareResults" --exact --extent segment "$TMP/all.txt" "$TMP/stp1.line.txt" >/dev/null 2>&1
check "the line's results differ from the segment's exact ones" test $? -eq 1
expect 0 '' -- "$BIN/RayTetra" --algorithm stp1 "$TMP/all.txt" "$TMP/default.txt" 1
check "--extent line is the default" \
    cmp <(grep -v '^#' "$TMP/default.txt") <(grep -v '^#' "$TMP/stp1.line.txt")

# Bench and Accuracy: every algorithm verified against the exact reference with the extent; the
# wide CSV's metadata line and the JSON name it; the line leaves the metadata line as it was.
head -n 601 "$TMP/all.txt" | awk 'NR == 1 { print 600; next } { print }' >"$TMP/bench.txt"
expect 0 '' -- "$BIN/Bench" --no-bandwidth --extent ray --algorithms stp0,stp0r,moller1,stp1f,gpu_stp1,gpu_stp0r \
    --json "$TMP/bench.json" "$TMP/bench.txt" "$TMP/wide.csv" 1
check "Bench: the metadata line names the extent" grep -q '; extent=ray$' "$TMP/wide.csv"
check "Bench: the JSON names the extent" grep -Eq '"extent": *"ray"' "$TMP/bench.json"
check "Bench: every algorithm verified" test "$(grep -c verified "$TMP/stdout.$$")" -ge 6
expect 0 '' -- "$BIN/Bench" --no-bandwidth --no-opencl --algorithms stp0 "$TMP/bench.txt" "$TMP/line.csv" 1
check "Bench: the line's metadata line has no extent" bash -c "! grep -q 'extent=' '$TMP/line.csv'"
expect 0 '' -- "$BIN/Accuracy" --extent segment --algorithms stp0,stp0r,gpu_stp1 --json "$TMP/accuracy.json" \
    "$TMP/bench.txt"
check "Accuracy: the JSON names the extent" grep -Eq '"extent": *"segment"' "$TMP/accuracy.json"
check "Accuracy: no misclassification on a segment" \
    awk '$1 ~ /^(stp0|stp0r|GPU_STP1)$/ { rows++; bad += $7 + $8 } END { exit bad != 0 || rows != 3 }' "$TMP/stdout.$$"
expect 2 "--extent takes line, ray or segment" -- "$BIN/Bench" --extent half "$TMP/bench.txt" "$TMP/x.csv" 1
expect 2 "--extent takes line, ray or segment" -- "$BIN/Accuracy" --extent half "$TMP/bench.txt"
expect 2 "--extent takes line, ray or segment" -- bash "$ROOT/scripts/fullbench.sh" --extent half 100 1

expect 2 "--extent takes line, ray or segment, not 'half'" -- "$BIN/RayTetra" --extent half "$TMP/all.txt" "$TMP/x.txt" 1
expect 2 "give --exact too" -- "$BIN/CompareResults" --extent ray "$TMP/all.txt" "$TMP/stp1.ray.txt" "$TMP/stp1.ray.txt"
expect 2 "--output hit does not compute" -- "$BIN/RayTetra" --algorithm gpu_stp1 --output hit --extent ray \
    "$TMP/all.txt" "$TMP/x.txt" 1
check "no result file after an error" test ! -e "$TMP/x.txt"
finish
