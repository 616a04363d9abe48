#!/usr/bin/env bash
# mpi_bench.sh: RayTetraMPI's ranks against one process on one host (docs/SCALING.md, "Measured").
#
#   scripts/mpi_bench.sh [PAIRS] [RANKS] [OUTDIR]
#
# PAIRS (default 40000000) random pairs are written once to OUTDIR/pairs.rtb (kept, and reused
# by a later run of the same size). Then, each 3 times (the median; the spread is printed below
# the table) after an untimed run that fills the kernel cache:
#   GPU  RayTetra --devices all in one process, RayTetraMPI with RANKS ranks of one GPU each
#        (--device-per-rank) and with 1 rank of one GPU; STP form 0 (GPU_STP0, -g 1)
#   CPU  RayTetra on every core in one process, RayTetraMPI with RANKS ranks of cores/RANKS
#        threads each (each rank bound to its own cores); SIMD STP form 0 (stp0v)
# and prints a table (each command run 3 times: the median, and the spread of the three): file to file (the wall time of the whole command: read, check, run,
# write, OUTPUT in place) and device end to end (the slowest device's write + kernel + read,
# as RayTetra reports it), each with the ratio of one process's time to the ranks' (above 1:
# the ranks are faster), and the ranks' scaling against one rank. Every OUTPUT is compared with
# the one process's (cmp); the GPU rows need RANKS OpenCL devices. RANKS defaults to the number of GPUs (OpenCL devices of type GPU;
# 1 when there is none, on PoCL). The MPI used: mpirun from $MPI_PREFIX/bin when set (an
# unpacked Open MPI .deb tree's usr, with OPAL_PREFIX set to it unless given), else from PATH.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
USAGE="usage: $PROGRAM [PAIRS] [RANKS] [OUTDIR]"

if wants_help "$@"; then
    echo "$USAGE"
    echo
    # The header comment above, from its description of PAIRS on.
    sed -n '/^# PAIRS/,/^source/p' "${BASH_SOURCE[0]}" | sed '$d' | sed 's/^# \{0,1\}//'
    exit 0
fi
case ${1:-} in -*) unknown_option "$1" ;; esac
[ $# -le 3 ] || usage_error "at most three arguments, got $#"
pairs=${1:-40000000}
[[ "$pairs" =~ ^[1-9][0-9]*$ ]] || usage_error "PAIRS must be a positive whole number, not '$pairs'"
outdir=${3:-results/mpi-$(date -u +%Y%m%d-%H%M%S)}
mkdir -p "$outdir" || die "cannot make the folder $outdir"

# Open MPI: an unpacked tree's mpirun, libraries and help files, else the installed one.
if [ -n "${MPI_PREFIX:-}" ]; then
    [ -d "$MPI_PREFIX/bin" ] || die "MPI_PREFIX=$MPI_PREFIX has no bin folder: give the unpacked tree's usr folder"
    export PATH="$MPI_PREFIX/bin:$PATH" OPAL_PREFIX=${OPAL_PREFIX:-$MPI_PREFIX}
    export LD_LIBRARY_PATH="$MPI_PREFIX/lib/x86_64-linux-gnu:$MPI_PREFIX/lib/x86_64-linux-gnu/openmpi/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
fi
mpirun=
for candidate in mpirun mpirun.openmpi orterun; do
    found=$(command -v "$candidate" 2>/dev/null) && [ -x "$found" ] && { mpirun=$found; break; }
done
[ -n "$mpirun" ] || die "no mpirun found: install openmpi-bin (scripts/setup.sh) or set MPI_PREFIX to an unpacked Open MPI tree"
[ -x "$bin/RayTetraMPI" ] || die "$bin/RayTetraMPI is not built: build with Open MPI found by pkg-config (make), or give" \
    "its flags: make HAVE_MPI=1 MPI_CFLAGS='-I\$MPI_PREFIX/lib/x86_64-linux-gnu/openmpi/include' MPI_LIBS='-L...openmpi/lib -lmpi'"
[ "$(id -u)" -ne 0 ] || export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

gpus=$("$bin/RayTetra" --list-devices 2>/dev/null | awk 'NR > 1 && $2 == "GPU"' | wc -l)
ranks=${2:-$((gpus > 0 ? gpus : 1))}
[[ "$ranks" =~ ^[1-9][0-9]*$ ]] || usage_error "RANKS must be a positive whole number, not '$ranks'"
cores=$(nproc)
threads=$((cores / ranks > 0 ? cores / ranks : 1))

input="$outdir/pairs.rtb"
if [ "$(head -c 24 "$input" 2>/dev/null | tail -c 8 | od -An -tu8 | tr -d ' ')" != "$pairs" ]; then
    echo "writing $pairs pairs to $input"
    "$bin/RandomRayTetra" "$input" -i $((pairs / 2)) -n $((pairs - pairs / 2)) --seed 33 >/dev/null
fi

# timed NAME COMMAND...: run it 3 times, each writing OUTDIR/NAME.rtb afresh (removed before,
# untimed, with a sync: the last run's gigabytes still being written back would slow this one);
# its output in OUTDIR/NAME.log (the median run's), its median wall ms in OUTDIR/NAME.ms and the
# spread (slowest - fastest) in OUTDIR/NAME.spread.
timed() {
    local name=$1 start end run times=()
    shift
    for run in 1 2 3; do
        rm -f "$outdir/$name.rtb"
        sync
        start=$(date +%s%N)
        "$@" >"$outdir/$name.$run.log" 2>&1 || die "$name failed: $(tail -n 3 "$outdir/$name.$run.log" | tr '\n' ' ')"
        end=$(date +%s%N)
        times+=("$(((end - start) / 1000)) $run")
    done
    local sorted
    sorted=$(printf '%s\n' "${times[@]}" | sort -n)
    mv "$outdir/$name.$(sed -n 2p <<<"$sorted" | cut -d' ' -f2).log" "$outdir/$name.log"
    rm -f "$outdir/$name".[123].log
    sed -n 2p <<<"$sorted" | awk '{printf "%.1f\n", $1 / 1000}' >"$outdir/$name.ms"
    awk 'NR == 1 { low = $1 } { high = $1 } END { printf "%.1f\n", (high - low) / 1000 }' <<<"$sorted" \
        >"$outdir/$name.spread"
}
# end_to_end NAME: the slowest device's write + one kernel + read in the run's log: the line of
# several devices at once gives it ("end to end X ms (the slowest device's ..."); a device of its
# own (a rank's, or one process on one device) gives "device times: write W ms, kernel K ms (R
# reps), read D ms", whose W + K / R + D is taken, the largest over the ranks.
end_to_end() {
    awk '/ devices? at once:/ && match($0, /end to end [0-9.]+ ms/) {
             split(substr($0, RSTART, RLENGTH), f, " "); if (f[4] > m) m = f[4]; next }
         match($0, /device times: write [0-9.]+ ms, kernel [0-9.]+ ms \([0-9]+ reps?\), read [0-9.]+ ms/) {
             split(substr($0, RSTART, RLENGTH), f, " "); t = f[4] + f[7] / substr(f[9], 2) + f[12]
             if (t > m) m = t }
         END { printf "%.3f\n", m + 0 }' "$outdir/$1.log"
}
same_output() { cmp -s "$outdir/$1.rtb" "$outdir/$2.rtb" || die "$2.rtb differs from $1.rtb"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }
mpi() { "$mpirun" -q "$@"; }

rows=()
row() { rows+=("$(printf '%-34s %14s %14s %8s' "$@")"); }

device_count=$("$bin/RayTetra" --list-devices 2>/dev/null | awk 'NR > 1' | wc -l)
if [ "$device_count" -lt "$ranks" ]; then
    echo "GPU: skipped: $ranks rank(s) of one device each need $ranks OpenCL devices, $device_count listed"
else
    devices=$([ "$gpus" -gt 0 ] && echo all || echo 0)
    echo "GPU: RayTetra --devices $devices against $ranks rank(s) of one device each"
    "$bin/RayTetra" -g 1 "$input" /dev/null 1 >/dev/null # the kernel cache
    timed gpu_one "$bin/RayTetra" -g 1 --devices "$devices" "$input" "$outdir/gpu_one.rtb" 1
    timed gpu_ranks mpi -np "$ranks" --bind-to none "$bin/RayTetraMPI" -g 1 --device-per-rank \
        "$input" "$outdir/gpu_ranks.rtb" 1
    timed gpu_rank1 mpi -np 1 --bind-to none "$bin/RayTetraMPI" -g 1 --device-per-rank \
        "$input" "$outdir/gpu_rank1.rtb" 1
    same_output gpu_one gpu_ranks
    same_output gpu_one gpu_rank1
    one=$(cat "$outdir/gpu_one.ms") many=$(cat "$outdir/gpu_ranks.ms") single=$(cat "$outdir/gpu_rank1.ms")
    row "GPU file to file, ms" "$one" "$many" "$(ratio "$one" "$many")"
    row "  scaling: 1 rank against $ranks" "$single" "$many" "$(ratio "$single" "$many")"
    one=$(end_to_end gpu_one) many=$(end_to_end gpu_ranks) single=$(end_to_end gpu_rank1)
    row "GPU device end to end, ms" "$one" "$many" "$(ratio "$one" "$many")"
    row "  scaling: 1 rank against $ranks" "$single" "$many" "$(ratio "$single" "$many")"
fi

echo "CPU: RayTetra on $cores threads against $ranks rank(s) of $threads threads"
timed cpu_one "$bin/RayTetra" --algorithm stp0v --threads 0 "$input" "$outdir/cpu_one.rtb" 1
timed cpu_ranks mpi -np "$ranks" --map-by "slot:PE=$threads" --bind-to core "$bin/RayTetraMPI" --algorithm stp0v \
    --threads "$threads" "$input" "$outdir/cpu_ranks.rtb" 1
same_output cpu_one cpu_ranks
one=$(cat "$outdir/cpu_one.ms") many=$(cat "$outdir/cpu_ranks.ms")
row "CPU file to file, ms" "$one" "$many" "$(ratio "$one" "$many")"

echo
printf '%-34s %14s %14s %8s\n' "$pairs pairs" "one process" "$ranks rank(s)" "ratio"
printf '%s\n' "${rows[@]}"
printf 'spread (slowest - fastest of 3), ms:'
for f in "$outdir"/*.spread; do printf ' %s %s' "$(basename "$f" .spread)" "$(cat "$f")"; done
echo
rm -f "$outdir"/*_one.rtb "$outdir"/*_ranks.rtb "$outdir"/*_rank1.rtb
echo "logs: $outdir"
