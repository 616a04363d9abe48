# test_tetwalk: the TetWalk program: bad meshes and rays refused with the file and line (and no
# output written); the per-ray CSV, the JSON and the exported pairs (which RayTetra reads, one
# pair per step); the picture's size and content; lost rays counted for the fast forms and never
# for the robust variant, none by any form on rays aimed at edges; the field's walks (BadouelB,
# Maria) exact on generic rays, their bytes a step and plane table reported, their lost rays
# counted; the OpenCL walk on the first device (PoCL here) equal to the CPU's, its robust walk
# exact with no ray walked on the host.
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
# A link is checked from its lower tetrahedron: one missing from either side, and one to itself.
awk 'NR == 29 { for (i = 2; i <= 5; ++i) if ($i == 1) $i = -1 } { print }' "$DATA/box_tetgen.neigh" >box_tetgen.neigh
expect 1 "box_tetgen.neigh:2: tetrahedron 1 is not listed back by its neighbour \(tetrahedron 28\)" -- "$TW" box_tetgen.ele
awk 'NR == 2 { $2 = -1 } { print }' "$DATA/box_tetgen.neigh" >box_tetgen.neigh
expect 1 "box_tetgen.neigh:29: tetrahedron 28 is not listed back by its neighbour \(tetrahedron 1\)" -- "$TW" box_tetgen.ele
awk 'NR == 3 { $2 = 2 } { print }' "$DATA/box_tetgen.neigh" >box_tetgen.neigh
expect 1 "box_tetgen.neigh:3: tetrahedron 2 is its own neighbour \(tetrahedron 2\)" -- "$TW" box_tetgen.ele
rm box_tetgen.neigh
awk 'NR == 3 { $0 = $0 " 7" } { print }' "$DATA/box_tetgen.ele" >box_tetgen.ele
expect 1 "box_tetgen.ele:3: too many numbers on the line" -- "$TW" box_tetgen.node

# ---------------------------------------------------------------- rays and options

printf '2\n-1 0.3 0.7 3 0.3 0.7\n1 1 1 1 1 1\n' >same.txt
expect 1 "same.txt:3: P and Q are the same point" -- "$TW" --rays same.txt "$DATA/box.mesh"
printf '3\n-1 0.3 0.7 3 0.3 0.7\n' >short.txt
expect 1 "short.txt:2: the file announces 3 rays but ends after 1" -- "$TW" --rays short.txt "$DATA/box.mesh"
printf '1\n-1 0.3 0.7 3 0.3\n0.7\n' >split.txt
expect 1 "split.txt:3: ray 1 continues on a second line" -- "$TW" --rays split.txt "$DATA/box.mesh"
expect 2 "unknown walk algorithm" -- "$TW" --algorithm stp7 "$DATA/box.mesh"
expect 2 "--size must be" -- "$TW" --size 12 "$DATA/box.mesh"
expect 2 "leave out --rays" -- "$TW" --rays same.txt --image x.png "$DATA/box.mesh"
check "no picture after a refused run" test ! -e x.png

# ---------------------------------------------------------------- coordinates far from 1

# The pairs' range (docs/INPUT_RANGE.md) holds for every coordinate of a mesh or a rays file: at
# its bounds the walk's lengths are finite and right; beyond them the file is refused with the
# line and the reason (never walked into lengths of inf, nan or 0 marked ok).
RANGE="is outside the supported range: every coordinate must be 0 or between 1e-50 and 1e\\+75 in magnitude"
# The box scaled by FACTOR into FILE (its extent is [0, 2] x [0, 1] x [0, 1]).
scaled_box() {
    awk -v s="$1" '/^Vertices/ { print; getline; print; n = $1; next }
        n > 0 { printf "%.17g %.17g %.17g %s\n", $1 * s, $2 * s, $3 * s, $4; n--; next } { print }' \
        "$DATA/box.mesh" >"$2"
}
vertex_line=$(($(grep -n '^Vertices' "$DATA/box.mesh" | cut -d: -f1) + 3)) # vertex 2, the first with x != 0
scaled_box 1e300 huge.mesh
expect 1 "huge.mesh:$vertex_line: vertex 2's x = 1.0000000000000001e\+300 $RANGE" -- "$TW" huge.mesh
scaled_box 1e-200 tiny.mesh
expect 1 "tiny.mesh:$vertex_line: vertex 2's x = 9.9999999999999998e-201 $RANGE" -- "$TW" tiny.mesh
awk 'NR == 4 { $2 = "1e-400" } { print }' "$DATA/box_tetgen.node" >under.node
cp "$DATA/box_tetgen.ele" under.ele
expect 1 "under.node:4: vertex 2's x = 1e-400 $RANGE" -- "$TW" under.ele
printf '1\n-1 0.3 0.7 1e300 0.3 0.7\n' >far_ray.txt
expect 1 "far_ray.txt:2: ray 1's Qx = 1.0000000000000001e\+300 $RANGE" -- "$TW" --rays far_ray.txt "$DATA/box.mesh"
printf '1\n-1 0.3 0.7 3 0.3 0.7\n-1 0.3 1e-200 3 0.3 0.7\n' >near_ray.txt
sed -i 1s/1/2/ near_ray.txt
expect 1 "near_ray.txt:3: ray 2's Pz = 9.9999999999999998e-201 $RANGE" -- "$TW" --rays near_ray.txt "$DATA/box.mesh"
# At the bounds: the box scaled to [0, 1e75] x [0, 5e74]^2 and to [0, 4e-50] x [0, 1e-50]^2 (every
# vertex coordinate 0 or within the range), a chord along x (length 1e75) and the main diagonal
# (sqrt(6) 2e-50); then the camera's and aimed rays, every one against the exact traversal.
scaled_box 5e74 large.mesh
scaled_box 2e-50 small.mesh
printf '1\n-1e75 1.5e74 3.5e74 1e75 1.5e74 3.5e74\n' >large_ray.txt
printf '1\n-4e-50 -2e-50 -2e-50 8e-50 4e-50 4e-50\n' >small_ray.txt
for size in large:1e75 small:4.898979485566356e-50; do
    name=${size%%:*} want=${size#*:}
    if "$TW" --rays ${name}_ray.txt --algorithm stp0r,stp1,exact --per-ray ${name}_ray.csv $name.mesh >$name.out 2>&1; then
        check "$name.mesh: the chord's length is $want" awk -F, -v want="$want" 'NR == 2 {
            d = $3 / want - 1; if (d > 1e-12 || d < -1e-12 || $4 != "ok") exit 1 } END { exit NR != 2 }' ${name}_ray.csv
    else
        fail "TetWalk --rays ${name}_ray.txt $name.mesh: $(cat $name.out)"
    fi
    # The fast forms lose some aimed rays at any scale (see "Lost rays" below): those only for stp0r.
    for rays in "--size 16x16 --algorithm stp0r,stp1" "--aim faces --aim-rays 64 --algorithm stp0r"; do
        if "$TW" $rays --verify 0 --per-ray ${name}_many.csv $name.mesh >$name.out 2>&1; then
            check "$name.mesh, $rays: no ray lost or different from the exact traversal" \
                test "$(grep -Ec ' 0 lost; 0 of [0-9]+ rays differ' $name.out)" = "$(grep -c ' lost' $name.out)"
            check "$name.mesh, $rays: rays inside, every length finite and of the mesh's scale" \
                awk -F, -v want="$want" 'NR > 1 { if ($3 > 0) inside++; r = $3 / want
                    if ($3 != $3 + 0 || r > 10 || ($3 > 0 && r < 1e-6)) exit 1 } END { exit inside < 10 }' ${name}_many.csv
        else
            fail "TetWalk $rays $name.mesh: $(cat $name.out)"
        fi
    done
done

# The camera's angles: far beyond a turn, degrees to radians overflowed into rays of NaN.
expect 2 "--view's angles must be degrees from -360 to 360" -- "$TW" --view 1e308,20 "$DATA/box.mesh"
expect 2 "--view's angles must be degrees from -360 to 360" -- "$TW" --view 30,-361 "$DATA/box.mesh"

# ---------------------------------------------------------------- counts the data cannot hold

# A count far beyond the records allocates nothing for it: refused at once at the line where the
# data ends, within 1 GB of address space (the sanitizers' runtime needs more: no limit there).
limited() {
    if [ "${SANITIZED:-0}" = 1 ]; then "$@"; else (ulimit -v 1000000 && exec "$@"); fi
}
printf '# 139 bytes that announce 849672960 vertices and hold three.\nMeshVersionFormatted 2\nDimension 3\nVertices\n849672960\n0 0 0 0\n1 0 0 0\n0 1 0 0\n' >announces.mesh
check "announces.mesh is 139 bytes" test "$(wc -c <announces.mesh)" = 139
expect 1 "announces.mesh:8: the file announces 849672960 vertices but ends after 3; make the count" -- \
    limited "$TW" announces.mesh
printf '4 3 0 0\n1 0 0 0\n2 1 0 0\n3 0 1 0\n4 0 0 1\n' >announces.node
printf '268435456 4 0\n1 1 2 3 4\n' >announces.ele
expect 1 "announces.ele:2: the file announces 268435456 tetrahedra but ends after 1" -- limited "$TW" announces.ele
printf '2147483648\n-1 0.3 0.7 3 0.3 0.7\n' >announces.txt
expect 1 "announces.txt:2: the file announces 2147483648 rays but ends after 1" -- \
    limited "$TW" --rays announces.txt "$DATA/box.mesh"
{ sed -n "1,$((tetra_line))p" "$DATA/box.mesh"; echo 268435456; sed -n "$((tetra_line + 2)),$((tetra_line + 3))p" "$DATA/box.mesh"; } >announces_tetra.mesh
expect 1 "announces_tetra.mesh:$((tetra_line + 3)): the file announces 268435456 tetrahedra but ends after 2" -- \
    limited "$TW" announces_tetra.mesh

# Python that checks a TetWalk JSON's stages: each one's busy time a number from 0 to the wall
# time of its whole (the mesh's or the run's), its share that time's fraction, the shares adding
# up to at most 1; the mesh's stages and each run's of its kind present.
STAGES_PY='
def check_stages(stages, wall, names):
    assert isinstance(wall, float) and wall > 0, wall
    assert sorted(k for k in stages if k != "wall_ms") == sorted(names), (sorted(stages), names)
    total = 0
    for name in names:
        ms, share = stages[name]["ms"], stages[name]["share"]
        assert 0 <= ms <= wall * (1 + 1e-9) and 0 <= share <= 1, (name, ms, share, wall)
        assert abs(share - ms / wall) <= 1e-12, (name, share, ms / wall)
        total += share
    assert total <= 1 + 1e-9, total

def check_json_stages(d, run_stages):
    m = d["context"]["mesh_stages"]
    check_stages(m, m["wall_ms"], ["files", "checks_and_tables", "hierarchy"])
    for r in d["results"]:
        check_stages(r["stages"], r["wall_ms"], run_stages[r["kind"]])
        timed = r["stages"]["kernel" if r["kind"] == "opencl" else "walk"]["ms"]
        assert abs(timed - sum(r["samples_ms"])) <= 1e-6 * timed, (timed, r["samples_ms"])
'
CPU_STAGES='{"cpu": ["warm_up", "walk"]}'
GPU_STAGES='{"opencl": ["build", "transfer_in", "warm_up", "kernel", "transfer_out"]}'

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
assert all(r['rays_walked_on_host'] == 0 for r in d['results'])
# A step reads its tetrahedron's 32-byte record and the one vertex its enter face lacks.
assert d['results'][0]['bytes_per_step'] == 56, d['results'][0]['bytes_per_step']
"
    check "JSON: the mesh's stages and each CPU run's, with their shares of the wall time" python3 -c "
import json
$STAGES_PY
check_json_stages(json.load(open('walk.json')), $CPU_STAGES)"
    check "the summary names the runs" grep -Eq '^  STP0R +1 thread .* 0 lost' chords.out
    check "the summary gives 56 bytes a step" grep -Eq '^ +56 bytes a step: ' chords.out
    # The whole job's stages lie within its wall time, the timed repetitions within the walks.
    check "the whole job's line: its stages within its total" awk '/^whole job: / { n = 0
        for (i = 1; i < NF; ++i) if ($(i + 1) ~ /^s[:,)]*$/ && $i ~ /^[0-9.]+$/) v[++n] = $i
        found = n == 7 && v[5] <= v[4] && v[2] + v[3] + v[4] + v[6] + v[7] <= v[1] + 0.005 }
        END { exit !found }' chords.out
else
    fail "TetWalk --rays chords.txt: $(cat chords.out)"
fi

# A per-ray file of many blocks (it is formatted by blocks of 8,192 rows on every core): every
# row in ray order, the steps those of the JSON, and the same bytes on one thread and on three.
if OMP_NUM_THREADS=1 "$TW" --size 300x200 --algorithm aman --per-ray rows1.csv --json rows.json "$DATA/u_shape.mesh" \
    >rows1.out 2>&1 && OMP_NUM_THREADS=3 "$TW" --size 300x200 --algorithm aman --per-ray rows3.csv \
    "$DATA/u_shape.mesh" >rows3.out 2>&1; then
    pass
    rows_steps=$(python3 -c "import json; print(json.load(open('rows.json'))['results'][0]['steps'])")
    check "per-ray file of 60,000 rays: every row in ray order, the JSON's steps" awk -F, -v want="$rows_steps" '
        NR > 1 { if ($1 != NR - 1 || ($4 != "ok" && $4 != "lost")) exit 1; steps += $2 }
        END { exit !(NR == 60001 && steps == want && want > 0) }' rows1.csv
    check "per-ray file: the same bytes on one thread and on three" cmp -s rows1.csv rows3.csv
else
    fail "TetWalk --per-ray, 60,000 rays: $(cat rows1.out rows3.out)"
fi

# The aman walk: its compact records a stage of the mesh's, 44 bytes a step (a 20-byte record
# and one vertex), and every pair it visits on camera rays a hit of the ray with its tetrahedron.
if "$TW" --size 40x30 --algorithm aman --export-pairs aman_pairs.txt --json aman.json "$DATA/u_shape.mesh" \
    >aman.out 2>&1; then
    pass
    check "aman: the compact records among the mesh's stages, 44 bytes a step" python3 -c "
import json
$STAGES_PY
d = json.load(open('aman.json'))
m = d['context']['mesh_stages']
check_stages(m, m['wall_ms'], ['files', 'checks_and_tables', 'compact_table', 'hierarchy'])
assert d['results'][0]['algorithm'] == 'Aman' and d['results'][0]['bytes_per_step'] == 44, d['results'][0]"
    pairs=$(head -1 aman_pairs.txt)
    if [ "$pairs" -gt 0 ] && "$BIN/RayTetra" --algorithm stp0r aman_pairs.txt aman_pairs_out.txt 1 >/dev/null 2>&1; then
        check "aman: every visited pair hits" test "$(grep -c '^true' aman_pairs_out.txt)" = "$pairs"
    else
        fail "aman exported no pairs RayTetra reads ($pairs)"
    fi
else
    fail "TetWalk --algorithm aman: $(cat aman.out)"
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

# Watertight fast forms: each edge's product is computed once, from its two vertices in the
# mesh's order (aman: its 2D orientation, exactly antisymmetric), so that neighbours agree on
# every face; rays aimed at edges (where neighbours
# that round apart lose hundreds of 2000) are then never lost by any form.
fast=pluecker0,pluecker1,pluecker2,stp0,stp1,stp2,pluecker0p,pluecker1p,pluecker2p,aman
for mesh in box u_shape; do
    if "$TW" --aim edges --aim-rays 2000 --algorithm $fast "$DATA/$mesh.mesh" >edges_$mesh.out 2>&1; then
        check "$mesh: no fast form loses a ray aimed at an edge" \
            test "$(grep -Ec '^  [A-Za-z0-9]+ .* 1 thread .* 0 lost' edges_$mesh.out)" = 10
    else
        fail "TetWalk --aim edges $mesh: $(cat edges_$mesh.out)"
    fi
done

# tetwalk_bench.sh on the CPU alone (--no-opencl) runs every walk, aman among them, and writes
# its tables.
if BUILD="$BUILD" "$ROOT/scripts/tetwalk_bench.sh" --no-opencl --mesh "$DATA/box.mesh" --size 32x24 --aim-rays 100 \
    --reps 1 bench >bench.out 2>&1; then
    check "tetwalk_bench.sh --no-opencl: the aman walk in its tables" grep -Eq '^\| Aman \| [0-9.]+ ' bench/tables.md
else
    fail "tetwalk_bench.sh --no-opencl: $(tail -3 bench.out)"
fi
# robust_walk_bench.sh on the CPU alone: both workloads of each mesh in its table, STP0R walking no
# ray on the host, and the vertex the rays start from one of the mesh's (the box's centre, vertex 4).
if BUILD="$BUILD" "$ROOT/scripts/robust_walk_bench.sh" --no-opencl --mesh "$DATA/box.mesh" --aim-rays 100 \
    --from-rays 50 --reps 1 robust >robust.out 2>&1; then
    check "robust_walk_bench.sh: rays aimed at vertices, STP0 / STP0R and their ratio" \
        grep -Eq '^\| box, aimed at vertices, seed 1 \| [0-9.]+ / [0-9.]+ \| [0-9.]+ \| [0-9]+ / 0 \| - ' robust/table.md
    check "robust_walk_bench.sh: rays from the box's centre" \
        grep -Eq '^\| box, from vertex 4, seed 1 \| [0-9.]+ / [0-9.]+ \| [0-9.]+ \| 0 / 0 \| - ' robust/table.md
else
    fail "robust_walk_bench.sh --no-opencl: $(tail -3 robust.out)"
fi
# The field's walks: the branch-free Badouel walk on its plane table (built on request, the
# mesh's JSON stage plane_table; 160 bytes a step: the record and four planes) and Maria's (56:
# the record and one vertex) walk the camera's rays of a jittered grid as the exact traversal
# does; rays aimed at its faces and vertices are lost by them and counted (exit status 0).
python3 "$ROOT/tests/grid_mesh.py" 6 5 grid.mesh
if "$TW" --size 48x36 --algorithm badouelb,maria --verify 0 --json field.json grid.mesh >field.out 2>&1; then
    check "BadouelB and Maria walk the camera's rays as the exact traversal" \
        test "$(grep -Ec '^  (BadouelB|Maria) .* 0 lost; 0 of 1728 rays differ' field.out)" = 2
    check "the summary says the plane table was built" grep -q 'plane table and boundary hierarchy in' field.out
    check "JSON: bytes a step and the plane table's stage" python3 -c "
import json
$STAGES_PY
d = json.load(open('field.json'))
assert [(r['algorithm'], r['bytes_per_step']) for r in d['results']] == [('BadouelB', 160), ('Maria', 56)], d['results']
m = d['context']['mesh_stages']
check_stages(m, m['wall_ms'], ['files', 'checks_and_tables', 'plane_table', 'hierarchy'])"
else
    fail "TetWalk --algorithm badouelb,maria: $(cat field.out)"
fi
for aim in faces:BadouelB vertices:Maria; do
    if "$TW" --aim ${aim%%:*} --aim-rays 1000 --algorithm badouelb,maria grid.mesh >field_aimed.out 2>&1; then
        check "rays aimed at the grid's ${aim%%:*}: ${aim#*:} loses some, counted" \
            grep -Eq "^  ${aim#*:} .* [1-9][0-9]* lost" field_aimed.out
    else
        fail "TetWalk --aim ${aim%%:*} --algorithm badouelb,maria: $(cat field_aimed.out)"
    fi
done
# Maria's walk cycles around some vertices; the cycle check stops such a ray within a few times
# the cycle's length, not after as many steps as the mesh has tetrahedra (1,296 here).
if "$TW" --aim vertices --aim-rays 1000 --algorithm maria --per-ray maria_rays.csv grid.mesh >maria_aimed.out 2>&1; then
    check "Maria's lost rays end within 324 steps (a quarter of the grid's tetrahedra): $(awk -F, '$4 == "lost" && $2 >= 324' maria_rays.csv | head -3 | tr '\n' ' ')" \
        test "$(awk -F, '$4 == "lost" && $2 >= 324' maria_rays.csv | wc -l)" = 0 -a "$(grep -c ',lost$' maria_rays.csv)" -gt 0
else
    fail "TetWalk --aim vertices --algorithm maria --per-ray: $(cat maria_aimed.out)"
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
    for a in stp1 pluecker2p aman stp0r badouelb maria; do
        "$TW" --aim edges --aim-rays 200 --algorithm "$a" --per-ray cpu_$a.csv "$DATA/u_shape.mesh" >/dev/null 2>&1 ||
            fail "TetWalk $a"
        if "$TW" --aim edges --aim-rays 200 --algorithm "gpu_$a" --device "${RAYTETRA_TEST_DEVICE:-0}" \
            --per-ray gpu_$a.csv "$DATA/u_shape.mesh" >gpu_$a.out 2>&1; then
            check "GPU_$a walks every ray as the CPU does" cmp -s cpu_$a.csv gpu_$a.csv
        else
            fail "TetWalk gpu_$a: $(cat gpu_$a.out)"
        fi
    done
    # The field's walks where they lose rays (the grid's faces and vertices): the same per ray.
    for a in badouelb maria; do
        for aim in faces vertices; do
            "$TW" --aim $aim --aim-rays 300 --algorithm "$a" --per-ray cpu_$a.csv grid.mesh >/dev/null 2>&1 ||
                fail "TetWalk $a"
            if "$TW" --aim $aim --aim-rays 300 --algorithm "GPU_$a" --device "${RAYTETRA_TEST_DEVICE:-0}" \
                --per-ray gpu_$a.csv grid.mesh >gpu_$a.out 2>&1; then
                check "GPU_$a walks every ray aimed at the grid's $aim as the CPU does" cmp -s cpu_$a.csv gpu_$a.csv
            else
                fail "TetWalk GPU_$a: $(cat gpu_$a.out)"
            fi
        done
    done
    # The robust kernel decides every sign itself: rays through the box's vertices and along its
    # edges (chords.txt), aimed at vertices and at edges, none walked on the host, each walked as
    # the exact traversal walks it (status, steps, length).
    for mesh in box u_shape; do
        for rays in "--rays chords.txt" "--aim vertices --aim-rays 300" "--aim edges --aim-rays 300"; do
            what="GPU_STP0R, $mesh, $rays"
            # shellcheck disable=SC2086
            if "$TW" $rays --algorithm gpu_stp0r --verify 0 --device "${RAYTETRA_TEST_DEVICE:-0}" --json device.json \
                "$DATA/$mesh.mesh" >device.out 2>&1; then
                check "$what: no ray walked on the host" grep -q '; 0 rays walked on the host;' device.out
                check "$what: the JSON says so" python3 -c "
import json
r = json.load(open('device.json'))['results'][0]
assert r['algorithm'] == 'GPU_STP0R' and r['rays_walked_on_host'] == 0 and r['rays'] > 0, r"
                check "$what: the JSON's stages (build, transfers, kernel) and their shares" python3 -c "
import json
$STAGES_PY
check_json_stages(json.load(open('device.json')), $GPU_STAGES)"
                check "$what: every ray as the exact traversal walks it" \
                    grep -Eq '^  GPU_STP0R .* 0 lost; 0 of [0-9]+ rays differ from the exact traversal' device.out
            else
                fail "TetWalk $what: $(cat device.out)"
            fi
        done
    done
    # The fast kernels share each edge's product between neighbours as the CPU's forms do.
    if "$TW" --aim edges --aim-rays 2000 --algorithm gpu_stp0,gpu_stp1,gpu_stp2,gpu_pluecker0 \
        --device "${RAYTETRA_TEST_DEVICE:-0}" "$DATA/box.mesh" >device_fast.out 2>&1; then
        check "the fast kernels lose no ray aimed at edges" \
            test "$(grep -Ec '^  GPU_[A-Za-z0-9]+ .* 0 lost' device_fast.out)" = 4
    else
        fail "TetWalk fast kernels: $(cat device_fast.out)"
    fi
fi

finish
