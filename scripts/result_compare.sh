#!/usr/bin/env bash
# result_compare.sh: runs every algorithm, CPU and OpenCL, on one input and writes every
# disagreement into INPUT.differences (docs/SPECIFICATION.md section 7). The reference is the exact classifier
# (CompareResults --exact): hit/miss and faces must match it exactly, the reals its long-double
# values within the tolerance; so all algorithms are also checked against one another.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
USAGE="usage: $PROGRAM [--tolerance T] [--float-tolerance T] [--no-opencl] [--algorithms LIST] [--seed S] [--results FILE] HITS MISSES NEWINPUT [DEVICE]  or  $PROGRAM [options] INPUT [DEVICE]"

help() {
    cat <<EOF_USAGE
usage: $PROGRAM [options] HITS MISSES NEWINPUT [DEVICE]
       $PROGRAM [options] INPUT [DEVICE]

Runs every CPU algorithm and every OpenCL algorithm (RayTetra --algorithm NAME [-n DEVICE],
the list of RayTetra --list-algorithms) once on INPUT, compares each one's results with the exact classifier's
(CompareResults --exact), prints one summary line per algorithm and writes every disagreement,
with its line number, into INPUT.differences. The first form first writes NEWINPUT with HITS
intersecting and MISSES non-intersecting random pairs (RandomRayTetra).

Results agree when hit/miss and both faces equal the exact classifier's and the reals are
within the tolerance (see CompareResults -h). Without an OpenCL device the OpenCL algorithms
are skipped with a message.

  --tolerance T   relative tolerance of the reals (default: \$RAYTETRA_TOLERANCE, else
                  CompareResults' default)
  --float-tolerance T  the same for the single-precision variants, CPU and OpenCL (default
                  1e-3: they round their inputs to float)
  --no-opencl     CPU algorithms only
  --algorithms LIST  only these (comma-separated, any case: names such as stp0 or gpu_stp0,
                  CSV names such as STP0 or GPU_STP0, gI for OpenCL kernel I; see
                  RayTetra --list-algorithms)
  --results FILE  also compare this result file of INPUT (e.g. the original program's output
                  or another machine's); may be given several times
  --seed S        random seed of NEWINPUT (default 1)
  -h, --help      this text

Executables come from \$RAYTETRA_BIN (default: the build folder \${BUILD:-build} of the source
tree). Exit status: 0 every algorithm agrees, 1 some disagree or failed to run, 2 bad arguments.
EOF_USAGE
}

tolerance=${RAYTETRA_TOLERANCE:-}
float_tolerance=1e-3
opencl=1
seed=1
extra_results=()
only=""
option() {
    case $1 in
    --tolerance) [ $# -ge 2 ] || usage_error "--tolerance needs a number"; tolerance=$2; taken=2 ;;
    --float-tolerance) [ $# -ge 2 ] || usage_error "--float-tolerance needs a number"; float_tolerance=$2; taken=2 ;;
    --no-opencl) opencl=0 ;;
    --algorithms) [ $# -ge 2 ] && [ -n "$2" ] || usage_error "--algorithms needs a list"; only=${2,,}; taken=2 ;;
    --results) [ $# -ge 2 ] || usage_error "--results needs a file"; extra_results+=("$2"); taken=2 ;;
    --seed) [ $# -ge 2 ] && [[ $2 =~ ^[0-9]+$ ]] || usage_error "--seed needs a whole number"; seed=$2; taken=2 ;;
    *) unknown_option "$1" ;;
    esac
}
parse_arguments "$@"
whole() { [[ $1 =~ ^[0-9]+$ ]]; }
device=""
case ${#positional[@]} in
1 | 2)
    input=${positional[0]}
    device=${positional[1]:-} ;;
3 | 4)
    hits=${positional[0]} misses=${positional[1]} input=${positional[2]}
    device=${positional[3]:-}
    whole "$hits" || usage_error "HITS must be a whole number >= 0, not '$hits'"
    whole "$misses" || usage_error "MISSES must be a whole number >= 0, not '$misses'"
    [ $((10#$hits + 10#$misses)) -gt 0 ] || usage_error "HITS + MISSES must be at least 1" ;;
*) usage_error "expected HITS MISSES NEWINPUT [DEVICE] or INPUT [DEVICE], got ${#positional[@]} arguments" ;;
esac
[ -z "$device" ] || whole "$device" || usage_error "DEVICE must be a whole number >= 0, not '$device'"
number='^[0-9]*\.?[0-9]+([eE][-+]?[0-9]+)?$'
[ -z "$tolerance" ] || [[ $tolerance =~ $number ]] || usage_error "the tolerance must be a number >= 0, not '$tolerance'"
[[ $float_tolerance =~ $number ]] || usage_error "the float tolerance must be a number >= 0, not '$float_tolerance'"
for program in RandomRayTetra RayTetra CompareResults Bench; do
    [ -x "$bin/$program" ] || { echo "$PROGRAM: error: $bin/$program not found; build it first (make) or set RAYTETRA_BIN" >&2; exit 1; }
done
# One line per algorithm: NAME CSV_NAME cpu|opencl double|float INDEX|- PROPERTIES DESCRIPTION.
algorithms=$("$bin/RayTetra" --list-algorithms)

# wanted NAME CSV_NAME INDEX: is the algorithm selected (all are without --algorithms)?
wanted() {
    [ -z "$only" ] && return 0
    local word
    for word in ${only//,/ }; do
        [ "$word" = "${1,,}" ] || [ "$word" = "${2,,}" ] || [ "$word" = "g$3" ] && return 0
    done
    return 1
}
for word in ${only//,/ }; do
    awk -v word="$word" 'tolower($1) == word || tolower($2) == word || "g" $5 == word { found = 1 } END { exit !found }' \
        <<<"$algorithms" || usage_error "--algorithms: unknown algorithm '$word' (see RayTetra --list-algorithms)"
done

if [ -n "${hits:-}" ]; then
    "$bin/RandomRayTetra" "$input" -i "$hits" -n "$misses" --seed "$seed"
fi
[ -f "$input" ] && [ -r "$input" ] || { echo "$PROGRAM: error: $input: no such readable input file" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/result_compare.XXXXXX")
trap 'rm -rf "$work"' EXIT
differences="$input.differences"
report="$work/differences"
compare_options=(--exact)
[ -z "$tolerance" ] || compare_options+=(--tolerance "$tolerance")
{
    echo "# $PROGRAM: every algorithm against the exact classifier on $input"
    echo "# ${tolerance:+tolerance $tolerance; }lines: RESULTS:LINE: pair I (counting from 0): what differs"
} >"$report"

agree=0
disagree=0
# check [--float] LABEL RAYTETRA_ARGUMENTS...: run one algorithm, compare, report.
# check LABEL --file RESULTS: compare an existing result file.
check() {
    local options=("${compare_options[@]}")
    if [ "$1" = --float ]; then
        options=(--exact --tolerance "$float_tolerance")
        shift
    fi
    local label=$1
    shift
    local out="$work/$label.out" status=0
    if [ "$1" = --file ]; then
        out=$2
    elif ! "$bin/RayTetra" "$@" -p r "$input" "$out" 1 >"$work/run.log" 2>&1; then
        local why
        why=$(grep -m 1 'error' "$work/run.log" || tail -n 1 "$work/run.log")
        printf '%-12s FAILED to run: %s\n' "$label" "$why"
        printf '## %s: failed to run: %s\n' "$label" "$why" >>"$report"
        disagree=$((disagree + 1))
        return
    fi
    "$bin/CompareResults" "${options[@]}" "$input" "$out" >"$work/compare.log" 2>&1 || status=$?
    # Name the results by algorithm, not by the temporary file they were in.
    sed -i "s|^$work/||" "$work/compare.log"
    local summary
    summary=$(tail -n 1 "$work/compare.log")
    printf '%-12s %s\n' "$label" "${summary#"${out#"$work/"}: "}"
    {
        echo "## $label"
        cat "$work/compare.log"
    } >>"$report"
    if [ "$status" -eq 0 ]; then agree=$((agree + 1)); else disagree=$((disagree + 1)); fi
}

# check_all KIND [RAYTETRA_OPTIONS...]: every selected algorithm of that kind (CPU ones are
# labelled by name, OpenCL ones by CSV name, as Bench prints them).
check_all() {
    local want=$1 name csv_name kind precision index rest
    shift
    while read -r name csv_name kind precision index rest; do
        [ "$kind" = "$want" ] && wanted "$name" "$csv_name" "$index" || continue
        local label=$name float=()
        [ "$kind" = opencl ] && label=$csv_name
        [ "$precision" = float ] && float=(--float)
        check "${float[@]}" "$label" --algorithm "$name" "$@"
    done <<<"$algorithms"
}

echo "$PROGRAM: $input against the exact classifier${tolerance:+ (tolerance $tolerance)}"
check_all cpu

if [ "$opencl" = 1 ]; then
    if "$bin/Bench" --list-devices >/dev/null 2>"$work/devices.log"; then
        check_all opencl -n "${device:-0}"
    else
        echo "$PROGRAM: no OpenCL device ($(tail -n 1 "$work/devices.log")): the OpenCL algorithms are skipped"
        echo "## OpenCL algorithms skipped: no OpenCL device" >>"$report"
    fi
fi

for file in "${extra_results[@]}"; do
    [ -f "$file" ] && [ -r "$file" ] || { echo "$PROGRAM: error: $file: no such readable result file (--results)" >&2; exit 1; }
    check "$(basename "$file")" --file "$file"
done

echo "# $agree agree, $disagree disagree or failed" >>"$report"
mv "$report" "$differences"
echo "$PROGRAM: $agree agree, $disagree disagree or failed; details in $differences"
[ "$disagree" -eq 0 ]
