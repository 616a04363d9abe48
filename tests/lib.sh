# lib.sh: helpers for the shell tests (sourced). Each test runs with BUILD (the build folder)
# and TMP (its own scratch folder) set, and ends with `finish`.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BIN="$ROOT/$BUILD"
passes=0
fails=0

pass() { passes=$((passes + 1)); }
fail() {
    fails=$((fails + 1))
    echo "FAILED: $*" >&2
}

# expect STATUS PATTERN -- command...: the command exits with STATUS and its stderr matches
# the extended regular expression PATTERN (in one line).
expect() {
    local want=$1 pattern=$2
    shift 3
    local err="$TMP/stderr.$$" status
    "$@" >"$TMP/stdout.$$" 2>"$err"
    status=$?
    if [ "$status" -ne "$want" ]; then
        fail "$* exited $status, expected $want; stderr: $(head -c 400 "$err")"
    elif [ -n "$pattern" ] && ! grep -Eq -- "$pattern" "$err"; then
        fail "$*: stderr does not match /$pattern/: $(head -c 400 "$err")"
    elif [ "$want" -ne 0 ] && [ "$(grep -c . "$err")" -ne 1 ]; then
        fail "$*: an error should be one line, got: $(cat "$err")"
    else
        pass
    fi
}

check() { # check DESCRIPTION command...: the command succeeds
    local what=$1
    shift
    if "$@"; then pass; else fail "$what"; fi
}

finish() {
    echo "$(basename "$0" .sh): $passes passed, $fails failed"
    [ "$fails" -eq 0 ]
}

# A test of the OpenCL path: without an OpenCL device (or with RAYTETRA_TEST_OPENCL=0) it says so,
# checks nothing and ends here (call it at the top level of the test script).
opencl_or_skip() {
    if [ "${RAYTETRA_TEST_OPENCL:-1}" = 0 ] || ! "$BIN/RayTetra" --list-devices >/dev/null 2>&1; then
        echo "$(basename "$0" .sh): no OpenCL device (or RAYTETRA_TEST_OPENCL=0): skipped"
        finish
        exit
    fi
}

# flat_pair IN.rtb OUT.rtb N: OUT a copy of the binary pairs IN with pair N's (from 0) tetrahedron
# made flat (its fourth vertex moved onto the first), a pair the checker refuses.
flat_pair() {
    python3 - "$1" "$2" "$3" <<'EOF_FLAT'
import sys
data = bytearray(open(sys.argv[1], 'rb').read())
record = 64 + int(sys.argv[3]) * 144
data[record + 72:record + 96] = data[record:record + 24]
open(sys.argv[2], 'wb').write(data)
EOF_FLAT
}
