# test_gpu_perf: the throughput options of the OpenCL path (docs/GPU.md, docs/PERFORMANCE.md) on
# the first OpenCL device (PoCL without a GPU): every input layout, output level, pairs-per-item
# count and several local sizes give results verified against the exact classifier (Bench) and,
# at output level all, identical to the thesis' configuration (RayTetra); the bandwidth
# measurement gives positive finite numbers; the new CSV columns and the option errors. One
# kernel (GPU_STP1), one cache folder: each layout/output combination compiles once.
source "$(dirname "$0")/lib.sh"
export RAYTETRA_CACHE_DIR="$TMP/cache"
opencl_or_skip
in="$TMP/in.txt"
"$BIN/RandomRayTetra" "$in" -i 1003 -n 1000 --seed 7 >/dev/null || fail "RandomRayTetra"
positive() { awk -v x="$1" 'BEGIN { exit !(x + 0 > 0 && x + 0 < 1e12) }'; }

# The bandwidths: positive, finite, printed on one line.
expect 0 '' -- "$BIN/Bench" --bandwidth-only --bandwidth-mib 2
line=$(grep '^bandwidth' "$TMP/stdout.$$")
read -r copy write read_gbs < <(sed -E 's/.*copy kernel ([^ ]+) .*pinned write ([^ ]+) .*pinned read ([^ ]+) .*/\1 \2 \3/' <<<"$line")
for value in "$copy" "$write" "$read_gbs"; do
    check "bandwidth '$value' is positive and finite ($line)" positive "$value"
done

# Every layout x output level, verified by Bench against the exact classifier (only the fields
# the level computes); pairs per item and local sizes vary along the way.
csv="$TMP/out.csv"
long="$TMP/long.csv"
for run in "aos all 1 1" "aos faces 3 32" "aos hit 8 64" "soa all 8 64" "soa faces 1 1" "soa hit 3 32" \
    "soa all 2 128" "aos all 5 32" "soa hit 8 64"; do
    read -r layout output ppi local <<<"$run"
    expect 0 '' -- "$BIN/Bench" --algorithms GPU_STP1 --layout "$layout" --output "$output" \
        --pairs-per-item "$ppi" --local-size "$local" --bandwidth-mib 1 --long-csv "$long" "$in" "$csv" 1
    check "$layout/$output/$ppi/$local verified" grep -q 'GPU_STP1 .*verified' "$TMP/stdout.$$"
done

# The wide CSV: thesis' columns first, the new ones after every time column; values or NA.
header=$(head -n 1 "$csv")
check "wide header starts with the thesis' columns" grep -q '^#Intersecting_Pairs,Haines,Moller1,.*,GPU_STP2_Read,' <<<"$header"
check "bandwidth and throughput columns last" grep -Eq ',Copy_GBs,Pinned_Write_GBs,Pinned_Read_GBs,GPU_Segura0_Mtests_s,.*GPU_STP1_GBs,GPU_STP1_Pct_Copy' <<<"$header"
col() { tr ',' '\n' <<<"${header#\#}" | grep -nx "$1" | cut -d: -f1; }
last=$(grep -v '^#' "$csv" | tail -n 1)
for name in Copy_GBs GPU_STP1_Mtests_s GPU_STP1_GBs GPU_STP1_Pct_Copy; do
    value=$(cut -d, -f"$(col "$name")" <<<"$last")
    check "$name = '$value' is positive" positive "$value"
done
check "GPU_STP0_GBs NA (not run)" test "$(cut -d, -f"$(col GPU_STP0_GBs)" <<<"$last")" = NA
check "metadata names layout, output, pairs per item" grep -Eq '^# Bench;.* layout=soa; output=hit; pairs_per_item=8; overlap_chunks=0; opencl=[^;]+; local_size=64$' "$csv"
check "long CSV: kernel row with GB/s, % of copy, configuration" \
    grep -Eq ',GPU_STP1,kernel,2003,.*,[0-9.]+,[0-9.]+,soa,hit,8,144,1,ok$' "$long"
check "long CSV: bandwidth rows" test "$(grep -Ec ',bandwidth,(copy|pinned_write|pinned_read),.*,NA,[0-9.]+,(100.00|NA),NA,NA,NA,NA,NA,ok$' "$long")" -eq 27

# --overlap: end-to-end runs from pinned memory in 1, 3 and 5 chunks (fewer pairs than chunks
# too), verified like the timed runs, with their columns and long rows.
small="$TMP/small.txt"
"$BIN/RandomRayTetra" "$small" -i 2 -n 1 --seed 3 >/dev/null || fail "RandomRayTetra small"
for run in "1 aos all $in" "3 soa faces $in" "5 soa hit $in" "5 aos all $small"; do
    read -r chunks layout output file <<<"$run"
    expect 0 '' -- "$BIN/Bench" --algorithms GPU_STP1 --overlap "$chunks" --layout "$layout" --output "$output" \
        --bandwidth-mib 1 --long-csv "$TMP/e2e-long-$chunks.csv" "$file" "$TMP/e2e-$chunks-$(basename "$file").csv" 1
    check "overlap $chunks ($layout, $output): end to end printed" grep -Eq 'end to end \(pinned, [0-9]+ tapered chunks? of at most [0-9]+ pairs on [1-3] queues?, 1 run\): median [0-9.]+ ms' "$TMP/stdout.$$"
    check "overlap $chunks: verified" grep -q 'GPU_STP1 .*verified' "$TMP/stdout.$$"
done
e2e_csv="$TMP/e2e-3-in.txt.csv"
e2e_header=$(head -n 1 "$e2e_csv")
e2e_row=$(grep -v '^#' "$e2e_csv" | tail -n 1)
for name in GPU_STP1_E2E GPU_STP1_E2E_GBs GPU_STP1_E2E_Pct_Pinned; do
    index=$(tr ',' '\n' <<<"${e2e_header#\#}" | grep -nx "$name" | cut -d: -f1)
    value=$(cut -d, -f"$index" <<<"$e2e_row")
    check "$name = '$value' is positive" positive "$value"
done
check "long CSV: end_to_end row" grep -Eq ',GPU_STP1,end_to_end,2003,.*,soa,faces,1,144,24,ok$' "$TMP/e2e-long-3.csv"
expect 2 '--overlap must be a whole number' -- "$BIN/Bench" --overlap 0 "$in" "$csv" 1
expect 2 '--chunk-sizes must be tapered' -- "$BIN/Bench" --overlap 4 --chunk-sizes uneven "$in" "$csv" 1
expect 0 '' -- "$BIN/Bench" --algorithms GPU_STP1 --overlap 4 --chunk-sizes equal --bandwidth-mib 1 "$in" \
    "$TMP/e2e-equal.csv" 3
check "--chunk-sizes equal: 4 equal chunks, 3 runs" \
    grep -Eq 'end to end \(pinned, 4 equal chunks of at most 501 pairs on 3 queues, 3 runs\): median [0-9.]+ ms \(min [0-9.]+, max [0-9.]+\)' "$TMP/stdout.$$"

# local_size_sweep.sh on two sizes: one CSV row per size and kernel, a PNG when gnuplot exists.
expect 0 '' -- env BUILD="$BUILD" LOCAL_SIZES="32 64" BENCH_OPTIONS="--algorithms GPU_STP1,GPU_STP2 --bandwidth-mib 1" \
    "$ROOT/scripts/local_size_sweep.sh" "$in" 0 1 "$TMP/sweep"
check "sweep CSV: 4 rows" test "$(grep -Ec '^(32|64),GPU_STP[12],[0-9.]+,[0-9.]+,[0-9.]+,' "$TMP/sweep/local_size.csv")" -eq 4
if command -v gnuplot >/dev/null; then
    check "sweep PNG" test "$(head -c 4 "$TMP/sweep/local_size.png" | od -An -tx1 | tr -d ' \n')" = 89504e47
fi
expect 2 'usage' -- "$ROOT/scripts/local_size_sweep.sh"
expect 2 'DEVICE must be a device number' -- "$ROOT/scripts/local_size_sweep.sh" "$in" x
expect 2 'LOCAL_SIZES holds' -- env LOCAL_SIZES="32 abc" "$ROOT/scripts/local_size_sweep.sh" "$in" 0 1 "$TMP/sweep2"

# RayTetra: at output level all, every layout and pairs-per-item count and local size gives the
# very bits of the thesis' configuration (each pair's arithmetic is the same code).
expect 0 '' -- "$BIN/RayTetra" -g 2 -p r "$in" "$TMP/ref.txt" 1
for config in "--layout soa" "--pairs-per-item 5 --local-size 32" "--layout soa --pairs-per-item 2 --local-size 128"; do
    # shellcheck disable=SC2086
    expect 0 '' -- "$BIN/RayTetra" -g 2 -p r $config "$in" "$TMP/other.txt" 1
    check "RayTetra $config: same output as aos, 1 pair per item" cmp -s "$TMP/ref.txt" "$TMP/other.txt"
done
# At level faces: the same hit/miss, faces and t as level all.
expect 0 '' -- "$BIN/RayTetra" -g 2 -p r --output faces "$in" "$TMP/faces.txt" 1
fields() { awk '{ if ($1 == "true") print $1, $2, $3, $14, $15; else print $1 }' "$1"; }
check "level faces: hit, faces, t as level all" cmp -s <(fields "$TMP/ref.txt") <(fields "$TMP/faces.txt")
expect 0 '' -- "$BIN/RayTetra" -g 2 -p r --output hit "$in" "$TMP/hit.txt" 1
check "level hit: hit/miss as level all" cmp -s <(cut -d' ' -f1 "$TMP/ref.txt") <(cut -d' ' -f1 "$TMP/hit.txt")

# Option errors: one line, status 2.
expect 2 '--layout must be aos .* or soa' -- "$BIN/Bench" --layout xyz "$in" "$csv" 1
expect 2 '--output must be all' -- "$BIN/Bench" --output none "$in" "$csv" 1
expect 2 '--pairs-per-item must be a whole number' -- "$BIN/Bench" --pairs-per-item 0 "$in" "$csv" 1
expect 2 '--bandwidth-mib must be' -- "$BIN/Bench" --bandwidth-mib x --bandwidth-only
expect 2 'expected \[DEVICE\] with --bandwidth-only, got 2 arguments' -- "$BIN/Bench" --bandwidth-only 0 1
expect 2 '--layout must be' -- "$BIN/RayTetra" -g 1 --layout "" "$in" "$TMP/x.txt" 1
expect 2 '--pairs-per-item must be' -- "$BIN/RayTetra" -g 1 --pairs-per-item 2x "$in" "$TMP/x.txt" 1
finish
