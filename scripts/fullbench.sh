#!/usr/bin/env bash
# fullbench.sh: the thesis' sweep (docs/SPECIFICATION.md section 7): for 0, STEP, ..., 100 percent intersecting
# pairs, generate PAIRS random pairs with RandomRayTetra, run Bench REPS times on them, collect
# one CSV (plus Bench's long CSV and a JSON per step), measure the algorithms' accuracy on
# degenerate input with Accuracy, and draw the charts with plot_time_graph.sh and the summary
# with report.sh.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
USAGE="usage: $PROGRAM [--out DIR] [--keep-data] [--no-opencl] [--algorithms LIST] [--seed S] [--min-time S] [--accuracy-pairs N] PAIRS REPS STEP [DEVICE]"

help() {
    cat <<EOF_USAGE
$USAGE

For each percentage of intersecting pairs 0, STEP, 2 STEP, ..., 100: writes PAIRS random pairs
(round(PAIRS x percentage / 100) of them intersecting) with RandomRayTetra, runs Bench on them
(every algorithm REPS times, results verified), and appends a row to DIR/output.csv (and a
long-format DIR/output-long.csv), with every repetition in DIR/output-DATE-pPERCENT.json
(docs/JSON.md). Then it runs Accuracy on degenerate input (DIR/accuracy.csv and .json), draws
DIR/*.png with plot_time_graph.sh, writes DIR/report.md with report.sh (which algorithm for which
need) and prints the CSV's path. DEVICE is the OpenCL device number (default: the first GPU, else
0; see Bench --list-devices).

  --out DIR          results folder (default: \$RAYTETRA_RESULTS_DIR, else
                     results/DATE-PAIRSxREPS in the source tree); an existing CSV there is
                     appended to
  --keep-data        keep the generated input files (DIR/data-PERCENT.rtb, the binary format
                     of Common/binary_io.h, 144 bytes a pair); by default each is deleted
                     once benchmarked
  --no-opencl        CPU algorithms only (the OpenCL columns are NA)
  --algorithms LIST  only these algorithms (see Bench -h)
  --seed S           first random seed (default 1; the file for P percent uses S + P)
  --min-time S       Bench --min-time: more repetitions where REPS take less than S seconds
  --extent E         line (default), ray or segment: Bench and Accuracy --extent (every
                     algorithm and the exact reference clipped to it; the CSV's metadata
                     line and the JSON name it)
  --accuracy-pairs N pairs per input class of the accuracy run (default 1000; 0: no accuracy run,
                     no accuracy chart)
  -h, --help         this text

Executables are taken from \$RAYTETRA_BIN (default: the build folder \${BUILD:-build} of the
source tree). Exit status: 0 all verified, 3 some algorithm failed somewhere (NA cells), 1 or
2 an error.
EOF_USAGE
}

positive() { [[ $1 =~ ^[0-9]+$ ]] && [ "$((10#$1))" -gt 0 ]; }

outdir=${RAYTETRA_RESULTS_DIR:-}
keep=0
seed=1
accuracy_pairs=1000
bench_options=()
accuracy_options=()
algorithms=""

option() {
    case $1 in
    --out) [ $# -ge 2 ] || usage_error "--out needs a folder"; outdir=$2; taken=2 ;;
    --keep-data) keep=1 ;;
    --no-opencl) bench_options+=(--no-opencl); accuracy_options+=(--no-opencl) ;;
    --algorithms) [ $# -ge 2 ] || usage_error "--algorithms needs a list"; bench_options+=(--algorithms "$2"); algorithms=$2; taken=2 ;;
    --seed) [ $# -ge 2 ] && [[ $2 =~ ^[0-9]+$ ]] || usage_error "--seed needs a whole number"; seed=$2; taken=2 ;;
    --min-time) [ $# -ge 2 ] && [[ $2 =~ ^[0-9]*\.?[0-9]+$ ]] || usage_error "--min-time needs a number of seconds"
                bench_options+=(--min-time "$2"); taken=2 ;;
    --extent) [ $# -ge 2 ] && [[ $2 =~ ^(line|ray|segment)$ ]] || usage_error "--extent takes line, ray or segment"
              bench_options+=(--extent "$2"); accuracy_options+=(--extent "$2"); taken=2 ;;
    --accuracy-pairs) [ $# -ge 2 ] && [[ $2 =~ ^[0-9]+$ ]] || usage_error "--accuracy-pairs needs a whole number"
                      accuracy_pairs=$((10#$2)); taken=2 ;;
    *) unknown_option "$1" ;;
    esac
}
parse_arguments "$@"
[ ${#positional[@]} -ge 3 ] && [ ${#positional[@]} -le 4 ] || usage_error "expected PAIRS REPS STEP [DEVICE], got ${#positional[@]} arguments"
pairs=${positional[0]} reps=${positional[1]} step=${positional[2]}
device=${positional[3]:-}
positive "$pairs" || usage_error "PAIRS must be a whole number > 0, not '$pairs'"
positive "$reps" || usage_error "REPS must be a whole number > 0, not '$reps'"
positive "$step" && [ "$((10#$step))" -le 100 ] && [ $((100 % 10#$step)) -eq 0 ] ||
    usage_error "STEP must be a whole number that divides 100 (1, 2, 4, 5, 10, 20, 25, 50, 100), not '$step'"
[ -z "$device" ] || [[ $device =~ ^[0-9]+$ ]] || usage_error "DEVICE must be a whole number >= 0, not '$device'"
pairs=$((10#$pairs)) reps=$((10#$reps)) step=$((10#$step))
for program in RandomRayTetra Bench Accuracy; do
    [ -x "$bin/$program" ] || { echo "$PROGRAM: error: $bin/$program not found; build it first (make) or set RAYTETRA_BIN" >&2; exit 1; }
done

# Without DEVICE, the first GPU (the thesis' subject), else device 0 (e.g. PoCL's CPU device).
if [ -z "$device" ]; then
    device=$("$bin/Bench" --list-devices 2>/dev/null | awk '$2 == "GPU" { print $1; exit }' || true) # none: no device at all
    [ -z "$device" ] || echo "$PROGRAM: using OpenCL device $device, the first GPU (give DEVICE to choose another)"
fi
[ -n "$outdir" ] || outdir="$root/results/$(date +%Y%m%d-%H%M%S)-${pairs}x${reps}"
mkdir -p "$outdir" || { echo "$PROGRAM: error: $outdir: cannot create the results folder" >&2; exit 1; }
csv="$outdir/output.csv"
long_csv="$outdir/output-long.csv"
# One JSON per step, named by the sweep's start, so that a second sweep into the folder keeps
# the first one's (the CSV keeps its rows too).
stamp=$(date -u +%Y%m%dT%H%M%SZ)
# Two sweeps started within one second must not share (and so replace) each other's JSON files.
base_stamp=$stamp
for ((n = 2; ; ++n)); do
    compgen -G "$outdir/output-$stamp-p*.json" >/dev/null || break
    stamp=$base_stamp-$n
done

current_data=""
cleanup() { [ "$keep" = 1 ] || [ -z "$current_data" ] || rm -f "$current_data"; }
trap cleanup EXIT

echo "$PROGRAM: $pairs pairs x $reps repetitions, 0 to 100% intersecting in steps of $step%, into $outdir"
failed_steps=()
for ((percent = 0; percent <= 100; percent += step)); do
    hits=$(((pairs * percent + 50) / 100))
    misses=$((pairs - hits))
    current_data="$outdir/data-$percent.rtb"
    echo
    echo "== $percent% intersecting: $hits hits, $misses misses =="
    "$bin/RandomRayTetra" "$current_data" -i "$hits" -n "$misses" --seed "$((seed + percent))"
    status=0
    "$bin/Bench" "${bench_options[@]}" --long-csv "$long_csv" --json "$outdir/output-$stamp-p$percent.json" \
        --input-seed "$((seed + percent))" "$current_data" "$csv" "$reps" ${device:+"$device"} || status=$?
    case $status in
    0) ;;
    3) failed_steps+=("$percent%") ;; # the row is there, with NA where an algorithm failed
    *) echo "$PROGRAM: error: Bench failed on $current_data (status $status); see its message above" >&2
       exit 1 ;;
    esac
    [ "$keep" = 1 ] || rm -f "$current_data"
    current_data=""
done

# Accuracy on degenerate input: N pairs of every class RandomRayTetra makes, the thesis' random
# hits and misses included; the same algorithms as the sweep (Bench's groups spelled out).
plot_options=()
if [ "$accuracy_pairs" -gt 0 ]; then
    if [ -n "$algorithms" ]; then
        names=$("$bin/Bench" --list-algorithms | awk -v list="$algorithms" '
            BEGIN { n = split(tolower(list), word, ",") }
            { for (i = 1; i <= n; ++i)
                  if (word[i] == "cpu" && $3 == "cpu" || word[i] == "opencl" && $3 == "opencl" ||
                      (word[i] == "double" || word[i] == "float") && $3 == "cpu" && $4 == word[i])
                      keep[$2] = 1
            }
            END { for (k in keep) printf "%s,", k }')
        other=$(tr ',' '\n' <<<"$algorithms" | grep -Eiv '^(cpu|opencl|double|float)$' | paste -sd, - || true)
        accuracy_options+=(--algorithms "${names}${other}")
    fi
    n=$accuracy_pairs
    accuracy_data="$outdir/accuracy-data.txt"
    current_data=$accuracy_data
    echo
    echo "== accuracy: $n pairs of each input class =="
    "$bin/RandomRayTetra" "$accuracy_data" -i "$n" -n "$n" --edge "$n" --vertex "$n" --face-cross "$n" \
        --face-miss "$n" --seed "$seed" >/dev/null
    # Without any OpenCL device the kernels named in LIST cannot run: the CPU ones only.
    "$bin/Bench" --list-devices >/dev/null 2>&1 || accuracy_options+=(--no-opencl)
    if capture "$outdir/accuracy.txt" "$bin/Accuracy" "${accuracy_options[@]}" ${device:+-n "$device"} \
        --csv "$outdir/accuracy.csv" --json "$outdir/accuracy.json" "$accuracy_data"; then
        echo "$PROGRAM: accuracy table: $outdir/accuracy.txt"
        plot_options+=(--accuracy "$outdir/accuracy.csv")
    else
        # The sweep's timings stand without it: no accuracy chart, no report.
        echo "$PROGRAM: warning: Accuracy failed (see above): no accuracy chart and no report" >&2
        accuracy_pairs=0
    fi
    [ "$keep" = 1 ] || rm -f "$accuracy_data"
    current_data=""
fi

echo
jsons=("$outdir"/output-*-p*.json)
for json in "${jsons[@]}"; do
    [ -f "$json" ] && plot_options+=(--json "$json")
done
"$(sibling plot_time_graph.sh)" "${plot_options[@]}" "$csv" "$outdir"
if [ "$accuracy_pairs" -gt 0 ]; then
    # report.sh names the file and what is wrong; report.md appears only whole.
    capture "$outdir/report.md" "$(sibling report.sh)" "$outdir"/output-"$stamp"-p*.json "$outdir/accuracy.json" || exit 1
    echo "$PROGRAM: report: $outdir/report.md"
fi
echo "$PROGRAM: CSV: $csv"
echo "$PROGRAM: long CSV: $long_csv"
echo "$PROGRAM: JSON: $outdir/output-$stamp-p*.json"
if [ ${#failed_steps[@]} -gt 0 ]; then
    echo "$PROGRAM: error: some algorithm failed at ${failed_steps[*]} intersecting (NA in the CSV; see above)" >&2
    exit 3
fi
