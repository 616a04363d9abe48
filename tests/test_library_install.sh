#!/usr/bin/env bash
# test_library_install: `make install` into a temporary DESTDIR, then the installed package as a
# user meets it: the files and the soname links; the shared library exports only raytetra_*, needs
# no GL, GLUT, libpng, X11 or OpenMP and imports nothing that prints to the terminal or exits; the
# static library's only globals are raytetra_* (no die, haines, stp1); raytetra.pc with the real
# prefix; examples/ built through pkg-config with PKG_CONFIG_SYSROOT_DIR and PKG_CONFIG_PATH,
# shared and static, and run against the staged files; the header compiled and linked as C++;
# the user's own kernel and the library's kernels found in the staged tree (when an OpenCL
# device is there); `make uninstall` removes everything again.
source "$(dirname "$0")/lib.sh"

STAGE="$TMP/stage"
PREFIX=/opt/raytetra-test
ROOTED="$STAGE$PREFIX"
export RAYTETRA_CACHE_DIR="$TMP/cache"
unset RAYTETRA_KERNEL_DIR
# A sanitizer build's library needs its runtime in whatever links it.
EXTRA_FLAGS=()
# make on the sanitizer build needs that build's flags: with others it would recompile what
# records them (version.c) and relink the programs without the sanitizer runtime.
MAKE_FLAGS=()
if [ "${SANITIZED:-0}" = 1 ]; then
    EXTRA_FLAGS=(-fsanitize=address,undefined)
    MAKE_FLAGS=(CFLAGS="${SANITIZE_CFLAGS:?make test-sanitize sets it}" LDFLAGS="${SANITIZE_LDFLAGS:?}")
fi

check "make install" make -s -C "$ROOT" BUILD="$BUILD" "${MAKE_FLAGS[@]}" DESTDIR="$STAGE" PREFIX="$PREFIX" install \
    >"$TMP/install.log" 2>&1
[ -f "$ROOTED/include/raytetra.h" ] || { cat "$TMP/install.log"; fail "nothing installed"; finish; exit; }

# ---------------------------------------------------------------- files
for file in include/raytetra.h lib/libraytetra.a lib/pkgconfig/raytetra.pc share/raytetra/kernels/RayTetraForm.cl \
    share/raytetra/kernels/shared/rt_algorithms.h share/raytetra/kernels/shared/rt_math.h bin/RayTetra; do
    check "$file installed" test -f "$ROOTED/$file"
done
real=$(cd "$ROOTED/lib" && ls libraytetra.so.*.*.*)
check "libraytetra.so -> libraytetra.so.N -> $real" \
    test "$(readlink "$ROOTED/lib/libraytetra.so")" = "${real%.*.*}" -a \
         "$(readlink "$ROOTED/lib/${real%.*.*}")" = "$real"
soname=$(readelf -d "$ROOTED/lib/$real" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
check "the soname is libraytetra.so.MAJOR ($soname)" test "$soname" = "${real%.*.*}"
check "raytetra.pc names the real prefix" grep -qx "prefix=$PREFIX" "$ROOTED/lib/pkgconfig/raytetra.pc"

# ---------------------------------------------------------------- symbols
api=$(sed -n 's/^RAYTETRA_API [^(]*[ *]\(raytetra_[a-z_]*\)(.*/\1/p' "$ROOTED/include/raytetra.h" | sort)
exported=$(nm -D --defined-only "$ROOTED/lib/$real" | awk '{print $3}' | sort)
check "the shared library exports exactly the header's functions: $(echo "$exported" | grep -cv '^raytetra_') others" \
    test "$exported" = "$api"
needed=$(readelf -d "$ROOTED/lib/$real" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
check "no GL, GLUT, libpng, X11 or OpenMP among: $needed" bash -c "! grep -Eq 'libGL|libglut|libpng|libX11|libgomp' <<<'$needed'"
imported=$(nm -D --undefined-only "$ROOTED/lib/$real" | awk '{print $2}' | sed 's/@.*//')
check "it imports nothing that prints to the terminal or exits" \
    bash -c "! grep -Exq 'exit|_exit|_Exit|abort|printf|vprintf|puts|putchar|perror|err|errx|warn|warnx' <<<'$imported'"
globals=$(nm -g --defined-only "$ROOTED/lib/libraytetra.a" | awk 'NF == 3 {print $3}' | sort)
check "the static library's globals are exactly the header's functions" test "$globals" = "$api"
check "no die, haines or stp1 for a static user" \
    bash -c "! nm -g '$ROOTED/lib/libraytetra.a' | grep -Ewq 'die|haines|stp1|error_print'"
check "no die at all in the static library" bash -c "! nm '$ROOTED/lib/libraytetra.a' | grep -wq die"

# ---------------------------------------------------------------- building against it
export PKG_CONFIG_PATH="$ROOTED/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$STAGE"
cflags=$(pkg-config --cflags raytetra) libs=$(pkg-config --libs raytetra)
check "pkg-config points into the staged tree: $cflags $libs" grep -q -- "-I$ROOTED/include .*-L$ROOTED/lib -lraytetra" <<<"$cflags $libs"
check "version $(pkg-config --modversion raytetra)" test -n "$(pkg-config --modversion raytetra)"
EXAMPLES="$ROOT/examples"
check "examples/intersect.c builds through pkg-config" \
    cc -std=c11 -Wall -Wextra -Werror "${EXTRA_FLAGS[@]}" "$EXAMPLES/intersect.c" $cflags $libs -o "$TMP/intersect"
export LD_LIBRARY_PATH="$ROOTED/lib"
check "it runs against the staged shared library" bash -c "ldd '$TMP/intersect' | grep -q '$ROOTED/lib/libraytetra.so'"
"$TMP/intersect" >"$TMP/intersect.out" 2>&1
check "its output: $(tr '\n' '|' <"$TMP/intersect.out")" \
    grep -q "enters face 3 at (0.2, 0.2, .*), t = 0.333333; leaves face 0 at (0.2, 0.2, 0.6), t = 0.533333" "$TMP/intersect.out"
check "21 of the 100 lines hit" grep -q "^21 of 100 vertical lines hit" "$TMP/intersect.out"
check "its version is the package's" grep -q "^libraytetra $(pkg-config --modversion raytetra), stp0" "$TMP/intersect.out"

static_libs=$(pkg-config --static --libs raytetra | sed 's/-lraytetra/-l:libraytetra.a/')
check "the same, linked statically" \
    cc -std=c11 "${EXTRA_FLAGS[@]}" "$EXAMPLES/intersect.c" $cflags $static_libs -o "$TMP/intersect-static"
check "the static build needs no libraytetra.so" bash -c "! ldd '$TMP/intersect-static' | grep -q raytetra"
check "and prints the same" bash -c "'$TMP/intersect-static' | cmp -s - '$TMP/intersect.out'"

# The mesh walk: examples/walk.c, shared and static, on a mesh of data/: the path lengths of the
# tally add up to the rays' lengths, and a missing mesh file is one line on stderr.
check "examples/walk.c builds through pkg-config" \
    cc -std=c11 -Wall -Wextra -Werror "${EXTRA_FLAGS[@]}" "$EXAMPLES/walk.c" $cflags $libs -lm -o "$TMP/walk"
"$TMP/walk" "$ROOT/data/box.mesh" 0.5 0.5 0.5 500 >"$TMP/walk.out" 2>&1
check "it walks 500 rays from inside the box, none lost: $(head -n 1 "$TMP/walk.out")" \
    grep -q "^500 rays from (0.5, 0.5, 0.5) with stp0r: [0-9]* tetrahedra crossed, 0 rays lost, 0 crossing nothing" \
    "$TMP/walk.out"
check "the tally adds up to the rays' path length" \
    awk 'NR == 1 {for (i = 1; i <= NF; ++i) if ($i == "length") total = $(i + 1)}
         NR > 2 {sum += $2} END {exit !(total > 0 && (sum - total) ^ 2 < 1e-8)}' "$TMP/walk.out"
check "a missing mesh: one line, exit 1" \
    bash -c "! '$TMP/walk' '$TMP/none.mesh' 0 0 0 2>'$TMP/walk.err' && [ \$(wc -l <'$TMP/walk.err') = 1 ] && grep -q 'none.mesh' '$TMP/walk.err'"
check "walk.c linked statically" \
    cc -std=c11 "${EXTRA_FLAGS[@]}" "$EXAMPLES/walk.c" $cflags $static_libs -lm -o "$TMP/walk-static"
check "and prints the same" bash -c "'$TMP/walk-static' '$ROOT/data/box.mesh' 0.5 0.5 0.5 500 | cmp -s - '$TMP/walk.out'"
for mesh_symbol in raytetra_mesh_create raytetra_mesh_read raytetra_mesh_walk raytetra_device_mesh_walk \
    raytetra_mesh_tetrahedron_count raytetra_mesh_vertex_count raytetra_mesh_free; do
    check "$mesh_symbol exported" grep -qx "$mesh_symbol" <<<"$exported"
done
# The installed header alone, in C (no other include before it) and C++.
printf '#include <raytetra.h>\nint main(void) { raytetra_walk_options o = RAYTETRA_WALK_OPTIONS_INIT; raytetra_visit v = {0, 0, 0, 1}; return (int)o.threads + v.tet; }\n' >"$TMP/alone.c"
check "raytetra.h compiles alone in C11" cc -std=c11 -pedantic -Wall -Wextra -Werror -fsyntax-only $cflags "$TMP/alone.c"
cp "$TMP/alone.c" "$TMP/alone.cpp"
check "and in C++" g++ -std=c++11 -Wall -Wextra -Werror -fsyntax-only $cflags "$TMP/alone.cpp"

# C++: the header under extern "C", its initialiser macro, and a link against the C library.
cat >"$TMP/user.cpp" <<'EOF'
#include <raytetra.h>
#include <cstdio>
int main()
{
    raytetra_options options = RAYTETRA_OPTIONS_INIT;
    options.flags = RAYTETRA_ANY_ORIENTATION;
    raytetra_pair pair = {{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, {0.2, 0.2, -1}, {0.2, 0.2, 2}};
    raytetra_hit hit;
    int status = raytetra_intersect_ex(raytetra_find_algorithm("stp0r"), &pair, &hit, &options);
    std::printf("%d %d %d\n", status, hit.enter_face, hit.leave_face);
    return status == 1 ? 0 : 1;
}
EOF
check "raytetra.h is valid C++" g++ -std=c++11 -Wall -Wextra -Werror -fsyntax-only $cflags "$TMP/user.cpp"
check "a C++ program links and runs" \
    bash -c "g++ ${EXTRA_FLAGS[*]} '$TMP/user.cpp' $cflags $libs -o '$TMP/user' && '$TMP/user' >'$TMP/user.out'"
# A negatively oriented tetrahedron (V1, V2 of the example swapped): faces in the caller's numbering.
check "C++: any orientation, faces 3 and 0 ($(cat "$TMP/user.out" 2>/dev/null))" grep -qx "1 3 0" "$TMP/user.out"

# ---------------------------------------------------------------- OpenCL from the staged tree
if [ -n "$(ls /etc/OpenCL/vendors/*.icd 2>/dev/null)" ]; then
    check "examples/own_kernel.c builds through pkg-config" \
        cc -std=c11 -Wall -Wextra -Werror "${EXTRA_FLAGS[@]}" "$EXAMPLES/own_kernel.c" \
        $(pkg-config --cflags --libs raytetra OpenCL) -lm -o "$TMP/own_kernel"
    include_dir=$(pkg-config --variable=kernel_includedir raytetra)
    check "the kernel headers' folder is staged: $include_dir" test -f "$include_dir/rt_algorithms.h"
    "$TMP/own_kernel" "$EXAMPLES/own_kernel.cl" "$include_dir" >"$TMP/own.out" 2>&1
    check "the library's kernel comes from the staged share/raytetra/kernels: $(head -c 300 "$TMP/own.out")" \
        grep -q "library kernel on .*: $ROOTED/share/raytetra/kernels/RayTetraForm.cl" "$TMP/own.out"
    check "the CPU, the library's kernel and the own kernel agree" grep -q "agree$" "$TMP/own.out"
else
    echo "no OpenCL platform: the kernels are not run"
fi

# ---------------------------------------------------------------- scripts
# Installed under names no other software has, working from there: lib.sh from share/raytetra,
# the programs beside them (not the build folder: RAYTETRA_BIN and BUILD point nowhere).
for script in fullbench plot-time-graph result-compare report local-size-sweep; do
    check "raytetra-$script installed" test -x "$ROOTED/bin/raytetra-$script"
    RAYTETRA_BIN= BUILD=/nonexistent "$ROOTED/bin/raytetra-$script" -h >"$TMP/script.out" 2>&1
    check "raytetra-$script -h prints its usage" grep -q "^usage: raytetra-$script " "$TMP/script.out"
done
check "the build folder keeps the thesis' names" test -x "$ROOT/scripts/fullbench.sh"
(cd "$TMP" && RAYTETRA_BIN= BUILD=/nonexistent "$ROOTED/bin/raytetra-result-compare" --no-opencl 20 20 installed.txt \
    >"$TMP/compare.out" 2>&1)
check "raytetra-result-compare runs the installed programs: $(tail -n 3 "$TMP/compare.out")" test -s "$TMP/installed.txt"

# ---------------------------------------------------------------- uninstall
check "make uninstall" make -s -C "$ROOT" BUILD="$BUILD" "${MAKE_FLAGS[@]}" DESTDIR="$STAGE" PREFIX="$PREFIX" uninstall
left=$(find "$STAGE" -type f -o -type l)
check "nothing left but folders: $left" test -z "$left"
finish
