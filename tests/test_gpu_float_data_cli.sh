# test_gpu_float_data_cli: --float-data single|double of RayTetra and Bench on the first OpenCL
# device (PoCL without a GPU). RayTetra -g prints the bytes a pair its buffers hold (72 in and
# 64, 16, 1 out with single data; 144 and 112, 24, 1 with double data and for double kernels)
# and writes the same results either way, a precomputed float kernel too (its table float in
# both). Bench's JSON and long CSV give each kernel's own bytes
# a pair at every output level, and its gb_per_s and percent_of_copy are computed from them. A
# device taken for one without fp64 (RAYTETRA_ASSUME_NO_FP64) runs the single-data float kernels
# and refuses the others with one line (Bench: their cells NA). Wrong values: one-line errors.
source "$(dirname "$0")/lib.sh"
export RAYTETRA_CACHE_DIR="$TMP/cache"
opencl_or_skip
json() { jq -e "$1" "$2" >/dev/null; } # json FILTER FILE: the filter holds on the file
device=${RAYTETRA_TEST_DEVICE:-0}
in="$TMP/in.rtb"
"$BIN/RandomRayTetra" "$in" -i 500 -n 503 --seed 21 >/dev/null || fail "RandomRayTetra"

# RayTetra: the buffers line, and the same results from single and double data.
for sizes in "all 64 112" "faces 16 24" "hit 1 1"; do
    read -r level single double <<<"$sizes"
    expect 0 '' -- "$BIN/RayTetra" -n "$device" -g 6 --output "$level" "$in" "$TMP/single-$level.rtb" 1
    check "GPU_STP1F, output $level: 72 bytes in, $single out" \
        grep -q "^buffers: 72 bytes a pair in, $single out (single precision)$" "$TMP/stdout.$$"
    expect 0 '' -- "$BIN/RayTetra" -n "$device" -g 6 --output "$level" --float-data double "$in" \
        "$TMP/double-$level.rtb" 1
    check "GPU_STP1F, output $level, --float-data double: 144 bytes in, $double out" \
        grep -q "^buffers: 144 bytes a pair in, $double out (double precision)$" "$TMP/stdout.$$"
    check "GPU_STP1F, output $level: the same results from both" \
        cmp -s "$TMP/single-$level.rtb" "$TMP/double-$level.rtb"
done
expect 0 '' -- "$BIN/RayTetra" -n "$device" -g 2 "$in" "$TMP/g2.rtb" 1
check "GPU_STP1 moves doubles" grep -q '^buffers: 144 bytes a pair in, 112 out (double precision)$' "$TMP/stdout.$$"
# A precomputed float kernel (-g 19, GPU_STP1PF): the same buffers, its float table on the device.
expect 0 '' -- "$BIN/RayTetra" -n "$device" -g 19 "$in" "$TMP/pre-single.rtb" 1
check "GPU_STP1PF: 72 bytes in, 64 out" grep -q '^buffers: 72 bytes a pair in, 64 out (single precision)$' \
    "$TMP/stdout.$$"
check "GPU_STP1PF: its 120-byte float tables" grep -q '^GPU_STP1PF: tables (120 bytes a pair) precomputed' "$TMP/stdout.$$"
expect 0 '' -- "$BIN/RayTetra" -n "$device" -g 19 --float-data double "$in" "$TMP/pre-double.rtb" 1
check "GPU_STP1PF, --float-data double: 144 bytes in, 112 out" \
    grep -q '^buffers: 144 bytes a pair in, 112 out (double precision)$' "$TMP/stdout.$$"
check "GPU_STP1PF: the same results from both" cmp -s "$TMP/pre-single.rtb" "$TMP/pre-double.rtb"

# Bench at every output level: each kernel's bytes, and the throughput figures made from them.
for sizes in "all 64 112" "faces 16 24" "hit 1 1"; do
    read -r level single double <<<"$sizes"
    long="$TMP/long-$level.csv" doc="$TMP/bench-$level.json"
    expect 0 '' -- "$BIN/Bench" -n "$device" --algorithms GPU_STP0,GPU_STP0F --output "$level" --bandwidth-mib 1 \
        --json "$doc" --long-csv "$long" "$in" "$TMP/wide-$level.csv" 2
    check "$level: JSON kernel rows 144+$double and 72+$single bytes" json "[.results[] | select(.phase == \"kernel\")
        | [.algorithm, .bytes_read_per_pair, .bytes_written_per_pair]]
        == [[\"GPU_STP0\", 144, $double], [\"GPU_STP0F\", 72, $single]]" "$doc"
    check "$level: JSON transfers of GPU_STP0F: 72 written, $single read" json "[.results[] | select(.algorithm ==
        \"GPU_STP0F\" and .phase != \"kernel\") | [.phase, .bytes_read_per_pair, .bytes_written_per_pair]]
        == [[\"write\", 72, 0], [\"read\", 0, $single]]" "$doc"
    check "$level: JSON context float_data single" json '.context.float_data == "single"' "$doc"
    # Long CSV fields counted from the end (the quoted device holds commas): algorithm NF-18,
    # phase NF-17, mtests_per_s NF-12, gb_per_s NF-7, percent_of_copy NF-6, bytes NF-2 and NF-1.
    rows=$(awk -F, '$(NF-17) == "kernel" { print $(NF-18) "," $(NF-2) "," $(NF-1) "," $NF }' "$long" | tr '\n' ' ')
    check "$level: long CSV kernel rows ($rows)" \
        test "$rows" = "GPU_STP0,144,$double,ok GPU_STP0F,72,$single,ok "
    # gb_per_s = Mtests/s x bytes a pair / 1000 and percent_of_copy = its share of the copy's,
    # within the rounding of the printed figures: the bytes are the kernel's own.
    wrong=$(awk -F, '$(NF-18) == "bandwidth" && $(NF-17) == "copy" { copy = $(NF-7) }
        $(NF-17) == "kernel" {
            gb = $(NF-12) * ($(NF-2) + $(NF-1)) / 1000
            if ((gb - $(NF-7)) ^ 2 > (0.01 * gb + 0.002) ^ 2) print $(NF-18) " gb_per_s " $(NF-7) " not " gb
            pct = 100 * $(NF-7) / copy
            if ((pct - $(NF-6)) ^ 2 > (0.01 * pct + 0.01) ^ 2) print $(NF-18) " percent_of_copy " $(NF-6) " not " pct
        }' "$long")
    check "$level: GB/s and % of copy from the bytes a pair: ${wrong:-right}" test -z "$wrong"
done
expect 0 '' -- "$BIN/Bench" -n "$device" --algorithms GPU_STP0F --float-data double --no-bandwidth \
    --json "$TMP/double.json" "$in" "$TMP/wide-double.csv" 1
check "--float-data double: GPU_STP0F 144+112 bytes" json '[.results[] | select(.phase == "kernel")
    | [.bytes_read_per_pair, .bytes_written_per_pair]] == [[144, 112]] and .context.float_data == "double"' \
    "$TMP/double.json"
check "--float-data double: named in the wide metadata" grep -q '; float_data=double$' "$TMP/wide-double.csv"
check "single data, the default: not named there" test "$(grep -c 'float_data=' "$TMP/wide-all.csv")" -eq 0

# A device without fp64: the single-data float kernels run, the others are refused.
export RAYTETRA_ASSUME_NO_FP64=1
expect 0 '' -- "$BIN/RayTetra" --list-devices
check "--list-devices: no fp64" grep -Eq "^$device .* no " "$TMP/stdout.$$"
expect 0 '' -- "$BIN/RayTetra" -n "$device" -g 6 "$in" "$TMP/no-fp64.rtb" 1
check "GPU_STP1F without fp64: the same results" cmp -s "$TMP/single-all.rtb" "$TMP/no-fp64.rtb"
expect 0 '' -- "$BIN/RayTetra" -n "$device" -g 19 "$in" "$TMP/pre-no-fp64.rtb" 1
check "GPU_STP1PF without fp64: the same results" cmp -s "$TMP/pre-single.rtb" "$TMP/pre-no-fp64.rtb"
expect 1 'which GPU_STP1P \(double' -- "$BIN/RayTetra" -n "$device" -g 13 "$in" "$TMP/x.rtb" 1
expect 1 '^RayTetra: error: OpenCL device .* has no double precision \(cl_khr_fp64\), which GPU_STP1 \(double' \
    -- "$BIN/RayTetra" -n "$device" -g 2 "$in" "$TMP/x.rtb" 1
expect 1 'which GPU_STP1F with --float-data double' -- "$BIN/RayTetra" -n "$device" -g 6 --float-data double \
    "$in" "$TMP/x.rtb" 1
check "nothing written when refused" test ! -e "$TMP/x.rtb"
expect 0 '' -- "$BIN/Bench" -n "$device" --algorithms GPU_STP0,GPU_STP0F --bandwidth-mib 1 \
    --long-csv "$TMP/no-fp64-long.csv" "$in" "$TMP/no-fp64.csv" 1
kernels=$(awk -F, '$(NF-17) == "kernel" { print $(NF-18) "," $NF }' "$TMP/no-fp64-long.csv" | tr '\n' ' ')
check "Bench without fp64: GPU_STP0 unavailable, GPU_STP0F verified ($kernels)" \
    test "$kernels" = "GPU_STP0,unavailable GPU_STP0F,ok "
check "Bench without fp64: says why" grep -q 'GPU_STP0 .*unavailable: .*no double precision' "$TMP/stdout.$$"
# --devices all takes the devices without fp64 for a float kernel with single data, not for a
# double one.
expect 0 '' -- "$BIN/RayTetra" --devices all -g 6 "$in" "$TMP/all-no-fp64.rtb" 1
check "--devices all, GPU_STP1F without fp64: the same results" cmp -s "$TMP/single-all.rtb" "$TMP/all-no-fp64.rtb"
expect 1 'devices all: no OpenCL device has fp64, which the double kernels need' -- "$BIN/RayTetra" --devices all \
    -g 2 "$in" "$TMP/x.rtb" 1
check "nothing written when refused" test ! -e "$TMP/x.rtb"
unset RAYTETRA_ASSUME_NO_FP64

expect 2 '^RayTetra: error: --float-data must be single .* not .half.' -- \
    "$BIN/RayTetra" -g 6 --float-data half "$in" "$TMP/x.rtb" 1
expect 2 '^Bench: error: --float-data must be single .* not .half.' -- "$BIN/Bench" --float-data half "$in" "$TMP/x.csv" 1
finish
