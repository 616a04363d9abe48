# lib.sh: the prologue every script in scripts/ sources: strict mode, the C locale, the script's
# folder and name, where RayTetra's programs are, and the one-line usage and error helpers. A
# script sources this file, then sets USAGE (its usage line, naming $PROGRAM). `make install`
# copies the scripts to PREFIX/bin/raytetra-NAME and this file to PREFIX/share/raytetra/lib.sh.
set -euo pipefail
export LC_ALL=C
# The sourcing script's name (as it was installed: fullbench.sh, raytetra-fullbench), its folder,
# and the source tree above it.
PROGRAM=$(basename "${BASH_SOURCE[1]}")
here=$(cd "$(dirname "${BASH_SOURCE[1]}")" && pwd)
root=$(cd "$here/.." && pwd)
# The programs: $RAYTETRA_BIN if set; else beside an installed script (make install puts both
# into PREFIX/bin); else the source tree's build folder ($BUILD, default build).
if [ -n "${RAYTETRA_BIN:-}" ]; then
    bin=$RAYTETRA_BIN
elif [ -x "$here/Bench" ]; then
    bin=$here
else
    bin=${BUILD:-build}
    [[ "$bin" = /* ]] || bin="$root/$bin"
fi

# usage_error TEXT: a wrong argument: one line with the usage, exit status 2.
usage_error() {
    echo "$PROGRAM: error: $* ($USAGE)" >&2
    exit 2
}

# unknown_option ARG: an option the script does not take: the line the programs give for one
# (program_options.h), with the usage, exit status 2.
unknown_option() { usage_error "$1: unknown option or missing argument"; }

# parse_arguments ARGS...: a script's options, then its positional arguments into the array
# `positional`. -h or --help prints the script's help() and exits 0; `--` ends the options; any
# other word starting with '-' goes to the script's option() with the words after it, which sets
# `taken` to the words it used (1, the default, or 2 with its value) and ends in unknown_option
# for an option it does not take.
parse_arguments() {
    positional=()
    while [ $# -gt 0 ]; do
        case $1 in
        -h | --help) help; exit 0 ;;
        --) shift; positional+=("$@"); break ;;
        -*) taken=1; option "$@"; shift "$taken" ;;
        *) positional+=("$1"); shift ;;
        esac
    done
}

# die TEXT: any other failure: one line, exit status 1.
die() {
    echo "$PROGRAM: error: $*" >&2
    exit 1
}

# wants_help ARGS...: true when the first argument is -h or --help.
wants_help() { [ $# -ge 1 ] && { [ "$1" = -h ] || [ "$1" = --help ]; }; }

# sibling NAME: the path of another script, NAME as in scripts/ (plot_time_graph.sh): beside this
# one in the source tree, or installed under its installed name (raytetra-plot-time-graph).
sibling() {
    if [ -f "$here/$1" ]; then
        echo "$here/$1"
    else
        local name=${1%.sh}
        echo "$here/raytetra-${name//_/-}"
    fi
}

# json_require FILE SCHEMA WHAT CONTEXT_FIELDS ROW_FIELDS: dies with one line naming FILE unless
# it holds exactly one JSON document (read whole: an empty file, a second document or garbage
# after the first are refused) that is an object of that "schema" (WHAT names it in the
# message), whose "context" has CONTEXT_FIELDS and every one of whose "results" has ROW_FIELDS.
# Both are JSON objects of field name -> the jq types allowed ({"pairs": ["number"]}; "null"
# also allows the field to be missing). A script checks its inputs so before it writes anything.
json_require() {
    local file=$1 schema=$2 what=$3 context_fields=$4 row_fields=$5 problem
    # shellcheck disable=SC2016
    if ! problem=$(jq -rs --arg schema "$schema" --arg what "$what" --argjson context_fields "$context_fields" \
        --argjson row_fields "$row_fields" '
        def wrong($fields): . as $object | [$fields | to_entries[]
            | select(($object[.key] | type) as $t | any(.value[]; . == $t) | not)
            | "\(.key) (\(.value | join(" or ")))"];
        if length == 0 then "is empty: not a JSON document"
        elif length > 1 then "holds \(length) JSON documents (or garbage after the first), not one"
        elif (.[0] | type) != "object" or .[0].schema != $schema then
            "not \($what) (no \"schema\": \"\($schema)\"; see docs/JSON.md)"
        elif (.[0].context | type) != "object" then "has no \"context\" object"
        elif (.[0].results | type) != "array" then "has no \"results\" array"
        else .[0] as $document
            | ($document.context | wrong($context_fields)) as $context
            | if ($context | length) > 0 then "context: missing or of the wrong type: \($context | join(", "))"
              else first($document.results | to_entries[]
                         | (.value | if type == "object" then wrong($row_fields) else ["the result itself (object)"] end)
                           as $row
                         | select($row | length > 0)
                         | "results[\(.key)]: missing or of the wrong type: \($row | join(", "))") // ""
              end
        end' "$file" 2>&1); then
        die "$file: not valid JSON: ${problem%%$'\n'*}"
    fi
    [ -z "$problem" ] || die "$file: $problem"
}

# capture TARGET COMMAND...: COMMAND's standard output into TARGET, which appears (or is
# replaced) only when COMMAND succeeded: written to a temporary name beside TARGET (the same file
# system), then renamed over it; on a failure the temporary is removed and TARGET left as it was.
# Returns COMMAND's status.
capture() {
    local target=$1 beside status=0
    shift
    beside=$(mktemp "$(dirname "$target")/.$(basename "$target").tmp.XXXXXX") || die "$target: cannot write beside it"
    "$@" >"$beside" || status=$?
    if [ "$status" -eq 0 ]; then
        chmod 644 "$beside" && mv -f "$beside" "$target" || { rm -f "$beside"; die "$target: cannot write"; }
    else
        rm -f "$beside"
    fi
    return "$status"
}

# publish TEMPORARY TARGET: TEMPORARY (written whole) replaces TARGET at once.
publish() { capture "$2" cat "$1" || die "$2: cannot write"; }

# central_vertex MESH: the vertex nearest the centre of the mesh's box (.mesh, or TetGen's .ele with
# its .node), numbered as its file numbers vertices (tetwalk_bench.sh, robust_walk_bench.sh).
central_vertex() {
    python3 - "$1" <<'PYTHON'
import sys
path = sys.argv[1]
def numbers(line):
    return [float(x) for x in line.split()]
points, first = [], 1
if path.endswith(".mesh"):
    with open(path) as f:
        words = f.read().split()
    i = words.index("Vertices")
    n = int(words[i + 1])
    points = [tuple(float(w) for w in words[i + 2 + 4 * k:i + 5 + 4 * k]) for k in range(n)]
else:
    with open(path[:-len(".ele")] + ".node") as f:
        lines = [l.split("#")[0].split() for l in f]
    lines = [l for l in lines if l]
    n = int(lines[0][0])
    first = int(lines[1][0])
    points = [tuple(float(w) for w in l[1:4]) for l in lines[1:1 + n]]
low = [min(p[a] for p in points) for a in range(3)]
high = [max(p[a] for p in points) for a in range(3)]
centre = [(low[a] + high[a]) / 2 for a in range(3)]
best = min(range(len(points)), key=lambda k: sum((points[k][a] - centre[a]) ** 2 for a in range(3)))
print(best + first)
PYTHON
}
