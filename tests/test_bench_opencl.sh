# test_bench_opencl: the OpenCL side of Bench, fullbench.sh, plot_time_graph.sh and
# result_compare.sh on the first OpenCL device (PoCL on a machine without a GPU). Builds each
# kernel once per build options (every kernel at output faces and hit: the longest part): the
# binary cache in $TMP serves every later run. Without an OpenCL
# device, or with RAYTETRA_TEST_OPENCL=0, it checks nothing and says so.
source "$(dirname "$0")/lib.sh"
json() { jq -e "$1" "$2" >/dev/null; } # json FILTER FILE: the filter holds on the file
export RAYTETRA_BIN="$BIN" RAYTETRA_CACHE_DIR="$TMP/cache"
opencl_or_skip
is_png() { [ -s "$1" ] && [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; }
column() { head -n 1 "$1" | sed 's/^#//' | tr ',' '\n' | grep -nx "$2" | cut -d: -f1; }
cell() { grep -v '^#' "$1" | sed -n "${2}p" | cut -d, -f"$(column "$1" "$3")"; }
in="$TMP/in.txt"
"$BIN/RandomRayTetra" "$in" -i 500 -n 500 --seed 11 >/dev/null || fail "RandomRayTetra"

# Bench: write, kernel and read times of a verified kernel; the device and local size printed.
csv="$TMP/out.csv"
expect 0 '' -- "$BIN/Bench" --algorithms stp1,GPU_STP0 --long-csv "$TMP/long.csv" "$in" "$csv" 2
for name in GPU_STP0_Write GPU_STP0 GPU_STP0_Read STP1; do
    check "$name is a time: $(cell "$csv" 1 "$name")" grep -Eq '^[0-9]+\.[0-9]{3}$' <<<"$(cell "$csv" 1 "$name")"
done
check "GPU_STP1 not selected: NA" test "$(cell "$csv" 1 GPU_STP1)" = NA
check "device printed" grep -q '^OpenCL device 0: ' "$TMP/stdout.$$"
check "local size printed" grep -q 'GPU_STP0 .*local size [0-9]' "$TMP/stdout.$$"
check "verified" grep -q 'GPU_STP0 .*verified' "$TMP/stdout.$$"
check "metadata names the device" grep -Eq '^# Bench;.* opencl=[^;]+; local_size=[0-9]+$' "$csv"
check "long CSV: write, kernel, read rows" test "$(grep -Ec ',GPU_STP0,(write|kernel|read),1000,50,2,[0-9.]+,' "$TMP/long.csv")" -eq 3
expect 2 'OpenCL device 99 does not exist' -- "$BIN/Bench" "$in" "$TMP/bad.csv" 1 99
check "nothing written for a bad device" test ! -e "$TMP/bad.csv"

# The float builds and the robust kernel: verified with the float tolerance and against the
# exact classifier; the host's exact decisions reported.
csv2="$TMP/float.csv"
expect 0 '' -- "$BIN/Bench" --algorithms GPU_STP0,GPU_STP0F,GPU_STP0R "$in" "$csv2" 1
header=$(head -n 1 "$csv2")
check "the same header whatever is selected (its order: test_bench.sh)" test "$header" = "$(head -n 1 "$csv")"
for name in GPU_STP0F_Write GPU_STP0F GPU_STP0F_Read GPU_STP0R_Write GPU_STP0R GPU_STP0R_Read; do
    check "$name is a time: $(cell "$csv2" 1 "$name")" grep -Eq '^[0-9]+\.[0-9]{3}$' <<<"$(cell "$csv2" 1 "$name")"
done
check "GPU_STP1F not selected: NA" test "$(cell "$csv2" 1 GPU_STP1F)" = NA
check "GPU_STP0F verified" grep -q 'GPU_STP0F .*verified' "$TMP/stdout.$$"
check "GPU_STP0R host decisions reported" grep -q 'pairs with an uncertain sign decided exactly on the host' "$TMP/stdout.$$"
expect 0 '' -- "$ROOT/scripts/plot_time_graph.sh" "$csv2" "$TMP/float-plots"
check "opencl_float.png is a PNG" is_png "$TMP/float-plots/opencl_float.png"

# The precomputed forms' kernels (tables made on the device), with a compact output: verified,
# the tables' time in its own cells and rows, the table counted in the kernel's bytes.
csv3="$TMP/precomputed.csv"
expect 0 '' -- "$BIN/Bench" --algorithms GPU_Segura0P,GPU_STP1PF --output faces --long-csv "$TMP/pre-long.csv" \
    --json "$TMP/pre.json" "$in" "$csv3" 2
check "the same header as every run" test "$(head -n 1 "$csv3")" = "$(head -n 1 "$csv")"
for name in GPU_Segura0P_Write GPU_Segura0P GPU_Segura0P_Read GPU_Segura0P_Pre GPU_STP1PF GPU_STP1PF_Pre; do
    check "$name is a time: $(cell "$csv3" 1 "$name")" grep -Eq '^[0-9]+\.[0-9]{3}$' <<<"$(cell "$csv3" 1 "$name")"
done
check "GPU_Segura0P_Mtests_s is a rate" grep -Eq '^[0-9]+\.[0-9]{3}$' <<<"$(cell "$csv3" 1 GPU_Segura0P_Mtests_s)"
check "GPU_Segura1P not selected: NA" test "$(cell "$csv3" 1 GPU_Segura1P_Pre)" = NA
check "GPU_Segura0P verified" grep -q 'GPU_Segura0P .*verified' "$TMP/stdout.$$"
check "the tables' time printed" grep -q 'tables precomputed on the device (not in the kernel time): [0-9.]* ms (288 bytes' \
    "$TMP/stdout.$$"
check "long CSV: write, precompute, kernel, read rows" \
    test "$(grep -Ec ',GPU_Segura0P,(write|precompute|kernel|read),1000,50,' "$TMP/pre-long.csv")" -eq 4
check "JSON: the kernel reads the pair and the table, writes the faces record; the tables are the pair in, the table out" \
    json '[.results[] | select(.algorithm == "GPU_Segura0P")] | map(.phase) == ["write", "precompute", "kernel", "read"]
    and .[2].bytes_read_per_pair == 432 and .[2].bytes_written_per_pair == 24 and .[1].bytes_read_per_pair == 144
    and .[1].bytes_written_per_pair == 288 and .[1].median_ms > 0' "$TMP/pre.json"
check "JSON: the float build's table is in float, made from its single-precision pairs" json '[.results[] |
    select(.algorithm == "GPU_STP1PF" and .phase == "precompute")][0] | .bytes_read_per_pair == 72
    and .bytes_written_per_pair == 120' "$TMP/pre.json"
check "JSON: the float build's kernel reads its float pair and table, writes the float faces record" \
    json '[.results[] | select(.algorithm == "GPU_STP1PF") | [.phase, .bytes_read_per_pair, .bytes_written_per_pair]]
    == [["write", 72, 0], ["precompute", 72, 120], ["kernel", 192, 16], ["read", 0, 16]]' "$TMP/pre.json"
check "long CSV: the kernel rows' bytes a pair, the table's included" \
    test "$(grep -Ec ',(GPU_Segura0P,kernel,.*,432,24|GPU_STP1PF,kernel,.*,192,16),ok$' "$TMP/pre-long.csv")" -eq 2
expect 0 '' -- "$ROOT/scripts/plot_time_graph.sh" --json "$TMP/pre.json" --out "$TMP/pre-plots"
check "opencl_precomputed.png is a PNG" is_png "$TMP/pre-plots/opencl_precomputed.png"
check "no double chart of the plain kernels: none ran" test ! -e "$TMP/pre-plots/opencl_double.png"

# Every kernel at every compact level, GPU_STP0R included (the pairs it leaves to the host are
# flagged in the compact records too): all verified on random pairs; GPU_STP0R also on every
# degenerate class, which only an exact algorithm passes, with its host decisions reported.
kernels=$("$BIN/Bench" --list-algorithms | awk '$3 == "opencl" { print $2 }' | sort)
check "the OpenCL kernels listed" test "$(wc -l <<<"$kernels")" -gt 8
degenerate="$TMP/degenerate.txt"
"$BIN/RandomRayTetra" "$degenerate" -i 100 -n 100 --edge 20 --vertex 20 --face-cross 20 --face-miss 20 \
    --parallel 20 --flat 20 --seed 5 >/dev/null || fail "RandomRayTetra with the degenerate classes"
for level in faces hit; do
    expect 0 '' -- "$BIN/Bench" --algorithms opencl --output $level "$in" "$TMP/every-$level.csv" 1
    check "--output $level: every kernel verified" \
        test "$(grep -E '^  GPU_[A-Za-z0-9]+ .* verified$' "$TMP/stdout.$$" | awk '{ print $1 }' | sort)" = "$kernels"
    expect 0 '' -- "$BIN/Bench" --algorithms GPU_STP0R --output $level "$degenerate" "$TMP/degenerate-$level.csv" 1
    check "--output $level: GPU_STP0R verified on the degenerate classes" \
        grep -q '^  GPU_STP0R .* verified$' "$TMP/stdout.$$"
    check "--output $level: GPU_STP0R's host decisions reported" \
        grep -Eq '^ +[1-9][0-9]* pairs with an uncertain sign decided exactly on the host' "$TMP/stdout.$$"
done

# fullbench with the kernel: OpenCL columns in every row and the OpenCL charts.
out="$TMP/sweep"
expect 0 '' -- "$ROOT/scripts/fullbench.sh" --algorithms stp1,GPU_STP0 --accuracy-pairs 10 --out "$out" 2000 3 50
check "three rows" test "$(grep -cv '^#' "$out/output.csv")" -eq 3
check "kernel time in every row" test "$(grep -v '^#' "$out/output.csv" | cut -d, -f"$(column "$out/output.csv" GPU_STP0)" | grep -c '^[0-9]')" -eq 3
for png in cpu_double opencl_double opencl_phases accuracy; do
    check "$png.png is a PNG" is_png "$out/$png.png"
done
# The JSON of an OpenCL run: the device, the local size, each launch's time.
json=$(ls "$out"/output-*-p50.json)
check "JSON: the OpenCL device, platform, driver and local size" json '.context | (.opencl_device | length) > 0 and
    (.opencl_platform | length) > 0 and (.opencl_driver | length) > 0 and .local_size >= 1' "$json"
check "JSON: write, kernel, read of GPU_STP0; 3 kernel launches, 1 write" json '[.results[] | select(.algorithm ==
    "GPU_STP0")] | map(.phase) == ["write", "kernel", "read"] and .[1].reps == 3 and .[0].reps == 1 and
    .[1].bytes_read_per_pair == 144' "$json"
check "report: the fastest OpenCL kernel" grep -q '| fastest OpenCL kernel, double precision | \*\*GPU_STP0\*\* |' "$out/report.md"

# result_compare.sh with the kernel: agrees with the exact classifier.
expect 0 '' -- "$ROOT/scripts/result_compare.sh" --algorithms stp0,GPU_STP0 "$in" 0
check "GPU_STP0 agrees" grep -q '^GPU_STP0 .*agrees with the exact classifier on all 1000 pairs' "$TMP/stdout.$$"
finish
