# test_bench: Bench on a small input, CPU algorithms only (no OpenCL compile: see
# test_bench_opencl.sh): the wide CSV's header and rows, appends, the long CSV, --algorithms,
# the "no OpenCL device" path, the JSON and its statistics, --min-time, the warnings and the
# ranking, --describe-columns, --version, and every bad-argument path.
source "$(dirname "$0")/lib.sh"
THESIS='#Intersecting_Pairs,Haines,Moller1,Moller2,Moller3,Segura0,Segura1,Segura2,STP0,STP1,STP2,GPU_Segura0_Write,GPU_Segura0,GPU_Segura0_Read,GPU_STP0_Write,GPU_STP0,GPU_STP0_Read,GPU_STP1_Write,GPU_STP1,GPU_STP1_Read,GPU_STP2_Write,GPU_STP2,GPU_STP2_Read'
in="$TMP/in.txt"
"$BIN/RandomRayTetra" "$in" -i 300 -n 700 --seed 5 >/dev/null || fail "RandomRayTetra"
# The CPU variants' CSV names, in the registry's order (NAME CSV_NAME KIND ... a line); the
# precomputed ones among them.
cpu_names=$("$BIN/Bench" --list-algorithms | awk '$3 == "cpu" { print $2 }')
cpu_count=$(wc -l <<<"$cpu_names")
precomputed_names=$("$BIN/Bench" --list-algorithms | awk '$3 == "cpu" && $6 ~ /(^|,)precomputed(,|$)/ { print $2 }')
# The OpenCL precomputed forms' columns, last of all: times, precomputation, then rates.
gpu_pre_columns=$("$BIN/Bench" --list-algorithms | awk '$3 == "opencl" && $6 ~ /(^|,)precomputed(,|$)/ { print $2 }' |
    awk '{ n[NR] = $1 } END {
        for (i = 1; i <= NR; ++i) printf "%s%s_Write,%s,%s_Read", (i > 1 ? "," : ""), n[i], n[i], n[i]
        for (i = 1; i <= NR; ++i) printf ",%s_Pre", n[i]
        for (i = 1; i <= NR; ++i) printf ",%s_Mtests_s,%s_GBs,%s_Pct_Copy,%s_E2E,%s_E2E_GBs,%s_E2E_Pct_Pinned", n[i], n[i], n[i], n[i], n[i], n[i]
    }')

data_rows() { grep -cv '^#' "$1"; }
field() { grep -v '^#' "$1" | sed -n "${2}p" | cut -d, -f"$3"; }
column() { # column CSV NAME: the 1-based index of NAME in the header
    head -n 1 "$1" | sed 's/^#//' | tr ',' '\n' | grep -nx "$2" | cut -d: -f1
}

# CPU only: the thesis header first (new columns only after it), one row, IT = 30.
csv="$TMP/out.csv"
expect 0 '' -- "$BIN/Bench" --no-opencl --long-csv "$TMP/long.csv" "$in" "$csv" 2
header=$(head -n 1 "$csv")
check "header starts with the thesis columns: $header" test "${header:0:${#THESIS}}" = "$THESIS"
check "nothing but ',' may follow the thesis columns" test "${header:${#THESIS}:1}" = "" -o "${header:${#THESIS}:1}" = ","
# After the thesis' columns: every other variant in the registry's order (NAME CSV_NAME KIND
# PRECISION INDEX PROPERTIES ... a line; "thesis" marks the thesis' own), an OpenCL one as three;
# the precomputed forms, added later, have theirs at the end.
later=$("$BIN/Bench" --list-algorithms | awk '$6 !~ /(^|,)(thesis|precomputed)(,|$)/ {
    print $3 == "cpu" ? $2 : $2 "_Write," $2 "," $2 "_Read" }' | paste -sd, -)
check "then the other variants, in the registry's order" grep -qF "$THESIS,$later,Copy_GBs," <<<"$header"
check "one data row" test "$(data_rows "$csv")" -eq 1
check "IT is 30" test "$(field "$csv" 1 1)" = 30
row=$(grep -v '^#' "$csv")
check "as many cells as columns" test "$(echo "$row" | tr ',' '\n' | wc -l)" -eq "$(echo "$header" | tr ',' '\n' | wc -l)"
for c in $(seq 2 11); do
    check "thesis CPU column $c is a time in ms: $(field "$csv" 1 "$c")" grep -Eq '^[0-9]+\.[0-9]{3}$' <<<"$(field "$csv" 1 "$c")"
done
for c in $(seq 12 23); do
    check "OpenCL column $c is NA with --no-opencl" test "$(field "$csv" 1 "$c")" = NA
done
check "metadata line with pairs and reps" grep -Eq '^# Bench;.* pairs=1000; reps=2; hit_percent=30;' "$csv"
check "Bench prints the CPU" grep -q '^CPU: ' "$TMP/stdout.$$"
check "Bench reports verification" grep -q 'STP1 .* verified' "$TMP/stdout.$$"
check "no temporary file left" test -z "$(ls "$TMP" | grep '\.tmp\.')"

# Without --threads the _MT columns (last, one per CPU algorithm) are NA.
for name in STP0_MT Haines_MT STP1F_MT; do
    check "$name is NA without --threads" test "$(field "$csv" 1 "$(column "$csv" "$name")")" = NA
done
plain_cpu_names=$(grep -vxF -f <(echo "$precomputed_names") <<<"$cpu_names")
mt_columns=$(sed 's/$/_MT/' <<<"$plain_cpu_names" | paste -sd, -)
pre_columns="$(paste -sd, - <<<"$precomputed_names"),$(sed 's/$/_Pre/' <<<"$precomputed_names" | paste -sd, -)"
pre_columns="$pre_columns,$(sed 's/$/_MT/' <<<"$precomputed_names" | paste -sd, -)"
check "the _MT columns follow, one per CPU variant in the registry's order, then the CPU copy and the precomputed forms' runs, _Pre and _MT, then the OpenCL precomputed forms'" \
    grep -Eq ",GPU_[A-Za-z0-9]+_E2E_Pct_Pinned,$mt_columns,CPU_Copy_GBs,CPU_Copy_MT_GBs,$pre_columns,$gpu_pre_columns\$" <<<"$header"
check "the OpenCL precomputed forms have columns" grep -q ',GPU_STP2PF_Pre,' <<<"$header"
check "the CPU copy loop's bandwidth is in the CSV" test "$(field "$csv" 1 "$(column "$csv" CPU_Copy_GBs)")" != NA
check "a precomputed form's precomputation time is in the CSV" test "$(field "$csv" 1 "$(column "$csv" Segura0P_Pre)")" != NA

# --threads 2: every CPU algorithm also on 2 threads, verified, in its _MT column and a
# run_threads_2 row of the long CSV.
mt="$TMP/threads.csv"
expect 0 '' -- "$BIN/Bench" --no-opencl --threads 2 --long-csv "$TMP/threads-long.csv" "$in" "$mt" 2
check "--threads prints the thread count and their binding" grep -Eq '^CPU threads: 2 .*, (one CPU each|not bound \([0-9]+ threads, [0-9]+ CPUs\)|by OpenMP .*)$' "$TMP/stdout.$$"
check "--threads prints verified multi-threaded times" grep -Eq '^ +[0-9]+\.[0-9]{3} ms  on 2 threads .*verified$' "$TMP/stdout.$$"
check "--threads prints the team's size OpenMP gave and the count asked" grep -Eq ' ms  on 2 threads \(2 asked; ' "$TMP/stdout.$$"
check "--threads: the CPU copy loop on the team" grep -Eq '^CPU copy loop .*: 1 core [0-9.]+ GB/s, 2 threads [0-9.]+ GB/s$' "$TMP/stdout.$$"
check "--threads: a CPU run's percent of the team's copy" grep -Eq ',STP1,run_threads_2,1000,30,([^,]*,){7}[0-9.]+,[0-9.]+,' "$TMP/threads-long.csv"
for name in $cpu_names; do
    check "$name: _MT is a time with --threads 2" grep -Eq '^[0-9]+\.[0-9]{3}$' <<<"$(field "$mt" 1 "$(column "$mt" "${name}_MT")")"
done
check "--threads: the header is the same" test "$(head -n 1 "$mt")" = "$header"
check "--threads: single-threaded columns still timed" grep -Eq '^[0-9]+\.[0-9]{3}$' <<<"$(field "$mt" 1 "$(column "$mt" STP0)")"
check "long CSV: one run_threads_2 row per CPU algorithm, ok" test "$(grep -c ',run_threads_2,1000,30,2,[0-9.]*,[0-9.]*,NA,.*,ok$' "$TMP/threads-long.csv")" -eq "$cpu_count"
# --record-stores: the SIMD forms' records streamed or cached, the same results (verified), said
# once on the output and in the JSON; a bad value is one line and status 2.
for stores in streamed cached; do
    expect 0 '' -- "$BIN/Bench" --no-opencl --algorithms stp0v,stp0vf --threads 2 --record-stores $stores \
        --json "$TMP/stores-$stores.json" "$in" "$TMP/stores-$stores.csv" 1
    check "--record-stores $stores: said" grep -q "^CPU record stores: $stores for .* (--record-stores $stores)$" "$TMP/stdout.$$"
    check "--record-stores $stores: 4 verified runs" test "$(grep -c ' ms .* verified$' "$TMP/stdout.$$")" -eq 4
    check "--record-stores $stores: in the JSON" grep -Eq "\"record_stores\": *\"$stores\"" "$TMP/stores-$stores.json"
done
expect 0 '' -- "$BIN/Bench" --no-opencl --algorithms stp1 "$in" "$TMP/stores-none.csv" 1
check "no SIMD form: no record-stores line" bash -c "! grep -q '^CPU record stores' '$TMP/stdout.$$'"
expect 2 "--record-stores takes auto, cached or streamed, not 'fast'" -- "$BIN/Bench" --record-stores fast "$in" "$TMP/x.csv" 1
expect 2 "--record-stores takes auto, cached or streamed, not 'fast'" -- "$BIN/RayTetra" --record-stores fast "$in" "$TMP/x.txt" 1
expect 0 '' -- "$BIN/Bench" --no-opencl --threads 0 --algorithms stp1 "$in" "$TMP/threads0.csv" 1
check "--threads 0: every core" grep -q '^CPU threads: [0-9]* for the multi-threaded runs (--threads 0)' "$TMP/stdout.$$"
check "--threads with --algorithms: the others' _MT are NA" test "$(field "$TMP/threads0.csv" 1 "$(column "$TMP/threads0.csv" STP0_MT)")" = NA

# A second run appends a row, and writes no second header.
expect 0 '' -- "$BIN/Bench" --no-opencl --long-csv "$TMP/long.csv" "$in" "$csv" 1
check "two rows" test "$(data_rows "$csv")" -eq 2
check "one header" test "$(grep -c '^#Intersecting_Pairs' "$csv")" -eq 1
check "long CSV: one header" test "$(grep -c '^date,input,device,algorithm,phase,pairs,hit_percent,reps,ms,mtests_per_s' "$TMP/long.csv")" -eq 1
check "long CSV: one row per CPU algorithm and run" test "$(grep -c ',run,1000,30,' "$TMP/long.csv")" -eq $((2 * cpu_count))
check "long CSV: all ok" test "$(grep -vc ',ok$' "$TMP/long.csv")" -eq 1
check "long CSV: the CPU copy loop's rows" grep -q ',cpu_bandwidth,copy,1000,30,.*,100.00,' "$TMP/long.csv"
check "long CSV: a precomputed form's precompute row" grep -q ',Segura0P,precompute,1000,30,' "$TMP/long.csv"
check "long CSV: a CPU run's percent of the copy" grep -Eq ',STP1,run,1000,30,([^,]*,){7}[0-9.]+,[0-9.]+,' "$TMP/long.csv"

# --output faces|hit: the CPU runs write the kernels' compact records, and their bytes and % of
# the copy loop are those of the level; verified on what the level has.
for level in faces hit; do
    bytes=$([ $level = faces ] && echo 24 || echo 1)
    expect 0 '' -- "$BIN/Bench" --no-opencl --algorithms stp1,segura0p --threads 2 --output $level \
        --long-csv "$TMP/$level-long.csv" --json "$TMP/$level.json" "$in" "$TMP/$level.csv" 2
    check "--output $level: announced for the CPU runs" grep -q "^CPU runs: output $level: " "$TMP/stdout.$$"
    check "--output $level: verified" grep -q 'Segura0P .*verified' "$TMP/stdout.$$"
    check "--output $level: the thesis' columns are times" grep -Eq '^[0-9]+\.[0-9]{3}$' \
        <<<"$(field "$TMP/$level.csv" 1 "$(column "$TMP/$level.csv" STP1)")"
    jq -e --argjson b $bytes --arg level $level '.context.output == $level and
        ([.results[] | select(.phase == "run" or (.phase | startswith("run_threads")))] | length == 4 and
         all(.bytes_written_per_pair == $b and .bytes_read_per_pair == (if .algorithm == "STP1" then 144 else 432 end)))' \
        "$TMP/$level.json" >/dev/null
    check "--output $level: JSON: the pair (and table) read, $bytes bytes written a pair" test $? -eq 0
    # gb_per_s is the level's bytes over the summed time; percent_of_copy that over the copy loop's.
    jq -e '.context.cpu_bandwidth_gb_per_s.copy as $copy | [.results[] | select(.phase == "run")] |
        all(((.pairs * .reps * (.bytes_read_per_pair + .bytes_written_per_pair) / .sum_ms / 1e6) - .gb_per_s | fabs)
            < 1e-6 * .gb_per_s and ((.gb_per_s / $copy * 100) - .percent_of_copy | fabs) < 1e-6 * .percent_of_copy)' \
        "$TMP/$level.json" >/dev/null
    check "--output $level: GB/s and % of copy from the level's bytes" test $? -eq 0
    check "--output $level: long CSV: the CPU rows name the level and its bytes" \
        test "$(grep -Ec ",(STP1,run(_threads_2)?,.*,144|Segura0P,run(_threads_2)?,.*,432),$bytes,ok\$" \
            "$TMP/$level-long.csv")" -eq 4
    check "--output $level: long CSV: the level in the CPU rows" \
        test "$(grep -Ec ",(STP1|Segura0P),run(_threads_2)?,1000,30,.*,NA,$level,NA,[0-9]+,[0-9]+,ok\$" \
            "$TMP/$level-long.csv")" -eq 4
done
# The level decides what is checked: t at level faces (a float t cannot be within 1e-30 of the
# exact one), only hit/miss at level hit.
"$BIN/Bench" --no-opencl --algorithms stp1f --output faces --float-tolerance 1e-30 "$in" "$TMP/tight-faces.csv" 1 \
    >/dev/null 2>"$TMP/tight.err"
check "--output faces: a float t checked against the exact one fails (exit 3)" test $? -eq 3
check "--output faces: the differing t named" grep -q 'STP1F: results differ .* tEnter: reference' "$TMP/tight.err"
expect 0 '' -- "$BIN/Bench" --no-opencl --algorithms stp1f --output hit --float-tolerance 1e-30 "$in" \
    "$TMP/tight-hit.csv" 1
check "the default level: 112 bytes written, all in the long CSV" grep -Eq ',STP1,run,1000,30,.*,NA,all,NA,144,112,ok$' \
    "$TMP/long.csv"

# --algorithms: the others are NA.
csv2="$TMP/subset.csv"
expect 0 '' -- "$BIN/Bench" --no-opencl --algorithms stp0,Segura1 "$in" "$csv2" 1
check "STP0 timed" grep -Eq '^[0-9.]+$' <<<"$(field "$csv2" 1 "$(column "$csv2" STP0)")"
check "Segura1 timed" grep -Eq '^[0-9.]+$' <<<"$(field "$csv2" 1 "$(column "$csv2" Segura1)")"
check "Haines NA" test "$(field "$csv2" 1 "$(column "$csv2" Haines)")" = NA
check "STP1 NA" test "$(field "$csv2" 1 "$(column "$csv2" STP1)")" = NA
# The registry's grammar: an alias, canonical and CSV names in any case, gI (NA here: no OpenCL).
csv4="$TMP/grammar.csv"
expect 0 '' -- "$BIN/Bench" --no-opencl --algorithms Moller,STP2f,pluecker0VF,gpu_STP1,g8 "$in" "$csv4" 1
for name in Moller1 STP2F Segura0VF; do
    check "$name timed" grep -Eq '^[0-9.]+$' <<<"$(field "$csv4" 1 "$(column "$csv4" "$name")")"
done
check "Haines NA" test "$(field "$csv4" 1 "$(column "$csv4" Haines)")" = NA

# No OpenCL platform at all: the CPU algorithms still run, the OpenCL cells are NA.
mkdir -p "$TMP/no-icd"
csv3="$TMP/no-device.csv"
expect 0 'no OpenCL device.*CPU algorithms only' -- env OCL_ICD_VENDORS="$TMP/no-icd" "$BIN/Bench" --algorithms stp1,GPU_STP0 "$in" "$csv3" 1
check "no device: STP1 timed" grep -Eq '^[0-9.]+$' <<<"$(field "$csv3" 1 "$(column "$csv3" STP1)")"
check "no device: GPU_STP0 NA" test "$(field "$csv3" 1 "$(column "$csv3" GPU_STP0)")" = NA
check "no device: GPU_STP0_Write NA" test "$(field "$csv3" 1 "$(column "$csv3" GPU_STP0_Write)")" = NA
expect 1 'no OpenCL device' -- env OCL_ICD_VENDORS="$TMP/no-icd" "$BIN/Bench" --list-devices

# A comma-decimal locale must not change the CSV (if the system has one).
if locale -a 2>/dev/null | grep -qi '^de_DE.utf-\?8$'; then
    expect 0 '' -- env LC_ALL=de_DE.UTF-8 "$BIN/Bench" --no-opencl --algorithms stp0 "$in" "$TMP/locale.csv" 1
    check "C-locale numbers" grep -Eq '^30(,NA|,[0-9]+\.[0-9]{3})+$' <<<"$(grep -v '^#' "$TMP/locale.csv")"
fi

# A file with another header is not appended to, and is left as it was.
echo "a,b,c" >"$TMP/other.csv"
expect 1 'other.csv: the file.s first line is not the Bench wide CSV header' -- "$BIN/Bench" --no-opencl "$in" "$TMP/other.csv" 1
check "other.csv unchanged" test "$(cat "$TMP/other.csv")" = "a,b,c"
expect 1 'not the Bench long CSV header' -- "$BIN/Bench" --no-opencl --long-csv "$TMP/other.csv" "$in" "$TMP/x.csv" 1
check "no CSV written on a refused long CSV" test ! -e "$TMP/x.csv"

# Bad arguments: one line, non-zero exit, nothing written.
expect 2 'expected INPUT OUTPUT REPS \[DEVICE\], got 0 arguments' -- "$BIN/Bench"
expect 2 'expected INPUT OUTPUT REPS' -- "$BIN/Bench" "$in" "$TMP/bad.csv"
expect 2 'expected INPUT OUTPUT REPS' -- "$BIN/Bench" "$in" "$TMP/bad.csv" 1 0 7
expect 2 'REPS must be a whole number' -- "$BIN/Bench" "$in" "$TMP/bad.csv" 0
expect 2 'REPS must be a whole number' -- "$BIN/Bench" "$in" "$TMP/bad.csv" 3x
expect 2 "DEVICE must be a whole number" -- "$BIN/Bench" "$in" "$TMP/bad.csv" 1 1x
expect 2 "unknown algorithm 'nosuch'" -- "$BIN/Bench" --algorithms stp0,nosuch "$in" "$TMP/bad.csv" 1
expect 2 'list is empty' -- "$BIN/Bench" --algorithms , "$in" "$TMP/bad.csv" 1
expect 2 '--tolerance must be a positive number' -- "$BIN/Bench" --tolerance -1 "$in" "$TMP/bad.csv" 1
expect 2 '--float-tolerance must be a positive number' -- "$BIN/Bench" --float-tolerance x "$in" "$TMP/bad.csv" 1
expect 2 '--local-size must be a whole number' -- "$BIN/Bench" --local-size 0 "$in" "$TMP/bad.csv" 1
expect 2 '--threads must be a whole number from 0' -- "$BIN/Bench" --threads -1 "$in" "$TMP/bad.csv" 1
expect 2 '--threads must be a whole number from 0' -- "$BIN/Bench" --threads x "$in" "$TMP/bad.csv" 1
expect 2 '--threads must be 0 \(every core\) or at least 2' -- "$BIN/Bench" --threads 1 "$in" "$TMP/bad.csv" 1
expect 2 'unknown option' -- "$BIN/Bench" --frobnicate "$in" "$TMP/bad.csv" 1
expect 2 'another file than OUTPUT' -- "$BIN/Bench" --long-csv "$TMP/bad.csv" "$in" "$TMP/bad.csv" 1
expect 1 'missing.txt: cannot open the input file' -- "$BIN/Bench" --no-opencl "$TMP/missing.txt" "$TMP/bad.csv" 1
printf '0\n' >"$TMP/empty.txt"
expect 1 'holds no pairs' -- "$BIN/Bench" --no-opencl "$TMP/empty.txt" "$TMP/bad.csv" 1
expect 1 'cannot create the output file' -- "$BIN/Bench" --no-opencl --algorithms stp0 "$in" "$TMP/no/such/dir.csv" 1
check "no CSV after bad arguments" test ! -e "$TMP/bad.csv"

# --json: every repetition with its statistics and the run's full context (docs/JSON.md).
json() { jq -e "$1" "$2" >/dev/null; } # json FILTER FILE: the filter holds on the file
expect 0 '' -- "$BIN/Bench" --no-opencl --algorithms stp0,haines,stp1f --threads 2 --input-seed 5 --json "$TMP/run.json" \
    --long-csv "$TMP/run-long.csv" "$in" "$TMP/run.csv" 4
check "JSON parses, schema raytetra-bench/1" json '.schema == "raytetra-bench/1"' "$TMP/run.json"
for key in version commit compiler cflags cpu cores simd threads os opencl_platform opencl_device opencl_driver \
    local_size command date input input_sha256 pairs hit_percent seed; do
    check "JSON context has $key" json ".context | has(\"$key\")" "$TMP/run.json"
done
check "JSON context: values" json '.context | .pairs == 1000 and .hit_percent == 30 and .seed == 5 and .threads == 2 and
    .opencl_device == null and .local_size == null and (.cores | type) == "number" and (.simd | length) > 0 and
    (.command | test("--json"))' "$TMP/run.json"
check "JSON context: the input's SHA-256" json ".context.input_sha256 == \"$(sha256sum "$in" | cut -d' ' -f1)\"" "$TMP/run.json"
check "JSON context: the version of --version" json ".context.version == \"$("$BIN/Bench" --version | head -n 1 | awk '{ print $3 }')\"" "$TMP/run.json"
check "JSON: a run and a run_threads_2 result per algorithm" test "$(jq -r '[.results[] | .algorithm + "/" + .phase] | join(" ")' \
    "$TMP/run.json")" = "Haines/run Haines/run_threads_2 STP0/run STP0/run_threads_2 STP1F/run STP1F/run_threads_2"
for key in algorithm kind phase pairs reps samples_ms median_ms min_ms max_ms mtests_per_s bytes_read_per_pair \
    bytes_written_per_pair verified status; do
    check "every JSON result has $key" json "[.results[] | has(\"$key\")] | all" "$TMP/run.json"
done
check "JSON: 4 samples, the median between min and max, Mtests/s from the median" json '[.results[] |
    (.samples_ms | length) == 4 and .reps == 4 and .min_ms <= .median_ms and .median_ms <= .max_ms and
    .min_ms == (.samples_ms | min) and .max_ms == (.samples_ms | max) and .verified and .status == "ok" and
    ((.mtests_per_s - .pairs / .median_ms / 1000) | fabs) < 1e-6 * .mtests_per_s] | all' "$TMP/run.json"
check "JSON: bytes of a pair and a result" json '.results[0] | .bytes_read_per_pair == 144 and .bytes_written_per_pair == 112' \
    "$TMP/run.json"
# The wide CSV's cell is the sum of the JSON's samples (3 decimals).
sum=$(jq -r '.results[] | select(.algorithm == "STP0" and .phase == "run") | .samples_ms | add' "$TMP/run.json")
near() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a - b < 0.0011 && b - a < 0.0011) }'; } # to the CSV's 3 decimals
check "wide CSV cell = the sum of the samples: $sum" near "$(field "$TMP/run.csv" 1 "$(column "$TMP/run.csv" STP0)")" "$sum"
check "long CSV: the median of the samples" near "$(awk -F, '$4 == "STP0" && $5 == "run" { print $12 }' "$TMP/run-long.csv")" \
    "$(jq -r '.results[] | select(.algorithm == "STP0" and .phase == "run") | .median_ms' "$TMP/run.json")"
check "Bench prints the median and its interval" grep -Eq '^  STP0 +[0-9.]+ ms  \(4 reps; median [0-9.]+ ms = [0-9.]+ Mtests/s, 95% CI [0-9.]+-[0-9.]+, min' "$TMP/stdout.$$"
check "Bench ends with the ranking" grep -Eq '^  fastest CPU algorithm: +(STP0|Haines|STP1F) ' "$TMP/stdout.$$"
check "ranking: no OpenCL" grep -Eq '^  fastest OpenCL kernel .*none verified' "$TMP/stdout.$$"
expect 2 '--json must name another file' -- "$BIN/Bench" --no-opencl --json "$TMP/same.csv" "$in" "$TMP/same.csv" 1
expect 1 'cannot create the output file' -- "$BIN/Bench" --no-opencl --algorithms stp0 --json "$TMP/no/dir.json" "$in" "$TMP/nojson.csv" 1
check "nothing written when the JSON cannot be" test ! -e "$TMP/nojson.csv"

# Warnings: fewer than 3 repetitions, once for the run.
expect 0 'fewer than 3 repetitions \(REPS 2\)' -- "$BIN/Bench" --no-opencl --algorithms stp0 "$in" "$TMP/warn.csv" 2

# --min-time: more repetitions until they take that long; the metadata says reps=auto.
expect 0 '' -- "$BIN/Bench" --no-opencl --algorithms stp0 --min-time 0.02 --json "$TMP/min.json" --long-csv "$TMP/min-long.csv" \
    "$in" "$TMP/min.csv" 1
check "--min-time: more than REPS repetitions" json '.results[0].reps > 1 and (.results[0].samples_ms | add) >= 20 and
    .context.min_time_s == 0.02' "$TMP/min.json"
check "--min-time: reps=auto in the metadata" grep -q '; reps=auto;' "$TMP/min.csv"
check "--min-time: the long CSV gives the count" test "$(awk -F, '$4 == "STP0" { print $8 }' "$TMP/min-long.csv")" = \
    "$(jq '.results[0].reps' "$TMP/min.json")"
expect 2 '--min-time must be a positive number' -- "$BIN/Bench" --min-time 0 "$in" "$TMP/bad.csv" 1
expect 2 '--input-seed must be a whole number' -- "$BIN/Bench" --input-seed x "$in" "$TMP/bad.csv" 1

# --describe-columns: what each column holds, asked of Bench instead of guessed from names.
expect 0 '' -- "$BIN/Bench" --describe-columns "$csv"
check "describe: one line per column" test "$(wc -l <"$TMP/stdout.$$")" -eq "$(head -n 1 "$csv" | tr ',' '\n' | wc -l)"
check "describe: IT" grep -qx '1 #Intersecting_Pairs - - - input hit_percent % -' "$TMP/stdout.$$"
check "describe: a CPU time" grep -qx '2 Haines Haines cpu double run time_ms ms thesis,baseline' "$TMP/stdout.$$"
check "describe: an OpenCL write" grep -Eq '^12 GPU_Segura0_Write GPU_Segura0 opencl double write time_ms ms thesis$' "$TMP/stdout.$$"
check "describe: a kernel's Mtests/s" grep -Eq '^[0-9]+ GPU_STP0_Mtests_s GPU_STP0 opencl double kernel mtests_per_s Mtests/s thesis$' "$TMP/stdout.$$"
check "describe: a bandwidth" grep -Eq '^[0-9]+ Copy_GBs bandwidth opencl - copy gb_per_s GB/s -$' "$TMP/stdout.$$"
check "describe: a float multi-threaded time" grep -Eq '^[0-9]+ STP1F_MT STP1F cpu float run_threads time_ms ms -$' "$TMP/stdout.$$"
"$BIN/Bench" --describe-columns >"$TMP/own.txt" && pass || fail "--describe-columns without a file"
check "describe without a file: Bench's own header" cmp -s "$TMP/own.txt" "$TMP/stdout.$$"
printf '#Intersecting_Pairs,Haines,Nosuch\n' >"$TMP/odd.csv"
"$BIN/Bench" --describe-columns "$TMP/odd.csv" | grep -qx '3 Nosuch - - - - - - -' && pass || fail "unknown column: dashes"
expect 1 'not a Bench wide CSV header' -- "$BIN/Bench" --describe-columns "$TMP/other.csv"
expect 2 'at most one CSV file' -- "$BIN/Bench" --describe-columns a b
"$BIN/Bench" --version | grep -Eq '^Bench \(RayTetra\) [0-9]+\.[0-9]+\.[0-9]+$' && pass || fail "Bench --version: first line"
"$BIN/Bench" --version | grep -Eq '^commit [0-9a-z.-]+, built with (gcc|clang) .*, flags .*-std=c11' && pass || fail "Bench --version: build"
expect 0 '' -- "$BIN/Bench" -h
check "help lists the algorithms" grep -q 'GPU_STP0 (g1)' "$TMP/stdout.$$"
# RAYTETRA_BANDWIDTH_MIB: --bandwidth-mib's default, checked as the option is.
expect 2 "RAYTETRA_BANDWIDTH_MIB must be a whole number from 1 to 65536, not 'x'" -- \
    env RAYTETRA_BANDWIDTH_MIB=x "$BIN/Bench" --algorithms stp1 "$in" "$TMP/env.csv" 1
check "nothing written for a bad RAYTETRA_BANDWIDTH_MIB" test ! -e "$TMP/env.csv"

# context.stages: where the wall time went, in TetWalk's shape; without OpenCL no transfer or kernel.
"$BIN/RandomRayTetra" "$TMP/stages.txt" -i 3000 -n 7000 --seed 6 >/dev/null || fail "RandomRayTetra 10,000 pairs"
expect 0 '' -- "$BIN/Bench" --no-opencl --no-bandwidth --algorithms stp1 --json "$TMP/stages.json" "$TMP/stages.txt" \
    "$TMP/stages.csv" 1
check "report: one stages line" grep -Eq '^stages \(busy ms, share of the wall time [0-9.]+ ms\): read [0-9.]+ \([0-9]+%\), check [0-9.]+ \([0-9]+%\), transfer in 0.000 \(0%\), kernel 0.000 \(0%\), transfer out 0.000 \(0%\), write [0-9.]+ \([0-9]+%\)$' "$TMP/stdout.$$"
check "JSON stages: six, each ms >= 0 and share = ms / wall_ms" json '.context as $c | ($c.wall_ms | type) == "number" and
    $c.wall_ms > 0 and ($c.stages | keys_unsorted) == ["read", "check", "transfer_in", "kernel", "transfer_out", "write"] and
    ([$c.stages[] | (.ms | type) == "number" and .ms >= 0 and (.share | type) == "number" and
      ((.share - .ms / $c.wall_ms) | fabs) < 1e-6] | all)' "$TMP/stages.json"
check "JSON stages: read + check > 0, no OpenCL time" json '.context.stages | .read.ms + .check.ms > 0 and
    .transfer_in.ms == 0 and .kernel.ms == 0 and .transfer_out.ms == 0' "$TMP/stages.json"
check "JSON stages: within the wall time (one chunk: the read and the check one after another)" json '.context | ([.stages[].ms] | add) <= .wall_ms' \
    "$TMP/stages.json"
finish
