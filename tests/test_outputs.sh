# test_outputs: what an OUTPUT may be (docs/FILES.md). Devices and FIFOs are written through and
# stay what they are; '-' is standard output with the progress on standard error; a symbolic
# link is followed and its target replaced, keeping its permissions; an OUTPUT that is the INPUT
# (by inode, whatever the spelling) is refused before anything is written; long names work;
# SIGINT, SIGTERM and SIGHUP leave no temporary file and the old OUTPUT intact; -p t with a
# binary OUTPUT is refused; a FIFO in the kernel cache is skipped, not opened. Special files are
# made in the test's own folder (mknod, mkfifo), never in /dev.
source "$(dirname "$0")/lib.sh"
RT="$BIN/RayTetra"
in="$TMP/in.txt"
"$BIN/RandomRayTetra" "$in" -i 30 -n 20 --seed 3 >/dev/null || fail "RandomRayTetra"
"$RT" -p r "$in" "$TMP/expected.out" 1 >/dev/null || fail "RayTetra"
no_temporaries() { check "no temporary file left in $1" test -z "$(find "$1" -name '*.tmp.*')"; }

# A character device (the null device's numbers, made here): written through, still a device.
if mknod "$TMP/null" c 1 3 2>/dev/null; then
    expect 0 '' -- "$RT" -p r "$in" "$TMP/null" 1
    expect 0 '' -- "$BIN/RandomRayTetra" "$TMP/null" -i 3 -n 3
    expect 0 '' -- "$BIN/Bench" --no-opencl --algorithms stp0 "$in" "$TMP/null" 1
    expect 0 '' -- "$BIN/Accuracy" --no-opencl --algorithms stp0 --csv "$TMP/null" "$in"
    check "the device is still a character device" test -c "$TMP/null"
    check "reading it as INPUT is no conflict (a device is not destroyed)" \
        sh -c "! '$RT' '$TMP/null' '$TMP/null' 1 2>&1 | grep -q 'would destroy'"
else
    echo "test_outputs: not root, so no device node can be made; the device checks are left out"
fi

# A FIFO: written through to its reader, still a FIFO; so is a FIFO as Bench's CSV.
mkfifo "$TMP/fifo"
cat "$TMP/fifo" >"$TMP/from_fifo" &
reader=$!
expect 0 '' -- timeout 60 "$RT" -p r "$in" "$TMP/fifo" 1
wait "$reader"
check "the FIFO is still a FIFO" test -p "$TMP/fifo"
check "the FIFO's reader got the results" cmp -s "$TMP/from_fifo" "$TMP/expected.out"
cat "$TMP/fifo" >"$TMP/csv_from_fifo" &
reader=$!
expect 0 '' -- timeout 60 "$BIN/Bench" --no-opencl --algorithms stp0 "$in" "$TMP/fifo" 1
wait "$reader"
check "a CSV through a FIFO gets the header and the row" test "$(grep -c '^#Intersecting_Pairs' "$TMP/csv_from_fifo")" = 1
check "a CSV through a FIFO gets one row" test "$(grep -vc '^#' "$TMP/csv_from_fifo")" = 1

# '-': the data alone on standard output, the progress on standard error, no file named '-'.
(cd "$TMP" && "$RT" -p r "$in" - 1 >"$TMP/dash.out" 2>"$TMP/dash.err")
check "'-' writes the results to standard output" cmp -s "$TMP/dash.out" "$TMP/expected.out"
check "the timing line goes to standard error" grep -q '^algorithm stp1 pairs 50' "$TMP/dash.err"
check "no file named '-'" test ! -e "$TMP/-"
(cd "$TMP" && "$BIN/RandomRayTetra" - -i 30 -n 20 --seed 3 2>"$TMP/gen.err" | "$RT" -p r - - 1 >"$TMP/piped.out" 2>/dev/null)
check "RandomRayTetra - | RayTetra - - gives the same results" cmp -s "$TMP/piped.out" "$TMP/expected.out"
check "RandomRayTetra's summary goes to standard error" grep -q 'pairs (30 hits, 20 misses' "$TMP/gen.err"
(cd "$TMP" && "$BIN/Bench" --no-opencl --algorithms stp0 "$in" - 1 >"$TMP/bench_dash.csv" 2>/dev/null)
check "Bench OUTPUT '-' gets the header" test "$(head -n 1 "$TMP/bench_dash.csv" | cut -d, -f1)" = "#Intersecting_Pairs"
check "Bench OUTPUT '-' gets only CSV lines" test "$(grep -Evc '^#|^[0-9.]+,' "$TMP/bench_dash.csv")" = 0
"$BIN/Accuracy" --no-opencl --algorithms stp0 --csv - "$in" >"$TMP/acc_dash.csv" 2>/dev/null
check "Accuracy --csv - writes only the CSV" test "$(head -n 1 "$TMP/acc_dash.csv" | cut -d, -f1)" = algorithm

# The program's own descriptors by name (what >(...) gives, or /dev/stdout, which this test leaves
# alone: it lives in the real /dev): written through that descriptor, keeping an append.
"$RT" -p r "$in" >(cat >"$TMP/substituted.out") 1 >/dev/null
for _ in $(seq 1 50); do [ -s "$TMP/substituted.out" ] && break; sleep 0.1; done
sleep 0.2
check "process substitution >(...) as OUTPUT" cmp -s "$TMP/substituted.out" "$TMP/expected.out"
echo "first line" >"$TMP/appended.out"
"$RT" -p r "$in" /proc/self/fd/1 1 >>"$TMP/appended.out" 2>/dev/null
check "/proc/self/fd/1 keeps the shell's append" test "$(head -n 1 "$TMP/appended.out")" = "first line"
check "/proc/self/fd/1 gets the results alone" test "$(tail -n +2 "$TMP/appended.out" | cmp -s - "$TMP/expected.out" && echo same)" = same

# A symbolic link: followed through a chain, the link stays, the target is replaced and keeps
# its permissions; a dangling link creates its target.
echo old >"$TMP/target.out"
chmod 600 "$TMP/target.out"
ln -s target.out "$TMP/link1"
ln -s "$TMP/link1" "$TMP/link2"
expect 0 '' -- "$RT" -p r "$in" "$TMP/link2" 1
check "the links are still links" test -L "$TMP/link1" -a -L "$TMP/link2"
check "the target holds the results" cmp -s "$TMP/target.out" "$TMP/expected.out"
check "the target keeps its permissions" test "$(stat -c %a "$TMP/target.out")" = 600
ln -s new.out "$TMP/dangling"
expect 0 '' -- "$RT" -p r "$in" "$TMP/dangling" 1
check "a dangling link creates its target" cmp -s "$TMP/new.out" "$TMP/expected.out"
no_temporaries "$TMP"

# OUTPUT = INPUT, by any other name: refused, the input untouched, nothing written.
cp "$in" "$TMP/keep.txt"
ln -s keep.txt "$TMP/keep_link"
ln "$TMP/keep.txt" "$TMP/keep_hard"
for output in "$in" "$TMP/./in.txt" "$TMP/../$(basename "$TMP")/in.txt" "$TMP/keep_link" "$TMP/keep_hard"; do
    input=$in
    case $output in *keep*) input=$TMP/keep.txt ;; esac
    expect 2 "is the INPUT file .*: writing it would destroy the input" -- "$RT" -p r "$input" "$output" 1
done
check "the inputs are untouched" cmp -s "$in" "$TMP/keep.txt"
(cd "$TMP" && "$RT" -p r - in.txt 1 <in.txt >/dev/null 2>"$TMP/stdin_same.err")
check "'-' as INPUT redirected from OUTPUT is refused too" grep -q 'would destroy the input' "$TMP/stdin_same.err"
expect 2 "is the INPUT file" -- "$BIN/Bench" --no-opencl "$in" "$TMP/./in.txt" 1
expect 2 "is the INPUT file" -- "$BIN/Bench" --no-opencl --long-csv "$TMP/keep_link" "$TMP/keep.txt" "$TMP/b.csv" 1
expect 2 "is the INPUT file" -- "$BIN/Accuracy" --no-opencl --csv "$TMP/keep_hard" "$TMP/keep.txt"
cd "$TMP" || exit 1
expect 2 "--long-csv must name another file than OUTPUT" -- "$BIN/Bench" --no-opencl --long-csv ./x.csv in.txt x.csv 1
cd - >/dev/null || exit 1
check "the inputs are untouched" cmp -s "$in" "$TMP/keep.txt"
check "no CSV was written" test ! -e "$TMP/x.csv" -a ! -e "$TMP/b.csv"

# A folder is no output; -p t cannot go into a binary file.
expect 1 "is a folder; give a file name for the output" -- "$RT" -p r "$in" "$TMP" 1
expect 2 "-p t writes only the time, which a binary OUTPUT .* cannot hold" -- "$RT" -p t "$in" "$TMP/t.rtb" 1
check "no binary file written" test ! -e "$TMP/t.rtb"

# A name as long as a file name may be (255 bytes): the temporary name is shortened to fit.
long=$(printf 'n%.0s' $(seq 1 255))
expect 0 '' -- "$RT" -p r "$in" "$TMP/$long" 1
check "a 255-byte name is written" cmp -s "$TMP/$long" "$TMP/expected.out"
no_temporaries "$TMP"

# Signals: a writer killed mid-write leaves no temporary file and the old file as it was.
# (env --default-signal: a background job of a script would otherwise ignore SIGINT, and a
# test run under nohup SIGHUP.)
mkdir "$TMP/signals"
for signal in INT TERM HUP; do
    echo "old content" >"$TMP/signals/big.txt"
    env --default-signal=INT,HUP "$BIN/RandomRayTetra" "$TMP/signals/big.txt" -i 20000000 -n 20000000 >/dev/null 2>&1 &
    writer=$!
    # Until the temporary file exists and has grown: up to a minute, for a sanitizer build on
    # cores that other builds share (it is there within a second on an idle machine).
    for _ in $(seq 1 600); do
        tmp=$(find "$TMP/signals" -name 'big.txt.tmp.*' -size +100k 2>/dev/null)
        [ -n "$tmp" ] && break
        sleep 0.1
    done
    check "SIG$signal: a temporary file was being written" test -n "$tmp"
    kill -s "$signal" "$writer"
    { wait "$writer"; } 2>/dev/null
    status=$?
    check "SIG$signal: the writer died of the signal (status $status)" test "$status" -eq $((128 + $(kill -l "$signal")))
    check "SIG$signal: no temporary file left" test -z "$(find "$TMP/signals" -name '*.tmp.*')"
    check "SIG$signal: the old file is intact" test "$(cat "$TMP/signals/big.txt")" = "old content"
done

# The kernel cache: an entry that is a FIFO is skipped (not opened, so nothing hangs) and left
# as it is; the kernel is built from source and the results are right.
export RAYTETRA_CACHE_DIR="$TMP/cache"
expect 0 '' -- "$RT" -g 1 -p r "$in" "$TMP/gpu.out" 1
entry=$(find "$TMP/cache" -name '*.bin' | head -n 1)
check "a cache entry was written" test -n "$entry"
if [ -n "$entry" ]; then
    rm "$entry"
    mkfifo "$entry"
    expect 0 '' -- timeout 60 "$RT" -g 1 -p r "$in" "$TMP/gpu2.out" 1
    check "the FIFO entry is left a FIFO" test -p "$entry"
    check "built from source instead" grep -q 'built from source' "$TMP/stdout.$$"
    check "the results are the same" cmp -s "$TMP/gpu.out" "$TMP/gpu2.out"
fi
finish
