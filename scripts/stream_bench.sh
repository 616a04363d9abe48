#!/usr/bin/env bash
# stream_bench.sh: RayTetra's file-to-file run against the I/O floor of the same machine
# (docs/PERFORMANCE.md, "Streaming runs against the I/O floor").
#
#   scripts/stream_bench.sh [PAIRS] [FORMAT]
#
# PAIRS (default 1000000) random pairs are written once to a scratch folder in FORMAT (rtb,
# the default, or txt); then each command runs 3 times and the table gives its median wall
# time, its spread (slowest - fastest) and its ratio to the floor:
#   read floor   cat INPUT > /dev/null
#   write floor  dd bs=4M writing a file of the results' size (the binary results, or the
#                text results of the CPU run for FORMAT txt)
#   floor        the two added: the least a run that reads INPUT and writes its results takes
#   RayTetra     STP0 on every core (-t 0 --threads 0), on the first GPU (-g 1 -n N; device 0
#                when no GPU is listed), and on
#                --devices all (-g 1), each with the default memory budget, start-up (device
#                discovery, kernels from the cache) included; the OpenCL rows only when a
#                device is listed. One untimed run of each first fills the kernel cache.
#   start-up     RayTetra --list-devices alone: the OpenCL drivers' start and end in a process
#                that reads and writes nothing (OpenCL rows only)
#   one visible  on a host with several NVIDIA GPUs (and CUDA_VISIBLE_DEVICES unset), the first
#                GPU again with CUDA_VISIBLE_DEVICES=0, as a batch scheduler hands out one GPU:
#                NVIDIA's driver starts every GPU it sees at the first OpenCL call
# The scratch folder is $TMPDIR (default /tmp); it is removed at the end.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
USAGE="usage: $PROGRAM [PAIRS] [FORMAT]"

help() {
    cat <<EOF_USAGE
$USAGE

Writes PAIRS (default 1000000) random pairs in FORMAT (rtb, the default, or txt) to a scratch
folder, then times 3 runs each of: cat INPUT > /dev/null, dd bs=4M writing a file of the
results' size, and RayTetra's file-to-file run of STP0 (every core; the first GPU, else OpenCL
device 0, and --devices all when a device is listed; on a host with several NVIDIA GPUs the
first one again with CUDA_VISIBLE_DEVICES=0; and --list-devices alone, the drivers' start-up
and end), and prints a table of the median, the
spread and the ratio to the I/O floor (cat + dd). Each timed run starts with no output file
and no dirty pages (rm and sync, untimed). Executables are taken from \$RAYTETRA_BIN (default: the
build folder \${BUILD:-build} of the source tree); the scratch folder is in \$TMPDIR (default
/tmp) and removed at the end.
EOF_USAGE
}

positional=()
while [ $# -gt 0 ]; do
    case "$1" in
    -h | --help) help; exit 0 ;;
    -*) unknown_option "$1" ;;
    *) positional+=("$1"); shift ;;
    esac
done
[ ${#positional[@]} -le 2 ] || usage_error "expected [PAIRS] [FORMAT], got ${#positional[@]} arguments"
PAIRS=${positional[0]:-1000000}
FORMAT=${positional[1]:-rtb}
[[ $PAIRS =~ ^[0-9]+$ ]] && [ "$((10#$PAIRS))" -gt 0 ] || usage_error "PAIRS must be a whole number > 0, not '$PAIRS'"
[[ $FORMAT =~ ^(rtb|txt)$ ]] || usage_error "FORMAT must be rtb or txt, not '$FORMAT'"
for program in RayTetra RandomRayTetra; do
    [ -x "$bin/$program" ] || die "$bin/$program not found; build it first (make) or set RAYTETRA_BIN"
done
BIN=$bin
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/stream_bench.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT
INPUT="$SCRATCH/pairs.$FORMAT"
"$BIN/RandomRayTetra" "$INPUT" -i $((PAIRS / 2)) -n $((PAIRS - PAIRS / 2)) >/dev/null

now_ns() { date +%s%N; }

# seconds COMMAND...: the wall time of one run, in seconds.
seconds() {
    local start end
    start=$(now_ns)
    "$@" >/dev/null 2>&1 || die "failed: $*"
    end=$(now_ns)
    awk -v ns=$((end - start)) 'BEGIN { printf "%.4f\n", ns / 1e9 }'
}

# measure COMMAND...: "MEDIAN SPREAD" of 3 runs.
# Before each timed run, untimed: no output left from the last one and no dirty pages. Replacing
# a file of gigabytes (dd's truncation, RayTetra's rename over it) waits for the kernel to drop
# its pages, and the last run's write-back competes with this one's writes: seconds either way,
# which would measure the previous run rather than this one.
fresh_output() { rm -f "$OUTPUT" "$SCRATCH/floor.out"; sync; }

measure() {
    local runs=()
    for _ in 1 2 3; do
        fresh_output
        runs+=("$(seconds "$@")")
    done
    printf '%s\n' "${runs[@]}" | sort -g | awk '{ t[NR] = $1 } END { printf "%.4f %.4f\n", t[2], t[3] - t[1] }'
}

write_floor() { dd if=/dev/zero of="$SCRATCH/floor.out" bs=4M count="$1" iflag=count_bytes status=none; }

OUTPUT="$SCRATCH/results.$FORMAT"
"$BIN/RayTetra" -t 0 --threads 0 -p r "$INPUT" "$OUTPUT" 1 >/dev/null # the results' size; warms the page cache
RESULT_BYTES=$(stat -c %s "$OUTPUT")

rows=()
row() { rows+=("$1|$2"); }
read_floor=$(measure sh -c "cat '$INPUT' > /dev/null")
write=$(measure write_floor "$RESULT_BYTES")
floor=$(awk -v r="${read_floor% *}" -v w="${write% *}" 'BEGIN { printf "%.4f", r + w }')
row "cat INPUT > /dev/null" "$read_floor"
row "dd bs=4M, $RESULT_BYTES bytes" "$write"
run() { "$BIN/RayTetra" "$@" -p r "$INPUT" "$OUTPUT" 1; }
row "RayTetra -t 0 --threads 0 (every core)" "$(measure run -t 0 --threads 0)"
if devices=$("$BIN/RayTetra" --list-devices 2>/dev/null); then
    # The first GPU, else device 0 (PoCL's CPU device on a machine without one).
    device=$(awk 'NR > 1 && $2 == "GPU" { print $1; exit }' <<<"$devices")
    device=${device:-0}
    run -g 1 -n "$device" >/dev/null 2>&1 || true
    row "RayTetra -g 1 -n $device (OpenCL device $device)" "$(measure run -g 1 -n "$device")"
    run -g 1 --devices all >/dev/null 2>&1 || true
    row "RayTetra -g 1 --devices all" "$(measure run -g 1 --devices all)"
    if [ -z "${CUDA_VISIBLE_DEVICES+set}" ] && [ "$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ')" -gt 1 ]; then
        visible=$(CUDA_VISIBLE_DEVICES=0 "$BIN/RayTetra" --list-devices 2>/dev/null | awk 'NR > 1 && $2 == "GPU" { print $1; exit }')
        if [ -n "$visible" ]; then
            one_visible() { CUDA_VISIBLE_DEVICES=0 run -g 1 -n "$visible"; }
            one_visible >/dev/null 2>&1 || true
            row "CUDA_VISIBLE_DEVICES=0 RayTetra -g 1 -n $visible" "$(measure one_visible)"
        fi
    fi
    row "RayTetra --list-devices (start-up alone)" "$(measure "$BIN/RayTetra" --list-devices)"
fi

echo "stream_bench: $PAIRS pairs, INPUT $(stat -c %s "$INPUT") bytes ($FORMAT), results $RESULT_BYTES bytes;" \
    "$(nproc) cores; median of 3 runs"
printf '| %-42s | %10s | %10s | %14s |\n' "command" "median s" "spread s" "x floor"
printf '|%s|%s:|%s:|%s:|\n' "$(printf -- '-%.0s' {1..44})" "$(printf -- '-%.0s' {1..11})" \
    "$(printf -- '-%.0s' {1..11})" "$(printf -- '-%.0s' {1..15})"
printf '| %-42s | %10s | %10s | %14s |\n' "floor: read + write" "$floor" "" "1.00"
for entry in "${rows[@]}"; do
    name=${entry%%|*}
    set -- ${entry#*|}
    printf '| %-42s | %10s | %10s | %14s |\n' "$name" "$1" "$2" \
        "$(awk -v t="$1" -v f="$floor" 'BEGIN { printf "%.2f", (f > 0 ? t / f : 0) }')"
done
