# test_tetwalk_inside: TetWalk's rays from inside the mesh and its dynamic chunks.
# --from and --from-vertex (vertices numbered as the file numbers them) walk every ray, robust and
# exact agreeing; a rays file's inside P is walked from P (the length to the boundary); bad values
# get one line and write nothing. The per-ray results are the same with 1 and 2 CPU threads, and
# with --devices (chunks handed out as devices finish) as on one device; on PoCL the robust kernel
# walks rays from an interior vertex as the CPU does.
source "$(dirname "$0")/lib.sh"
export RAYTETRA_CACHE_DIR="$TMP/cache"
TW="$BIN/TetWalk"
DATA="$ROOT/data"
cd "$TMP" || exit 1

# ---------------------------------------------------------------- bad values, one line, nothing written

echo keep >kept.csv
expect 2 "--from must be X,Y,Z: three numbers" -- "$TW" --from 1,0.5 --per-ray kept.csv "$DATA/box.mesh"
expect 2 "--from must be X,Y,Z: three numbers" -- "$TW" --from 1,0.5,x "$DATA/box.mesh"
expect 2 "--from must be X,Y,Z: three numbers" -- "$TW" --from 1,0.5,0.5,2 "$DATA/box.mesh"
expect 2 "--from's y = 1e300 is outside the supported range" -- "$TW" --from 1,1e300,0.5 "$DATA/box.mesh"
expect 2 "--from-vertex" -- "$TW" --from-vertex four "$DATA/box.mesh"
expect 1 "--from 5,0.5,0.5: the point \(5, 0.5, 0.5\) is outside the mesh .*box.mesh .*give a point inside it" -- \
    "$TW" --from 5,0.5,0.5 --per-ray kept.csv "$DATA/box.mesh"
expect 1 "--from-vertex 0: .*box.mesh numbers its vertices 1 to 27: give one of them" -- \
    "$TW" --from-vertex 0 --per-ray kept.csv "$DATA/box.mesh"
expect 1 "--from-vertex 28: .*box_tetgen.ele numbers its vertices 1 to 27" -- \
    "$TW" --from-vertex 28 "$DATA/box_tetgen.ele"
expect 2 "--rays, --aim, --from and --from-vertex each choose the rays: give one" -- \
    "$TW" --from 1,0.5,0.5 --aim vertices "$DATA/box.mesh"
expect 2 "each choose the rays" -- "$TW" --from 1,0.5,0.5 --from-vertex 4 "$DATA/box.mesh"
check "a refused run leaves the per-ray file as it was" test "$(cat kept.csv)" = keep

# ---------------------------------------------------------------- rays from inside, CPU

# Vertex 4 of the box is (1, 0.5, 0.5), its one interior vertex: every ray starts exactly there.
expect 0 "" -- "$TW" --from-vertex 4 --aim-rays 1000 --algorithm stp0r,exact --verify 0 --reps 1 \
    --per-ray vertex_cpu.csv "$DATA/box.mesh"
check "--from-vertex 4 walks from (1, 0.5, 0.5)" grep -q "rays from (1, 0.5, 0.5)" stdout.$$
check "the robust walk from the vertex loses no ray and agrees with the exact traversal" \
    grep -Eq "STP0R .* 0 lost; 0 of 1000 rays differ" stdout.$$
check "every ray from the interior vertex crosses a tetrahedron" \
    awk -F, 'NR > 1 && ($2 < 1 || $4 != "ok") { exit 1 }' vertex_cpu.csv
# The same vertex in the TetGen files (numbered from 1 there too).
expect 0 "" -- "$TW" --from-vertex 4 --aim-rays 1000 --reps 1 --per-ray vertex_tetgen.csv "$DATA/box_tetgen.ele"
check "the TetGen box's vertex 4 gives the same rays" cmp -s vertex_cpu.csv vertex_tetgen.csv
# A point on the boundary face x = 2: the rays that go in cross the box, the others nothing.
expect 0 "" -- "$TW" --from 2,0.5,0.5 --aim-rays 400 --verify 0 --reps 1 --per-ray face.csv "$DATA/box.mesh"
check "a point on the boundary is told" grep -q "on the boundary" stdout.$$
check "half the rays from the boundary face go in" \
    awk -F, 'NR > 1 && $3 > 0 { n++ } END { exit !(n > 100 && n < 300) }' face.csv
check "no ray from the boundary face differs from the exact traversal" grep -Eq "0 lost; 0 of 400 rays differ" stdout.$$
# On the face x = 0 P + (e, e^2, e^3) is inside: the rays that leave at P cross nothing, the
# others are walked once (not again from their entry at t = 0).
expect 0 "" -- "$TW" --from 0,0.3,0.7 --aim-rays 1000 --algorithm stp0r,stp0 --verify 0 --reps 1 "$DATA/box.mesh"
check "rays from the face x = 0 are walked as the exact traversal walks them" \
    test "$(grep -Ec "0 lost; 0 of 1000 rays differ" stdout.$$)" = 2
# A rays file: P inside is walked from P; the length is the distance to the boundary.
printf '3\n0.5 0.5 0.5 1.5 0.5 0.5\n1 0.5 0.5 1 0.5 0\n-1 0.25 0.25 0 0.25 0.25\n' >inside.rays
expect 0 "" -- "$TW" --rays inside.rays --algorithm stp0r --verify 0 --reps 1 --per-ray inside.csv "$DATA/box.mesh"
check "two of the three rays start inside" grep -q "rays: 2 start inside the mesh" stdout.$$
check "the lengths are the distances to the boundary along the rays (1.5, 0.5, 2)" \
    awk -F, 'NR == 2 && $3 == 1.5 { a = 1 } NR == 3 && $3 == 0.5 { b = 1 } NR == 4 && $3 == 2 { c = 1 }
             END { exit !(a && b && c) }' inside.csv

# ---------------------------------------------------------------- threads: chunks, same results

expect 0 "" -- "$TW" --size 64x48 --algorithm stp1 --threads 1 --reps 1 --per-ray one.csv "$DATA/u_shape.mesh"
expect 0 "" -- "$TW" --size 64x48 --algorithm stp1 --threads 2 --reps 1 --per-ray two.csv "$DATA/u_shape.mesh"
check "stp1 on 2 threads walks every ray as on 1" cmp -s one.csv two.csv
expect 0 "" -- "$TW" --from-vertex 4 --aim-rays 1000 --threads 2 --reps 1 --per-ray vertex_two.csv "$DATA/box.mesh"
check "stp0r from the vertex on 2 threads walks every ray as on 1" cmp -s vertex_cpu.csv vertex_two.csv

# ---------------------------------------------------------------- OpenCL (PoCL here)

if "$BIN/RayTetra" --list-devices 2>/dev/null | grep -Eq '^0 .* yes '; then
    device=${RAYTETRA_TEST_DEVICE:-0}
    expect 0 "" -- "$TW" --from-vertex 4 --aim-rays 1000 --algorithm gpu_stp0r --device "$device" --verify 0 \
        --reps 1 --per-ray vertex_gpu.csv "$DATA/box.mesh"
    check "GPU_STP0R walks the rays from the interior vertex as the CPU does" cmp -s vertex_cpu.csv vertex_gpu.csv
    expect 0 "" -- "$TW" --from 0.3,0.7,0.4 --aim-rays 500 --algorithm stp0 --reps 1 --per-ray point_cpu.csv \
        "$DATA/u_shape.mesh"
    expect 0 "" -- "$TW" --from 0.3,0.7,0.4 --aim-rays 500 --algorithm gpu_stp0 --device "$device" --reps 1 \
        --per-ray point_gpu.csv "$DATA/u_shape.mesh"
    check "GPU_STP0 walks the rays from an inside point as the CPU does" cmp -s point_cpu.csv point_gpu.csv
    # --devices with the one device: chunks handed out by the shared counter, results in place.
    expect 0 "" -- "$TW" --size 160x120 --algorithm gpu_stp1 --device "$device" --reps 1 --per-ray single.csv \
        "$DATA/u_shape.mesh"
    expect 0 "" -- "$TW" --size 160x120 --algorithm gpu_stp1 --devices "$device" --reps 2 --per-ray chunked.csv \
        "$DATA/u_shape.mesh"
    check "--devices walks every ray as one device does" cmp -s single.csv chunked.csv
    check "--devices reports the rays each device took in chunks" grep -Eq "19200 rays \(100.0 %\) in 1 chunks" stdout.$$
    expect 0 "" -- "$TW" --from-vertex 4 --aim-rays 1000 --algorithm gpu_stp0r --devices "$device" --reps 1 \
        --per-ray vertex_devices.csv "$DATA/box.mesh"
    check "--devices walks the rays from the vertex as the CPU does" cmp -s vertex_cpu.csv vertex_devices.csv
fi

finish
