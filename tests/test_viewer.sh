#!/usr/bin/env bash
# test_viewer.sh: RayTetra -d, the GLUT view. Under a private Xvfb, snapshots of a hit and of a
# miss must be 800x600 PNGs; the hit's must show the enter and leave markers in their colours
# (RayTetra/viewer_scene.h), the miss's neither; a segment's clipped ends in the clipped colour. Also the errors: no display, a pair number
# outside the file, and (in a build without freeglut) the missing viewer.
source "$(dirname "$0")/lib.sh"
RAYTETRA="$BIN/RayTetra"
PROBE="$BIN/tests/png_probe"
ENTER_RGB=(40 140 255)
LEAVE_RGB=(255 120 0)
CLIPPED_RGB=(230 40 230)
TOLERANCE=6
MIN_PIXELS=40 # a marker is a disc about 12 pixels across

# Under AddressSanitizer, libGL unloads Mesa's driver (dlclose) before LeakSanitizer looks, so
# the driver's own allocations show up as leaks from unknown frames that no suppression can
# name. Preloaded, the driver stays mapped: its globals count as roots again, and what it does
# leak (its drawable at exit) is named swrast_dri.so and suppressed in tests/lsan.supp. Our
# code stays fully checked. verify_asan_link_order=0 lets gcc's ASan runtime accept a preload.
VIEWER_ENV=()
if [ "${SANITIZED:-0}" = 1 ]; then
    driver=""
    for dir in "$(pkg-config --variable=dridriverdir dri 2>/dev/null)" \
        "/usr/lib/$(gcc -print-multiarch 2>/dev/null)/dri" \
        /usr/lib64/dri /usr/lib/dri; do
        if [ -n "$dir" ] && [ -f "$dir/swrast_dri.so" ]; then
            driver="$dir/swrast_dri.so"
            break
        fi
    done
    if [ -n "$driver" ]; then
        VIEWER_ENV=("LD_PRELOAD=$driver" "ASAN_OPTIONS=${ASAN_OPTIONS:-}:verify_asan_link_order=0")
    else
        fail "Mesa's swrast_dri.so not found: it must be preloaded for the sanitizer build (see above)"
    fi
fi
raytetra() { env "${VIEWER_ENV[@]}" "$RAYTETRA" "$@"; }

"$BIN/RandomRayTetra" "$TMP/hit.txt" -i 1 -n 0 --seed 5 >/dev/null || fail "RandomRayTetra (hit)"
"$BIN/RandomRayTetra" "$TMP/miss.txt" -i 0 -n 1 --seed 5 >/dev/null || fail "RandomRayTetra (miss)"

expect 1 'hit\.txt holds pairs 0 to 0 only' -- raytetra -d 1 --snapshot "$TMP/range.png" "$TMP/hit.txt"
check "no snapshot for an out-of-range pair" test ! -e "$TMP/range.png"

# png_probe is built only with the viewer: without it, -d must say so.
if [ ! -x "$PROBE" ]; then
    expect 1 'built without the viewer' -- raytetra -d 0 --snapshot "$TMP/none.png" "$TMP/hit.txt"
    finish
    exit
fi

expect 1 'DISPLAY is not set' -- env -u DISPLAY "${VIEWER_ENV[@]}" "$RAYTETRA" -d 0 \
    --snapshot "$TMP/none.png" "$TMP/hit.txt"
expect 1 "cannot open the X display ':65432'" -- env DISPLAY=:65432 "${VIEWER_ENV[@]}" "$RAYTETRA" -d 0 \
    --snapshot "$TMP/none.png" "$TMP/hit.txt"
check "no snapshot without a display" test ! -e "$TMP/none.png"

# A private X server: -displayfd makes Xvfb pick a free display number itself (no race with
# other servers) and write it once it accepts connections; with -noreset it does not reset
# each time its last client (one RayTetra) exits, so no run meets a server in mid-reset.
if ! command -v Xvfb >/dev/null; then
    fail "Xvfb is not installed (scripts/setup.sh installs it)"
    finish
    exit
fi
Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp -noreset 3>"$TMP/display" 2>"$TMP/xvfb.log" &
xvfb_pid=$!
trap 'kill "$xvfb_pid" 2>/dev/null; wait "$xvfb_pid" 2>/dev/null' EXIT
for _ in $(seq 100); do
    [ -s "$TMP/display" ] && break
    sleep 0.1
done
if [ ! -s "$TMP/display" ]; then
    fail "Xvfb did not start: $(tail -n 3 "$TMP/xvfb.log")"
    finish
    exit
fi
export DISPLAY=":$(head -n 1 "$TMP/display")"

# pixels FILE RGB...: how many pixels of FILE have that colour (within TOLERANCE).
pixels() { "$PROBE" "$1" count "$2" "$3" "$4" "$TOLERANCE"; }

snapshot() { # snapshot NAME: render $TMP/NAME.txt's pair 0 to $TMP/NAME.png and check the PNG
    local name=$1
    shift
    expect 0 '' -- raytetra -d 0 "$@" --snapshot "$TMP/$name.png" "$TMP/$name.txt"
    check "$name: snapshot is an 800x600 PNG" test "$("$PROBE" "$TMP/$name.png" size)" = "800 600"
}

snapshot hit
enter=$(pixels "$TMP/hit.png" "${ENTER_RGB[@]}")
leave=$(pixels "$TMP/hit.png" "${LEAVE_RGB[@]}")
check "hit: enter colour shown ($enter pixels)" test "${enter:-0}" -ge "$MIN_PIXELS"
check "hit: leave colour shown ($leave pixels)" test "${leave:-0}" -ge "$MIN_PIXELS"

snapshot miss -s 0
enter=$(pixels "$TMP/miss.png" "${ENTER_RGB[@]}")
leave=$(pixels "$TMP/miss.png" "${LEAVE_RGB[@]}")
check "miss: no enter colour ($enter pixels)" test "${enter:-1}" -eq 0
check "miss: no leave colour ($leave pixels)" test "${leave:-1}" -eq 0

# A segment inside the tetrahedron (P and Q near its centroid): both ends clipped, marked in the
# clipped colour; the line through the same points has no clipped end.
awk 'NR == 1 { print; next } {
    cx = ($1 + $4 + $7 + $10) / 4; cy = ($2 + $5 + $8 + $11) / 4; cz = ($3 + $6 + $9 + $12) / 4
    printf "%s %s %s %s %s %s %s %s %s %s %s %s %.9f %.9f %.9f %.9f %.9f %.9f\n", $1, $2, $3, $4, $5, $6, $7, $8,
        $9, $10, $11, $12, cx - 0.05, cy, cz, cx + 0.05, cy + 0.02, cz }' "$TMP/hit.txt" >"$TMP/inside.txt"
cp "$TMP/inside.txt" "$TMP/line.txt"
snapshot inside --extent segment
clipped=$(pixels "$TMP/inside.png" "${CLIPPED_RGB[@]}")
check "segment inside: clipped colour shown ($clipped pixels)" test "${clipped:-0}" -ge "$((2 * MIN_PIXELS))"
snapshot line
clipped=$(pixels "$TMP/line.png" "${CLIPPED_RGB[@]}")
check "line: no clipped colour ($clipped pixels)" test "${clipped:-1}" -eq 0

# Another algorithm, onto an existing file: it is replaced whole, and no temporary file stays.
echo "not a png" >"$TMP/replace.png"
expect 0 '' -- raytetra -d 0 -t 2 --snapshot "$TMP/replace.png" "$TMP/hit.txt"
check "replaced file is a PNG" test "$("$PROBE" "$TMP/replace.png" size)" = "800 600"
check "no temporary files left" test -z "$(find "$TMP" -name '*.tmp.*')"

finish
