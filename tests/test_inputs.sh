# test_inputs: what an INPUT may be and what is refused (docs/FILES.md, docs/INPUT_RANGE.md).
# '-', pipes, FIFOs and process substitution give the same results as files, for text and
# binary pairs and results; control bytes, byte-order marks, overlong lines, bytes after the
# data and damaged binary headers are refused with a message that says what is wrong; binary
# result files are held to what text ones can say; coordinates outside the supported range are
# refused with file, line and range, and the single-precision variants refuse what is outside
# theirs. FIFOs are made in the test's own folder.
source "$(dirname "$0")/lib.sh"
RT="$BIN/RayTetra"
good="0 0 0 0 1 0 1 0 0 0 0 1 0.2 0.2 -1 0.2 0.2 2"
txt="$TMP/in.txt"
rtb="$TMP/in.rtb"
"$BIN/RandomRayTetra" "$txt" -i 30 -n 20 --seed 8 >/dev/null || fail "RandomRayTetra text"
"$BIN/RandomRayTetra" "$rtb" -i 30 -n 20 --seed 8 >/dev/null || fail "RandomRayTetra binary"
"$RT" -p r "$txt" "$TMP/expected.out" 1 >/dev/null || fail "RayTetra"

# ---- streams: the same results as from the file ----
same_results() { # same_results WHAT: the last RayTetra output equals the file's
    check "$1 gives the same results as the file" cmp -s "$TMP/got.out" "$TMP/expected.out"
    rm -f "$TMP/got.out"
}
for input in "$txt" "$rtb"; do
    kind=${input##*.}
    "$RT" -p r - "$TMP/got.out" 1 <"$input" >/dev/null
    same_results "$kind on standard input"
    cat "$input" | "$RT" -p r - "$TMP/got.out" 1 >/dev/null
    same_results "$kind through a pipe"
    "$RT" -p r <(cat "$input") "$TMP/got.out" 1 >/dev/null
    same_results "$kind through process substitution"
    mkfifo "$TMP/fifo.$kind"
    cat "$input" >"$TMP/fifo.$kind" &
    timeout 60 "$RT" -p r "$TMP/fifo.$kind" "$TMP/got.out" 1 >/dev/null
    wait
    same_results "$kind through a FIFO"
done
{ printf 'skip'; cat "$rtb"; } >"$TMP/offset.rtb"
{ head -c 4 >/dev/null; "$RT" -p r - "$TMP/got.out" 1 >/dev/null; } <"$TMP/offset.rtb"
same_results "standard input read from part-way through a file"
"$RT" -p r "$txt" "$TMP/expected.rtb" 1 >/dev/null
expect 0 '' -- "$BIN/CompareResults" "$txt" <(cat "$TMP/expected.out") "$TMP/expected.rtb"
cat "$TMP/expected.rtb" | "$BIN/CompareResults" --exact <(cat "$rtb") - >"$TMP/compare.out" 2>&1
check "CompareResults reads pairs and binary results from pipes" grep -q 'agrees with the exact classifier on all 50' "$TMP/compare.out"
expect 2 "standard input \('-'\) can be read only once" -- "$BIN/CompareResults" - - "$TMP/expected.out"
cat "$rtb" | "$BIN/Bench" --no-opencl --algorithms stp0 - "$TMP/bench.csv" 1 >/dev/null 2>&1
check "Bench reads its input from a pipe" test "$(grep -vc '^#' "$TMP/bench.csv")" = 1
cat "$txt" | "$BIN/Accuracy" --no-opencl --algorithms stp0 - >"$TMP/accuracy.out" 2>&1
check "Accuracy reads its input from a pipe" grep -q '50 pairs' "$TMP/accuracy.out"

# ---- text: what is refused, and what the message says ----
bad() { # bad PATTERN CONTENT: refused with one line matching PATTERN, no output left
    printf '%b' "$2" >"$TMP/bad.txt"
    rm -f "$TMP/out.txt"
    expect 1 "$1" -- "$RT" -p r "$TMP/bad.txt" "$TMP/out.txt" 1
    check "no output for /$1/" test ! -e "$TMP/out.txt"
}
bad "bad.txt:1: the file starts with a UTF-8 byte-order mark \(bytes EF BB BF\)" "\xef\xbb\xbf1\n$good\n"
bad "bad.txt:1: the file is UTF-16 text \(it starts with the byte-order mark FF FE\)" "\xff\xfe1\x00\n\x00"
bad "bad.txt:2: a NUL byte at column 16; a text file holds no NUL" "1\n0 0 0 0 1 0 1 0\x000 0 0 1 0.2 0.2 -1 0.2 0.2 2\n"
bad "bad.txt:3: a NUL byte at column 1" "1\n$good\n\x00\x00\x00\n"
bad "bad.txt:2: the control byte .x01 at column 3" "1\n0 \x01 0 0 1 0 1 0 0 0 0 1 0.2 0.2 -1 0.2 0.2 2\n"
bad "bad.txt:4: the control byte .x1B at column 7" "1\n$good\n# fine\n# bad \x1b[31m\n"
bad "bad.txt:2: '0.2.xC3.xA9' is not a number" "1\n0 0 0 0 1 0 1 0 0 0 0 1 0.2\xc3\xa9 0.2 -1 0.2 0.2 2\n"
bad "bad.txt:3: more pairs than the 1 announced on the first line" "1\n$good\n$good\n"
bad "bad.txt: starts with \"RAYTETRA\" but text follows, so it is no binary file" "RAYTETRA pairs file\n1\n$good\n"
printf '1\n%s\n\n# a comment after the pairs\n\n' "$good" >"$TMP/trailing.txt"
expect 0 '' -- "$RT" -p r "$TMP/trailing.txt" "$TMP/out.txt" 1
{ echo 1; head -c 100000 /dev/zero | tr '\0' ' '; echo; } >"$TMP/long.txt"
expect 1 "long.txt:2: the line is longer than 65536 bytes" -- "$RT" -p r "$TMP/long.txt" "$TMP/out.txt" 1
expect 1 "is a folder, not a file" -- "$RT" -p r "$TMP" "$TMP/out.txt" 1
expect 2 "-1: a negative number where an option was expected" -- "$RT" "$txt" "$TMP/out.txt" -1

# ---- binary pairs ----
header() { # header KIND COUNT_BYTE RECORD_SIZE_BYTE: a version-1 header, little-endian
    printf "RAYTETRA\x01\x00\x00\x00\x$1\x00\x00\x00\x$2\x00\x00\x00\x00\x00\x00\x00\x$3\x00\x00\x00"
    head -c 36 /dev/zero
}
rm -f "$TMP/out.txt"
header 07 00 90 >"$TMP/kind7.rtb"
expect 1 "kind7.rtb: unknown record kind 7 in the binary header \(1 = pairs, 2 = results\)" -- "$RT" "$TMP/kind7.rtb" "$TMP/out.txt" 1
{ header 01 02 90; head -c 144 "$rtb" | tail -c 80; } >"$TMP/short.rtb" # 2 records announced, 80 bytes given
expect 1 "short.rtb: the header announces 2 records, which needs 352 bytes, but the file has 144" -- "$RT" "$TMP/short.rtb" "$TMP/out.txt" 1
expect 1 "standard input: the file ends after 0 of the 2 pairs its header announces" -- "$RT" - "$TMP/out.txt" 1 < <(cat "$TMP/short.rtb")
expect 1 "standard input: bytes follow the 50 records the header announces" -- "$RT" - "$TMP/out.txt" 1 < <(cat "$rtb"; printf x)
printf 'RAYTETRA\x01\x00\x00\x00\x01\x00\x00\x00\xff\xff\xff\xff\xff\xff\xff\xff\x90\x00\x00\x00' >"$TMP/huge.rtb"
head -c 36 /dev/zero >>"$TMP/huge.rtb"
expect 1 "huge.rtb: the header announces 18446744073709551615 records, more than any file can hold" -- "$RT" "$TMP/huge.rtb" "$TMP/out.txt" 1
check "no output left by the binary errors" test ! -e "$TMP/out.txt"

# ---- result files: text and binary accept and refuse the same ----
printf '1\n%s\n' "$good" >"$TMP/one.txt"
"$RT" -p r "$TMP/one.txt" "$TMP/one.rtb" 1 >/dev/null
expect 0 '' -- "$BIN/CompareResults" --exact "$TMP/one.txt" "$TMP/one.rtb"
patch() { # patch SOURCE COPY OFFSET BYTES: a copy of SOURCE with bytes replaced at OFFSET
    cp "$1" "$2"
    printf "$4" | dd of="$2" bs=1 seek="$3" conv=notrunc status=none
}
patch "$TMP/one.rtb" "$TMP/flag.rtb" 64 '\x02'
expect 2 "flag.rtb: result 0: the hit flag is 2, not 0 or 1" -- "$BIN/CompareResults" --exact "$TMP/one.txt" "$TMP/flag.rtb"
patch "$TMP/one.rtb" "$TMP/face.rtb" 68 '\x07'
expect 2 "face.rtb: result 0: faces 7 0; faces are 0..3" -- "$BIN/CompareResults" --exact "$TMP/one.txt" "$TMP/face.rtb"
patch "$TMP/one.rtb" "$TMP/nan.rtb" 160 '\x00\x00\x00\x00\x00\x00\xf8\x7f'
expect 2 "nan.rtb: result 0: tEnter is not a finite number" -- "$BIN/CompareResults" --exact "$TMP/one.txt" "$TMP/nan.rtb"
patch "$TMP/one.rtb" "$TMP/reserved.rtb" 76 '\x01'
expect 2 "reserved.rtb: result 0: the reserved field is 1" -- "$BIN/CompareResults" --exact "$TMP/one.txt" "$TMP/reserved.rtb"
printf '1\n0 0 0 0 1 0 1 0 0 0 0 1 5 5 5 6 6 7\n' >"$TMP/miss.txt"
"$RT" -p r "$TMP/miss.txt" "$TMP/miss.rtb" 1 >/dev/null
patch "$TMP/miss.rtb" "$TMP/miss_garbage.rtb" 100 '\x01'
expect 2 "miss_garbage.rtb: result 0: a miss has faces -1 and zero reals" -- "$BIN/CompareResults" --exact "$TMP/miss.txt" "$TMP/miss_garbage.rtb"
printf 'true 3000000000 0 0 0 0 0 0 0 0 0 0 0 0 0\n' >"$TMP/face.out"
expect 2 "face.out:1: faces must be whole numbers 0..3" -- "$BIN/CompareResults" --exact "$TMP/one.txt" "$TMP/face.out"
printf 'true 3 0 nan 0 0 0 0 0 0 0 0 0 0 0\n' >"$TMP/nan.out"
expect 2 "nan.out:1: 'nan' is not a finite number \(NaN and Inf are not valid results\)" -- "$BIN/CompareResults" --exact "$TMP/one.txt" "$TMP/nan.out"
# Differences in binary files are located by record number.
"$RT" --algorithm stp1f -p r "$txt" "$TMP/float.rtb" 1 >/dev/null
"$BIN/CompareResults" "$txt" "$TMP/expected.rtb" "$TMP/float.rtb" >"$TMP/records.out" 2>&1
check "binary differences located by record" grep -Eq '^.*float.rtb: record ([0-9]+): pair \1 \(.*expected.rtb: record \1\): ' "$TMP/records.out"
check "no line 0 for a binary file" sh -c "! grep -q ':0:' '$TMP/records.out'"

# ---- the supported range ----
scaled() { # scaled E: the hand-made pair with every coordinate times 10^E, as exact decimals
    local out="" x
    for x in $good; do
        case $x in
        0) out+="0 " ;;
        1) out+="1e$1 " ;;
        -1) out+="-1e$1 " ;;
        0.2) out+="2e$(($1 - 1)) " ;;
        2) out+="2e$1 " ;;
        esac
    done
    printf '1\n%s\n' "$out"
}
# The hand-made pair times 5e74 and 5e-50: its largest coordinate is then 1e75, its smallest 1e-50.
printf '1\n0 0 0 0 5e74 0 5e74 0 0 0 0 5e74 1e74 1e74 -5e74 1e74 1e74 1e75\n' >"$TMP/top.txt"
expect 0 '' -- "$RT" -p r "$TMP/top.txt" "$TMP/top.out" 1
check "a hit at 1e75" grep -q '^true 3 0 ' "$TMP/top.out"
expect 0 '' -- "$BIN/CompareResults" --exact "$TMP/top.txt" "$TMP/top.out"
printf '1\n0 0 0 0 5e-50 0 5e-50 0 0 0 0 5e-50 1e-50 1e-50 -5e-50 1e-50 1e-50 1e-49\n' >"$TMP/bottom.txt"
expect 0 '' -- "$RT" -p r "$TMP/bottom.txt" "$TMP/bottom.out" 1
expect 0 '' -- "$BIN/CompareResults" --exact "$TMP/bottom.txt" "$TMP/bottom.out"
rm -f "$TMP/out.txt"
scaled 76 >"$TMP/over.txt"
expect 1 "over.txt:2: V1.y = 1e\+76 is outside the supported range: every coordinate must be 0 or between 1e-50 and 1e\+75 in magnitude" -- "$RT" -p r "$TMP/over.txt" "$TMP/out.txt" 1
scaled -50 >"$TMP/under.txt"
expect 1 "under.txt:2: P.x = 2e-51 is outside the supported range" -- "$RT" -p r "$TMP/under.txt" "$TMP/out.txt" 1
printf '1\n0 0 0 0 1 0 1 0 0 0 0 1 0.2 0.2 -1 0.2 0.2 1e-400\n' >"$TMP/underflow.txt"
expect 1 "underflow.txt:2: '1e-400' is outside the supported range" -- "$RT" -p r "$TMP/underflow.txt" "$TMP/out.txt" 1
"$BIN/RandomRayTetra" "$TMP/over.rtb" -i 1 -n 0 >/dev/null
printf '\x00\x00\x00\x00\x00\x00\x60\x7f' | dd of="$TMP/over.rtb" bs=1 seek=64 conv=notrunc status=none # V0.x = 2^1015
expect 1 "over.rtb: pair 0: V0.x = .* is outside the supported range" -- "$RT" -p r "$TMP/over.rtb" "$TMP/out.txt" 1
# The single-precision variants: 1e9 is inside the double range, outside theirs.
scaled 9 >"$TMP/wide.txt"
expect 0 '' -- "$RT" --algorithm stp0 -p r "$TMP/wide.txt" "$TMP/wide.out" 1
expect 1 "wide.txt: pair 0: V1.y = 1000000000: the single-precision algorithms need every coordinate within 1e\+8 .*; stp0f cannot compute it" -- "$RT" --algorithm stp0f -p r "$TMP/wide.txt" "$TMP/out.txt" 1
expect 1 "GPU_STP0F cannot compute it" -- "$RT" -g 5 -p r "$TMP/wide.txt" "$TMP/out.txt" 1
scaled -7 >"$TMP/tiny.txt"
expect 1 "tiny.txt: pair 0: its largest coordinate Q.z = 1.9999999999999999e-07: .*at least 1e-6" -- "$RT" --algorithm hainesf -p r "$TMP/tiny.txt" "$TMP/out.txt" 1
check "no output left by the range errors" test ! -e "$TMP/out.txt"
check "the extremes give the hand-made pair's faces" grep -q '^true 3 0 ' "$TMP/bottom.out"
expect 0 "the single-precision algorithms are not run \(their cells are NA\)" -- \
    "$BIN/Bench" --no-opencl --algorithms stp0,stp0f "$TMP/wide.txt" "$TMP/wide.csv" 1
check "STP0F is NA" test "$(grep -v '^#' "$TMP/wide.csv" | cut -d, -f"$(head -n 1 "$TMP/wide.csv" | tr ',' '\n' | grep -nx STP0F | cut -d: -f1)")" = NA
"$BIN/Accuracy" --no-opencl --algorithms stp0,stp0f "$TMP/wide.txt" >"$TMP/accuracy_wide.out" 2>&1
check "Accuracy leaves the float variants out" grep -q 'single-precision algorithms are left out' "$TMP/accuracy_wide.out"
check "Accuracy still measures stp0" grep -q '^stp0 ' "$TMP/accuracy_wide.out"
finish
