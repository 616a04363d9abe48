# test_cli: the command line every program and script shares: --version and -h/--help answer
# with text and exit 0; the same mistake gets the same line and status 2 everywhere; -n/--device chooses the OpenCL device in every program that uses OpenCL;
# every script answers -h/--help with its usage and does nothing else, and a wrong argument
# gets one usage line and status 2.
source "$(dirname "$0")/lib.sh"

for program in RayTetra RandomRayTetra Bench Accuracy CompareResults CompareRuns TetWalk; do
    for option in --version -h --help; do
        expect 0 "" -- "$BIN/$program" "$option"
        check "$program $option prints something" test -s "$TMP/stdout.$$"
    done
    "$BIN/$program" --version >"$TMP/version" 2>&1
    check "$program --version starts with its name" grep -q "^$program (RayTetra) " "$TMP/version"
done

# -n and --device: device 0 (PoCL's CPU device, or the CPU only when there is none) is accepted;
# a device that is not a number is a usage error naming the option.
"$BIN/RandomRayTetra" "$TMP/pairs.txt" -i 5 -n 5 >/dev/null
for option in -n --device; do
    expect 0 "" -- "$BIN/RayTetra" -t 0 "$option" 0 "$TMP/pairs.txt" "$TMP/out.txt" 1
    expect 0 "" -- "$BIN/Bench" "$option" 0 --algorithms STP0 "$TMP/pairs.txt" "$TMP/bench.csv" 1
    expect 0 "" -- "$BIN/Accuracy" "$option" 0 --algorithms STP0 "$TMP/pairs.txt"
    expect 0 "" -- "$BIN/TetWalk" "$option" 0 --reps 1 --size 16x16 --algorithm stp0 "$ROOT/data/box.mesh"
    expect 2 "must be a whole number" -- "$BIN/RayTetra" -t 0 "$option" x "$TMP/pairs.txt" "$TMP/out.txt" 1
    expect 2 "must be a whole number" -- "$BIN/Bench" "$option" x "$TMP/pairs.txt" "$TMP/bench.csv" 1
    expect 2 "must be a whole number" -- "$BIN/Accuracy" "$option" x "$TMP/pairs.txt"
    expect 2 "must be a whole number" -- "$BIN/TetWalk" "$option" x "$ROOT/data/box.mesh"
done
# The thesis' positional DEVICE of Bench still works.
expect 0 "" -- "$BIN/Bench" --algorithms STP0 "$TMP/pairs.txt" "$TMP/bench.csv" 1 0
# --csv FILE names Bench's OUTPUT, as in Accuracy; the positional OUTPUT still works.
expect 0 "" -- "$BIN/Bench" --algorithms STP0 --csv "$TMP/option.csv" "$TMP/pairs.txt" 1
expect 0 "" -- "$BIN/Bench" --algorithms STP0 "$TMP/pairs.txt" "$TMP/positional.csv" 1
check "--csv and OUTPUT write the same header" \
    test "$(grep -v '^#[a-z]' "$TMP/option.csv" | head -n 1)" = "$(grep -v '^#[a-z]' "$TMP/positional.csv" | head -n 1)"
expect 2 "expected INPUT REPS \[DEVICE\] with --csv" -- "$BIN/Bench" --csv "$TMP/x.csv" "$TMP/pairs.txt"
# A usage error found after parsing (an unknown algorithm) exits 2 by its kind, not its text.
expect 2 "--algorithms: unknown algorithm 'nope'" -- "$BIN/Bench" --algorithms nope "$TMP/pairs.txt" "$TMP/x.csv" 1

# The same mistake gets the same line and status 2 from every program (program_options.h): an
# unknown option, an option missing its argument, a negative number where an option was
# expected, too many positional arguments, and a word where a shared number option (-n/--device,
# --seed) wants a whole number. Each program is given, after its name, an option that takes an
# argument (for the missing one) and a shared number option (none: it takes no number).
for row in "RayTetra --local-size -n" "RandomRayTetra --seed --seed" "TetWalk --seed --seed" \
    "Bench --local-size -n" "Accuracy --extent -n" "CompareResults --extent -" "CompareRuns - -"; do
    read -r program with_argument number_option <<<"$row"
    see="\(see $program -h\)$"
    expect 2 "^$program: error: --bogus: unknown option or missing argument $see" -- "$BIN/$program" --bogus a b
    expect 2 "^$program: error: -7: a negative number where an option was expected \($program's positional arguments are never negative\) $see" \
        -- "$BIN/$program" a -7
    expect 2 "^$program: error: expected [^,]+, got 6 arguments $see" -- "$BIN/$program" a b c d e f
    if [ "$with_argument" != - ]; then
        expect 2 "^$program: error: $with_argument: unknown option or missing argument $see" \
            -- "$BIN/$program" a "$with_argument"
    fi
    if [ "$number_option" != - ]; then
        expect 2 "^$program: error: (-n/--device|--seed) must be a whole number from 0 to [0-9]+, not 'x' $see" \
            -- "$BIN/$program" "$number_option" x a
    fi
done

# Scripts: -h/--help prints the usage on stdout and touches nothing: run in an empty folder with
# apt-get, sudo, dpkg-query, Bench and the other tools they might start replaced by stubs that
# leave a mark.
mkdir -p "$TMP/stubs" "$TMP/empty"
for tool in apt-get sudo dpkg dpkg-query tetgen gnuplot jq python3 Bench RayTetra RandomRayTetra Accuracy TetWalk; do
    printf '#!/bin/sh\necho "$0 $*" >>"%s/started"\n' "$TMP" >"$TMP/stubs/$tool"
    chmod +x "$TMP/stubs/$tool"
done
for script in "$ROOT"/scripts/*.sh; do
    name=$(basename "$script")
    [ "$name" = lib.sh ] && continue
    for option in -h --help; do
        (cd "$TMP/empty" && PATH="$TMP/stubs:$PATH" RAYTETRA_BIN="$TMP/stubs" bash "$script" "$option" \
            >"$TMP/help.out" 2>"$TMP/help.err")
        status=$?
        check "$name $option exits 0 (got $status)" test "$status" -eq 0
        check "$name $option prints its usage" grep -q "^usage: $name" "$TMP/help.out"
        check "$name $option writes nothing on stderr" test ! -s "$TMP/help.err"
    done
    check "$name -h leaves no file" test -z "$(ls -A "$TMP/empty")"
    check "$name -h starts no program" test ! -e "$TMP/started"
    # A wrong option: the programs' line for it and the usage, status 2, nothing started.
    expect 2 "^$name: error: --no-such-option: unknown option or missing argument \\(usage: $name" -- env PATH="$TMP/stubs:$PATH" RAYTETRA_BIN="$TMP/stubs" \
        bash "$script" --no-such-option
    check "$name --no-such-option starts no program" test ! -e "$TMP/started"
done
finish
