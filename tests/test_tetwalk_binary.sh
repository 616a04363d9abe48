# test_tetwalk_binary: the binary mesh file (.rtm, docs/FILES.md): TetWalk --save-mesh writes
# it, and a walk on it gives the per-ray results of the walk on the text mesh byte for byte
# (the repository's meshes and a generated bigger one); it is recognised by its magic whatever
# its name; every kind of damage is refused in one line naming the file, with no output
# written; a failing run leaves an existing --save-mesh file as it was.
source "$(dirname "$0")/lib.sh"
TW="$BIN/TetWalk"
DATA="$ROOT/data"
cd "$TMP" || exit 1
python3 "$ROOT/tests/grid_mesh.py" 12 5 grid.mesh

# ---------------------------------------------------------------- round trip

# Walk MESH and its binary copy with the same rays: same per-ray CSV, same counts.
round_trip() {
    local mesh=$1 name=$2
    local walk=(--aim faces --aim-rays 3000 --algorithm stp0r,stp1,pluecker1p,exact)
    if "$TW" "${walk[@]}" --per-ray "$name.text.csv" --save-mesh "$name.rtm" "$mesh" >"$name.text.out" 2>&1 &&
        "$TW" "${walk[@]}" --per-ray "$name.binary.csv" "$name.rtm" >"$name.binary.out" 2>&1; then
        pass
    else
        fail "$name: TetWalk failed: $(cat "$name.text.out" "$name.binary.out" 2>/dev/null | tail -n 3)"
        return
    fi
    check "$name: per-ray results identical" cmp -s "$name.text.csv" "$name.binary.csv"
    check "$name: some rays crossed the mesh" grep -q ',ok$' "$name.binary.csv"
    local counts='s/.*: ([0-9]+ tetrahedra, [0-9]+ vertices, [0-9]+ boundary faces).*/\1/p'
    check "$name: same counts" test "$(sed -nE "$counts" "$name.text.out")" = "$(sed -nE "$counts" "$name.binary.out")"
    check "$name: the binary mesh is named binary" grep -qF "mesh: $name.rtm (binary)" "$name.binary.out"
    check "$name: the summary names the saved file" grep -q "saved the mesh to $name.rtm" "$name.text.out"
}
round_trip "$DATA/box.mesh" box
round_trip "$DATA/u_shape.mesh" u_shape
round_trip "$DATA/box_tetgen.ele" box_tetgen
round_trip grid.mesh grid
# A mesh whose walk records span four 768 KiB blocks (6 x 24^3 tetrahedra, 32 bytes each), which
# two threads read, hash and check at once.
python3 "$ROOT/tests/grid_mesh.py" 24 7 blocks.mesh
OMP_NUM_THREADS=2 round_trip blocks.mesh blocks

# --from-vertex counts vertices as the text file did (Medit from 1, this TetGen file from its
# .node's first number), in the binary copy too: the same rays from the same vertex.
for name in box box_tetgen; do
    mesh="$DATA/$name.mesh"
    [ -e "$mesh" ] || mesh="$DATA/$name.ele"
    walk=(--from-vertex 14 --aim-rays 500 --algorithm stp0r)
    if "$TW" "${walk[@]}" --per-ray "$name.vertex.text.csv" "$mesh" >/dev/null 2>&1 &&
        "$TW" "${walk[@]}" --per-ray "$name.vertex.binary.csv" "$name.rtm" >/dev/null 2>&1; then
        check "$name: --from-vertex gives the same rays in the binary copy" \
            cmp -s "$name.vertex.text.csv" "$name.vertex.binary.csv"
    else
        fail "$name: --from-vertex 14 failed on the text or the binary mesh"
    fi
done
read -r nodes faces depth < <(python3 -c "import struct; print(*struct.unpack_from('<III', open('grid.rtm','rb').read(), 64))")
check "the file's size is 128 + 24 V + 32 T + 56 N + 8 B" \
    test "$(stat -c %s grid.rtm)" -eq $((128 + 24 * 13 ** 3 + 32 * 6 * 12 ** 3 + 56 * nodes + 8 * faces))
check "the hierarchy's boundary faces are the mesh's (2 x 12 x 12 on each of 6 sides)" test "$faces" -eq $((6 * 2 * 12 * 12))
check "the magic starts the file" test "$(head -c 8 grid.rtm)" = RAYTMESH

# The neighbour table built by sorting the faces (on every core) is the one TetGen's .neigh gives.
cp "$DATA/box_tetgen.node" "$DATA/box_tetgen.ele" .
if "$TW" --size 16x16 --save-mesh built.rtm box_tetgen.ele >built.out 2>&1; then
    check "the built neighbour table is TetGen's" cmp -s built.rtm box_tetgen.rtm
else
    fail "TetWalk box_tetgen.ele without .neigh: $(tail -n 2 built.out)"
fi

# By its magic, whatever its name.
cp grid.rtm grid_copy.mesh
if "$TW" --aim faces --aim-rays 3000 --algorithm stp0r,stp1,pluecker1p,exact --per-ray named.csv grid_copy.mesh \
    >named.out 2>&1; then
    check "a binary mesh named .mesh is read as binary" grep -q '(binary)' named.out
    check "with the same results" cmp -s named.csv grid.binary.csv
else
    fail "TetWalk grid_copy.mesh: $(tail -n 2 named.out)"
fi

# ---------------------------------------------------------------- damage, one line each

# damaged NAME OFFSET FORMAT VALUE: grid.rtm with struct.pack(FORMAT, VALUE) written at OFFSET.
damaged() {
    python3 - "$@" <<'PY'
import struct, sys
name, offset, fmt, value = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
data = bytearray(open("grid.rtm", "rb").read())
value = float(value) if fmt.endswith("d") else int(value)
packed = struct.pack(fmt, value)
data[offset:offset + len(packed)] = packed
open(name, "wb").write(data)
PY
}

# refused NAME OFFSET FORMAT VALUE MESSAGE: grid.rtm damaged so (damaged), which TetWalk refuses
# with status 1 and the line "NAME: MESSAGE" (MESSAGE an extended regular expression).
refused() {
    damaged "$1" "$2" "$3" "$4"
    expect 1 "${1//./\\.}: $5" -- "$TW" "$1"
}
vertices=$((13 ** 3))
tetrahedra=$((6 * 12 ** 3))
box_at=80
vertices_at=128
# Tetrahedron t's walk record: its 4 vertex indices at cells_at + 32 t, its 4 links 16 bytes on.
cells_at=$((vertices_at + 24 * vertices))
bounds_at=$((cells_at + 32 * tetrahedra))
links_at=$((bounds_at + 48 * nodes))
faces_at=$((links_at + 8 * nodes))
boundary_at=$((faces_at + 4 * faces))
refused magic.rtm 0 '<Q' 1 'not a binary mesh: it does not start with "RAYTMESH"'
refused version.rtm 8 '<I' 1 'binary mesh version 1; this TetWalk reads version 4'
refused old_version.rtm 8 '<I' 2 'binary mesh version 2; this TetWalk reads version 4: write it again with TetWalk --save-mesh$'
refused sha_version.rtm 8 '<I' 3 'binary mesh version 3; this TetWalk reads version 4: write it again with TetWalk --save-mesh$'
refused digest_reserved.rtm 50 '<B' 1 'bytes 48 to 63 of the header are reserved and must be zero'
refused reserved.rtm 13 '<B' 7 'byte 13 of the header is reserved and must be zero'
refused first_number.rtm 12 '<B' 7 "byte 12 of the header, the first vertex's number, is 7 \(0 or 1\)"
refused digest.rtm 40 '<B' 7 "the file's arrays do not match the digest of its header \(damaged\)"
refused no_vertices.rtm 16 '<Q' 0 'the header announces 0 vertices \(1 to [0-9]+\)'
refused many_tetrahedra.rtm 24 '<Q' $((1 << 40)) 'the header announces 1099511627776 tetrahedra'
refused more_tetrahedra.rtm 24 '<Q' $((tetrahedra + 1)) "the header announces $vertices vertices, $((tetrahedra + 1)) tetrahedra, $nodes hierarchy nodes and $faces boundary faces, [0-9]+ bytes, but the file has $(stat -c %s grid.rtm) bytes"
head -c -1 grid.rtm >truncated.rtm
expect 1 "truncated\.rtm: the header announces .* but the file has $(($(stat -c %s grid.rtm) - 1)) bytes" -- "$TW" truncated.rtm
{ cat grid.rtm; printf x; } >longer.rtm
expect 1 "longer\.rtm: the header announces .* but the file has $(($(stat -c %s grid.rtm) + 1)) bytes" -- "$TW" longer.rtm
head -c 10 grid.rtm >header.rtm
expect 1 'header\.rtm: truncated: 10 bytes, less than the 80-byte header' -- "$TW" header.rtm
: >empty.rtm
expect 1 'empty\.rtm: truncated: 0 bytes' -- "$TW" empty.rtm
cp "$DATA/box.mesh" text.rtm
expect 1 'text\.rtm: not a binary mesh' -- "$TW" text.rtm
refused far.rtm $((vertices_at + 24 * 5 + 8)) '<d' 1e300 "vertex 5's y = 1(\.0*1)?e\+300 is outside the supported range"
refused nan.rtm $((vertices_at + 24 * 7 + 16)) '<d' nan "vertex 7's z is not a finite number"
refused index.rtm $((cells_at + 32 * 3 + 4)) '<i' $vertices "tetrahedron 3's vertices [0-9]+ $vertices [0-9]+ [0-9]+ are not four distinct ones of 0 to $((vertices - 1))"
refused negative.rtm $((cells_at + 32 * 4)) '<i' -1 "tetrahedron 4's vertices -1 "
read -r twice < <(python3 -c "import struct; print(struct.unpack_from('<i', open('grid.rtm','rb').read(), $cells_at + 32 * 9)[0])")
refused twice.rtm $((cells_at + 32 * 9 + 12)) '<i' "$twice" "tetrahedron 9's vertices $twice [0-9]+ [0-9]+ $twice are not four distinct"
# Tetrahedron 2 with its first two vertices swapped: inverted, which the digest tells.
python3 - "$cells_at" <<'PY'
import struct, sys
data = bytearray(open("grid.rtm", "rb").read())
at = int(sys.argv[1]) + 32 * 2
a, b = struct.unpack_from("<ii", data, at)
struct.pack_into("<ii", data, at, b, a)
open("inverted.rtm", "wb").write(data)
PY
expect 1 "inverted\.rtm: the file's arrays do not match the digest" -- "$TW" inverted.rtm
# A coordinate changed within the range, a link to a real face that is not the neighbour's: the
# digest tells.
refused moved.rtm $((vertices_at + 24 * 30)) '<d' 0.5 "the file's arrays do not match the digest"
refused link_range.rtm $((cells_at + 32 * 11 + 16)) '<i' $((4 * tetrahedra)) "tetrahedron 11's neighbour links $((4 * tetrahedra)) .* are not -1 or faces of other tetrahedra"
refused link_self.rtm $((cells_at + 32 * 12 + 16)) '<i' $((4 * 12 + 1)) "tetrahedron 12's neighbour links"
# A link to a real face that does not link back (tetrahedron 13's first face, pointed at
# tetrahedron 20's face 2, unless that is its true neighbour, then at face 3): the digest tells.
python3 - "$cells_at" <<'PY'
import struct, sys
data = bytearray(open("grid.rtm", "rb").read())
at = int(sys.argv[1]) + 32 * 13 + 16
true = struct.unpack_from("<i", data, at)[0]
struct.pack_into("<i", data, at, 20 * 4 + 2 if true != 20 * 4 + 2 else 20 * 4 + 3)
open("link_back.rtm", "wb").write(data)
PY
expect 1 "link_back\.rtm: the file's arrays do not match the digest" -- "$TW" link_back.rtm
# The stored hierarchy: its counts, its tree, its boxes and its faces.
refused hierarchy_reserved.rtm 77 '<B' 1 'bytes 76 to 79 of the header are reserved and must be zero'
refused no_depth.rtm 72 '<I' 0 "the header announces a hierarchy 0 deep \(1 to 60\)"
refused too_deep.rtm 72 '<I' 61 "the header announces a hierarchy 61 deep \(1 to 60\)"
refused many_nodes.rtm 64 '<I' $((2 * faces)) "the header announces $((2 * faces)) hierarchy nodes for $faces boundary faces \(1 to $((2 * faces - 1))\)"
refused no_faces.rtm 68 '<I' 0 "the header announces 0 boundary faces"
# One more boundary face announced, and its entries in both lists: the neighbour links have one
# fewer.
python3 - "$boundary_at" <<'PY'
import struct, sys
at = int(sys.argv[1])
data = bytearray(open("grid.rtm", "rb").read())
faces = struct.unpack_from("<I", data, 68)[0]
struct.pack_into("<I", data, 68, faces + 1)
last = data[len(data) - 4:]
open("extra_face.rtm", "wb").write(data[:at] + data[at - 4:at] + data[at:] + last)
PY
expect 1 "extra_face\.rtm: the header announces $((faces + 1)) boundary faces, the neighbour links have $faces" -- "$TW" extra_face.rtm
refused shallow.rtm 72 '<I' $((depth - 1)) "hierarchy node [0-9]+ lies deeper than the header's depth"
refused deep.rtm 72 '<I' $((depth + 1)) "hierarchy node $nodes ends a tree shallower than the header's depth"
refused root_link.rtm $links_at '<i' 1 "hierarchy node 0 is an inner node whose children are not later nodes"
refused root_back.rtm $links_at '<i' $nodes "hierarchy node 0 is an inner node whose children are not later nodes"
# The first leaf (the root's first children down): its count one more, then its first face 1.
read -r leaf < <(python3 -c "
import struct
data = open('grid.rtm', 'rb').read()
node = 0
while struct.unpack_from('<i', data, $links_at + 8 * node + 4)[0] == 0:
    node += 1
print(node)")
refused leaf_count.rtm $((links_at + 8 * leaf + 4)) '<i' 5 "hierarchy node [0-9]+ is a leaf whose faces do not follow the previous leaf's in the list"
refused leaf_first.rtm $((links_at + 8 * leaf)) '<i' 1 "hierarchy node $leaf is a leaf whose faces do not follow the previous leaf's in the list"
refused box_nan.rtm $((bounds_at + 48 * 3 + 8)) '<d' nan "hierarchy node 3's box is not finite numbers with low <= high"
refused box_inside_out.rtm $((bounds_at + 48 * 2)) '<d' 1e6 "hierarchy node 2's box is not finite numbers with low <= high"
refused face_inner.rtm $((faces_at + 4 * 7)) '<i' -5 "entry 7 of the hierarchy's face list, -5, is not a boundary face"
# An inner face (one whose link is not -1), then two boundary faces swapped: the digest tells.
read -r inner < <(python3 -c "
import struct
data = open('grid.rtm', 'rb').read()
cells = struct.unpack_from('<%di' % (8 * $tetrahedra), data, $cells_at)
print(next(t * 4 + f for t in range($tetrahedra) for f in range(4) if cells[8 * t + 4 + f] != -1))")
refused face_link.rtm $((faces_at + 4 * 9)) '<i' "$inner" "entry 9 of the hierarchy's face list, $inner, is not a boundary face"
python3 - "$faces_at" <<'PY'
import struct, sys
at = int(sys.argv[1])
data = bytearray(open("grid.rtm", "rb").read())
a, b = struct.unpack_from("<ii", data, at)
struct.pack_into("<ii", data, at, b, a)
open("faces_swapped.rtm", "wb").write(data)
PY
expect 1 "faces_swapped\.rtm: the file's arrays do not match the digest" -- "$TW" faces_swapped.rtm
# The stored box and boundary list: what the walk's memory depends on is checked, the rest
# stands on the digest.
refused box_far.rtm $((box_at + 8)) '<d' 1e300 "the stored bounding box is not finite numbers in the supported range with low <= high"
refused box_flipped.rtm $((box_at + 24)) '<d' -1e6 "the stored bounding box is not finite numbers in the supported range with low <= high"
refused box_moved.rtm $((box_at + 40)) '<d' 99 "the file's arrays do not match the digest"
refused boundary_inner.rtm $((boundary_at + 4 * 5)) '<i' "$inner" "entry 5 of the boundary list, $inner, is not a boundary face after the entry before it"
read -r first_boundary < <(python3 -c "import struct; print(struct.unpack_from('<i', open('grid.rtm','rb').read(), $boundary_at)[0])")
refused boundary_order.rtm $((boundary_at + 4)) '<i' "$first_boundary" "entry 1 of the boundary list, $first_boundary, is not a boundary face after the entry before it"
check "the stored boundary list is increasing" python3 -c "
import struct
data = open('grid.rtm', 'rb').read()
faces = struct.unpack_from('<%di' % $faces, data, $boundary_at)
assert all(a < b for a, b in zip(faces, faces[1:]))"
# Read in parallel from a regular file only, in one line: not from a pipe.
expect 1 "not a regular file: a binary mesh is read in parallel from a file" -- "$TW" <(cat grid.rtm)
# A walk record in the fourth block, and one in the last: named by their numbers in the file.
big_tetrahedra=$((6 * 24 ** 3))
big_cells_at=$((128 + 24 * 25 ** 3))
for t in $((3 * 24576 + 17)) $((big_tetrahedra - 1)); do
    python3 - "$big_cells_at" "$t" <<'PY'
import struct, sys
at, t = int(sys.argv[1]), int(sys.argv[2])
data = bytearray(open("blocks.rtm", "rb").read())
struct.pack_into("<i", data, at + 32 * t + 8, -3)
open("blocks_bad.rtm", "wb").write(data)
PY
    OMP_NUM_THREADS=2 expect 1 "blocks_bad\.rtm: tetrahedron $t's vertices [0-9]+ [0-9]+ -3 [0-9]+ are not four distinct" -- \
        "$TW" blocks_bad.rtm
done
expect 1 'missing\.rtm: cannot read' -- "$TW" missing.rtm
check "no output of a damaged mesh" test ! -e out.png

# ---------------------------------------------------------------- nothing lost

printf 'keep me\n' >kept.rtm
expect 1 'far\.rtm: vertex 5' -- "$TW" --save-mesh kept.rtm far.rtm
check "a failed run leaves --save-mesh's file as it was" test "$(cat kept.rtm)" = "keep me"
check "and no temporary file" test -z "$(ls kept.rtm.tmp.* 2>/dev/null)"
expect 2 'save-mesh' -- "$TW" --save-mesh grid.rtm grid.rtm
check "saving onto the mesh read is refused before it is read" cmp -s grid.rtm grid_copy.mesh
expect 1 'save-mesh|folder|director' -- "$TW" --save-mesh "$TMP" grid.mesh
finish
