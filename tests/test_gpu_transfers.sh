# test_gpu_transfers: the pinned, chunked, overlapped transfers (RayTetra -g's default) and the
# records written as one array per field (--result-layout soa) on the first OpenCL device (PoCL
# without a GPU). Every kernel gives the same results, byte for byte, with pinned and pageable
# transfers, in one chunk and in many on three queues, with either record layout, in every
# input layout, output level, extent and precision; the robust kernel finishes its flagged
# pairs on degenerate data either way; Bench verifies the soa records and keeps its pageable
# columns; wrong values are one-line errors.
source "$(dirname "$0")/lib.sh"
export RAYTETRA_CACHE_DIR="$TMP/cache"
opencl_or_skip
device=${RAYTETRA_TEST_DEVICE:-0}
in="$TMP/in.rtb"
"$BIN/RandomRayTetra" "$in" -i 1500 -n 1503 --seed 11 >/dev/null || fail "RandomRayTetra"
degenerate="$TMP/degenerate.txt"
"$BIN/RandomRayTetra" "$degenerate" -i 200 -n 200 --edge 40 --vertex 40 --face-cross 40 --face-miss 40 --seed 5 \
    >/dev/null || fail "RandomRayTetra degenerate"

# run NAME FILE ARGS...: RayTetra -n DEVICE ARGS FILE $TMP/NAME.rtb 2 (the results only).
run() {
    local name=$1 file=$2
    shift 2
    expect 0 '' -- "$BIN/RayTetra" -n "$device" "$@" "$file" "$TMP/$name.rtb" 2
    cp "$TMP/stdout.$$" "$TMP/$name.log"
}
same() { # same A B WHAT: the two result files are identical
    check "$3: $1 and $2 differ" cmp -s "$TMP/$1.rtb" "$TMP/$2.rtb"
}

for g in 0 1 2 3 4 5 6 7; do
    run "g$g-pageable" "$in" -g "$g" --transfers pageable
    check "g$g pageable: the thesis' line" grep -Eq ': write [0-9.]+ ms, kernel [0-9.]+ ms \(2 reps\), read' "$TMP/g$g-pageable.log"
    run "g$g-pinned" "$in" -g "$g"
    check "g$g pinned by default" grep -Eq ': pinned transfers, 1 chunk on 1 queue: end to end [0-9.]+ ms; device times: write [0-9.]+ ms, kernel [0-9.]+ ms \(2 reps\)' "$TMP/g$g-pinned.log"
    same "g$g-pageable" "g$g-pinned" "g$g pinned"
    # Chunks of at most 448 pairs (a multiple of the local size) on 3 queues, with the soa
    # records: 7 would hold them, and the tapered plan makes the last 3 shrink, so 8.
    RAYTETRA_MAX_CHUNK_PAIRS=448 run "g$g-chunks-soa" "$in" -g "$g" --result-layout soa
    check "g$g: 8 chunks on 3 queues" grep -q 'pinned transfers, 8 chunks on 3 queues' "$TMP/g$g-chunks-soa.log"
    same "g$g-pageable" "g$g-chunks-soa" "g$g chunked, soa records"
    run "g$g-pageable-soa" "$in" -g "$g" --transfers pageable --layout soa --result-layout soa
    same "g$g-pageable" "g$g-pageable-soa" "g$g pageable, soa input and records"
done

# Chunk sizes: at most 200 pairs a chunk, equal (16 chunks) or tapered (the default: the last
# 8 shrink, so there are more), the same results.
for sizes in tapered equal; do
    RAYTETRA_MAX_CHUNK_PAIRS=200 run "g1-$sizes" "$in" -g 1 --chunk-sizes "$sizes"
    same g1-pageable "g1-$sizes" "g1 --chunk-sizes $sizes"
done
check "g1 --chunk-sizes equal: 16 chunks" grep -q 'pinned transfers, 16 chunks on 3 queues' "$TMP/g1-equal.log"
check "g1 --chunk-sizes tapered: 20 chunks" grep -q 'pinned transfers, 20 chunks on 3 queues' "$TMP/g1-tapered.log"
expect 2 "--chunk-sizes must be tapered" -- "$BIN/RayTetra" -g 1 --chunk-sizes some "$in" "$TMP/never.rtb" 1
check "a bad --chunk-sizes writes nothing" test ! -e "$TMP/never.rtb"

# The robust kernel on degenerate lines: its flagged pairs decided on the host either way.
run g8-pageable "$degenerate" -g 8 --transfers pageable
run g8-pinned "$degenerate" -g 8 --result-layout soa
RAYTETRA_MAX_CHUNK_PAIRS=100 run g8-chunks "$degenerate" -g 8 --layout soa
for name in g8-pinned g8-chunks; do
    same g8-pageable "$name" "GPU_STP0R $name"
done
flagged() { grep -Eo '[0-9]+ pairs with an uncertain sign' "$TMP/$1.log" | head -n 1; }
check "GPU_STP0R flags pairs on degenerate lines ($(flagged g8-pageable))" grep -Eq '^[1-9][0-9]* pairs' <<<"$(flagged g8-pageable)"
check "GPU_STP0R flags the same pairs pinned" test "$(flagged g8-pageable)" = "$(flagged g8-chunks)"

# Levels faces and hit, every extent, the float build: soa records and pinned chunks change nothing.
for output in faces hit; do
    run "faces-$output-ref" "$in" -g 3 --output "$output" --transfers pageable
    RAYTETRA_MAX_CHUNK_PAIRS=512 run "faces-$output-soa" "$in" -g 3 --output "$output" --result-layout soa
    same "faces-$output-ref" "faces-$output-soa" "output $output"
done
for extent in ray segment; do
    run "extent-$extent-ref" "$in" -g 2 --extent "$extent" --transfers pageable
    run "extent-$extent-soa" "$in" -g 2 --extent "$extent" --result-layout soa
    same "extent-$extent-ref" "extent-$extent-soa" "extent $extent"
    run "extent-$extent-robust" "$degenerate" -g 8 --extent "$extent" --transfers pageable
    RAYTETRA_MAX_CHUNK_PAIRS=64 run "extent-$extent-robust-soa" "$degenerate" -g 8 --extent "$extent" --result-layout soa
    same "extent-$extent-robust" "extent-$extent-robust-soa" "GPU_STP0R extent $extent"
done

# Bench: soa records verified (timed and end to end), its columns still the pageable steps.
expect 0 '' -- "$BIN/Bench" --algorithms GPU_STP0,GPU_STP0R,GPU_STP1F --result-layout soa --overlap 3 \
    --bandwidth-mib 1 --long-csv "$TMP/long.csv" --json "$TMP/bench.json" "$in" "$TMP/wide.csv" 2 "$device"
check "Bench: three kernels verified with soa records" test "$(grep -Ec 'GPU_STP(0|0R|1F) .*verified' "$TMP/stdout.$$")" -eq 3
check "Bench: soa records named" grep -q 'output all (soa records)' "$TMP/stdout.$$"
check "Bench: end to end with soa records" grep -q 'end to end (pinned, 3 tapered chunks of at most 1073 pairs on 3 queues, 2 runs)' "$TMP/stdout.$$"
check "Bench: long CSV end-to-end rows carry their runs' min, median and max" \
    grep -Eq ',GPU_STP0,end_to_end,3003,[0-9.]+,2,[0-9.]+,[0-9.]+,[0-9.]+,[0-9.]+,[0-9.]+,' "$TMP/long.csv"
check "Bench: JSON end to end against the full-duplex bound" grep -q '"percent_of_bound": *[0-9]' "$TMP/bench.json"
check "Bench: JSON both-at-once bandwidth" grep -q '"pinned_duplex": *[0-9]' "$TMP/bench.json"
check "Bench: JSON chunk sizes" grep -q '"chunk_sizes": *"tapered"' "$TMP/bench.json"
check "Bench: wide metadata" grep -q '; result_layout=soa' "$TMP/wide.csv"
check "Bench: long CSV layout aos/soa" grep -Eq ',GPU_STP0,kernel,3003,.*,aos/soa,all,1,144,112,ok$' "$TMP/long.csv"
check "Bench: long CSV kernel rows carry their repetitions' min, median and max" \
    grep -Eq ',GPU_STP0,kernel,3003,[0-9.]+,2,[0-9.]+,[0-9.]+,[0-9.]+,[0-9.]+,[0-9.]+,' "$TMP/long.csv"
check "Bench: JSON result_layout" grep -q '"result_layout": *"soa"' "$TMP/bench.json"

# The library's device path (gpu_run, pinned by default) is tested by test_library.

expect 2 '^RayTetra: error: --transfers must be pinned .* not .fast.' -- "$BIN/RayTetra" -g 1 --transfers fast "$in" "$TMP/x" 1
expect 2 '^RayTetra: error: --result-layout must be aos .* not .x.' -- "$BIN/RayTetra" -g 1 --result-layout x "$in" "$TMP/x" 1
expect 2 '^Bench: error: --result-layout must be aos .* not .x.' -- "$BIN/Bench" --result-layout x "$in" "$TMP/x" 1
finish
