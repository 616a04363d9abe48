# test_list_algorithms: --list-algorithms is the same in all five programs (the registry prints
# it), one variant a line with its names first; RayTetra takes every name of the list in any
# case; the help texts name every algorithm; the thesis options' ranges come from the list.
source "$(dirname "$0")/lib.sh"
list="$TMP/list.txt"
expect 0 '' -- "$BIN/RayTetra" --list-algorithms
cp "$TMP/stdout.$$" "$list"
for program in Bench Accuracy CompareResults RandomRayTetra; do
    expect 0 '' -- "$BIN/$program" --list-algorithms
    check "$program --list-algorithms is RayTetra's" cmp -s "$list" "$TMP/stdout.$$"
done
check "one variant a line: NAME CSV_NAME cpu|opencl double|float INDEX|- PROPERTIES DESCRIPTION" \
    test "$(grep -cEv '^[a-z0-9_]+ +[A-Za-z0-9_]+ +(cpu|opencl) +(double|float) +([0-9]+|-) +[a-z,-]+ +[^ ].*$' "$list")" -eq 0
check "no two lines share a name, in any case" \
    test "$(awk '{ print tolower($1); if (tolower($2) != tolower($1)) print tolower($2) }' "$list" | sort | uniq -d | wc -l)" -eq 0
check "both kinds and both precisions" test "$(awk '{ print $3, $4 }' "$list" | sort -u | wc -l)" -eq 4
# The precomputed forms have OpenCL builds, double and float, by -g index.
for form in pluecker0 pluecker1 pluecker2 stp0 stp1 stp2; do
    check "gpu_${form}p and gpu_${form}pf are listed as precomputed OpenCL builds with a -g index" test \
        "$(grep -cE "^gpu_${form}pf? +GPU_[A-Za-z0-9]+PF? +opencl +(double|float) +[0-9]+ +precomputed " "$list")" -eq 2
done

# RayTetra runs every CPU variant by its CSV name in upper case and reports its canonical name.
in="$TMP/in.txt"
"$BIN/RandomRayTetra" "$in" -i 5 -n 5 --seed 3 >/dev/null || fail "RandomRayTetra"
while read -r name csv_name kind _; do
    [ "$kind" = cpu ] || continue
    "$BIN/RayTetra" --algorithm "${csv_name^^}" -p r "$in" "$TMP/$name.out" 1 >"$TMP/run.txt" 2>&1
    check "--algorithm ${csv_name^^} runs $name" grep -q "^algorithm $name pairs 10 " "$TMP/run.txt"
done <"$list"
expect 2 "unknown algorithm 'GPU_NOPE'" -- "$BIN/RayTetra" --algorithm GPU_NOPE "$in" "$TMP/x.out" 1

# The help texts name every CPU variant and every OpenCL one (by CSV name).
for program in RayTetra Bench Accuracy; do
    "$BIN/$program" -h >"$TMP/help.txt" || fail "$program -h"
    missing=$(awk '{ print $3 == "cpu" ? $1 : $2 }' "$list" | while read -r name; do
        grep -qw -- "$name" "$TMP/help.txt" || echo "$name"
    done)
    check "$program -h names every algorithm (missing: $missing)" test -z "$missing"
done

# -g takes 0 to the largest thesis index of the list.
max=$(awk '$5 != "-" { print $5 }' "$list" | sort -n | tail -n 1)
expect 2 "-g \(OpenCL algorithm\) must be a whole number from 0 to $max, not '$((max + 1))'" -- \
    "$BIN/RayTetra" -g $((max + 1)) "$in" "$TMP/x.out" 1
expect 2 "only one algorithm" -- "$BIN/RayTetra" -t 1 --algorithm GPU_STP1 "$in" "$TMP/x.out" 1
finish
