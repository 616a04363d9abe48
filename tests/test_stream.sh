# test_stream: RayTetra's streaming run (RayTetra/pipeline/, docs/FILES.md "Streaming"). The
# results do not depend on the chunks: chunks of one pair, of 7 (N not a multiple), of all
# pairs, a 16M budget and the default give the same bytes, for text and binary INPUT and OUTPUT,
# from a file and from a pipe, on the CPU (one thread and a team) and on OpenCL (one device and
# --devices, whose lanes keep a device's queues and pinned chunks across the chunks; aos
# pairs need no copy into pinned memory, soa pairs one). N = 0 works. A bad pair in a later
# chunk is reported with its line (text) or its
# number (binary) as the whole-file readers word it, and leaves the old OUTPUT as it was and no
# temporary file; so does SIGINT in the middle of a run, and a full file system, found before
# the work. A binary OUTPUT's pages made ahead of the writer (0 or 4 threads) change no byte.
# --max-memory takes sizes from 16M and refuses anything else in one line. A pipe of 300,000 pairs runs in a 16M budget: no
# whole-input buffer. The report gives the stage breakdown; standard error stays quiet when it
# is not a terminal.
source "$(dirname "$0")/lib.sh"
RT="$BIN/RayTetra"
export RAYTETRA_STREAM_CHUNK_PAIRS=
no_temporaries() { check "no temporary file left in $1" test -z "$(find "$1" -name '*.tmp.*')"; }
"$BIN/RandomRayTetra" "$TMP/in.txt" -i 60 -n 43 --seed 5 >/dev/null || fail "RandomRayTetra text"
"$BIN/RandomRayTetra" "$TMP/in.rtb" -i 60 -n 43 --seed 5 >/dev/null || fail "RandomRayTetra binary"

# run NAME CHUNK ARGS...: RayTetra ARGS with chunks of CHUNK pairs ("" for the budget's).
run() {
    local name=$1 chunk=$2
    shift 2
    RAYTETRA_STREAM_CHUNK_PAIRS=$chunk "$RT" "$@" >"$TMP/$name.log" 2>"$TMP/$name.err" || fail "$name: $*: $(cat "$TMP/$name.err")"
}

# The same bytes for every chunk size, input format and output format.
for in in in.txt in.rtb; do
    for out in txt rtb; do
        run "ref_$in.$out" "" -t 1 -p r "$TMP/$in" "$TMP/ref_$in.$out" 1
        for chunk in 1 7 103; do
            run "c$chunk" "$chunk" -t 1 -p r "$TMP/$in" "$TMP/c$chunk.$out" 1
            check "$in -> $out: chunks of $chunk give the whole-run bytes" cmp -s "$TMP/ref_$in.$out" "$TMP/c$chunk.$out"
        done
        run "m16" "" --max-memory 16M -t 1 -p r "$TMP/$in" "$TMP/m16.$out" 1
        check "$in -> $out: a 16M budget gives the same bytes" cmp -s "$TMP/ref_$in.$out" "$TMP/m16.$out"
    done
done
check "text and binary INPUT give the same text results" cmp -s "$TMP/ref_in.txt.txt" "$TMP/ref_in.rtb.txt"
check "text and binary INPUT give the same binary results" cmp -s "$TMP/ref_in.txt.rtb" "$TMP/ref_in.rtb.rtb"
check "the results are one line a pair" test "$(grep -c '^true\|^false' "$TMP/ref_in.txt.txt")" = 103
check "a binary OUTPUT holds a header and 103 records" test "$(stat -c %s "$TMP/ref_in.txt.rtb")" = $((64 + 103 * 112))
# A binary INPUT file to a binary OUTPUT: its size known, its pages are made ahead of the writer
# where the file system allows it (below, on 300,000 pairs); never for a text INPUT.
check "a text INPUT (its count only announced): no pages made ahead" test -z "$(grep '^output pages' "$TMP/ref_in.txt.rtb.log")"
for threads in 0 4; do
    for chunk in 1 7 ""; do
        RAYTETRA_STREAM_PAGES=$threads run "p$threads$chunk" "$chunk" -t 1 -p r "$TMP/in.rtb" "$TMP/p$threads$chunk.rtb" 1
        check "RAYTETRA_STREAM_PAGES=$threads, chunks of ${chunk:-the budget}: the same bytes" cmp -s "$TMP/ref_in.rtb.rtb" "$TMP/p$threads$chunk.rtb"
    done
done
check "RAYTETRA_STREAM_PAGES=0: no pages made ahead" test -z "$(grep '^output pages' "$TMP/p0.log")"
# A team of threads, the timing line (-p b) and the report's stage line.
run team 7 --threads 2 -t 1 -p b "$TMP/in.txt" "$TMP/team.txt" 3
check "--threads 2 in chunks: the same results" cmp -s "$TMP/ref_in.txt.txt" <(grep -v '^#' "$TMP/team.txt")
check "-p b ends the text OUTPUT with the timing line" grep -Eq '^# algorithm stp1 pairs 103 reps 3 time_ms' "$TMP/team.txt"
check "the timing line in OUTPUT gives the time of the report's line" \
    test "$(tail -n 1 "$TMP/team.txt" | sed 's/^# //')" = "$(grep '^algorithm stp1 pairs 103' "$TMP/team.log")"
check "the report gives each stage's busy time and share, start-up and commit too" \
    grep -Eq '^stages .*15 chunks of up to 7 pairs.*: start-up [0-9.]+ \([0-9]+%\), read [0-9.]+ \([0-9]+%\), check .*, transfer in .*, kernel .*, transfer out .*, format [0-9.]+ \([0-9]+%\), write [0-9.]+ \([0-9]+%\), commit [0-9.]+ \([0-9]+%\)$' "$TMP/team.log"
check "the report splits the start-up into devices, chunks and files" \
    grep -Eq '^start-up \(ms\): devices and kernels [0-9.]+, the first chunks. memory and lanes [0-9.]+, input and output [0-9.]+; after the wall time, releasing them [0-9.]+$' "$TMP/team.log"
check "nothing on standard error when it is no terminal (no progress line)" test ! -s "$TMP/team.err"
run time_only 7 -t 1 -p t "$TMP/in.txt" "$TMP/time_only.txt" 1
check "-p t writes the timing line only" test "$(grep -c . "$TMP/time_only.txt")" = 1

# From a pipe, in a 16M budget: no whole-input buffer. 300,000 binary pairs are 43 MB in and
# 34 MB of results; the run must hold far less.
"$BIN/RandomRayTetra" "$TMP/big.rtb" -i 150000 -n 150000 --seed 9 >/dev/null || fail "RandomRayTetra big"
cat "$TMP/big.rtb" | /usr/bin/time -f '%M' -o "$TMP/rss" "$RT" --max-memory 16M -t 1 -p r - "$TMP/piped.rtb" 1 >/dev/null 2>&1 || fail "RayTetra from a pipe"
run from_file "" -t 1 -p r "$TMP/big.rtb" "$TMP/from_file.rtb" 1
check "a pipe gives the file's results" cmp -s "$TMP/piped.rtb" "$TMP/from_file.rtb"
# scripts/huge_stream.sh: a stream of repeated blocks from a pipe, every result checked by cmp.
env RAYTETRA_BIN="$BIN" TMPDIR="$TMP" "$(dirname "$0")/../scripts/huge_stream.sh" --pairs 30000 --block 10000 \
    --max-memory 16M -- -t 2 >"$TMP/huge.out" 2>&1 || true
check "huge_stream.sh: 30,000 pairs from a pipe, every result checked" \
    grep -q 'results: every result identical to the block.s reference' "$TMP/huge.out"
expect 2 'must be a multiple of --block' -- "$(dirname "$0")/../scripts/huge_stream.sh" --pairs 30001 --block 10000
rss_kib=$(tail -n 1 "$TMP/rss")
# AddressSanitizer's shadow memory and quarantine are not the run's: the bound holds unsanitized.
if [ "${SANITIZED:-0}" != 1 ]; then
    check "300,000 pairs from a pipe in --max-memory 16M: max RSS ${rss_kib} KiB stays under 40 MiB" test "$rss_kib" -lt 40960
fi

# The 34 MB binary OUTPUT of those pairs from the file, its pages made ahead of the writer by 1
# and 4 threads in windows of 2 MiB (a 16M budget): the same bytes as none, pages made, the
# memory still bounded; a bad pair past the first windows ends the run with no file left. How
# much the helpers make depends on the host's load (a window the writer has passed is left to
# it), so the checks ask for some pages, not for all of them.
made='([1-9][0-9]*\.[0-9]|0\.[1-9]) MB'
pages_here=0
case "$(stat -f -c %T "$TMP")" in ext2/ext3 | xfs | btrfs) pages_here=1 ;; esac
for threads in 0 1 4; do
    RAYTETRA_STREAM_PAGES=$threads /usr/bin/time -f '%M' -o "$TMP/rss_pages$threads" "$RT" --max-memory 16M -t 1 -p r \
        "$TMP/big.rtb" "$TMP/pages$threads.rtb" 1 >"$TMP/pages$threads.log" 2>&1 || fail "RayTetra, RAYTETRA_STREAM_PAGES=$threads"
    check "RAYTETRA_STREAM_PAGES=$threads in a 16M budget: the same bytes as the default run" cmp -s "$TMP/from_file.rtb" "$TMP/pages$threads.rtb"
    if [ "$threads" != 0 ] && [ $pages_here = 1 ]; then
        check "RAYTETRA_STREAM_PAGES=$threads: pages made ahead of the writer by $threads" \
            grep -Eq "^output pages made ahead of the writer: $made by $threads threads?$" "$TMP/pages$threads.log"
    fi
    if [ "${SANITIZED:-0}" != 1 ]; then
        check "RAYTETRA_STREAM_PAGES=$threads in --max-memory 16M: max RSS $(tail -n 1 "$TMP/rss_pages$threads") KiB under 40 MiB" \
            test "$(tail -n 1 "$TMP/rss_pages$threads")" -lt 40960
    fi
done
# By default one helper where the run has 8 cores or more, none on fewer (it costs them time).
cores=${OMP_NUM_THREADS:-$(nproc)}
cores=${cores%%,*} # a list's first value is the run's
if [ $pages_here = 1 ] && [ "$cores" -ge 8 ]; then
    check "the default run on $cores cores made its pages ahead of the writer" grep -Eq "^output pages made ahead of the writer: $made" "$TMP/from_file.log"
fi
if [ "$cores" -lt 8 ]; then
    check "the default run on $cores cores made no pages ahead of the writer" test -z "$(grep '^output pages' "$TMP/from_file.log")"
fi
if [ $pages_here = 1 ]; then
    OMP_NUM_THREADS=8 run default8 "" --max-memory 16M -t 1 -p r "$TMP/big.rtb" "$TMP/default8.rtb" 1
    check "the default with 8 threads (OMP_NUM_THREADS=8): pages made ahead by one helper" \
        grep -Eq "^output pages made ahead of the writer: $made by 1 thread$" "$TMP/default8.log"
    check "the default with 8 threads: the same bytes" cmp -s "$TMP/from_file.rtb" "$TMP/default8.rtb"
fi
check "RAYTETRA_STREAM_PAGES=0: no pages line" test -z "$(grep '^output pages' "$TMP/pages0.log")"
flat_pair "$TMP/big.rtb" "$TMP/big_bad.rtb" 250000
echo "keep me" >"$TMP/old_big.rtb"
for threads in 1 4; do
    RAYTETRA_STREAM_PAGES=$threads expect 1 "^RayTetra: error: $TMP/big_bad.rtb: pair 250000: " -- \
        timeout 120 "$RT" --max-memory 16M -t 1 -p r "$TMP/big_bad.rtb" "$TMP/old_big.rtb" 1
done
check "a bad pair past the first windows: the old OUTPUT as it was" grep -qx "keep me" "$TMP/old_big.rtb"
no_temporaries "$TMP"

# N = 0, text and binary.
printf '0\n# nothing\n' >"$TMP/empty.txt"
"$BIN/RandomRayTetra" "$TMP/empty.rtb" -i 0 -n 0 >/dev/null 2>&1 || fail "RandomRayTetra empty"
run empty "" -t 1 -p r "$TMP/empty.txt" "$TMP/empty.out" 1
check "N = 0: an empty text OUTPUT" test -f "$TMP/empty.out" -a ! -s "$TMP/empty.out"
run empty_binary 1 -t 1 -p r "$TMP/empty.rtb" "$TMP/empty_out.rtb" 1
check "N = 0: a binary OUTPUT of its header only" test "$(stat -c %s "$TMP/empty_out.rtb")" = 64

# A bad pair in chunk 2 (pairs 14..20 with chunks of 7): its line, or its number, as before; the
# old OUTPUT stays and no temporary is left.
echo "keep me" >"$TMP/old.out"
awk 'NR == 18 { $1 = "nonsense" } { print }' "$TMP/in.txt" >"$TMP/bad.txt" # line 18: pair 16 (line 1 holds the count)
bad_line=$(grep -n nonsense "$TMP/bad.txt" | cut -d: -f1)
for chunk in 7 1 ""; do
    RAYTETRA_STREAM_CHUNK_PAIRS=$chunk expect 1 "^RayTetra: error: $TMP/bad.txt:$bad_line: 'nonsense' is not a number$" -- \
        "$RT" -t 1 -p r "$TMP/bad.txt" "$TMP/old.out" 1
done
check "a bad pair leaves the old OUTPUT as it was" grep -qx "keep me" "$TMP/old.out"
no_temporaries "$TMP"
# Binary: pair 16's tetrahedron made flat (V3 = V0), found by the checker in chunk 2.
flat_pair "$TMP/in.rtb" "$TMP/bad.rtb" 16
for chunk in 7 ""; do
    RAYTETRA_STREAM_CHUNK_PAIRS=$chunk expect 1 "^RayTetra: error: $TMP/bad.rtb: pair 16: " -- \
        "$RT" -t 1 -p r "$TMP/bad.rtb" "$TMP/old.out" 1
done
check "a bad binary pair leaves the old OUTPUT as it was" grep -qx "keep me" "$TMP/old.out"
# The announced count not met: the fault after the last pair read, in the readers' words.
head -n 50 "$TMP/in.txt" >"$TMP/short.txt"
RAYTETRA_STREAM_CHUNK_PAIRS=7 expect 1 "short.txt:[0-9]+: the file ends after 49 pairs, but its first line announces 103" -- \
    "$RT" -t 1 -p r "$TMP/short.txt" "$TMP/old.out" 1
no_temporaries "$TMP"

# A binary OUTPUT's disk is reserved before the work: on a full file system (a 1 MiB tmpfs, in a
# mount namespace of its own; left out where this user cannot make one) the run stops before
# its first pair with one line, and the old OUTPUT stays as it was, with no temporary file.
mkdir -p "$TMP/small"
if unshare -m sh -c "mount -t tmpfs -o size=1m none '$TMP/small'" 2>/dev/null; then
    "$BIN/RandomRayTetra" "$TMP/big.rtb" -i 5000 -n 5000 --seed 9 >/dev/null || fail "RandomRayTetra 10,000 pairs"
    unshare -m sh -c "mount -t tmpfs -o size=1m none '$TMP/small' && echo 'keep me' > '$TMP/small/out.rtb' &&
        '$RT' -t 1 -p r '$TMP/big.rtb' '$TMP/small/out.rtb' 1 > '$TMP/full.log' 2> '$TMP/full.err'; echo \$? > '$TMP/full.status';
        cat '$TMP/small/out.rtb' > '$TMP/full.kept'; ls -A '$TMP/small' > '$TMP/full.ls'"
    check "a full file system: exit status 1" test "$(cat "$TMP/full.status")" = 1
    check "a full file system: one line naming OUTPUT and its size" \
        test "$(grep -c . "$TMP/full.err")" = 1 -a -n "$(grep -E 'out.rtb: no space for its 1120064 bytes' "$TMP/full.err")"
    check "a full file system: stopped before the work (no timing line)" test ! -s "$TMP/full.log"
    check "a full file system: the old OUTPUT as it was, no temporary file" \
        test "$(cat "$TMP/full.kept")" = "keep me" -a "$(cat "$TMP/full.ls")" = out.rtb
else
    echo "test_stream: cannot mount a tmpfs in a mount namespace here: the full file system is left out"
fi

# SIGINT in the middle of a run: input from a FIFO whose writer stalls after half the pairs.
mkdir -p "$TMP/signal"
echo "keep me" >"$TMP/signal/out.txt"
mkfifo "$TMP/signal/in"
"$BIN/RandomRayTetra" "$TMP/signal/all.txt" -i 2000 -n 2000 >/dev/null || fail "RandomRayTetra signal"
(head -n 2000 "$TMP/signal/all.txt"; sleep 30) >"$TMP/signal/in" & # more than the input's 64 KiB buffer
feeder=$!
RAYTETRA_STREAM_CHUNK_PAIRS=1 env --default-signal=INT "$RT" -t 1 -p r "$TMP/signal/in" "$TMP/signal/out.txt" 1 \
    >/dev/null 2>&1 &
victim=$!
for _ in $(seq 50); do # until the temporary holds results
    [ -n "$(find "$TMP/signal" -name '*.tmp.*' -size +0c)" ] && break
    sleep 0.1
done
check "the run streams: results written before the input ends" test -n "$(find "$TMP/signal" -name '*.tmp.*' -size +0c)"
kill -INT "$victim"
wait "$victim"
status=$?
kill "$feeder" 2>/dev/null
wait "$feeder" 2>/dev/null
check "SIGINT: RayTetra died of the signal (status $status)" test "$status" -eq 130
check "SIGINT: the old OUTPUT is as it was" grep -qx "keep me" "$TMP/signal/out.txt"
no_temporaries "$TMP/signal"

# --max-memory and the chunk override: bad values get one line naming the option.
for bad in 15M abc 16Q 1.5G "" 99999999999999999999T -16M; do
    expect 2 "--max-memory" -- "$RT" --max-memory "$bad" -t 1 "$TMP/in.txt" "$TMP/x.out" 1
done
for good in 16M 16777216 1g 256m; do
    expect 0 '' -- "$RT" --max-memory "$good" -t 1 -p r "$TMP/in.txt" "$TMP/good.out" 1
done
RAYTETRA_STREAM_CHUNK_PAIRS=0 expect 2 "RAYTETRA_STREAM_CHUNK_PAIRS='0'" -- "$RT" -t 1 "$TMP/in.txt" "$TMP/x.out" 1
for bad in 5 -1 x 11; do
    RAYTETRA_STREAM_PAGES=$bad expect 2 "^RayTetra: error: RAYTETRA_STREAM_PAGES='$bad': give the threads .* 0 to 4" -- \
        "$RT" -t 1 "$TMP/in.rtb" "$TMP/x.out" 1
done
check "a refused run writes no OUTPUT" test ! -e "$TMP/x.out"

# OpenCL: one device and --devices, in chunks, give the whole run's bytes.
if [ "${RAYTETRA_TEST_OPENCL:-1}" != 0 ] && "$RT" --list-devices >/dev/null 2>&1; then
    run g_ref "" -g 1 -p r "$TMP/in.txt" "$TMP/g_ref.txt" 1
    run g_7 7 -g 1 -p r "$TMP/in.txt" "$TMP/g_7.txt" 2
    check "-g 1 in chunks of 7: the same results" cmp -s "$TMP/g_ref.txt" "$TMP/g_7.txt"
    check "-g 1 agrees with the CPU's STP0 on hits and faces" \
        cmp -s <(cut -d' ' -f1-3 "$TMP/g_ref.txt") <(RAYTETRA_STREAM_CHUNK_PAIRS= "$RT" -t 0 -p r "$TMP/in.txt" - 1 2>/dev/null | cut -d' ' -f1-3)
    check "the device lines are in the report" grep -q '^device: ' "$TMP/g_7.log"
    run d_7 7 -g 1 --devices 0 -p r "$TMP/in.rtb" "$TMP/d_7.txt" 1
    check "--devices in chunks of 7: the same results" cmp -s "$TMP/g_ref.txt" "$TMP/d_7.txt"
    # Pinned transfers: the device's queues stay open across the chunks, which take turns on them.
    check "-g 1 in 15 chunks: transfer chunks on 3 queues" grep -q 'pinned transfers, 15 chunks on 3 queues' "$TMP/g_7.log"
    check "--devices with one device: all pairs on it" grep -q "all pairs on the one device" "$TMP/d_7.log"
    check "--devices: the device took all 15 chunks" grep -Eq ': device 0 \(.*\): 103 pairs \(100.0 %\) over 15 chunks' "$TMP/d_7.log"
    run d_7b 7 -g 1 --devices all -p r "$TMP/in.rtb" "$TMP/d_7b.rtb" 1
    run g_7b 7 -g 1 -p r "$TMP/in.rtb" "$TMP/g_7b.rtb" 1
    check "--devices all and -g give the same binary results in chunks of 7" cmp -s "$TMP/g_7b.rtb" "$TMP/d_7b.rtb"
    # The results formatted into output buffers, the devices released while the writer finishes
    # (their lines still in the report); a 16M budget has no room for them: the same bytes.
    check "-g 1: the devices released while the writer finished" \
        grep -Eq '^the devices and the chunks. memory released while the writer finished: [0-9.]+ ms$' "$TMP/g_7b.log"
    check "--devices all: the devices released while the writer finished" grep -q '^the devices and the chunks. memory released' "$TMP/d_7b.log"
    check "--devices all: the device's line kept in the report" test -n "$(grep ': device 0 (' "$TMP/d_7b.log")"
    run g_m16 "" --max-memory 16M -g 1 -p r "$TMP/big.rtb" "$TMP/g_m16.rtb" 1
    run g_big "" -g 1 -p r "$TMP/big.rtb" "$TMP/g_big.rtb" 1
    check "-g 1 in a 16M budget (no room for output buffers): the same bytes" cmp -s "$TMP/g_big.rtb" "$TMP/g_m16.rtb"
    check "-g 1 in a 16M budget: the devices released after the run" test -z "$(grep '^the devices and the chunks' "$TMP/g_m16.log")"
    # Converted into pinned memory (soa pairs and records, several pairs an item): the same bytes
    # as pageable transfers of the whole input at once.
    run soa_whole "" -g 2 --layout soa --result-layout soa --pairs-per-item 3 --transfers pageable -p r "$TMP/in.txt" "$TMP/soa_whole.txt" 2
    run soa_7 7 -g 2 --layout soa --result-layout soa --pairs-per-item 3 -p r "$TMP/in.txt" "$TMP/soa_7.txt" 2
    check "soa in chunks of 7, pinned: the pageable whole run's bytes" cmp -s "$TMP/soa_whole.txt" "$TMP/soa_7.txt"
    run soa_d7 7 -g 2 --layout soa --result-layout soa --pairs-per-item 3 --devices all -p r "$TMP/in.txt" "$TMP/soa_d7.txt" 2
    check "soa in chunks of 7 on --devices: the same bytes" cmp -s "$TMP/soa_whole.txt" "$TMP/soa_d7.txt"
    # aos double pairs are read straight into the pinned memory the device transfers from: no copy.
    run pinned_big 65536 -g 1 -p r "$TMP/big.rtb" "$TMP/pinned_big.rtb" 1
    check "300,000 pairs in 5 chunks: no copy into pinned memory" grep -q 'copying the pairs into pinned memory before: 0.000 ms' "$TMP/pinned_big.log"
    run pageable_big "" -g 1 --transfers pageable -p r "$TMP/big.rtb" "$TMP/pageable_big.rtb" 1
    check "300,000 pairs pinned in chunks: the pageable run's bytes" cmp -s "$TMP/pageable_big.rtb" "$TMP/pinned_big.rtb"
else
    echo "test_stream: no OpenCL device (or RAYTETRA_TEST_OPENCL=0): the OpenCL checks are left out"
fi
finish
