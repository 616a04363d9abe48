#!/usr/bin/env bash
# local_size_sweep.sh: kernel time of every OpenCL algorithm against the work-group (local) size,
# to choose --local-size on a device. Runs Bench once per local size (32, 64, 96, ..., 1024:
# multiples of 32, which include every power of two from 32 on), skipping sizes the kernels do
# not allow, and writes OUTDIR/local_size.csv (local_size,algorithm,kernel_ms,mtests_per_s,
# gb_per_s,percent_of_copy) and OUTDIR/local_size.png (gnuplot: time against local size).
# Extra Bench options (--layout, --output, --pairs-per-item, --algorithms) go in $BENCH_OPTIONS;
# $LOCAL_SIZES replaces the list of sizes (e.g. "64 128 256").
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
USAGE="usage: $PROGRAM INPUT [DEVICE] [REPS] [OUTDIR]  (Bench options in \$BENCH_OPTIONS)"
if wants_help "$@"; then
    echo "$USAGE"
    echo
    echo "Times every OpenCL algorithm (Bench) on INPUT for each work-group (local) size in \$LOCAL_SIZES"
    echo "(default 32, 64, ..., 1024) on OpenCL device DEVICE (default 0), REPS repetitions (default 10),"
    echo "and writes OUTDIR/local_size.csv and OUTDIR/local_size.png (OUTDIR default: the current folder)."
    exit 0
fi
[ $# -ge 1 ] && [ $# -le 4 ] || usage_error "expected INPUT [DEVICE] [REPS] [OUTDIR], got $# arguments"
case $1 in -*) unknown_option "$1" ;; esac
BIN=$bin
input=$1 device=${2:-0} reps=${3:-10} out=${4:-.}
[ -f "$input" ] || { echo "local_size_sweep.sh: error: input file '$input' does not exist" >&2; exit 2; }
[[ "$device" =~ ^[0-9]+$ ]] || { echo "local_size_sweep.sh: error: DEVICE must be a device number, not '$device'" >&2; exit 2; }
[[ "$reps" =~ ^[1-9][0-9]*$ ]] || { echo "local_size_sweep.sh: error: REPS must be a positive whole number, not '$reps'" >&2; exit 2; }
[ -x "$BIN/Bench" ] || { echo "local_size_sweep.sh: error: $BIN/Bench not found (run make, or set BUILD or RAYTETRA_BIN)" >&2; exit 1; }
mkdir -p "$out"
csv="$out/local_size.csv" long="$out/local_size-long.csv"
rm -f "$csv" "$long" "$out/local_size-wide.csv"
echo "local_size,algorithm,kernel_ms,mtests_per_s,gb_per_s,percent_of_copy" >"$csv"
sizes=${LOCAL_SIZES:-$(seq 32 32 1024)}
for size in $sizes; do
    [[ "$size" =~ ^[1-9][0-9]*$ ]] || { echo "local_size_sweep.sh: error: LOCAL_SIZES holds '$size', not a positive whole number" >&2; exit 2; }
done
measured_once=0
for size in $sizes; do
    # The copy bandwidth is measured once (first size); later runs only time the kernels.
    bw=(--no-bandwidth)
    [ "$measured_once" = 0 ] && bw=()
    # shellcheck disable=SC2086
    if ! "$BIN/Bench" ${BENCH_OPTIONS:---algorithms opencl} "${bw[@]}" --local-size "$size" --long-csv "$long" \
        "$input" "$out/local_size-wide.csv" "$reps" "$device" >"$out/local_size-$size.log" 2>&1; then
        if grep -q 'too large' "$out/local_size-$size.log"; then
            echo "local size $size: larger than the kernels allow; stopping the sweep"
            break
        fi
        echo "local_size_sweep.sh: error: Bench failed at local size $size (see $out/local_size-$size.log)" >&2
        exit 1
    fi
    measured_once=1
    echo "local size $size: done"
done
# Long CSV fields counted from the end (the quoted device field may hold commas): algorithm
# NF-18, phase NF-17, ms NF-13, mtests_per_s NF-12, local_size NF-8, gb_per_s NF-7,
# percent_of_copy NF-6, status NF.
# The copy bandwidth of the first run (row "bandwidth,copy") serves every size's percentage.
awk -F, 'NR > 1 && $(NF-18) == "bandwidth" && $(NF-17) == "copy" { copy = $(NF-7) }
    NR > 1 && $(NF-17) == "kernel" && $NF == "ok" { row[++n] = $0 }
    END {
        for (i = 1; i <= n; ++i) {
            split(row[i], f, ","); m = length(f)
            pct = copy > 0 ? sprintf("%.2f", 100 * f[m-7] / copy) : "NA"
            print f[m-8] "," f[m-18] "," f[m-13] "," f[m-12] "," f[m-7] "," pct
        }
    }' "$long" | sort -t, -k1,1n >>"$csv"
command -v gnuplot >/dev/null || { echo "gnuplot not found: $csv written, no chart"; exit 0; }
algorithms=$(tail -n +2 "$csv" | cut -d, -f2 | sort -u | tr '\n' ' ')
plot=""
for a in $algorithms; do
    plot+="${plot:+, }'< grep \",$a,\" $csv' using 1:3 with linespoints title '$a'"
done
gnuplot <<GP
set terminal pngcairo size 900,600
set output '$out/local_size.png'
set datafile separator ','
set xlabel 'local size (work-items per group)'
set ylabel 'kernel time, ms (sum over $reps reps)'
set title "Kernel time against local size: $(basename "$input")"
set key outside right
set grid
plot $plot
GP
echo "$csv"
echo "$out/local_size.png"
