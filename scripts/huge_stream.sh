#!/usr/bin/env bash
# huge_stream.sh: RayTetra on more pairs than the machine holds, through a pipe, within a
# memory budget, with every result checked (docs/PERFORMANCE.md, "More pairs than memory").
#
#   scripts/huge_stream.sh [--pairs N] [--block B] [--max-memory SIZE] [--no-verify] [-- RAYTETRA_OPTIONS...]
#
# A block of B random pairs (default 10,000,000) is written once and run once to a reference
# results file. The input is then a stream made without a file of its size: a .rtb header for N
# pairs (default 1,000,000,000, 144 GB) followed by the block's records N / B times. RayTetra
# reads it from standard input and writes binary results (N x 112 bytes) to a FIFO that `cmp`
# checks against the reference block repeated the same way (or, with --no-verify, to /dev/null
# through a link named *.rtb). Printed: the wall time, pairs a second, bytes a second in and
# out, RayTetra's largest resident set (with GNU time) against --max-memory, and whether every
# result matched. RAYTETRA_OPTIONS choose the algorithm and the device (default: -g 1 -n D,
# D the first GPU, else -t 0 --threads 0). Scratch files in $TMPDIR (default /tmp), removed at
# the end; they take B x 256 bytes.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
USAGE="usage: $PROGRAM [--pairs N] [--block B] [--max-memory SIZE] [--no-verify] [-- RAYTETRA_OPTIONS...]"

PAIRS=1000000000 BLOCK=10000000 MEMORY= VERIFY=1
while [ $# -gt 0 ]; do
    case "$1" in
    -h | --help) echo "$USAGE"; echo; sed -n '6,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    --pairs) [ $# -ge 2 ] || usage_error "--pairs needs a number"; PAIRS=$2; shift 2 ;;
    --block) [ $# -ge 2 ] || usage_error "--block needs a number"; BLOCK=$2; shift 2 ;;
    --max-memory) [ $# -ge 2 ] || usage_error "--max-memory needs a size"; MEMORY=$2; shift 2 ;;
    --no-verify) VERIFY=0; shift ;;
    --) shift; break ;;
    -*) unknown_option "$1" ;;
    *) usage_error "unexpected argument '$1'" ;;
    esac
done
for n in "$PAIRS" "$BLOCK"; do
    [[ $n =~ ^[1-9][0-9]*$ ]] || usage_error "--pairs and --block must be whole numbers > 0, not '$n'"
done
[ $((PAIRS % BLOCK)) -eq 0 ] || usage_error "--pairs ($PAIRS) must be a multiple of --block ($BLOCK)"
for program in RayTetra RandomRayTetra; do
    [ -x "$bin/$program" ] || die "$bin/$program not found; build it first (make) or set RAYTETRA_BIN"
done
options=("$@")
if [ ${#options[@]} -eq 0 ]; then
    gpu=$("$bin/RayTetra" --list-devices 2>/dev/null | awk 'NR > 1 && $2 == "GPU" { print $1; exit }') || true
    if [ -n "$gpu" ]; then options=(-g 1 -n "$gpu"); else options=(-t 0 --threads 0); fi
fi
[ -n "$MEMORY" ] && options+=(--max-memory "$MEMORY")

SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/huge_stream.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT
"$bin/RandomRayTetra" "$SCRATCH/block.rtb" -i $((BLOCK / 2)) -n $((BLOCK - BLOCK / 2)) >/dev/null
"$bin/RayTetra" "${options[@]}" -p r "$SCRATCH/block.rtb" "$SCRATCH/reference.rtb" 1 >/dev/null ||
    die "the reference run failed: RayTetra ${options[*]} -p r block.rtb reference.rtb 1"

# le BYTES VALUE: VALUE as BYTES little-endian bytes.
le() {
    local i v=$2
    for ((i = 0; i < $1; ++i)); do
        printf "\\$(printf '%03o' $((v & 255)))"
        v=$((v >> 8))
    done
}
# header KIND COUNT SIZE: a .rtb header (docs/SPECIFICATION.md, "The binary format").
header() { printf 'RAYTETRA'; le 4 1; le 4 "$1"; le 8 "$2"; le 4 "$3"; head -c 36 /dev/zero; }
# repeated KIND SIZE FILE: the header for PAIRS records, then FILE's records PAIRS / BLOCK times.
repeated() {
    header "$1" "$PAIRS" "$2"
    for ((k = 0; k < PAIRS / BLOCK; ++k)); do tail -c +65 "$3"; done
}

timing=()
if command -v /usr/bin/time >/dev/null; then timing=(/usr/bin/time -f '%e %M' -o "$SCRATCH/time"); fi
if [ "$VERIFY" = 1 ]; then
    mkfifo "$SCRATCH/results.rtb"
    cmp "$SCRATCH/results.rtb" <(repeated 2 112 "$SCRATCH/reference.rtb") >"$SCRATCH/cmp" 2>&1 &
    checker=$!
else
    ln -s /dev/null "$SCRATCH/results.rtb"
fi
start=$(date +%s%N)
repeated 1 144 "$SCRATCH/block.rtb" | "${timing[@]}" "$bin/RayTetra" "${options[@]}" -p r - "$SCRATCH/results.rtb" 1 \
    >"$SCRATCH/report" 2>&1 || { cat "$SCRATCH/report" >&2; die "RayTetra ${options[*]} failed on the stream"; }
wall=$(awk -v ns=$(($(date +%s%N) - start)) 'BEGIN { printf "%.2f", ns / 1e9 }')
verdict="not checked (--no-verify)"
if [ "$VERIFY" = 1 ]; then
    if wait "$checker"; then verdict="every result identical to the block's reference"; else
        cat "$SCRATCH/cmp" >&2
        die "the results differ from the block's reference (above)"
    fi
fi
rss="not measured (no GNU time)"
[ -s "$SCRATCH/time" ] && rss="$(awk '{ printf "%.0f MiB", $2 / 1024 }' "$SCRATCH/time")"
grep '^stages' "$SCRATCH/report" || true
awk -v n="$PAIRS" -v t="$wall" 'BEGIN {
    printf "huge_stream: %d pairs in %.2f s: %.2f million pairs/s, %.2f GB/s in, %.2f GB/s out\n",
        n, t, n / t / 1e6, n * 144 / t / 1e9, n * 112 / t / 1e9 }'
echo "huge_stream: RayTetra ${options[*]}: largest resident set $rss; results: $verdict"
