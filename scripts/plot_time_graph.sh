#!/usr/bin/env bash
# plot_time_graph.sh: PNG charts of a Bench CSV (thesis Figs 5.1-5.3): CPU algorithms' time
# against the percentage of intersecting pairs, the OpenCL kernels' time against it, and the
# write / kernel / read times of each OpenCL algorithm. gnuplot reads only the CSV; titles come
# from the '# Bench;' metadata lines Bench writes before each row (device, pairs, repetitions).
# Columns that are NA in every row are left out; a chart with no data at all is skipped.
set -euo pipefail
export LC_ALL=C
PROGRAM=plot_time_graph.sh
USAGE="usage: $PROGRAM CSV [OUTDIR]"

usage_error() {
    echo "$PROGRAM: error: $* ($USAGE)" >&2
    exit 2
}

if [ $# -ge 1 ] && { [ "$1" = -h ] || [ "$1" = --help ]; }; then
    cat <<EOF_USAGE
$USAGE

Draws PNG charts of the wide CSV that Bench (or fullbench.sh) wrote, into OUTDIR (default: the
CSV's folder):
  cpu_time.png           every CPU algorithm's time (ms, sum over REPS) against the
                         percentage of intersecting pairs
  cpu_float_time.png     the single-precision variants (a column NAMEF beside a column NAME)
                         with their double-precision originals
  opencl_kernel_time.png every OpenCL kernel's time (ms, sum over REPS) against it
  opencl_float_time.png  the single-precision kernels (GPU_NAMEF beside GPU_NAME) with their
                         double-precision originals
  opencl_phases.png      per OpenCL algorithm: write, kernel and read times
Rows with the same percentage are averaged. Columns that are NA everywhere are left out, and a
chart without any data (e.g. no OpenCL device) is skipped with a message.
EOF_USAGE
    exit 0
fi
[ $# -ge 1 ] && [ $# -le 2 ] || usage_error "expected CSV [OUTDIR], got $# arguments"
csv=$1
[ -f "$csv" ] && [ -r "$csv" ] || usage_error "$csv: no such readable file"
header=$(head -n 1 "$csv")
case $header in
'#Intersecting_Pairs,'*) ;;
*) echo "$PROGRAM: error: $csv: the first line is not a Bench CSV header (#Intersecting_Pairs,...); give the CSV that Bench wrote" >&2
   exit 1 ;;
esac
outdir=${2:-$(dirname "$csv")}
mkdir -p "$outdir" || { echo "$PROGRAM: error: $outdir: cannot create the output folder" >&2; exit 1; }
command -v gnuplot >/dev/null || { echo "$PROGRAM: error: gnuplot is not installed (Debian: apt-get install gnuplot-nox)" >&2; exit 1; }

rows=$(grep -cv -e '^#' -e '^[[:space:]]*$' "$csv" || true)
[ "$rows" -gt 0 ] || { echo "$PROGRAM: error: $csv: no data rows to plot (run Bench first)" >&2; exit 1; }

IFS=, read -r -a columns <<<"${header#\#}"

# Metadata of the first run; "(mixed)" where runs differ.
meta() {
    { grep '^# Bench;' "$csv" || true; } | tr ';' '\n' | sed -n "s/^ *$1=//p" | sort -u |
        awk '{ v[NR] = $0 } END { if (NR == 1) print v[1]; else if (NR > 1) print "(mixed)" }'
}
pairs=$(meta pairs)
reps=$(meta reps)
cpu=$(meta cpu)
opencl=$(meta opencl)
local_size=$(meta local_size)
sizes=""
[ -n "$pairs" ] && sizes="$pairs pairs x $reps repetitions"

# Columns (1-based) with at least one number.
has_data() {
    awk -F, -v c="$1" '!/^#/ && $c != "" && $c != "NA" { found = 1; exit } END { exit !found }' "$csv"
}

quote() { # a gnuplot single-quoted string
    local s=${1//\'/\'\'}
    printf "'%s'" "$s"
}

common_settings() {
    cat <<EOF_GP
set terminal pngcairo size 1100,700 noenhanced font 'Sans,11'
set datafile separator ','
set datafile missing 'NA'
set xlabel 'intersecting pairs (%)'
set ylabel 'time (ms, sum over ${reps:-REPS} repetitions)'
set xrange [-2:102]
set yrange [0:*]
set grid
set key outside right top
EOF_GP
}

# gnuplot's default cycle has 8 colours; the CPU chart has 10 curves, so give each its own.
COLOURS=('#1f77b4' '#ff7f0e' '#2ca02c' '#d62728' '#9467bd' '#8c564b' '#e377c2' '#7f7f7f' '#bcbd22' '#17becf'
    '#000000' '#aec7e8')

# plot_lines PNG TITLE COLUMN...: one line per column against column 1. With PAIRED=1 the
# columns come in (double, float) pairs that share a colour, the float one dashed.
PAIRED=0
plot_lines() {
    local png=$1 title=$2
    shift 2
    local plot="plot" sep="" k=0
    for c in "$@"; do
        local colour=$k dash=1
        [ "$PAIRED" = 0 ] || { colour=$((k / 2)) dash=$((k % 2 + 1)); }
        plot+="$sep $(quote "$csv") using 1:$c smooth unique with linespoints lw 2 dt $dash pt $((colour % 13 + 1))"
        plot+=" lc rgb '${COLOURS[$((colour % ${#COLOURS[@]}))]}' title $(quote "${columns[$((c - 1))]}")"
        sep=","
        k=$((k + 1))
    done
    {
        common_settings
        echo "set output $(quote "$png")"
        echo "set title $(quote "$title")"
        echo "$plot"
    } | gnuplot
    echo "$PROGRAM: wrote $png"
}

column_of() { # 1-based index of a column name, 0 if absent
    local i
    for ((i = 0; i < ${#columns[@]}; ++i)); do
        [ "${columns[$i]}" = "$1" ] && { echo $((i + 1)); return; }
    done
    echo 0
}

is_column() {
    local c
    for c in "${columns[@]}"; do [ "$c" = "$1" ] && return 0; done
    return 1
}

cpu_columns=()
float_columns=()
kernel_columns=()
gpu_algorithms=()
gpu_float_columns=()
for ((i = 1; i < ${#columns[@]}; ++i)); do
    name=${columns[$i]}
    c=$((i + 1))
    case $name in
    GPU_*_Write | GPU_*_Read) ;;
    # Rates (GB/s, Mtests/s, % of a bandwidth), end-to-end and multi-threaded times: not the
    # per-algorithm times these charts draw.
    *_GBs | *_Mtests_s | *_Pct_Copy | *_E2E | *_E2E_Pct_Pinned | *_MT) ;;
    GPU_*)
        if has_data "$c"; then
            kernel_columns+=("$c")
            gpu_algorithms+=("$name")
            # GPU_NAMEF beside GPU_NAME: a float build, also drawn against its double original.
            case $name in *F) if is_column "${name%F}"; then gpu_float_columns+=("$c"); fi ;; esac
        fi ;;
    *F)
        # NAMEF beside NAME: a single-precision variant, drawn on its own chart.
        if is_column "${name%F}"; then
            if has_data "$c"; then float_columns+=("$c"); fi
        elif has_data "$c"; then
            cpu_columns+=("$c")
        fi ;;
    *) if has_data "$c"; then cpu_columns+=("$c"); fi ;;
    esac
done

if [ ${#cpu_columns[@]} -gt 0 ]; then
    plot_lines "$outdir/cpu_time.png" "CPU algorithms: ${cpu:-CPU}${sizes:+, $sizes}" "${cpu_columns[@]}"
else
    echo "$PROGRAM: no CPU timings in $csv (all NA): cpu_time.png skipped"
fi
# plot_float_pairs PNG TITLE COLUMN...: each float column (NAMEF) drawn beside its double
# original (NAME), sharing its colour; a float column without double data is left out.
plot_float_pairs() {
    local png=$1 title=$2
    shift 2
    local pairs_of_columns=() c double
    for c in "$@"; do
        double=$(column_of "$(echo "${columns[$((c - 1))]}" | sed 's/F$//')")
        if [ "$double" -gt 0 ] && has_data "$double"; then
            pairs_of_columns+=("$double" "$c")
        else
            echo "$PROGRAM: ${columns[$((c - 1))]} has no double-precision timings beside it: left out of $(basename "$png")"
        fi
    done
    [ ${#pairs_of_columns[@]} -eq 0 ] || PAIRED=1 plot_lines "$png" "$title" "${pairs_of_columns[@]}"
}

if [ ${#float_columns[@]} -gt 0 ]; then
    plot_float_pairs "$outdir/cpu_float_time.png" "CPU, single against double precision: ${cpu:-CPU}${sizes:+, $sizes}" \
        "${float_columns[@]}"
fi

if [ ${#kernel_columns[@]} -eq 0 ]; then
    echo "$PROGRAM: no OpenCL timings in $csv (all NA): opencl_kernel_time.png and opencl_phases.png skipped"
    exit 0
fi
device_title="${opencl:-OpenCL}${local_size:+, local size $local_size}${sizes:+, $sizes}"
plot_lines "$outdir/opencl_kernel_time.png" "OpenCL kernels: $device_title" "${kernel_columns[@]}"
if [ ${#gpu_float_columns[@]} -gt 0 ]; then
    plot_float_pairs "$outdir/opencl_float_time.png" "OpenCL kernels, single against double precision: $device_title" \
        "${gpu_float_columns[@]}"
fi

# One panel per OpenCL algorithm with its write, kernel and read times.
n=${#gpu_algorithms[@]}
layout_columns=$((n > 1 ? 2 : 1))
layout_rows=$(((n + layout_columns - 1) / layout_columns))
{
    common_settings
    echo "set terminal pngcairo size $((650 * layout_columns)),$((420 * layout_rows + 60)) noenhanced font 'Sans,10'"
    echo "set output $(quote "$outdir/opencl_phases.png")"
    echo "set key inside left top"
    echo "set multiplot layout $layout_rows,$layout_columns title $(quote "OpenCL write / kernel / read: $device_title")"
    for name in "${gpu_algorithms[@]}"; do
        plot="plot" sep=""
        for phase in Write "" Read; do
            c=$(column_of "$name${phase:+_$phase}")
            [ "$c" -gt 0 ] && has_data "$c" || continue
            plot+="$sep $(quote "$csv") using 1:$c smooth unique with linespoints lw 2 title $(quote "${phase:-Kernel}")"
            sep=","
        done
        echo "set title $(quote "$name")"
        echo "$plot"
    done
    echo "unset multiplot"
} | gnuplot
echo "$PROGRAM: wrote $outdir/opencl_phases.png"
