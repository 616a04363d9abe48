# test_gpu_devices: --devices on PoCL (one device): `RayTetra -g I --devices all` and
# `--devices 0` write byte-identical results to `-n 0` (text and binary, every double kernel
# and the robust one, forced chunks); a bad list, --devices with a CPU algorithm or with -n is
# one error line and exit 2, with no output file; Bench --devices prints per-device and
# aggregate rows and the scaling, and a bad list stops it before any timing; TetWalk --devices
# walks every ray as -n does, and with either and no --algorithm walks GPU_STP0R; TetWalk
# --devices with CPU algorithms only is one error line and exit 2.
source "$(dirname "$0")/lib.sh"
export RAYTETRA_CACHE_DIR="$TMP/cache"
unset RAYTETRA_MAX_CHUNK_PAIRS
RT="$BIN/RayTetra"
DEVICE=${RAYTETRA_TEST_DEVICE:-0}
cd "$TMP" || exit 1

"$BIN/RandomRayTetra" in.txt -i 1500 -n 1501 --seed 19 >/dev/null || fail "RandomRayTetra"
"$BIN/RandomRayTetra" in.rtb -i 700 -n 800 --seed 20 >/dev/null || fail "RandomRayTetra (binary)"

same_as_one_device() { # same_as_one_device NAME ARGS...: -n DEVICE and --devices all / DEVICE agree byte for byte
    local name=$1
    shift
    "$RT" "$@" -n "$DEVICE" -p r in.txt "$name.one.txt" 2 >"$name.one.log" 2>&1 || fail "$name -n: $(cat "$name.one.log")"
    for list in all "$DEVICE"; do
        if "$RT" "$@" --devices "$list" -p r in.txt "$name.$list.txt" 2 >"$name.$list.log" 2>&1; then
            check "$name --devices $list: same bytes as -n $DEVICE" cmp -s "$name.one.txt" "$name.$list.txt"
            check "$name --devices $list: a per-device line" grep -Eq ": device $DEVICE \(.*\): 3001 pairs \(100.0 %\) over 1 chunk," "$name.$list.log"
            check "$name --devices $list: the aggregate line" grep -Eq ": 1 device at once: kernel .* ms \(2 reps" "$name.$list.log"
        else
            fail "$name --devices $list: $(cat "$name.$list.log")"
        fi
    done
}
for g in 0 1 2 3 8; do
    same_as_one_device "g$g" -g "$g"
done
same_as_one_device soa -g 2 --layout soa --pairs-per-item 3
RAYTETRA_MAX_CHUNK_PAIRS=333 same_as_one_device chunks -g 1
check "forced chunks: 12 tapered chunks x 2 reps" grep -q "24 launches" chunks.all.log

# Binary input and output.
"$RT" -g 1 -n "$DEVICE" in.rtb one.rtb 1 >/dev/null 2>&1 || fail "binary -n"
"$RT" -g 1 --devices all in.rtb all.rtb 1 >/dev/null 2>&1 || fail "binary --devices all"
check "binary: --devices all writes the same file as -n" cmp -s one.rtb all.rtb

# Bad lists and combinations: one line, exit 2, no output.
expect 2 "^RayTetra: error: --devices '$DEVICE,$DEVICE': device $DEVICE is listed twice" -- "$RT" -g 1 --devices "$DEVICE,$DEVICE" in.txt bad.txt 1
expect 2 "^RayTetra: error: --devices '4096': OpenCL device 4096 does not exist: there (is|are) [0-9]+ \(0 to [0-9]+\); see --list-devices" -- "$RT" -g 1 --devices 4096 in.txt bad.txt 1
expect 2 "^RayTetra: error: --devices '0,x': 'x' is not a device number" -- "$RT" -g 1 --devices 0,x in.txt bad.txt 1
expect 2 "^RayTetra: error: --devices '': '' is not a device number" -- "$RT" -g 1 --devices "" in.txt bad.txt 1
expect 2 "only OpenCL algorithms \(-g\) run on devices" -- "$RT" -t 1 --devices all in.txt bad.txt 1
expect 2 "give -n \(one device\) or --devices \(several\), not both" -- "$RT" -g 1 -n 0 --devices all in.txt bad.txt 1
# A device that fails (here: a local size it cannot take) is named; no output file.
expect 1 "^RayTetra: error: OpenCL device $DEVICE \(.*; device 1 of 1 in --devices\) cannot prepare its kernel: local size 1048576 is too large" -- "$RT" -g 1 --devices all --local-size 1048576 in.txt bad.txt 1
check "no output file after a bad --devices" test ! -e bad.txt

# Bench: per-device and aggregate rows (kernel and end to end) and the scaling.
if "$BIN/Bench" --algorithms g1,g8 --no-bandwidth --devices all in.txt bench.csv 2 >bench.log 2>bench.err; then
    check "Bench --devices: a per-device row" grep -Eq "^devices GPU_STP0: together: device $DEVICE \(.*\): 3001 pairs \(100.0 %\) over 1 chunk,.*end to end" bench.log
    check "Bench --devices: the aggregate row" grep -Eq "^devices GPU_STP0: aggregate over 1 device: kernel .* Mtests/s.*end to end .* Mtests/s" bench.log
    check "Bench --devices: the scaling" grep -Eq "^devices GPU_STP0: scaling against device $DEVICE alone: kernel [0-9.]+x, end to end [0-9.]+x" bench.log
    check "Bench --devices: verified and identical to one device" grep -Eq "^devices GPU_STP0: verified; results identical to device $DEVICE alone" bench.log
    check "Bench --devices: the robust kernel's steps run" grep -Eq "^devices GPU_STP0R: aggregate over 1 device: kernel" bench.log
    check "Bench --devices: the CSV row is still written" test -s bench.csv
else
    fail "Bench --devices all: $(cat bench.err)"
fi
expect 2 "^Bench: error: --devices '$DEVICE,$DEVICE': device $DEVICE is listed twice" -- "$BIN/Bench" --devices "$DEVICE,$DEVICE" in.txt bench2.csv 1
check "no CSV after a bad --devices" test ! -e bench2.csv
expect 2 "give -n or DEVICE \(one device\) or --devices \(several\), not both" -- "$BIN/Bench" -n 0 --devices all in.txt bench2.csv 1

# TetWalk: the rays handed out in chunks; the per-ray file as with -n.
for a in stp1 stp0r; do
    "$BIN/TetWalk" --aim edges --aim-rays 1000 --algorithm "gpu_$a" -n "$DEVICE" --per-ray "walk_one_$a.csv" \
        "$ROOT/data/u_shape.mesh" >"walk_one_$a.out" 2>&1 || fail "TetWalk gpu_$a -n: $(cat "walk_one_$a.out")"
    if "$BIN/TetWalk" --aim edges --aim-rays 1000 --algorithm "gpu_$a" --devices all --per-ray "walk_all_$a.csv" \
        "$ROOT/data/u_shape.mesh" >"walk_all_$a.out" 2>&1; then
        check "TetWalk gpu_$a --devices all: the same per-ray file as -n" cmp -s "walk_one_$a.csv" "walk_all_$a.csv"
        check "TetWalk gpu_$a --devices all: a per-device line" grep -Eq "^GPU_.*: device $DEVICE \(.*\): 1000 rays \(100.0 %\) in 1 chunks" "walk_all_$a.out"
    else
        fail "TetWalk gpu_$a --devices all: $(cat "walk_all_$a.out")"
    fi
    # Chunks of 77 rays (the last of 76), two in flight: the same file again.
    if "$BIN/TetWalk" --aim edges --aim-rays 1000 --algorithm "gpu_$a" --devices all --chunk-rays 77 \
        --per-ray "walk_chunks_$a.csv" "$ROOT/data/u_shape.mesh" >"walk_chunks_$a.out" 2>&1; then
        check "TetWalk gpu_$a --chunk-rays 77: the same per-ray file as -n" cmp -s "walk_one_$a.csv" "walk_chunks_$a.csv"
        check "TetWalk gpu_$a --chunk-rays 77: 13 chunks" grep -Eq "^GPU_.*: device $DEVICE \(.*\): 1000 rays \(100.0 %\) in 13 chunks" "walk_chunks_$a.out"
        # Bands of 10 rays dealt round the 13 chunks: the rays walked out of order, put back in place.
        RAYTETRA_WALK_BAND_RAYS=10 "$BIN/TetWalk" --aim edges --aim-rays 1000 --algorithm "gpu_$a" --devices all \
            --chunk-rays 77 --per-ray "walk_bands_$a.csv" "$ROOT/data/u_shape.mesh" >"walk_bands_$a.out" 2>&1
        check "TetWalk gpu_$a, bands of 10 dealt to 13 chunks: the same per-ray file as -n" \
            cmp -s "walk_one_$a.csv" "walk_bands_$a.csv"
    else
        fail "TetWalk gpu_$a --chunk-rays 77: $(cat "walk_chunks_$a.out")"
    fi
done
# A device and no --algorithm: the robust walk on that device, the very file of gpu_stp0r.
for d in "--devices all" "-n $DEVICE"; do
    tag=${d// /_}
    if "$BIN/TetWalk" --aim edges --aim-rays 1000 $d --per-ray "walk_default$tag.csv" "$ROOT/data/u_shape.mesh" \
        >"walk_default$tag.out" 2>&1; then
        check "TetWalk $d, no --algorithm: GPU_STP0R walks" grep -Eq "^  GPU_STP0R " "walk_default$tag.out"
        check "TetWalk $d, no --algorithm: no CPU walk" bash -c "! grep -Eq '^  STP0R ' 'walk_default$tag.out'"
        check "TetWalk $d, no --algorithm: the per-ray file of gpu_stp0r" cmp -s walk_one_stp0r.csv "walk_default$tag.csv"
    else
        fail "TetWalk $d, no --algorithm: $(cat "walk_default$tag.out")"
    fi
done
expect 2 "^TetWalk: error: --chunk-rays must be a whole number from 1" -- "$BIN/TetWalk" --devices all --chunk-rays 0 "$ROOT/data/u_shape.mesh"
expect 1 "^TetWalk: error: --devices '$DEVICE,$DEVICE': device $DEVICE is listed twice" -- "$BIN/TetWalk" --aim edges --aim-rays 10 --algorithm gpu_stp1 --devices "$DEVICE,$DEVICE" "$ROOT/data/u_shape.mesh"
expect 2 "give -n \(one device\) or --devices \(several\), not both" -- "$BIN/TetWalk" --algorithm gpu_stp1 -n 0 --devices all "$ROOT/data/u_shape.mesh"
expect 2 "^TetWalk: error: --devices runs GPU_ algorithms only, and --algorithm chose none: add gpu_NAME" -- "$BIN/TetWalk" --algorithm stp1,aman --devices all "$ROOT/data/u_shape.mesh"
finish
