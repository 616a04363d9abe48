#!/usr/bin/env bash
# plot_time_graph.sh: PNG charts of Bench's results (the thesis' Figs 5.1-5.3, in million tests
# per second): each algorithm's median throughput against the percentage of intersecting pairs,
# with min-max error bars, in groups of at most 8 curves (CPU double, CPU float, CPU SIMD,
# OpenCL double, OpenCL float), the OpenCL write / kernel / read times, and an accuracy chart
# (misclassified pairs and wrong faces per input class and algorithm, from Accuracy).
# The repetitions come from Bench's JSON files (--json); a wide CSV alone gives the medians'
# place to its means (sum / REPS), without error bars, and a CSV without Bench's metadata lines
# (the thesis' own) gives times in ms. What a CSV column holds is asked of Bench
# (--describe-columns), what kind of algorithm a name is of Bench --list-algorithms. gnuplot
# draws; awk and jq only reshape the data.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
USAGE="usage: $PROGRAM [--json FILE]... [--accuracy FILE] [--out DIR] [--data FILE] [CSV [OUTDIR]]"
fail() {
    echo "$PROGRAM: error: $*" >&2
    exit 1
}

help() {
    cat <<EOF_USAGE
$USAGE

Draws PNG charts of Bench's results into OUTDIR (or --out DIR; default: the folder of the CSV,
else of the first file given):
  cpu_double.png     CPU algorithms in double precision: the baselines (Haines, Moller,
                     Badouel, Havel) and the Pluecker (Segura) and STP forms, one panel each
  cpu_float.png      the same in single precision
  cpu_simd.png       the SIMD forms (vectorised across pairs), double and float
  cpu_precomputed.png  the precomputed forms and the branch-free Badouel (docs/ALGORITHMS.md),
                     double and float: the
                     per-line part, the table's precomputation left out
  opencl_double.png  the OpenCL kernels in double precision
  opencl_float.png   the OpenCL kernels in single precision
  opencl_precomputed.png  the OpenCL precomputed forms, double and float: the timed kernel,
                     the tables' filling on the device left out
  opencl_phases.png  per OpenCL algorithm: its write, kernel and read time per pass (ms), and
                     a precomputed form's filling of its tables
  accuracy.png       with --accuracy: misclassified pairs and wrong faces per input class and
                     algorithm (the count in each cell, the colour its share of the class)
Throughput is million tests (pairs) per second against the percentage of intersecting pairs:
the median of the repetitions with min-max error bars when Bench's JSON files are given
(--json, one per run: Bench --json, as fullbench.sh writes them), else the wide CSV's sum over
REPS turned into a mean per repetition (pairs and REPS from its '# Bench;' lines) without bars.
A CSV without those lines (the thesis' own) is drawn as time in ms, summed over REPS. Runs with
the same percentage are averaged. A chart without data is skipped with a message.

  --json FILE      a Bench JSON file (repeatable); the CSV is then optional
  --accuracy FILE  Accuracy's CSV (--csv) or JSON (--json): draw accuracy.png
  --out DIR        the output folder (instead of OUTDIR)
  --data FILE      also write the numbers behind the charts: one tab-separated line per run,
                   algorithm and phase (hit_percent algorithm phase ms ms_min ms_max pairs: the
                   time of one pass, its fastest and slowest repetition, NA where unknown)
  -h, --help       this text

Bench is taken from \$RAYTETRA_BIN (default: the build folder \${BUILD:-build}); gnuplot and jq
must be installed (scripts/setup.sh).
EOF_USAGE
}

jsons=()
accuracy=""
outdir=""
data_out=""
option() {
    case $1 in
    --json) [ $# -ge 2 ] || usage_error "--json needs a file"; jsons+=("$2"); taken=2 ;;
    --accuracy) [ $# -ge 2 ] || usage_error "--accuracy needs a file"; accuracy=$2; taken=2 ;;
    --out) [ $# -ge 2 ] || usage_error "--out needs a folder"; outdir=$2; taken=2 ;;
    --data) [ $# -ge 2 ] || usage_error "--data needs a file"; data_out=$2; taken=2 ;;
    *) unknown_option "$1" ;;
    esac
}
parse_arguments "$@"
[ ${#positional[@]} -le 2 ] || usage_error "expected CSV [OUTDIR], got ${#positional[@]} arguments"
[ ${#positional[@]} -ge 1 ] || [ ${#jsons[@]} -gt 0 ] || [ -n "$accuracy" ] ||
    usage_error "expected CSV [OUTDIR], got 0 arguments"
csv=${positional[0]:-}
[ -z "${positional[1]:-}" ] || outdir=${positional[1]}
for file in $csv "${jsons[@]}" $accuracy; do
    [ -f "$file" ] && [ -r "$file" ] || usage_error "$file: no such readable file"
done
first_file=${csv:-${jsons[0]:-$accuracy}}
outdir=${outdir:-$(dirname "$first_file")}
command -v gnuplot >/dev/null || fail "gnuplot is not installed (Debian: apt-get install gnuplot-nox)"
command -v jq >/dev/null || fail "jq is not installed (Debian: apt-get install jq)"
[ -x "$bin/Bench" ] || fail "$bin/Bench not found: build it (make) or set RAYTETRA_BIN"
if [ -n "$csv" ]; then
    case $(head -n 1 "$csv") in
    '#Intersecting_Pairs,'*) ;;
    *) fail "$csv: the first line is not a Bench CSV header (#Intersecting_Pairs,...); give the CSV that Bench wrote" ;;
    esac
    rows=$(grep -cv -e '^#' -e '^[[:space:]]*$' "$csv" || true)
    [ "$rows" -gt 0 ] || fail "$csv: no data rows to plot (run Bench first)"
fi
# Every JSON file and every field read below, checked before anything is drawn or written.
for json in "${jsons[@]}"; do
    json_require "$json" raytetra-bench/1 "a Bench JSON file" \
        '{"hit_percent": ["number"], "cpu": ["string", "null"], "opencl_device": ["string", "null"],
          "pairs": ["number"], "reps": ["number"], "local_size": ["number", "string", "null"]}' \
        '{"algorithm": ["string"], "phase": ["string"], "status": ["string"], "median_ms": ["number", "null"],
          "min_ms": ["number", "null"], "max_ms": ["number", "null"], "pairs": ["number"]}'
done
if [ -n "$accuracy" ]; then
    if [ "$(head -c 1 "$accuracy")" = "{" ]; then
        json_require "$accuracy" raytetra-accuracy/1 "an Accuracy JSON file" '{}' \
            '{"algorithm": ["string"], "class": ["string"], "pairs": ["number"], "misclassified": ["number"],
              "wrong_faces": ["number"]}'
    else
        case $(head -n 1 "$accuracy") in
        algorithm,precision,device,class,pairs,reference_hits,misclassified,wrong_faces,*) ;;
        *) fail "$accuracy: the first line is not Accuracy's CSV header (algorithm,precision,device,class,...)" ;;
        esac
    fi
fi
# The outputs: where they go must be writable before the work. The charts and --data are made
# in $work and put in place together at the end, so that a failure leaves none of them.
writable_folder() { # the folder DIR exists and can take files, or can be made where its nearest existing parent is
    local dir=$1
    while [ ! -e "$dir" ]; do dir=$(dirname "$dir"); done
    [ -d "$dir" ] && [ -w "$dir" ] && [ -x "$dir" ]
}
[ ! -e "$outdir" ] || [ -d "$outdir" ] || fail "$outdir: not a folder; give a folder for the charts (--out)"
writable_folder "$outdir" || fail "$outdir: cannot write the charts there (the folder is not writable)"
if [ -n "$data_out" ]; then
    [ ! -d "$data_out" ] || fail "$data_out: is a folder; give a file name for --data"
    [ -d "$(dirname "$data_out")" ] && writable_folder "$(dirname "$data_out")" ||
        fail "$data_out: cannot write the data file (its folder is missing or not writable)"
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/plot_time_graph.XXXXXX")
trap 'rm -rf "$work"' EXIT
charts="$work/charts"
mkdir "$charts"

# ------------------------------------------------------------------ the data, one table
# $work/table: x algorithm phase ms ms_low ms_high pairs, one line per run, algorithm and phase:
# x the percentage of intersecting pairs; ms the time of one pass (the median, or the mean from
# the CSV; for a thesis CSV the sum over REPS); ms_low, ms_high the fastest and slowest
# repetition (NA without the repetitions); pairs NA when unknown (then only times are drawn).
if [ ${#jsons[@]} -gt 0 ]; then
    jq -r '.context.hit_percent as $x | .results[] | select(.status == "ok" and .median_ms != null) |
           [$x, .algorithm, .phase, .median_ms, .min_ms, .max_ms, .pairs] | @tsv' "${jsons[@]}" >"$work/raw"
    source_note="median of the repetitions, min-max bars"
elif [ -n "$csv" ]; then
    "$bin/Bench" --describe-columns "$csv" >"$work/columns" || fail "Bench could not describe the columns of $csv"
    awk -v columns="$work/columns" '
        BEGIN {
            FS = ","
            pairs = "NA"; reps = "NA"
            while ((getline line < columns) > 0) {
                split(line, f, " ")
                if (f[7] == "time_ms" && f[6] ~ /^(run|write|kernel|read)$/) { algorithm[f[1]] = f[3]; phase[f[1]] = f[6] }
            }
        }
        /^# Bench;/ {
            pairs = "NA"; reps = "NA"
            n = split($0, meta, /; */)
            for (i = 1; i <= n; ++i) {
                if (meta[i] ~ /^pairs=[0-9]+$/) pairs = substr(meta[i], 7)
                if (meta[i] ~ /^reps=[0-9]+$/) reps = substr(meta[i], 6)
            }
            next
        }
        /^#/ || NF < 2 { next }
        {
            for (c in algorithm) {
                v = $c
                if (v == "" || v == "NA") continue
                passes = phase[c] == "run" || phase[c] == "kernel" ? reps : 1
                if (pairs == "NA" || passes == "NA") print $1, algorithm[c], phase[c], v, "NA", "NA", "NA"
                else print $1, algorithm[c], phase[c], v / passes, "NA", "NA", pairs
            }
            pairs = "NA"; reps = "NA"
        }' OFS='\t' "$csv" >"$work/raw"
    source_note="mean of the repetitions (the CSV's sum / REPS); Bench --json files give medians and bars"
else
    : >"$work/raw" # only --accuracy
    source_note=""
fi
# Average runs at the same percentage; the bars span all of them.
awk -F'\t' '
    { k = $1 SUBSEP $2 SUBSEP $3; n[k]++; sum[k] += $4
      if (!(k in low) || ($5 != "NA" && $5 < low[k])) low[k] = $5
      if (!(k in high) || ($6 != "NA" && $6 > high[k])) high[k] = $6
      pairs[k] = $7 }
    END { for (k in n) { split(k, p, SUBSEP); print p[1], p[2], p[3], sum[k] / n[k], low[k], high[k], pairs[k] } }
' OFS='\t' "$work/raw" | sort -t$'\t' -k2,2 -k3,3 -k1,1g >"$work/table"
if [ -n "$data_out" ]; then
    { printf 'hit_percent\talgorithm\tphase\tms\tms_min\tms_max\tpairs\n'; cat "$work/table"; } >"$work/data"
fi
throughput=1
awk -F'\t' '$7 == "NA" { found = 1 } END { exit !found }' "$work/table" && throughput=0
[ "$throughput" = 1 ] || source_note="time in ms summed over REPS (the CSV does not record pairs and REPS)"

# The algorithms Bench knows: CSV name, kind, precision, properties.
"$bin/Bench" --list-algorithms | awk '{ print $2, $3, $4, $6 }' OFS='\t' >"$work/algorithms"

# Run metadata for the titles: "(mixed)" where runs differ.
if [ ${#jsons[@]} -gt 0 ]; then
    jq -r '.context | [.cpu // "", .opencl_device // "", .pairs, .reps, .local_size // ""] | @tsv' "${jsons[@]}" >"$work/meta"
elif [ -n "$csv" ]; then
    { grep '^# Bench;' "$csv" || true; } | awk '{
        n = split($0, meta, /; */); delete v
        for (i = 1; i <= n; ++i) { j = index(meta[i], "="); if (j) v[substr(meta[i], 1, j - 1)] = substr(meta[i], j + 1) }
        print v["cpu"], (v["opencl"] == "none" ? "" : v["opencl"]), v["pairs"], v["reps"], (v["local_size"] == "NA" ? "" : v["local_size"])
    }' OFS='\t' >"$work/meta"
else
    : >"$work/meta"
fi
meta() { # meta COLUMN: the value shared by every run, "(mixed)", or empty
    cut -f"$1" "$work/meta" | sort -u | awk '{ v[NR] = $0 } END { if (NR == 1) print v[1]; else if (NR > 1) print "(mixed)" }'
}
cpu=$(meta 1)
opencl=$(meta 2)
pairs=$(meta 3)
reps=$(meta 4)
local_size=$(meta 5)
sizes=""
[ -z "$pairs" ] || sizes="$pairs pairs"
[ -z "$reps" ] || sizes="${sizes:+$sizes x }$reps repetitions"

# ------------------------------------------------------------------ drawing
# Eight colours a reader tells apart (Okabe and Ito's, yellow replaced by grey), eight markers.
COLOURS=('#0072B2' '#D55E00' '#009E73' '#CC79A7' '#E69F00' '#56B4E9' '#000000' '#999999')
MARKERS=(7 5 9 11 13 6 4 8)
MAX_CURVES=8

quote() { # a gnuplot single-quoted string
    local s=${1//\'/\'\'}
    printf "'%s'" "$s"
}

title_quote() { # a gnuplot double-quoted string (for titles: a line break is written \n)
    local s=${1//\\/\\\\}
    s=${s//\"/\\\"}
    s=${s//$'\n'/\\n}
    printf '"%s"' "$s"
}

# curve INDEX COUNT FILE STYLE TITLE: the gnuplot items of one curve: thin min-max bars (when the
# file has them) and a thicker line with markers; curves are shifted apart a little along x so
# that their bars do not hide one another.
curve() {
    local k=$1 n=$2 file=$3 title=$4 shift
    shift=$(awk -v k="$k" -v n="$n" 'BEGIN { printf "%.2f", (k - (n - 1) / 2) * 0.6 }')
    local colour="lc rgb '${COLOURS[$((k % ${#COLOURS[@]}))]}'"
    if ! grep -q ' NA' "$file"; then
        printf '%s using ($1+%s):2:3:4 with yerrorbars lw 1 pt 0 %s notitle, ' "$(quote "$file")" "$shift" "$colour"
    fi
    printf '%s using ($1+%s):2 with linespoints lw 2 pt %s ps 1.3 %s title %s' "$(quote "$file")" "$shift" \
        "${MARKERS[$((k % ${#MARKERS[@]}))]}" "$colour" "$(quote "$title")"
}

shorten() { # shorten TEXT N: at most N characters
    local text=$1 n=$2
    [ ${#text} -le "$n" ] && printf '%s' "$text" || printf '%s...' "${text:0:$((n - 3))}"
}

# curve_file ALGORITHM PHASE MEASURE: x y low high of one curve (low and high NA without bars);
# MEASURE throughput (Mtests/s) or time (ms per pass).
curve_file() {
    local file="$work/curve.$1.$2.$3"
    awk -F'\t' -v a="$1" -v p="$2" -v m="$3" '
        $2 == a && $3 == p {
            if (m == "time" || $7 == "NA") { print $1, $4, $5, $6; next }
            y = $7 / $4 / 1e3
            if ($5 == "NA") print $1, y, "NA", "NA"
            else print $1, y, $7 / $6 / 1e3, $7 / $5 / 1e3
        }' OFS=' ' "$work/table" >"$file"
    printf '%s' "$file"
}

# The gnuplot commands of one panel: panel TITLE MEASURE PHASE ALGORITHM...
panel() {
    local title=$1 measure=$2 phase=$3
    shift 3
    local plot="plot" separator="" k=0 algorithm file
    for algorithm in "$@"; do
        file=$(curve_file "$algorithm" "$phase" "$measure")
        [ -s "$file" ] || continue
        plot+="$separator $(curve "$k" "$#" "$file" "$algorithm")"
        separator=","
        k=$((k + 1))
    done
    echo "set title $(quote "$title")"
    echo "$plot"
}

# axes PNG WIDTH HEIGHT FONT_SIZE Y_LABEL KEY_PLACE: the gnuplot settings every chart against the
# percentage of intersecting pairs shares.
axes() {
    cat <<EOF_GP
set terminal pngcairo size $2,$3 noenhanced font 'Sans,$4'
set output $(quote "$1")
set datafile missing 'NA'
set xlabel 'intersecting pairs (%)'
set ylabel $(quote "$5")
set xrange [-4:104]
set yrange [0:*]
set grid
set key $6 top box opaque samplen 2 width 1 Left reverse
set bars small
EOF_GP
}

y_label() {
    if [ "$1" = time ]; then
        [ "$throughput" = 1 ] && echo "time of one pass (ms)" || echo "time (ms, sum over ${reps:-REPS} repetitions)"
    else
        echo "million tests per second"
    fi
}

# chart PNG TITLE SUBTITLE PHASE MEASURE PANEL...: one PNG, its panels side by side; a PANEL is
# "TITLE|ALGORITHM ALGORITHM ..." (at most MAX_CURVES algorithms).
chart() {
    local png=$1 title=$2 subtitle=$3 phase=$4 measure=$5
    shift 5
    local count=$# columns rows width
    columns=$((count < 3 ? count : 3))
    rows=$(((count + columns - 1) / columns))
    width=$((columns == 1 ? 1100 : columns * 760))
    {
        axes "$png" "$width" $((rows * 520 + 110)) 12 "$(y_label "$measure")" "outside right"
        echo "set multiplot layout $rows,$columns title $(title_quote "$title"$'\n'"$subtitle") font 'Sans,14'"
        local spec panel_title
        for spec in "$@"; do
            # One panel: the chart's title says it all.
            panel_title=${spec%%|*}
            [ "$count" -gt 1 ] || panel_title=""
            # shellcheck disable=SC2086
            panel "$panel_title" "$measure" "$phase" ${spec#*|}
        done
        echo "unset multiplot"
    } | gnuplot
}

# The algorithms with data in the table for PHASE whose Bench attributes pass an awk condition
# on kind ($2), precision ($3) and properties ($4), in Bench's order.
algorithms_where() {
    local phase=$1 condition=$2
    awk -F'\t' -v phase="$phase" -v table="$work/table" '
        BEGIN { while ((getline line < table) > 0) { split(line, f, "\t"); if (f[3] == phase) has[f[2]] = 1 } }
        has[$1] && ('"$condition"') { print $1 }' "$work/algorithms"
}

simd='$4 ~ /(^|,)simd(,|$)/'
precomputed='$4 ~ /(^|,)precomputed(,|$)/'
baseline='$4 ~ /(^|,)baseline(,|$)/'

# panels TITLE ALGORITHM...: "TITLE|..." specs of at most MAX_CURVES algorithms each.
panels() {
    local title=$1
    shift
    local part=1 parts=$((($# + MAX_CURVES - 1) / MAX_CURVES))
    while [ $# -gt 0 ]; do
        local take=$(($# < MAX_CURVES ? $# : MAX_CURVES))
        printf '%s|%s\n' "$title$([ "$parts" -gt 1 ] && echo " ($part of $parts)")" "${*:1:$take}"
        shift "$take"
        part=$((part + 1))
    done
}

measure=throughput
[ "$throughput" = 1 ] || measure=time
cpu_subtitle="${sizes:+$sizes; }$source_note"
[ -z "$cpu" ] || cpu_subtitle="$(shorten "$cpu" 70)"$'\n'"$cpu_subtitle"
opencl_subtitle="${sizes:+$sizes; }$source_note"
[ -z "$opencl" ] || opencl_subtitle="$(shorten "$opencl" 70)${local_size:+, local size $local_size}"$'\n'"$opencl_subtitle"

# cpu_chart PNG TITLE CONDITION: the CPU algorithms of CONDITION, baselines and forms apart.
cpu_chart() {
    local png=$1 title=$2 condition=$3 specs=() line
    local base forms
    base=$(algorithms_where run "$condition && $baseline" | paste -sd' ' -)
    forms=$(algorithms_where run "$condition && !($baseline)" | paste -sd' ' -)
    # shellcheck disable=SC2086
    [ -z "$base" ] || while IFS= read -r line; do specs+=("$line"); done < <(panels "baselines (Haines, Moller, Badouel, Havel)" $base)
    # shellcheck disable=SC2086
    [ -z "$forms" ] || while IFS= read -r line; do specs+=("$line"); done < <(panels "Pluecker (Segura) and STP forms" $forms)
    if [ ${#specs[@]} -eq 0 ]; then
        echo "$PROGRAM: no data for $(basename "$png"): skipped"
        return
    fi
    chart "$charts/$png" "$title" "$cpu_subtitle" run "$measure" "${specs[@]}"
}

# simple_chart PNG TITLE SUBTITLE PHASE CONDITION: those algorithms, a panel (or more, of 8) per
# precision, each titled by its precision only (the chart's title is above them all).
simple_chart() {
    local png=$1 title=$2 subtitle=$3 phase=$4 condition=$5 specs=() line names precision
    for precision in double float; do
        names=$(algorithms_where "$phase" "($condition) && \$3 == \"$precision\"" | paste -sd' ' -)
        # shellcheck disable=SC2086
        [ -z "$names" ] || while IFS= read -r line; do specs+=("$line"); done < <(
            panels "$([ "$precision" = double ] && echo double || echo single) precision" $names)
    done
    if [ ${#specs[@]} -eq 0 ]; then
        echo "$PROGRAM: no data for $png: skipped"
        return
    fi
    chart "$charts/$png" "$title" "$subtitle" "$phase" "$measure" "${specs[@]}"
}

if [ -s "$work/table" ]; then
    cpu_chart cpu_double.png "CPU, double precision" '$2 == "cpu" && $3 == "double" && !('"$simd"') && !('"$precomputed"')'
    cpu_chart cpu_float.png "CPU, single precision" '$2 == "cpu" && $3 == "float" && !('"$simd"') && !('"$precomputed"')'
    simple_chart cpu_simd.png "CPU, SIMD forms (vectorised across pairs)" "$cpu_subtitle" run '$2 == "cpu" && '"$simd"
    simple_chart cpu_precomputed.png "CPU, precomputed forms (the table filled outside the time)" "$cpu_subtitle" run \
        '$2 == "cpu" && '"$precomputed"
    gpu_names=$(algorithms_where kernel '$2 == "opencl"')
    if [ -n "$gpu_names" ]; then
        simple_chart opencl_double.png "OpenCL kernels, double precision (no transfers)" "$opencl_subtitle" kernel \
            '$2 == "opencl" && $3 == "double" && !('"$precomputed"')'
        simple_chart opencl_float.png "OpenCL kernels, single precision (no transfers)" "$opencl_subtitle" kernel \
            '$2 == "opencl" && $3 == "float" && !('"$precomputed"')'
        simple_chart opencl_precomputed.png "OpenCL precomputed forms (the tables filled on the device, outside the time)" \
            "$opencl_subtitle" kernel '$2 == "opencl" && '"$precomputed"
        # One panel per OpenCL algorithm: its phases, in ms per pass (a precomputed form's tables too).
        specs=()
        for name in $gpu_names; do specs+=("$name|$name"); done
        {
            count=${#specs[@]}
            columns=$((count < 3 ? count : 3))
            rows=$(((count + columns - 1) / columns))
            axes "$charts/opencl_phases.png" $((columns * 620)) $((rows * 420 + 110)) 11 "$(y_label time)" "inside left"
            echo "set multiplot layout $rows,$columns title $(title_quote "OpenCL write / kernel / read: the time of one pass"$'\n'"$opencl_subtitle") font 'Sans,13'"
            for name in $gpu_names; do
                plot="plot" separator="" k=0
                for phase in write kernel read precompute; do
                    file=$(curve_file "$name" "$phase" time)
                    if [ -s "$file" ]; then
                        plot+="$separator $(curve "$k" 3 "$file" "$phase")"
                        separator=","
                    fi
                    k=$((k + 1))
                done
                echo "set title $(quote "$name")"
                echo "$plot"
            done
            echo "unset multiplot"
        } | gnuplot
    else
        echo "$PROGRAM: no OpenCL timings: opencl_double.png, opencl_float.png, opencl_precomputed.png and opencl_phases.png skipped"
    fi
    unknown=$(cut -f2 "$work/table" | sort -u | awk -v known="$work/algorithms" '
        BEGIN { while ((getline line < known) > 0) { split(line, f, "\t"); k[f[1]] = 1 } } !k[$1]' | paste -sd' ' -)
    [ -z "$unknown" ] || echo "$PROGRAM: algorithms this Bench does not know, left out: $unknown"
elif [ -n "$csv" ] || [ ${#jsons[@]} -gt 0 ]; then
    echo "$PROGRAM: no verified timings to plot: the throughput charts are skipped"
fi

# ------------------------------------------------------------------ accuracy
# $work/accuracy: algorithm class pairs misclassified wrong_faces (CSV names), in Accuracy's order.
if [ -n "$accuracy" ]; then
    if [ "$(head -c 1 "$accuracy")" = "{" ]; then
        jq -r '.results[] | [.algorithm, .class, .pairs, .misclassified, .wrong_faces] | @tsv' "$accuracy" >"$work/accuracy"
    else
        # Accuracy's CSV names CPU algorithms canonically (stp1f); the charts use CSV names.
        "$bin/Bench" --list-algorithms | awk '{ print $1, $2 }' >"$work/names"
        awk -F, -v names="$work/names" '
            BEGIN { while ((getline line < names) > 0) { split(line, f, " "); csv[f[1]] = f[2] } }
            NR > 1 { print ($1 in csv ? csv[$1] : $1), $4, $5, $7, $8 }' OFS='\t' "$accuracy" >"$work/accuracy"
    fi
fi
if [ -n "$accuracy" ] && [ ! -s "$work/accuracy" ]; then
    echo "$PROGRAM: $accuracy has no rows: accuracy.png skipped"
elif [ -n "$accuracy" ]; then
    # Cells: column (class) row (algorithm, first at the top) share count, for each count.
    awk -F'\t' -v out="$work" '
        !($1 in row) { row[$1] = rows++; name[rows - 1] = $1 }
        !($2 in column) { column[$2] = columns++; class[columns - 1] = $2 }
        { cell = column[$2] SUBSEP row[$1]; pairs[cell] = $3; wrong[cell] = $4; faces[cell] = $5
          if (!($2 in class_pairs)) class_pairs[$2] = $3 }
        END {
            for (c = 0; c < columns; ++c) for (r = 0; r < rows; ++r) {
                cell = c SUBSEP r
                if (!(cell in pairs)) continue
                share = pairs[cell] > 0 ? 100 * wrong[cell] / pairs[cell] : 0
                print c, rows - 1 - r, share, wrong[cell] > out "/cells.misclassified"
                share = pairs[cell] > 0 ? 100 * faces[cell] / pairs[cell] : 0
                print c, rows - 1 - r, share, faces[cell] > out "/cells.faces"
            }
            printf "set xtics (" > out "/tics"
            for (c = 0; c < columns; ++c) printf "%s\"%s (%d)\" %d", c ? ", " : "", class[c], class_pairs[class[c]], c > out "/tics"
            printf ")\nset ytics (" > out "/tics"
            for (r = 0; r < rows; ++r) printf "%s\"%s\" %d", r ? ", " : "", name[r], rows - 1 - r > out "/tics"
            printf ")\nset xrange [-0.5:%g]\nset yrange [-0.5:%g]\n", columns - 0.5, rows - 0.5 > out "/tics"
            print rows > out "/rows"
        }' "$work/accuracy"
    rows=$(cat "$work/rows")
    {
        cat <<EOF_GP
set terminal pngcairo size 1300,$((rows < 10 ? 440 : rows * 24 + 200)) noenhanced font 'Sans,11'
set output $(quote "$charts/accuracy.png")
set multiplot layout 1,2 title $(title_quote "Accuracy against exact arithmetic, per input class (pairs of the class under its name)"$'\n'"count of pairs in each cell, its share of the class as colour; $(shorten "$(basename "$accuracy")" 50)") font 'Sans,13'
set palette defined (0 '#ffffff', 1 '#fee8c8', 10 '#fdbb84', 40 '#e34a33', 100 '#7f0000')
set cbrange [0:100]
set cblabel '% of the class'
set tics scale 0
set xtics rotate by 30 right
set grid front
unset grid
EOF_GP
        cat "$work/tics"
        for kind in misclassified faces; do
            title="misclassified (hit/miss differs)"
            [ "$kind" = faces ] && title="wrong faces (both hit, another face)"
            echo "set title $(quote "$title")"
            echo "plot $(quote "$work/cells.$kind") using 1:2:3 with image notitle, \\"
            echo "     '' using 1:2:(sprintf('%d', \$4)):(\$3 > 50 ? 0xffffff : \$4 > 0 ? 0 : 0xaaaaaa) with labels textcolor rgb variable notitle"
        done
        echo "unset multiplot"
    } | gnuplot
fi

# ------------------------------------------------------------------ into place, all together
mkdir -p "$outdir" || fail "$outdir: cannot create the output folder"
[ -z "$data_out" ] || publish "$work/data" "$data_out"
for png in "$charts"/*.png; do
    [ -e "$png" ] || continue
    publish "$png" "$outdir/$(basename "$png")"
    echo "$PROGRAM: wrote $outdir/$(basename "$png")"
done
