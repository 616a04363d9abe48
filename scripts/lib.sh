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
