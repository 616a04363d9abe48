# test_tetwalk_renumber: TetWalk --renumber-tetrahedra walks every ray as the file's numbering
# does, byte for byte (per-ray results and exported pairs, every kind of ray, CPU walks and,
# where there is an OpenCL device, GPU walks); the mesh it saves holds its tetrahedra in the
# Morton order of their centroids, and numbering that mesh again changes nothing.
source "$(dirname "$0")/lib.sh"
TW="$BIN/TetWalk"
DATA="$ROOT/data"
cd "$TMP" || exit 1
python3 "$ROOT/tests/grid_mesh.py" 12 5 grid.mesh

algorithms=(stp0 stp1 pluecker1p aman badouelb maria stp0r exact)
if "$BIN/RayTetra" --list-devices 2>/dev/null | grep -Eq '^0 .* yes '; then
    algorithms+=(gpu_stp0 gpu_stp0r gpu_aman)
fi

# same NAME MESH RAYS...: each algorithm's walk with and without --renumber-tetrahedra (one
# algorithm a run: the per-ray file and the exported pairs are the first algorithm's).
same() {
    local name=$1 mesh=$2
    shift 2
    for a in "${algorithms[@]}"; do
        local walk=(--reps 1 --algorithm "$a" "$@") n="$name.$a"
        if "$TW" "${walk[@]}" --per-ray "$n.csv" --export-pairs "$n.pairs" --json "$n.json" "$mesh" \
            >"$n.out" 2>&1 &&
            "$TW" "${walk[@]}" --renumber-tetrahedra --per-ray "$n.r.csv" --export-pairs "$n.r.pairs" \
                --json "$n.r.json" "$mesh" >"$n.r.out" 2>&1; then
            check "$n: per-ray results identical" cmp -s "$n.csv" "$n.r.csv"
            check "$n: exported pairs identical" cmp -s "$n.pairs" "$n.r.pairs"
        else
            fail "$n: TetWalk failed: $(tail -n 3 "$n.out" "$n.r.out" 2>/dev/null)"
        fi
    done
    n="$name.${algorithms[0]}"
    check "$name: some rays crossed the mesh" grep -q ',ok$' "$n.r.csv"
    check "$name: the report says the tetrahedra were numbered again" \
        grep -q 'tetrahedra numbered in the Morton order of their centroids' "$n.r.out"
    check "$name: the JSON's mesh stages hold the renumbering" \
        python3 -c "import json, sys; s = json.load(open(sys.argv[1]))['context']['mesh_stages']; sys.exit(not (s['renumber']['ms'] >= 0))" "$n.r.json"
    check "$name: and not without it" \
        python3 -c "import json, sys; sys.exit('renumber' in json.load(open(sys.argv[1]))['context']['mesh_stages'])" "$n.json"
}
same grid_camera grid.mesh --size 24x16
same grid_faces grid.mesh --aim faces --aim-rays 400
same grid_vertices grid.mesh --aim vertices --aim-rays 400 --seed 3
# Faces whose boxes' centres coincide, which the boundary hierarchy keeps in its list's order:
# the same order here, or lengths added in another order differ in their last bits.
same u_shape_vertices "$DATA/u_shape.mesh" --aim vertices --aim-rays 5000 --seed 2
same u_shape_edges "$DATA/u_shape.mesh" --aim edges --aim-rays 400
same box_vertex "$DATA/box.mesh" --from-vertex 14 --aim-rays 300
same box_tetgen_point "$DATA/box_tetgen.ele" --from 0.25,0.5,0.5 --aim-rays 300

# The saved mesh: its tetrahedra in Morton order (the walk records read back from the file,
# the centroids' codes computed as mesh_renumber.c does), a binary mesh numbered again walks
# the same, and numbering the numbered mesh again writes the same bytes.
if "$TW" --size 16x16 --save-mesh grid.rtm grid.mesh >save.out 2>&1 &&
    "$TW" --size 16x16 --renumber-tetrahedra --save-mesh morton.rtm grid.mesh >>save.out 2>&1 &&
    "$TW" --size 16x16 --renumber-tetrahedra --save-mesh again.rtm morton.rtm >>save.out 2>&1; then
    check "the numbered mesh differs from the file's order" bash -c '! cmp -s grid.rtm morton.rtm'
    check "numbering it again writes the same bytes" cmp -s morton.rtm again.rtm
    check "its tetrahedra are in the Morton order of their centroids" python3 - morton.rtm <<'PY'
import struct, sys
data = open(sys.argv[1], 'rb').read()
V, T = struct.unpack_from('<QQ', data, 16)
box = struct.unpack_from('<6d', data, 80)
xyz = struct.unpack_from('<%dd' % (3 * V), data, 128)
cells = struct.unpack_from('<%di' % (8 * T), data, 128 + 24 * V)
def cell(value, low, high):
    u = (value - low) / (high - low) if high > low else 0.0
    return int(min(max(u, 0.0), 1.0) * 2097151.0)
def code(c):
    key = 0
    for bit in range(21):
        for axis in range(3):
            key |= ((cell(c[axis], box[axis], box[3 + axis]) >> bit) & 1) << (3 * bit + axis)
    return key
keys = []
for t in range(T):
    c = [0.0, 0.0, 0.0]
    for k in range(4):
        v = cells[8 * t + k]
        for axis in range(3):
            c[axis] += xyz[3 * v + axis] / 4
    keys.append(code(c))
sys.exit(0 if all(a <= b for a, b in zip(keys, keys[1:])) and len(set(keys)) > 1 else 1)
PY
    for a in stp0 aman stp0r; do
        walk=(--reps 1 --aim vertices --aim-rays 2000 --seed 2 --algorithm $a)
        "$TW" "${walk[@]}" --per-ray text.$a.csv grid.mesh >/dev/null 2>&1 || fail "TetWalk $a on grid.mesh"
        "$TW" "${walk[@]}" --renumber-tetrahedra --per-ray binary.$a.csv grid.rtm >binary.out 2>&1 ||
            fail "TetWalk $a --renumber-tetrahedra on grid.rtm: $(tail -n 3 binary.out)"
        check "$a: a binary mesh numbered again (its stored hierarchy's faces renamed) walks the same" \
            cmp -s text.$a.csv binary.$a.csv
    done
else
    fail "--save-mesh with --renumber-tetrahedra: $(tail -n 3 save.out)"
fi
finish
