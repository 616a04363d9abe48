# test_mpi: RayTetraMPI (docs/SCALING.md) on one machine, 3 ranks (mpirun --oversubscribe): the
# OUTPUT is RayTetra's byte for byte, binary and text, on CPU threads and on the OpenCL device,
# with several chunks a rank; for an odd split (103 pairs), fewer pairs than ranks (2) and none.
# A text OUTPUT's timing line counts every pair. A bad pair in the last rank's range, a rank
# whose device does not exist and a SIGTERM to one rank each stop every rank with one line
# naming the rank, its host and the cause, leave the old OUTPUT as it was and no temporary
# file. What a run spread over ranks cannot do (a text or standard INPUT, OUTPUT '-', -d) is
# refused in one line, once. --json holds every rank and the totals. TetWalkMPI's picture and
# per-ray file are TetWalk's; a rank without its device stops every rank in one line;
# --device-per-rank without --algorithm walks GPU_STP0R, and with CPU algorithms only is refused.
source "$(dirname "$0")/lib.sh"
MPI_RT="$BIN/RayTetraMPI"
RT="$BIN/RayTetra"
if [ ! -x "$MPI_RT" ] || ! command -v mpirun >/dev/null; then
    echo "test_mpi: RayTetraMPI not built (no Open MPI: scripts/setup.sh installs it) or no mpirun: skipped"
    finish
    exit
fi
# Open MPI refuses root unless told; the ranks of a sanitizer build leak what Open MPI keeps
# until exit (its own allocations, not ours), so LeakSanitizer is off in them.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
[ "${SANITIZED:-0}" = 1 ] && export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
mpi() { mpirun -q --oversubscribe -np 3 "$MPI_RT" "$@"; }
no_temporaries() { check "no temporary file left in $1" test -z "$(find "$1" -name '*.tmp.*')"; }

"$BIN/RandomRayTetra" "$TMP/in.rtb" -i 60 -n 43 --seed 5 >/dev/null || fail "RandomRayTetra"
"$BIN/RandomRayTetra" "$TMP/two.rtb" -i 1 -n 1 --seed 6 >/dev/null || fail "RandomRayTetra two"
"$BIN/RandomRayTetra" "$TMP/none.rtb" -i 0 -n 0 >/dev/null || fail "RandomRayTetra none"
"$BIN/RandomRayTetra" "$TMP/in.txt" -i 3 -n 3 --seed 5 >/dev/null || fail "RandomRayTetra text"

# same NAME INPUT OUTPUT_EXTENSION ARGS...: RayTetra and RayTetraMPI write the same bytes.
same() {
    local name=$1 input=$2 ext=$3
    shift 3
    "$RT" "$@" -p r "$TMP/$input" "$TMP/ref_$name.$ext" 1 >/dev/null 2>"$TMP/ref.err" || fail "RayTetra $*: $(cat "$TMP/ref.err")"
    mpi "$@" -p r "$TMP/$input" "$TMP/mpi_$name.$ext" 1 >"$TMP/mpi_$name.log" 2>"$TMP/mpi.err" ||
        fail "RayTetraMPI $*: $(cat "$TMP/mpi.err")"
    check "$name ($*, $input -> .$ext): 3 ranks write RayTetra's bytes" cmp -s "$TMP/ref_$name.$ext" "$TMP/mpi_$name.$ext"
}

# CPU algorithms, chunks of 7 pairs (several a rank, each written at its place).
export RAYTETRA_STREAM_CHUNK_PAIRS=7
for ext in rtb txt; do
    same "stp1" in.rtb "$ext" --algorithm stp1
    same "pluecker0v_threads" in.rtb "$ext" --algorithm pluecker0v --threads 2
done
same "stp0r" in.rtb rtb --algorithm stp0r
same "moller_float_ray" in.rtb rtb -m 1 --precision float --extent ray
same "two_pairs" two.rtb rtb --algorithm stp1
same "two_pairs" two.rtb txt --algorithm stp1
same "no_pairs" none.rtb rtb --algorithm stp1
same "no_pairs" none.rtb txt --algorithm stp1
check "fewer pairs than ranks: rank 2 has none" grep -q "rank 2 on .*: pairs 2 to 2 (0)" "$TMP/mpi_two_pairs.log"
check "103 pairs: 35, 34, 34" grep -q "rank 1 on .*: pairs 35 to 69 (34)" "$TMP/mpi_stp1.log"

# A text OUTPUT's timing line (-p b) follows every rank's lines and counts every pair.
mpi -t 1 --json "$TMP/run.json" "$TMP/in.rtb" "$TMP/timed.txt" 1 >/dev/null 2>"$TMP/mpi.err" || fail "timed: $(cat "$TMP/mpi.err")"
check "-p b: the results as RayTetra's" cmp -s <(head -n -1 "$TMP/timed.txt") "$TMP/ref_stp1.txt"
check "-p b: the timing line counts every pair" grep -q "^# algorithm stp1 pairs 103 reps 1 time_ms" <(tail -n 1 "$TMP/timed.txt")
check "--json: 3 ranks, their pairs adding up to 103" \
    jq -e '.schema == "raytetra-mpi/1" and .total.ranks == 3 and .total.pairs == 103 and
           ([.results[].pairs] | add) == 103 and (.context.hosts | length) == 1 and .results[2].first_pair == 69' \
    "$TMP/run.json" >/dev/null

# OpenCL on PoCL: the reference run compiles the kernel into the caches the ranks then read.
if "$RT" --list-devices >/dev/null 2>&1 && [ "${RAYTETRA_TEST_OPENCL:-1}" != 0 ]; then
    same "g0" in.rtb rtb -g 0
    same "g0" in.rtb txt -g 0
    # --device-per-rank takes the devices of --devices all in order (the GPUs, else PoCL's CPU
    # device): one rank gets the one device here and gives -g 0's results.
    mpirun -q --oversubscribe -np 1 "$MPI_RT" --device-per-rank -g 0 "$TMP/in.rtb" "$TMP/one_device.rtb" 1 \
        >/dev/null 2>"$TMP/one_device.err"
    check "--device-per-rank, one rank: the one device's results" cmp -s "$TMP/one_device.rtb" "$TMP/ref_g0.rtb"
    # One device on this machine: ranks 1 and 2 have none of their own; rank 1 is named.
    echo "keep me" >"$TMP/old.out"
    expect 1 "^RayTetraMPI: error: rank 1 of 3 on [^ ]+: --device-per-rank: the host's rank 1 has no device of its own" -- \
        mpi --device-per-rank -g 0 "$TMP/in.rtb" "$TMP/old.out" 1
    check "a device error leaves the old OUTPUT as it was" grep -qx "keep me" "$TMP/old.out"
else
    echo "test_mpi: no OpenCL device: the OpenCL runs skipped"
fi

# A long OUTPUT path (over 240 characters, which Open MPI's file layer once overflowed on): the
# same bytes as RayTetra's.
long_dir="$TMP/$(printf 'd%.0s' $(seq 120))"
mkdir -p "$long_dir"
long_out="$long_dir/$(printf 'r%.0s' $(seq 100)).rtb"
"$RT" -t 1 -p r "$TMP/in.rtb" "$TMP/ref_long.rtb" 1 >/dev/null 2>&1
mpi -t 1 "$TMP/in.rtb" "$long_out" 1 >/dev/null 2>"$TMP/long.err"
check "a 240-character OUTPUT path: RayTetra's bytes ($(head -c 200 "$TMP/long.err"))" cmp -s "$TMP/ref_long.rtb" "$long_out"
rm -rf "$long_dir"

# A bad pair (a flat tetrahedron) in the last rank's range: its number in the whole input.
flat_pair "$TMP/in.rtb" "$TMP/bad.rtb" 101
echo "keep me" >"$TMP/old.out"
expect 1 "^RayTetraMPI: error: rank 2 of 3 on [^ ]+: $TMP/bad.rtb: pair 101: " -- mpi -t 1 "$TMP/bad.rtb" "$TMP/old.out" 1
check "a bad pair leaves the old OUTPUT as it was" grep -qx "keep me" "$TMP/old.out"
expect 1 "^RayTetraMPI: error: rank 2 of 3 on [^ ]+: $TMP/bad.rtb: pair 101: " -- mpi -t 1 "$TMP/bad.rtb" "$TMP/new.rtb" 1
check "a bad pair makes no new OUTPUT" test ! -e "$TMP/new.rtb"
no_temporaries "$TMP"

# SIGTERM to rank 2 in the middle of a long run: every rank stops, nothing is left.
unset RAYTETRA_STREAM_CHUNK_PAIRS
"$BIN/RandomRayTetra" "$TMP/long.rtb" -i 30000 -n 30000 --seed 7 >/dev/null || fail "RandomRayTetra long"
rank_pid() { # rank_pid MPIRUN_PID RANK: the process of that rank, once it runs
    local child
    for child in $(pgrep -P "$1"); do
        tr '\0' '\n' <"/proc/$child/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=$2" && echo "$child"
    done
}
# terminate_rank MPIRUN_PID RANK SECONDS: SIGTERM to that rank SECONDS after it runs, then the
# job's exit status in $status.
terminate_rank() {
    local victim= _
    for _ in $(seq 100); do
        victim=$(rank_pid "$1" "$2")
        [ -n "$victim" ] && grep -q "OMPI" /proc/"$victim"/environ 2>/dev/null && break
        sleep 0.1
    done
    sleep "$3"
    [ -n "$victim" ] && kill -TERM "$victim"
    wait "$1"
    status=$?
}
echo "keep me" >"$TMP/old.out"
RAYTETRA_STREAM_CHUNK_PAIRS=500 mpirun -q --oversubscribe -np 3 "$MPI_RT" -t 1 "$TMP/long.rtb" "$TMP/old.out" 20000 \
    >/dev/null 2>"$TMP/term.err" &
terminate_rank $! 2 1
check "SIGTERM to a rank: a non-zero exit ($status)" test "$status" -ne 0
check "SIGTERM to a rank: one line naming it: $(cat "$TMP/term.err")" \
    grep -Eqx "RayTetraMPI: error: rank 2 of 3 on [^ ]+: stopped by signal 15 \(SIGTERM\)" "$TMP/term.err"
check "SIGTERM to a rank: one line only" test "$(grep -c . "$TMP/term.err")" -eq 1
check "SIGTERM to a rank leaves the old OUTPUT as it was" grep -qx "keep me" "$TMP/old.out"
no_temporaries "$TMP"

# TetWalkMPI: the rays in chunks of 100 from the ranks' shared counter; rank 0's picture and
# per-ray file are TetWalk's bytes, on CPU threads and on the OpenCL device.
MPI_TW="$BIN/TetWalkMPI"
MESH="$ROOT/data/u_shape.mesh"
walk_same() { # walk_same NAME ARGS...: TetWalk and TetWalkMPI write the same picture and per-ray file
    local name=$1
    shift
    "$BIN/TetWalk" "$@" --size 64x48 --reps 2 --image "$TMP/ref_$name.png" --per-ray "$TMP/ref_$name.txt" "$MESH" \
        >/dev/null 2>"$TMP/ref.err" || fail "TetWalk $*: $(cat "$TMP/ref.err")"
    mpirun -q --oversubscribe -np 3 "$MPI_TW" "$@" --size 64x48 --reps 2 --chunk-rays 100 --image "$TMP/mpi_$name.png" \
        --per-ray "$TMP/mpi_$name.txt" --json "$TMP/mpi_$name.json" "$MESH" >"$TMP/mpi_$name.log" 2>"$TMP/mpi.err" ||
        fail "TetWalkMPI $*: $(cat "$TMP/mpi.err")"
    check "TetWalkMPI $*: TetWalk's picture" cmp -s "$TMP/ref_$name.png" "$TMP/mpi_$name.png"
    check "TetWalkMPI $*: TetWalk's per-ray file" cmp -s "$TMP/ref_$name.txt" "$TMP/mpi_$name.txt"
}
walk_same cpu --algorithm stp1,stp0r --threads 1,2
check "TetWalkMPI --json: 3 ranks, their rays adding up to the picture's" \
    jq -e '.context.ranks == 3 and (.context.hosts | length) == 1 and (.context.rank_rays | add) == 3072 and
           (.context.rank_busy_ms | length) == 3 and (.results | length) == 4' "$TMP/mpi_cpu.json" >/dev/null
if "$RT" --list-devices >/dev/null 2>&1 && [ "${RAYTETRA_TEST_OPENCL:-1}" != 0 ]; then
    walk_same opencl --algorithm GPU_STP0
    expect 1 "^TetWalkMPI: error: rank 1 of 3 on [^ ]+: --device-per-rank: the host's rank 1 has no device of its own" -- \
        mpirun -q --oversubscribe -np 3 "$MPI_TW" --device-per-rank --algorithm GPU_STP0 --image "$TMP/none.png" "$MESH"
    check "a device error makes no picture" test ! -e "$TMP/none.png"
    # --device-per-rank and no --algorithm: the robust walk on the rank's device.
    if mpirun -q --oversubscribe -np 1 "$MPI_TW" --device-per-rank --size 64x48 --reps 1 "$MESH" \
        >"$TMP/walk_default.log" 2>&1; then
        check "TetWalkMPI --device-per-rank, no --algorithm: GPU_STP0R walks" grep -Eq "^  GPU_STP0R " "$TMP/walk_default.log"
    else
        fail "TetWalkMPI --device-per-rank, no --algorithm: $(cat "$TMP/walk_default.log")"
    fi
fi
expect 2 "^TetWalkMPI: error: --device-per-rank runs GPU_ algorithms only, and --algorithm chose none: add gpu_NAME" -- \
    mpirun -q --oversubscribe -np 3 "$MPI_TW" --device-per-rank --algorithm stp1 "$MESH"
# SIGTERM to TetWalkMPI's rank 2 while the ranks walk, a picture asked for: every rank stops with
# one line naming it, and no picture is written.
mpirun -q --oversubscribe -np 3 "$MPI_TW" --algorithm stp0 --size 1024x768 --reps 100 --chunk-rays 100 \
    --image "$TMP/term.png" "$MESH" >/dev/null 2>"$TMP/walk_term.err" &
terminate_rank $! 2 2
check "TetWalkMPI, SIGTERM to a rank: a non-zero exit ($status)" test "$status" -ne 0
check "TetWalkMPI, SIGTERM to a rank: one line naming it: $(cat "$TMP/walk_term.err")" \
    grep -Eqx "TetWalkMPI: error: rank 2 of 3 on [^ ]+: stopped by signal 15" "$TMP/walk_term.err"
check "TetWalkMPI, SIGTERM to a rank: no picture" test ! -e "$TMP/term.png"
expect 2 "^TetWalkMPI: error: --devices: a rank walks on one device" -- \
    mpirun -q --oversubscribe -np 3 "$MPI_TW" --devices all --algorithm GPU_STP0 "$MESH"
expect 1 "^TetWalkMPI: error: rank 0 of 3 on [^ ]+: .*nothing.mesh" -- \
    mpirun -q --oversubscribe -np 3 "$MPI_TW" --algorithm stp1 "$TMP/nothing.mesh"

# What a run over ranks cannot do: one line, said once (by rank 0).
expect 2 "^RayTetraMPI: error: .*in.txt: a text input.*binary .rtb" -- mpi -t 1 "$TMP/in.txt" "$TMP/x.rtb" 1
expect 2 "^RayTetraMPI: error: .*OUTPUT - is not a file" -- mpi -t 1 "$TMP/in.rtb" - 1
expect 2 "^RayTetraMPI: error: -d shows one pair" -- mpi -d 0 "$TMP/in.rtb"
expect 2 "^RayTetraMPI: error: INPUT '-'" -- mpi -t 1 - "$TMP/x.rtb" 1
expect 2 "^RayTetraMPI: error: --device-per-rank: only OpenCL" -- mpi --device-per-rank -t 1 "$TMP/in.rtb" "$TMP/x.rtb" 1
expect 2 "^RayTetraMPI: error: .*REPS" -- mpi -t 1 "$TMP/in.rtb" "$TMP/x.rtb" 0
check "no OUTPUT made by a refused run" test ! -e "$TMP/x.rtb"
no_temporaries "$TMP"
finish
