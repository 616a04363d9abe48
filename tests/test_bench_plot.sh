# test_bench_plot: scripts/plot_time_graph.sh on hand-made CSVs, on Bench's JSON files and on
# Accuracy's CSV and JSON: which charts come out (and which are skipped with a message), the
# numbers behind them (--data: per-pass times from the CSV's sums, medians and min-max bars from
# the JSON), the thesis' CSV without metadata, bad arguments, bad JSON files (refused before
# anything is written, by this script and by report.sh), and outputs written together or not at
# all.
source "$(dirname "$0")/lib.sh"
script="$ROOT/scripts/plot_time_graph.sh"
export RAYTETRA_BIN="$BIN"
is_png() { [ -s "$1" ] && [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; }
header='#Intersecting_Pairs,Haines,Moller1,Moller2,Moller3,Segura0,Segura1,Segura2,STP0,STP1,STP2,GPU_Segura0_Write,GPU_Segura0,GPU_Segura0_Read,GPU_STP0_Write,GPU_STP0,GPU_STP0_Read,GPU_STP1_Write,GPU_STP1,GPU_STP1_Read,GPU_STP2_Write,GPU_STP2,GPU_STP2_Read,STP1F'
meta='# Bench; date=2026-01-01T00:00:00Z; input=x; pairs=1000; reps=2; hit_percent=0; tolerance=1e-09; float_tolerance=0.001; cpu=Test CPU; opencl=Test device (Test platform, driver 1); local_size=64'
row() { # the data field of TSV line $1 (1-based) of a --data file for algorithm $2, phase $3
    awk -F'\t' -v a="$2" -v p="$3" -v f="$4" '$2 == a && $3 == p { print $f; exit }' "$1"
}

full="$TMP/full.csv"
{
    echo "$header"
    for it in 0 50 100; do
        echo "$meta"
        echo "$it,4.2,5,5,5,4,3,3,3,2.6,2.7,0.3,0.$((3 + it / 50)),0.4,0.3,0.5,0.4,0.3,0.6,0.4,0.3,0.7,0.4,2.$((it / 10))"
    done
} >"$full"
expect 0 '' -- "$script" --data "$TMP/full.tsv" "$full" "$TMP/full"
for png in cpu_double cpu_float opencl_double opencl_phases; do
    check "$png.png is a PNG" is_png "$TMP/full/$png.png"
done
check "no SIMD data: cpu_simd.png skipped" test ! -e "$TMP/full/cpu_simd.png"
check "skipped charts are announced" grep -q 'no data for cpu_simd.png: skipped' "$TMP/stdout.$$"
check "data: a CPU run's time per pass is the sum / REPS" test "$(row "$TMP/full.tsv" Haines run 4)" = 2.1
check "data: a kernel's too" test "$(row "$TMP/full.tsv" GPU_STP0 kernel 4)" = 0.25
check "data: a transfer happens once" test "$(row "$TMP/full.tsv" GPU_STP0 write 4)" = 0.3
check "data: no bars from a CSV" test "$(row "$TMP/full.tsv" Haines run 5)" = NA
check "data: pairs from the metadata" test "$(row "$TMP/full.tsv" Haines run 7)" = 1000
check "data: one line per percentage" test "$(awk -F'\t' '$2 == "STP1F"' "$TMP/full.tsv" | cut -f1 | paste -sd' ' -)" = "0 50 100"

# No OpenCL data (e.g. no device): CPU charts only, the others skipped with a message.
cpu_only="$TMP/cpu-only.csv"
{
    echo "$header"
    echo "${meta/opencl=Test device (Test platform, driver 1)/opencl=none}"
    echo "0,4.2,5,5,5,4,3,3,3,2.6,2.7,NA,NA,NA,NA,NA,NA,NA,NA,NA,NA,NA,NA,NA"
    echo "100,5.2,5,5,5,4,3,3,3,2.6,2.7,NA,NA,NA,NA,NA,NA,NA,NA,NA,NA,NA,NA,NA"
} >"$cpu_only"
expect 0 '' -- "$script" "$cpu_only"
check "CPU chart beside the CSV" is_png "$TMP/cpu_double.png"
check "OpenCL charts skipped" test ! -e "$TMP/opencl_double.png" -a ! -e "$TMP/opencl_phases.png"
check "skip announced" grep -q 'no OpenCL timings.*skipped' "$TMP/stdout.$$"

# The thesis' original CSV (no metadata lines) still plots, as times summed over REPS.
{ echo "${header%,STP1F}"; echo "0,1,2,3,4,5,6,7,8,9,10,1,2,3,1,2,3,1,2,3,1,2,3"; echo "100,2,3,4,5,6,7,8,9,10,11,1,2,3,1,2,3,1,2,3,1,2,3"; } >"$TMP/thesis.csv"
expect 0 '' -- "$script" --data "$TMP/thesis.tsv" "$TMP/thesis.csv" "$TMP/thesis"
check "thesis CSV: kernel chart" is_png "$TMP/thesis/opencl_double.png"
check "thesis CSV: the sum itself, pairs unknown" test "$(row "$TMP/thesis.tsv" Moller1 run 4) $(row "$TMP/thesis.tsv" Moller1 run 7)" = "2 NA"

# OpenCL float builds: their own chart when they have data, none when they are NA everywhere.
float_header="$header,GPU_STP0F_Write,GPU_STP0F,GPU_STP0F_Read,GPU_STP0R_Write,GPU_STP0R,GPU_STP0R_Read"
{
    echo "$float_header"
    for it in 0 100; do
        echo "$meta"
        echo "$it,4.2,5,5,5,4,3,3,3,2.6,2.7,0.3,0.4,0.4,0.3,0.5,0.4,0.3,0.6,0.4,0.3,0.7,0.4,2.1,0.2,0.3,0.2,0.3,0.6,0.5"
    done
} >"$TMP/gpu-float.csv"
expect 0 '' -- "$script" --data "$TMP/gpu-float.tsv" "$TMP/gpu-float.csv" "$TMP/gpu-float"
check "opencl_float.png is a PNG" is_png "$TMP/gpu-float/opencl_float.png"
check "GPU_STP0R in the data" test "$(row "$TMP/gpu-float.tsv" GPU_STP0R kernel 4)" = 0.3
{
    echo "$float_header"
    echo "$meta"
    echo "0,4.2,5,5,5,4,3,3,3,2.6,2.7,0.3,0.4,0.4,0.3,0.5,0.4,0.3,0.6,0.4,0.3,0.7,0.4,2.1,NA,NA,NA,0.3,0.6,0.5"
} >"$TMP/gpu-float-na.csv"
expect 0 '' -- "$script" "$TMP/gpu-float-na.csv" "$TMP/gpu-float-na"
check "no OpenCL float chart without float data" test ! -e "$TMP/gpu-float-na/opencl_float.png"
check "kernel chart still drawn" is_png "$TMP/gpu-float-na/opencl_double.png"

# Bench's JSON files: medians with min-max bars, and the SIMD chart; no CSV needed.
in="$TMP/in.txt"
"$BIN/RandomRayTetra" "$in" -i 100 -n 100 --seed 2 >/dev/null || fail "RandomRayTetra"
"$BIN/Bench" --no-opencl --algorithms stp0,stp0v,haines,stp0p --json "$TMP/a.json" "$in" "$TMP/a.csv" 5 >/dev/null 2>&1 ||
    fail "Bench --json"
expect 0 '' -- "$script" --json "$TMP/a.json" --data "$TMP/json.tsv" --out "$TMP/json"
for png in cpu_double cpu_simd cpu_precomputed; do
    check "from JSON: $png.png is a PNG" is_png "$TMP/json/$png.png"
done
check "from JSON: the median" test "$(row "$TMP/json.tsv" STP0 run 4)" = "$(jq -r '.results[] | select(.algorithm == "STP0") | .median_ms' "$TMP/a.json")"
check "from JSON: the fastest and slowest repetition" test "$(row "$TMP/json.tsv" STP0V run 5) $(row "$TMP/json.tsv" STP0V run 6)" = \
    "$(jq -r '.results[] | select(.algorithm == "STP0V") | "\(.min_ms) \(.max_ms)"' "$TMP/a.json")"
check "from JSON: the pairs" test "$(row "$TMP/json.tsv" Haines run 7)" = 200

# Accuracy's CSV and JSON: the accuracy chart.
"$BIN/RandomRayTetra" "$TMP/classes.txt" -i 20 -n 20 --edge 20 --vertex 20 --seed 3 >/dev/null || fail "RandomRayTetra classes"
"$BIN/Accuracy" "$TMP/classes.txt" --no-opencl --algorithms stp0,stp1f --csv "$TMP/acc.csv" --json "$TMP/acc.json" >/dev/null ||
    fail "Accuracy"
expect 0 '' -- "$script" --accuracy "$TMP/acc.csv" --out "$TMP/acc-csv"
check "accuracy.png from the CSV" is_png "$TMP/acc-csv/accuracy.png"
check "no throughput chart without timings" test ! -e "$TMP/acc-csv/cpu_double.png"
expect 0 '' -- "$script" --accuracy "$TMP/acc.json" --out "$TMP/acc-json"
check "accuracy.png from the JSON" is_png "$TMP/acc-json/accuracy.png"
expect 1 'not Accuracy.s CSV header' -- "$script" --accuracy "$full"
expect 1 'not an Accuracy JSON file' -- "$script" --accuracy "$TMP/a.json"

# Bad arguments.
expect 2 'expected CSV \[OUTDIR\], got 0 arguments.*usage: plot_time_graph.sh' -- "$script"
expect 2 'got 3 arguments' -- "$script" a b c
expect 2 'missing.csv: no such readable file' -- "$script" "$TMP/missing.csv"
expect 2 "--nosuch: unknown option or missing argument" -- "$script" --nosuch "$full"
expect 2 '--json needs a file' -- "$script" --json
echo "a,b" >"$TMP/other.csv"
expect 1 'not a Bench CSV header' -- "$script" "$TMP/other.csv"
expect 1 'not a Bench JSON file' -- "$script" --json "$TMP/acc.json"
echo "$header" >"$TMP/empty.csv"
expect 1 'no data rows' -- "$script" "$TMP/empty.csv"
expect 1 'Bench not found' -- env RAYTETRA_BIN="$TMP/nowhere" "$script" "$full"

# Bad JSON, and outputs that cannot be written: refused with the file named, before anything is
# written; the charts and --data of a run appear together or not at all.
: >"$TMP/empty.json"
echo "not json" >"$TMP/words.json"
cat "$TMP/a.json" "$TMP/a.json" >"$TMP/twice.json"
jq '.results[0].median_ms = "fast"' "$TMP/a.json" >"$TMP/field.json"
jq 'del(.context.hit_percent)' "$TMP/a.json" >"$TMP/context.json"
mkdir "$TMP/kept"
echo "old chart" >"$TMP/kept/cpu_double.png"
cp "$TMP/kept/cpu_double.png" "$TMP/kept.before"
nothing_written() { # nothing_written WHAT: the old chart as it was, no other file, no temporary
    check "$1: the old chart is unchanged" cmp -s "$TMP/kept/cpu_double.png" "$TMP/kept.before"
    check "$1: nothing else written" test "$(find "$TMP/kept" -type f | wc -l)" -eq 1 -a ! -e "$TMP/kept.tsv"
}
expect 1 'empty.json: is empty' -- "$script" --json "$TMP/empty.json" --out "$TMP/kept"
nothing_written "an empty JSON file"
expect 1 'words.json: not valid JSON: parse error' -- "$script" --json "$TMP/a.json" --json "$TMP/words.json" --out "$TMP/kept"
nothing_written "a file that is no JSON"
expect 1 'twice.json: holds 2 JSON documents' -- "$script" --json "$TMP/twice.json" --out "$TMP/kept"
expect 1 'field.json: results\[0\]: missing or of the wrong type: median_ms' -- "$script" --json "$TMP/field.json" --out "$TMP/kept"
expect 1 'context.json: context: missing or of the wrong type: hit_percent' -- "$script" --json "$TMP/context.json" --out "$TMP/kept"
expect 1 'empty.json: is empty' -- "$script" --json "$TMP/a.json" --accuracy "$TMP/acc.json" --json "$TMP/empty.json" --out "$TMP/kept"
nothing_written "bad JSON among good files"
expect 1 'kept: is a folder; give a file name for --data' -- "$script" --json "$TMP/a.json" --data "$TMP/kept" --out "$TMP/kept"
nothing_written "--data a folder"
expect 1 'not a folder' -- "$script" --json "$TMP/a.json" --out "$TMP/kept/cpu_double.png"
nothing_written "--out a file"
expect 1 'missing/x.tsv: cannot write the data file' -- "$script" --json "$TMP/a.json" --data "$TMP/missing/x.tsv" --out "$TMP/kept"
nothing_written "--data in a missing folder"
expect 0 '' -- "$script" --json "$TMP/a.json" --data "$TMP/kept.tsv" --out "$TMP/kept"
check "all written: the chart replaced" is_png "$TMP/kept/cpu_double.png"
check "all written: the data" test -s "$TMP/kept.tsv"
check "no temporary file left" test -z "$(find "$TMP" -name '*.tmp.*')"

# report.sh: every file checked before a line of the report is written.
report="$ROOT/scripts/report.sh"
jq 'del(.results[1].properties)' "$TMP/a.json" >"$TMP/no_properties.json"
expect 1 'empty.json: is empty' -- "$report" "$TMP/empty.json" "$TMP/acc.json"
check "report: nothing written for an empty Bench file" test ! -s "$TMP/stdout.$$"
expect 1 'words.json: not valid JSON' -- "$report" "$TMP/a.json" "$TMP/words.json"
expect 1 'twice.json: holds 2 JSON documents' -- "$report" "$TMP/twice.json" "$TMP/acc.json"
expect 1 'no_properties.json: results\[1\]: missing or of the wrong type: properties' -- \
    "$report" "$TMP/a.json" "$TMP/no_properties.json" "$TMP/acc.json"
check "report: nothing written for a result without properties" test ! -s "$TMP/stdout.$$"
expect 0 '' -- "$report" "$TMP/a.json" "$TMP/acc.json"
check "report: written from good files" grep -qx '| need | use | why |' "$TMP/stdout.$$"

# lib.sh's capture (fullbench.sh's report.md and accuracy.txt, tetwalk_bench.sh's summaries and
# tables): the output appears only when its command succeeded.
printf 'source "%s/scripts/lib.sh"\ncapture "$@"\n' "$ROOT" >"$TMP/capture.sh"
echo "old" >"$TMP/captured.txt"
bash "$TMP/capture.sh" "$TMP/captured.txt" sh -c 'echo partial; exit 3'
check "capture: the command's status" test $? -eq 3
check "capture: a failed command leaves the old file" test "$(cat "$TMP/captured.txt")" = old
check "capture: and no temporary" test -z "$(find "$TMP" -name '.captured.txt.tmp.*')"
check "capture: a command that succeeds replaces it" bash "$TMP/capture.sh" "$TMP/captured.txt" echo new
check "capture: with its output" test "$(cat "$TMP/captured.txt")" = new

expect 0 '' -- "$script" -h
check "help names every chart" test "$(grep -cE '^  (cpu_double|cpu_float|cpu_simd|cpu_precomputed|opencl_double|opencl_float|opencl_phases|accuracy)\.png' "$TMP/stdout.$$")" -eq 8
finish
