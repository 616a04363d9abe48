# test_tetwalk: the TetWalk program: bad meshes and rays refused with the file and line (and no
# output written); the per-ray CSV, the JSON and the exported pairs (which RayTetra reads, one
# pair per step); the picture's size and content; lost rays counted for the fast forms and never
# for the robust variant; the OpenCL walk on the first device (PoCL here) equal to the CPU's.
source "$(dirname "$0")/lib.sh"
export RAYTETRA_CACHE_DIR="$TMP/cache"
TW="$BIN/TetWalk"
PROBE="$BIN/tests/png_probe"
DATA="$ROOT/data"
cd "$TMP" || exit 1

# ---------------------------------------------------------------- bad meshes, with file and line

# The box with line N of its file replaced by TEXT.
box_with() {
    awk -v n="$1" -v text="$2" 'NR == n { print text; next } { print }' "$DATA/box.mesh" >"$3"
}
# A Medit mesh FILE of the VERTICES ("x y z ref" a line) and TETRAHEDRA ("a b c d ref" a line).
medit_mesh() {
    {
        printf 'MeshVersionFormatted 2\nDimension 3\nVertices\n%s\n%s\n' "$(grep -c . <<<"$2")" "$2"
        printf 'Tetrahedra\n%s\n%s\nEnd\n' "$(grep -c . <<<"$3")" "$3"
    } >"$1"
}
tetra_line=$(grep -n '^Tetrahedra' "$DATA/box.mesh" | cut -d: -f1)
first=$((tetra_line + 2)) # the first tetrahedron's line
read -r a b c d _ < <(sed -n "${first}p" "$DATA/box.mesh")
box_with $first "$b $a $c $d 1" inverted.mesh
expect 1 "inverted.mesh:$first: tetrahedron 1 is inverted" -- "$TW" inverted.mesh
box_with $first "$a $b $c 99 1" index.mesh
expect 1 "index.mesh:$first: a vertex index 99 is out of range \(1 to 27\)" -- "$TW" index.mesh
box_with $first "$a $b $c $a 1" twice.mesh
expect 1 "twice.mesh:$first: tetrahedron 1 names vertex $a twice" -- "$TW" twice.mesh
box_with $first "$a $b x $d 1" word.mesh
expect 1 "word.mesh:$first: expected a vertex index, found 'x'" -- "$TW" word.mesh
box_with 3 "Dimension 2" flat_space.mesh
expect 1 "flat_space.mesh:3: Dimension 2" -- "$TW" flat_space.mesh
box_with 3 "Bogus 3" keyword.mesh
expect 1 "keyword.mesh:3: unknown Medit keyword 'Bogus'" -- "$TW" keyword.mesh
# A flat tetrahedron: four vertices of the plane z = 0.
medit_mesh flat.mesh '0 0 0 0
1 0 0 0
0 1 0 0
1 1 0 0' '1 2 3 4 0'
expect 1 "flat.mesh:11: tetrahedron 1 is flat" -- "$TW" flat.mesh
# Three tetrahedra on one face (a fan), and a tetrahedron given twice (same side of each face).
medit_mesh fan.mesh '0 0 0 0
1 0 0 0
0 1 0 0
0 0 1 0
0 0 -1 0
1 1 1 0' '1 2 3 4 0
1 3 2 5 0
1 2 3 6 0'
expect 1 "fan.mesh:15: tetrahedron 3 shares its face \(1 2 3\) with tetrahedra 1 and 2" -- "$TW" fan.mesh
{ sed -n "1,$((first - 2))p" "$DATA/box.mesh"; echo 49; sed -n "${first},\$p" "$DATA/box.mesh" | head -48; sed -n "${first}p" "$DATA/box.mesh"; echo End; } >twice_tetra.mesh
expect 1 "twice_tetra.mesh:$((first + 48)): tetrahedron 49 lies on the same side of its face" -- "$TW" twice_tetra.mesh
expect 1 "nothing.mesh: cannot read" -- "$TW" nothing.mesh
expect 1 "unknown mesh format" -- "$TW" "$DATA/box.mesh.txt"
# TetGen: a .neigh that disagrees, an .ele line with too many numbers.
cp "$DATA"/box_tetgen.node "$DATA"/box_tetgen.ele .
awk 'NR == 2 { $2 = 48 } { print }' "$DATA/box_tetgen.neigh" >box_tetgen.neigh
expect 1 "box_tetgen.neigh:2: tetrahedron 1 has no face in common with the neighbour listed \(tetrahedron 48\)" -- \
    "$TW" box_tetgen.ele
rm box_tetgen.neigh
awk 'NR == 3 { $0 = $0 " 7" } { print }' "$DATA/box_tetgen.ele" >box_tetgen.ele
expect 1 "box_tetgen.ele:3: too many numbers on the line" -- "$TW" box_tetgen.node

# ---------------------------------------------------------------- rays and options

printf '2\n-1 0.3 0.7 3 0.3 0.7\n1 1 1 1 1 1\n' >same.txt
expect 1 "same.txt:3: P and Q are the same point" -- "$TW" --rays same.txt "$DATA/box.mesh"
printf '3\n-1 0.3 0.7 3 0.3 0.7\n' >short.txt
expect 1 "short.txt:2: expected ray 2's Px, but the file ends" -- "$TW" --rays short.txt "$DATA/box.mesh"
printf '1\n-1 0.3 0.7 3 0.3\n0.7\n' >split.txt
expect 1 "split.txt:3: ray 1 continues on a second line" -- "$TW" --rays split.txt "$DATA/box.mesh"
expect 2 "unknown walk algorithm" -- "$TW" --algorithm stp7 "$DATA/box.mesh"
expect 2 "--size must be" -- "$TW" --size 12 "$DATA/box.mesh"
expect 2 "leave out --rays" -- "$TW" --rays same.txt --image x.png "$DATA/box.mesh"
check "no picture after a refused run" test ! -e x.png

# ---------------------------------------------------------------- outputs

# Chords of the box: along x (2), the main diagonal (sqrt 6) through three vertices and along
# the diagonal edges, and within the face plane y = 0.5 (2).
printf '3\n-1 0.3 0.7 3 0.3 0.7\n-2 -1 -1 4 2 2\n-1 0.5 0.3 3 0.5 0.3\n' >chords.txt
if "$TW" --rays chords.txt --algorithm stp0r,exact --per-ray per_ray.csv --export-pairs pairs.txt --json walk.json \
    "$DATA/box.mesh" >chords.out 2>&1; then
    pass
    check "per-ray header" test "$(head -1 per_ray.csv)" = "ray,steps,length,status"
    check "per-ray chords" awk -F, 'NR == 1 { next } { want = NR == 3 ? sqrt(6) : 2; d = $3 - want;
        if (d > 1e-12 || d < -1e-12 || $4 != "ok" || $2 < 2) exit 1 } END { exit NR != 4 }' per_ray.csv
    steps=$(awk -F, 'NR > 1 { s += $2 } END { print s }' per_ray.csv)
    check "one exported pair per step" test "$(head -1 pairs.txt)" = "$steps"
    # Every exported pair is a hit of the ray with its tetrahedron.
    if "$BIN/RayTetra" --algorithm stp0r pairs.txt pairs_out.txt 1 >/dev/null 2>&1; then
        check "RayTetra: every exported pair hits" test "$(grep -c '^true' pairs_out.txt)" = "$steps"
    else
        fail "RayTetra does not read the exported pairs"
    fi
    check "JSON parses with the schema" python3 -c "
import json, sys
d = json.load(open('walk.json'))
assert d['schema'] == 'raytetra-tetwalk/1'
assert d['context']['tetrahedra'] == 48 and d['context']['rays'] == 3
names = [r['algorithm'] for r in d['results']]
assert names == ['STP0R', 'Exact'], names
assert all(r['lost'] == 0 and r['steps'] == $steps for r in d['results'])
"
    check "the summary names the runs" grep -Eq '^  STP0R +1 thread .* 0 lost' chords.out
else
    fail "TetWalk --rays chords.txt: $(cat chords.out)"
fi

# Lost rays: aimed at the box's vertices, some fast form loses rays, the robust variant none,
# and exit status 0 (lost rays of a fast form are a measurement, not an error).
if "$TW" --aim vertices --aim-rays 300 --algorithm stp1,pluecker0,stp0r --verify 0 "$DATA/box.mesh" >aimed.out 2>&1; then
    pass
    check "a fast form lost aimed rays" grep -Eq '^  (STP1|Segura0) .* [1-9][0-9]* lost' aimed.out
    check "stp0r lost none and agrees with the exact traversal" \
        grep -Eq '^  STP0R .* 0 lost; 0 of 300 rays differ from the exact traversal' aimed.out
else
    fail "TetWalk --aim vertices: $(cat aimed.out)"
fi

# ---------------------------------------------------------------- the picture

if [ -x "$PROBE" ]; then
    if "$TW" --size 160x120 --image walk.png --algorithm stp0r "$DATA/u_shape.mesh" >picture.out 2>&1; then
        pass
        check "picture size" test "$("$PROBE" walk.png size)" = "160 120"
        total=$((160 * 120))
        background=$("$PROBE" walk.png count 18 20 28 0)
        check "the mesh covers part of the picture ($background background pixels)" \
            test "$background" -gt $((total / 4)) -a "$background" -lt $((total * 9 / 10))
        check "no lost ray in the picture (only the legend's swatch)" test "$("$PROBE" walk.png count 0 230 90 0)" -le 100
        check "the scale reaches its brightest colour" test "$("$PROBE" walk.png count 252 255 164 0)" -gt 0
    else
        fail "TetWalk --image: $(cat picture.out)"
    fi
    "$TW" --size 160x120 --image steps.png --show tetrahedra "$DATA/box.mesh" >/dev/null 2>&1 || fail "--show tetrahedra"
    check "--show tetrahedra pictures" test "$("$PROBE" steps.png size)" = "160 120"
else
    expect 1 "built without libpng" -- "$TW" --size 160x120 --image walk.png "$DATA/box.mesh"
fi

# ---------------------------------------------------------------- OpenCL = CPU

if "$BIN/RayTetra" --list-devices 2>/dev/null | grep -Eq '^0 .* yes '; then
    for a in stp1 pluecker2p stp0r; do
        "$TW" --aim edges --aim-rays 200 --algorithm "$a" --per-ray cpu_$a.csv "$DATA/u_shape.mesh" >/dev/null 2>&1 ||
            fail "TetWalk $a"
        if "$TW" --aim edges --aim-rays 200 --algorithm "gpu_$a" --device "${RAYTETRA_TEST_DEVICE:-0}" \
            --per-ray gpu_$a.csv "$DATA/u_shape.mesh" >gpu_$a.out 2>&1; then
            check "GPU_$a walks every ray as the CPU does" cmp -s cpu_$a.csv gpu_$a.csv
        else
            fail "TetWalk gpu_$a: $(cat gpu_$a.out)"
        fi
    done
    check "GPU_STP0R hands its undecided rays to the host" grep -Eq '[1-9][0-9]* rays walked again on the host' gpu_stp0r.out
fi

finish
