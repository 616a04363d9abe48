#!/usr/bin/env bash
# report.sh: one Markdown page from Bench's and Accuracy's JSON files (docs/JSON.md): which
# algorithm to use for which need (the fastest, the fastest exact one, the fastest on a table
# per tetrahedron, the fastest comparison test, the most accurate in single precision, ...),
# then a table of every algorithm with its speed and its accuracy side by side; with --walks,
# the same for TetWalk's walks from its JSON files (which walk for which need, every walk's speed,
# lost rays and bytes a step). jq reads the files; awk ranks and writes.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
USAGE="usage: $PROGRAM [--walks TETWALK.json]... BENCH.json... ACCURACY.json"

if [ $# -ge 1 ] && { [ "$1" = -h ] || [ "$1" = --help ]; }; then
    cat <<EOF_USAGE
$USAGE

Writes on standard output a Markdown report of one or more Bench runs (Bench --json files, e.g.
the steps of a fullbench.sh sweep) and one Accuracy run (Accuracy --json): a table "which
algorithm for which need" and a table of every algorithm: its throughput (million tests per
second: the median of each run, averaged over the runs; the CPU run or the OpenCL kernel
without transfers), whether every run verified it, and from Accuracy the pairs of the
degenerate input classes (every class but 'random') it misclassified or gave other faces for,
and its largest point error relative to the tetrahedron's size. An algorithm missing from one
of the files has '-' there.

--walks TETWALK.json (repeatable; TetWalk --json files, e.g. scripts/tetwalk_bench.sh's runs)
adds the walks through a mesh: which walk for which need (the fastest on the CPU and in OpenCL,
the fastest that lost no ray and matched the exact traversal on every verified ray, every run
verifying some (TetWalk --verify N), the fewest bytes a step) and every walk's million steps per second (averaged over
the runs it is in), its lost rays and verified rays off the exact traversal (summed), and its
bytes a step.
EOF_USAGE
    exit 0
fi
walks=() positional=()
while [ $# -gt 0 ]; do
    case "$1" in
    --walks) [ $# -ge 2 ] || usage_error "--walks needs a TetWalk JSON file"; walks+=("$2"); shift 2 ;;
    -*) unknown_option "$1" ;;
    *) positional+=("$1"); shift ;;
    esac
done
set -- "${positional[@]}"
[ $# -ge 2 ] || usage_error "expected BENCH.json... ACCURACY.json, got $# argument$([ $# -eq 1 ] || echo s)"
command -v jq >/dev/null || { echo "$PROGRAM: error: jq is not installed (Debian: apt-get install jq)" >&2; exit 1; }
benches=("${@:1:$#-1}")
accuracy=${!#}
for file in "$@" "${walks[@]}"; do
    [ -f "$file" ] && [ -r "$file" ] || usage_error "$file: no such readable file"
done
for file in "${walks[@]}"; do
    json_require "$file" raytetra-tetwalk/1 "a TetWalk JSON file (--walks)" '{}' \
        '{"algorithm": ["string"], "kind": ["string"], "msteps_per_s": ["number", "null"], "lost": ["number"],
          "wrong": ["number", "null"], "verified_rays": ["number", "null"], "bytes_per_step": ["number"]}'
done
# Every file and every field read below, checked before a line is written.
for file in "${benches[@]}"; do
    json_require "$file" raytetra-bench/1 "a Bench JSON file" '{}' \
        '{"algorithm": ["string"], "kind": ["string"], "precision": ["string"], "phase": ["string"],
          "properties": ["array"], "mtests_per_s": ["number", "null"], "verified": ["boolean", "null"]}'
done
json_require "$accuracy" raytetra-accuracy/1 "an Accuracy JSON file (the last argument)" '{}' \
    '{"algorithm": ["string"], "kind": ["string"], "precision": ["string"], "properties": ["array"],
      "class": ["string"], "pairs": ["number"], "misclassified": ["number"], "wrong_faces": ["number"],
      "point_error_max": ["number", "null"]}'
# walk_report: the walks' part of the page, from the --walks files.
walk_report() {
    jq -r '.context as $c | .results[] | [.algorithm, .kind, (.msteps_per_s // "NA"), .lost, (.wrong // 0),
           (.verified_rays // 0), .bytes_per_step, ($c.mesh | split("/") | last), $c.rays_source] | @tsv' "${walks[@]}" |
        awk -F'\t' -v runs="${#walks[@]}" '
function add(name) { if (!(name in seen)) { seen[name] = 1; order[count++] = name } }
function speed(name) { return timed[name] ? sprintf("%.2f", msteps[name] / timed[name]) : "-" }
function clean(name) { return lost[name] == 0 && wrong[name] == 0 && checked[name] == present[name] }
function fastest(condition_kind, need_clean,   i, name, best) {
    best = ""
    for (i = 0; i < count; ++i) {
        name = order[i]
        if (!timed[name] || (condition_kind != "" && kind[name] != condition_kind) || (need_clean && !clean(name))) continue
        if (best == "" || msteps[name] / timed[name] > msteps[best] / timed[best]) best = name
    }
    return best
}
function lightest(   i, name, best) {
    best = ""
    for (i = 0; i < count; ++i) {
        name = order[i]
        if (best == "" || bytes[name] < bytes[best] || (bytes[name] == bytes[best] && msteps[name] / timed[name] > msteps[best] / timed[best])) best = name
    }
    return best
}
function why(name) {
    return sprintf("%s Msteps/s; %d lost, %d of %d verified rays off the exact traversal; %d bytes a step",
                   speed(name), lost[name], wrong[name], verified[name], bytes[name])
}
function need(text, name) {
    if (name == "") printf "| %s | none | no walk qualifies in these files |\n", text
    else printf "| %s | **%s** | %s |\n", text, name, why(name)
}
{
    add($1); kind[$1] = $2; bytes[$1] = $7
    if ($3 != "NA") { msteps[$1] += $3; timed[$1]++ }
    lost[$1] += $4; wrong[$1] += $5; verified[$1] += $6; present[$1]++; checked[$1] += $6 > 0
    if (!(($8 " " $9) in run_seen)) { run_seen[$8 " " $9] = 1; run_list = run_list (run_list == "" ? "" : "; ") $8 ", " $9 }
}
END {
    printf "\n# Walks through a mesh: which walk for which need\n\n"
    printf "From %d TetWalk run%s (%s). Million steps per second, the median of each run averaged over the runs a " \
           "walk is in; lost rays and verified rays off the exact traversal summed over the runs.\n\n",
           runs, runs == 1 ? "" : "s", run_list
    printf "| need | use | why |\n|---|---|---|\n"
    need("fastest walk on the CPU", fastest("cpu", 0))
    need("fastest walk in OpenCL", fastest("opencl", 0))
    need("fastest walk that lost no ray and matched the exact traversal on every verified ray, in runs that all verified some (TetWalk --verify)", fastest("", 1))
    need("fewest bytes of mesh a step", lightest())
    printf "\n## Every walk\n\n| walk | kind | Msteps/s | lost | off the exact traversal | bytes a step |\n" \
           "|---|---|---:|---:|---:|---:|\n"
    for (i = 0; i < count; ++i) {
        name = order[i]
        printf "| %s | %s | %s | %d | %d of %d | %d |\n", name, kind[name], speed(name), lost[name], wrong[name],
               verified[name], bytes[name]
    }
}'
}

report=$(mktemp "${TMPDIR:-/tmp}/report.XXXXXX")
trap 'rm -f "$report"' EXIT

# One line per timing: B algorithm kind precision properties mtests verified
# and per accuracy row:  A algorithm kind precision properties class pairs misclassified wrong_faces point_error_max
# The report goes to a temporary file, printed only once it is complete.
{
    jq -r '.results[] | select((.kind == "cpu" and .phase == "run") or (.kind == "opencl" and .phase == "kernel")) |
           ["B", .algorithm, .kind, .precision, (.properties | join(",")), (.mtests_per_s // "NA"), .verified] | @tsv' \
        "${benches[@]}"
    jq -r '.results[] | ["A", .algorithm, .kind, .precision, (.properties | join(",")), .class, .pairs,
           .misclassified, .wrong_faces, (.point_error_max // "NA")] | @tsv' "$accuracy"
} | awk -F'\t' -v runs="${#benches[@]}" -v accuracy="$(basename "$accuracy")" '
function add(name) { if (!(name in seen)) { seen[name] = 1; order[count++] = name } }
function has(list, word) { return ("," list ",") ~ ("," word ",") }
function speed(name) { return timed[name] ? sprintf("%.2f", mtests[name] / timed[name]) : "-" }
function fastest(condition_kind, condition_precision, need_property, need_clean,   i, name, best) {
    best = ""
    for (i = 0; i < count; ++i) {
        name = order[i]
        if (!timed[name] || verified[name] < runs) continue
        if (condition_kind != "" && kind[name] != condition_kind) continue
        if (condition_precision != "" && precision[name] != condition_precision) continue
        if (need_property != "" && !has(properties[name], need_property)) continue
        if (need_clean && (!(name in degenerate) || wrong[name] + faces[name] > 0)) continue
        if (best == "" || mtests[name] / timed[name] > mtests[best] / timed[best]) best = name
    }
    return best
}
function most_accurate(condition_precision,   i, name, best, score, best_score) {
    best = ""
    for (i = 0; i < count; ++i) {
        name = order[i]
        if (!(name in degenerate) || precision[name] != condition_precision) continue
        # fewest differences on degenerate input, then the smallest point error
        score = (wrong[name] + faces[name]) * 1e6 + (error[name] == "NA" ? 1e5 : error[name])
        if (best == "" || score < best_score) { best = name; best_score = score }
    }
    return best
}
function accuracy_text(name) {
    if (!(name in degenerate)) return "no accuracy data"
    return sprintf("%d misclassified and %d other faces in %d degenerate pairs, largest point error %s",
                   wrong[name], faces[name], degenerate[name], error[name])
}
function need(text, name, why) {
    if (name == "") printf "| %s | none | no algorithm qualifies in these files |\n", text
    else printf "| %s | **%s** | %s |\n", text, name, why
}
$1 == "B" {
    add($2); kind[$2] = $3; precision[$2] = $4; properties[$2] = $5
    if ($6 != "NA") { mtests[$2] += $6; timed[$2]++ }
    if ($7 == "true") verified[$2]++
}
$1 == "A" {
    add($2); kind[$2] = $3; precision[$2] = $4; properties[$2] = $5
    if ($6 != "random") {
        degenerate[$2] += $7; wrong[$2] += $8; faces[$2] += $9
    } else if (!($2 in degenerate)) degenerate[$2] += 0
    if ($10 != "NA" && (!($2 in error) || error[$2] == "NA" || $10 + 0 > error[$2] + 0)) error[$2] = sprintf("%.2g", $10)
    else if (!($2 in error)) error[$2] = "NA"
}
END {
    printf "# RayTetra: which algorithm for which need\n\n"
    printf "From %d Bench run%s and the Accuracy run %s. Throughput: million tests per second, the median of each run " \
           "averaged over the runs (CPU: one thread; OpenCL: the kernel without transfers). Degenerate pairs: " \
           "every input class but random (lines through edges and vertices, lines in a face plane).\n\n",
           runs, runs == 1 ? "" : "s", accuracy
    printf "| need | use | why |\n|---|---|---|\n"
    n = fastest("cpu", "double", "", 0); need("fastest on the CPU, double precision", n, speed(n) " Mtests/s; " accuracy_text(n))
    n = fastest("cpu", "float", "", 0); need("fastest on the CPU, single precision", n, speed(n) " Mtests/s; " accuracy_text(n))
    n = fastest("opencl", "double", "", 0); need("fastest OpenCL kernel, double precision", n, speed(n) " Mtests/s; " accuracy_text(n))
    n = fastest("opencl", "float", "", 0); need("fastest OpenCL kernel, single precision", n, speed(n) " Mtests/s; " accuracy_text(n))
    n = fastest("", "", "exact", 0); need("fastest exact on degenerate input (by construction)", n, speed(n) " Mtests/s; " accuracy_text(n))
    n = fastest("", "", "", 1); need("fastest without a single difference on this degenerate input", n, speed(n) " Mtests/s; " accuracy_text(n))
    n = fastest("", "", "precomputed", 0); need("fastest with a table per tetrahedron (many lines a tetrahedron: a mesh)", n, speed(n) " Mtests/s, the table filled outside the time; " accuracy_text(n))
    n = fastest("", "", "baseline", 0); need("fastest comparison test (Haines, Moller-Trumbore, Badouel, Havel-Herout: not a Pluecker or STP form)", n, speed(n) " Mtests/s; " accuracy_text(n))
    n = most_accurate("double"); need("most accurate in double precision", n, accuracy_text(n) "; " speed(n) " Mtests/s")
    n = most_accurate("float"); need("most accurate in single precision", n, accuracy_text(n) "; " speed(n) " Mtests/s")
    printf "\n## Every algorithm\n\n"
    printf "| algorithm | kind | precision | Mtests/s | verified | misclassified | other faces | degenerate pairs | " \
           "largest point error | properties |\n|---|---|---|---:|---|---:|---:|---:|---:|---|\n"
    for (i = 0; i < count; ++i) {
        name = order[i]
        printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", name, kind[name], precision[name], speed(name),
               timed[name] || verified[name] ? (verified[name] == runs ? "yes" : sprintf("%d of %d runs", verified[name], runs)) : "-",
               name in degenerate ? wrong[name] : "-", name in degenerate ? faces[name] : "-",
               name in degenerate ? degenerate[name] : "-", name in error ? error[name] : "-",
               properties[name] == "" ? "-" : properties[name]
    }
    printf "\nProperties: thesis (measured in the thesis), baseline (a comparison algorithm, not a Pluecker or STP form), " \
           "exact (exact on degenerate input by construction), simd (vectorised across pairs), precomputed (a table per " \
           "tetrahedron filled before the timed region). Other faces: both say hit, " \
           "with another enter or leave face than exact arithmetic (on an edge either face can be valid; docs/ACCURACY.md). " \
           "Point error: relative to the longest edge of the tetrahedron.\n"
}' >"$report"
[ ${#walks[@]} -eq 0 ] || walk_report >>"$report"
cat "$report"
