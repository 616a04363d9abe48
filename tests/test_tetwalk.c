/* test_tetwalk: the walk on the small meshes of data/ with known answers. On the box
 * [0,2] x [0,1] x [0,1] (data/box.mesh, 48 tetrahedra, dyadic coordinates so that every ray below
 * is exact): chords of rays through the interior, exactly through vertices, along edges, within
 * face planes and tangent to the boundary (the tie rule decides those), and from inside; on the U
 * (data/u_shape.mesh) a ray that leaves and enters again. The robust variant and the exact
 * traversal must give every chord and agree on every step; aimed rays must never be lost by
 * them and must be lost by some fast form; every form agrees with the exact traversal on
 * generic rays; the same box read from TetGen files walks the same. The robust walk's expansion
 * arithmetic (rt_expansion.h) gives GMP's signs, tie-rule signs and values on edge products
 * that rounding cannot decide. The walk's compact records give a step reusing its enter face's
 * vertices the very coordinates of a full read. The aman walk's records give back every
 * tetrahedron's fourth vertex and its links, and it loses no ray aimed at an edge. */
#include <gmp.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "exact_gmp.h"
#include "walk_fixtures.h"

/* One ray with one algorithm. */
static walk_result walk(const loaded_mesh *l, const char *algorithm, const double ray[6])
{
    walk_rays rays = {1, (double (*)[6])ray, 0, 0, NULL};
    walk_result r;
    walk_cpu_run(find_walk(algorithm), &l->mesh, &l->bvh, &rays, &r, 1);
    return r;
}

typedef struct known_ray {
    const char *what;
    double ray[6];
    double chord;
    int steps; /* tetrahedra crossed with a length, -1: not checked */
} known_ray;

/* Rays whose chord through the box is known (the tie rule moves a ray by (e, e^2, e^3): along
 * the box's edge y = z = 0 it moves inside, along y = z = 1 outside: docs/TETWALK.md). */
static const known_ray BOX_RAYS[] = {
    {"through the interior along x", {-1, 0.3, 0.7, 3, 0.3, 0.7}, 2, -1},
    {"through the interior, slanted", {-1, 0.25, 0.125, 3, 0.75, 0.875}, 0, -1}, /* chord computed below */
    {"along the grid line y = z = 0.5 (edges and an interior vertex)", {-1, 0.5, 0.5, 3, 0.5, 0.5}, 2, -1},
    {"the main diagonal (three vertices, diagonal edges)", {-2, -1, -1, 4, 2, 2}, 2.449489742783178, -1},
    {"within the face plane y = 0.5", {-1, 0.5, 0.3, 3, 0.5, 0.3}, 2, -1},
    {"within the diagonal faces' plane x = 2y", {-1, -0.5, 0.3, 3, 1.5, 0.3}, 2.23606797749979, -1},
    {"through a boundary vertex from outside", {1, -1, 0.5, 1, 2, 0.5}, 1, -1},
    {"along the box's edge y = z = 0: moved inside", {-1, 0, 0, 3, 0, 0}, 2, -1},
    {"along the box's edge y = z = 1: moved outside", {-1, 1, 1, 3, 1, 1}, 0, 0},
    {"in the boundary plane z = 0", {-1, 0.3, 0, 3, 0.3, 0}, 2, -1},
    {"from inside the box", {1, 0.3, 0.7, 2, 0.3, 0.7}, 1, -1},
    {"missing the box", {-1, 2, 0.5, 3, 2, 0.5}, 0, 0},
    {"pointing away from the box", {3, 0.3, 0.7, 4, 0.3, 0.7}, 0, 0},
};

/* The slanted ray's chord: per unit of x it rises 0.125 in y and 0.1875 in z; it crosses x = 0 at
 * (0, 0.375, 0.3125) and x = 2 at (2, 0.625, 0.6875), inside the faces. */
static double slanted_chord(void) { return 2 * sqrt(1 + 0.125 * 0.125 + 0.1875 * 0.1875); }

static void box_chords(const loaded_mesh *box)
{
    static const char *const WATERTIGHT[] = {"stp0r", "exact"};
    for (size_t i = 0; i < sizeof BOX_RAYS / sizeof BOX_RAYS[0]; ++i) {
        const known_ray *k = &BOX_RAYS[i];
        double chord = k->chord > 0 || k->steps == 0 ? k->chord : slanted_chord();
        walk_result exact = walk(box, "exact", k->ray);
        for (int a = 0; a < 2; ++a) {
            walk_result r = walk(box, WATERTIGHT[a], k->ray);
            CHECK(r.status == RT_WALK_OK, "%s: %s is lost", WATERTIGHT[a], k->what);
            CHECK(fabs(r.length - chord) <= 1e-12, "%s: %s: length %.17g, chord %.17g", WATERTIGHT[a], k->what,
                  r.length, chord);
            CHECK(r.steps == exact.steps, "%s: %s: %d steps, the exact traversal %d", WATERTIGHT[a], k->what, r.steps,
                  exact.steps);
            if (k->steps >= 0)
                CHECK(r.steps == k->steps, "%s: %s: %d steps, expected %d", WATERTIGHT[a], k->what, r.steps, k->steps);
            CHECK(chord == 0 || r.steps > 0, "%s: %s: no tetrahedron crossed", WATERTIGHT[a], k->what);
        }
    }
}

/* The U: along x the ray crosses the arm x 0..1, leaves, and enters the arm x 2..3 (generic for
 * every form); at y = 1.5, z = 0.5 it lies in the arms' diagonal face planes y - 1 = z, and at
 * y = 1 in the plane of the gap's floor, where only the watertight variants must get it right
 * (the tie rule moves it into the arms, y > 1). */
static void u_reentry(const loaded_mesh *u)
{
    static const double generic[6] = {-1, 1.4, 0.55, 4, 1.4, 0.55};
    static const double in_faces[6] = {-1, 1.5, 0.5, 4, 1.5, 0.5};
    static const double on_floor[6] = {-1, 1, 0.5, 4, 1, 0.5};
    static const char *const ALL[] = {"stp0",       "stp1",       "stp2",       "pluecker0", "pluecker1",
                                      "pluecker2",  "pluecker0p", "pluecker1p", "pluecker2p", "badouelb",
                                      "maria",      "aman",       "stp0r",      "exact"};
    for (size_t a = 0; a < sizeof ALL / sizeof ALL[0]; ++a) {
        walk_result r = walk(u, ALL[a], generic);
        CHECK(r.status == RT_WALK_OK && fabs(r.length - 2) <= 1e-12, "%s: the U's two arms: length %.17g (2)", ALL[a],
              r.length);
    }
    const double *const degenerate[2] = {in_faces, on_floor};
    for (int d = 0; d < 2; ++d) {
        walk_result robust = walk(u, "stp0r", degenerate[d]), exact = walk(u, "exact", degenerate[d]);
        CHECK(robust.status == RT_WALK_OK && fabs(robust.length - 2) <= 1e-12, "stp0r, degenerate ray %d: %.17g (2)",
              d, robust.length);
        CHECK(exact.status == RT_WALK_OK && exact.steps == robust.steps && fabs(exact.length - robust.length) <= 1e-12,
              "stp0r and exact differ on degenerate ray %d", d);
    }
}

/* The kinds of feature walk_rays_aimed aims at, by walk_aim. */
static const char *const AIM_KINDS[] = {"vertices", "edges", "faces"};

/* `count` rays aimed at features of one kind; 0, or -1 with the reason counted as a failure. */
static int aimed_rays(const loaded_mesh *l, walk_aim kind, size_t count, uint64_t seed, walk_rays *rays)
{
    error_text err;
    if (walk_rays_aimed(&l->mesh, kind, count, seed, rays, &err) == 0)
        return 0;
    CHECK(0, "%s", err.text);
    return -1;
}

/* The camera's rays, one a pixel of a width x height picture of the whole mesh seen from one side
 * (azimuth 37, elevation 23 degrees, z up); 0, or -1 with the reason counted as a failure. */
static int camera_rays(const loaded_mesh *l, int width, int height, walk_rays *rays)
{
    error_text err;
    if (walk_rays_camera(&l->mesh, width, height, 37, 23, 'z', rays, &err) == 0)
        return 0;
    CHECK(0, "%s", err.text);
    return -1;
}

/* Of `count` results, the lost ones into *lost; returns how many are odd: neither ok nor lost,
 * with a negative step count, or with a length that is not finite or is below `lowest`. */
static size_t count_odd(const walk_result *r, size_t count, double lowest, size_t *lost)
{
    size_t odd = 0;
    *lost = 0;
    for (size_t i = 0; i < count; ++i) {
        *lost += r[i].status == RT_WALK_LOST;
        odd += (r[i].status != RT_WALK_OK && r[i].status != RT_WALK_LOST) || r[i].steps < 0 ||
               !isfinite(r[i].length) || r[i].length < lowest;
    }
    return odd;
}

/* The Badouel walk's and Maria's walk's rays aimed at vertices, edges and faces: every ray ends ok
 * or lost (counted), with a finite length that is not negative beyond rounding (1e-9 of the
 * diagonal, --verify's tolerance: a zero-length chord along a boundary edge rounds to -1e-15 in
 * every form). A walk that took a wrong face and went on came out with lengths of -2. */
static void aimed_field_walks(const loaded_mesh *l, const char *name)
{
    static const char *const WALKS[] = {"badouelb", "maria"};
    for (int kind = 0; kind < 3; ++kind) {
        walk_rays rays;
        size_t count = 400;
        if (aimed_rays(l, (walk_aim)kind, count, 7, &rays) != 0)
            return;
        vec3 d = {l->mesh.high.x - l->mesh.low.x, l->mesh.high.y - l->mesh.low.y, l->mesh.high.z - l->mesh.low.z};
        double rounding = 1e-9 * sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
        walk_result *r = malloc(count * sizeof *r);
        for (int a = 0; a < 2; ++a) {
            walk_cpu_run(find_walk(WALKS[a]), &l->mesh, &l->bvh, &rays, r, 1);
            size_t lost, odd = count_odd(r, count, -rounding, &lost);
            CHECK(odd == 0, "%s, %s, rays aimed at %s: %zu results neither ok nor lost with a length >= 0", name,
                  WALKS[a], AIM_KINDS[kind], odd);
            printf("%s, %zu rays aimed at %s: %s lost %zu\n", name, count, AIM_KINDS[kind], WALKS[a], lost);
        }
        free(r);
        walk_rays_free(&rays);
    }
}

/* The plane table: row t holds tetrahedron t's four faces as rt_badouelb.h builds them, so that
 * lambda_f(V_k) = d_f - n_f . V_k is 1 at the opposite vertex and 0 on the face (the table's face
 * numbers are the mesh's), and the two tetrahedra of an inner face hold opposite normals. */
static void plane_table(const loaded_mesh *l, const char *name)
{
    size_t wrong = 0, wrong_shared = 0;
    for (size_t t = 0; t < l->mesh.tetra_count; ++t) {
        const double *row = l->mesh.planes[t];
        for (int f = 0; f < 4; ++f) {
            for (int k = 0; k < 4; ++k) {
                vec3 v = l->mesh.vertices[l->mesh.tetra[t][k]];
                double lambda = row[RT_BADOUELB_D + f] - (row[RT_BADOUELB_X + f] * v.x +
                                                          row[RT_BADOUELB_Y + f] * v.y + row[RT_BADOUELB_Z + f] * v.z);
                wrong += !(fabs(lambda - (k == f)) <= 1e-12);
            }
            int next = l->mesh.neighbour[t][f];
            if (next < 0)
                continue;
            const double *other = l->mesh.planes[next >> 2];
            int g = next & 3;
            double dot = row[RT_BADOUELB_X + f] * other[RT_BADOUELB_X + g] +
                         row[RT_BADOUELB_Y + f] * other[RT_BADOUELB_Y + g] +
                         row[RT_BADOUELB_Z + f] * other[RT_BADOUELB_Z + g];
            wrong_shared += !(dot < 0);
        }
    }
    CHECK(wrong == 0, "%s: %zu barycentric coordinates of the plane table are not 1 at the vertex, 0 on the face",
          name, wrong);
    CHECK(wrong_shared == 0, "%s: %zu inner faces whose two planes do not face opposite ways", name, wrong_shared);
}

/* The Badouel walk reads planes and links, never a vertex: with the vertex array taken away it
 * walks the camera's rays exactly as it does with it (a read of a vertex would crash). */
static void badouelb_reads_no_vertex(const loaded_mesh *l, const char *name)
{
    walk_rays rays;
    if (camera_rays(l, 32, 24, &rays) != 0)
        return;
    walk_result *full = malloc(rays.count * sizeof *full);
    walk_cpu_run(find_walk("badouelb"), &l->mesh, &l->bvh, &rays, full, 1);
    rt_walk_mesh m = walk_flat_mesh(&l->mesh, &l->bvh);
    m.vertices = NULL;
    size_t differ = 0, steps = 0;
    for (size_t i = 0; i < rays.count; ++i) {
        const double *ray = rays.rays[i];
        rt_vec3 P = rt_v(ray[0], ray[1], ray[2]), L = rt_v(ray[3] - ray[0], ray[4] - ray[1], ray[5] - ray[2]);
        rt_walk_result r = rt_walk_trace_from(&m, RT_WALK_BADOUELB, 0, P, L, RT_WALK_START_NONE, NULL);
        differ += r.status != full[i].status || r.steps != full[i].steps ||
                  r.length * walk_ray_scale(ray) != full[i].length;
        steps += (size_t)r.steps;
    }
    CHECK(steps > rays.count / 2, "%s: the camera's rays cross only %zu tetrahedra", name, steps);
    CHECK(differ == 0, "%s: without the vertices the Badouel walk walks %zu rays differently", name, differ);
    free(full);
    walk_rays_free(&rays);
}

/* Aimed rays: the watertight variants never lose one and agree with each other; the fast forms
 * lose some (their lost rays are counted, not hidden). */
static void aimed(const loaded_mesh *l, const char *name)
{
    static const char *const FAST[] = {"stp0", "stp1", "stp2", "pluecker0", "pluecker1", "pluecker2"};
    for (int kind = 0; kind < 3; ++kind) {
        walk_rays rays;
        size_t count = 400;
        if (aimed_rays(l, (walk_aim)kind, count, 7, &rays) != 0)
            return;
        walk_result *robust = malloc(count * sizeof *robust), *exact = malloc(count * sizeof *exact),
                    *fast = malloc(count * sizeof *fast);
        walk_cpu_run(find_walk("stp0r"), &l->mesh, &l->bvh, &rays, robust, 1);
        walk_cpu_run(find_walk("exact"), &l->mesh, &l->bvh, &rays, exact, 1);
        size_t lost = 0, differ = 0;
        for (size_t i = 0; i < count; ++i) {
            lost += robust[i].status != RT_WALK_OK || exact[i].status != RT_WALK_OK;
            differ += robust[i].steps != exact[i].steps || fabs(robust[i].length - exact[i].length) > 1e-9;
        }
        CHECK(lost == 0, "%s, rays aimed at %s: the watertight variants lost %zu rays", name, AIM_KINDS[kind], lost);
        CHECK(differ == 0, "%s, rays aimed at %s: stp0r differs from the exact traversal on %zu rays", name,
              AIM_KINDS[kind], differ);
        size_t fast_lost = 0;
        for (size_t a = 0; a < sizeof FAST / sizeof FAST[0]; ++a) {
            walk_cpu_run(find_walk(FAST[a]), &l->mesh, &l->bvh, &rays, fast, 1);
            for (size_t i = 0; i < count; ++i)
                fast_lost += fast[i].status != RT_WALK_OK;
        }
        if (kind == 0) /* through vertices, rounding decides, and neighbours round differently */
            CHECK(fast_lost > 0, "%s: no fast form lost a ray aimed at a vertex (the test lost its teeth)", name);
        printf("%s, %zu rays aimed at %s: the six fast forms lost %zu in all\n", name, count, AIM_KINDS[kind], fast_lost);
        free(robust);
        free(exact);
        free(fast);
        walk_rays_free(&rays);
    }
}

/* Generic camera rays: every algorithm walks exactly as the exact traversal. */
static void generic(const loaded_mesh *l, const char *name)
{
    walk_rays rays;
    if (camera_rays(l, 48, 36, &rays) != 0)
        return;
    walk_result *exact = malloc(rays.count * sizeof *exact), *r = malloc(rays.count * sizeof *r);
    walk_cpu_run(find_walk("exact"), &l->mesh, &l->bvh, &rays, exact, 1);
    int count;
    const walk_algorithm *all = walk_algorithms(&count);
    size_t hits = 0;
    for (size_t i = 0; i < rays.count; ++i)
        hits += exact[i].steps > 0;
    CHECK(hits > rays.count / 10, "%s: the camera sees the mesh in only %zu of %zu pixels", name, hits, rays.count);
    for (int a = 0; a < count; ++a) {
        walk_cpu_run(&all[a], &l->mesh, &l->bvh, &rays, r, 2);
        size_t differ = 0;
        for (size_t i = 0; i < rays.count; ++i)
            differ += r[i].status != RT_WALK_OK || r[i].steps != exact[i].steps ||
                      fabs(r[i].length - exact[i].length) > 1e-9;
        CHECK(differ == 0, "%s: %s differs from the exact traversal on %zu generic rays", name, all[a].name, differ);
    }
    free(exact);
    free(r);
    walk_rays_free(&rays);
}

/* The same box from TetGen files (numbered from 1, with .neigh) walks the same. */
static void tetgen_box(const loaded_mesh *box)
{
    loaded_mesh tetgen;
    if (load_mesh("data/box_tetgen.ele", &tetgen) != 0) {
        CHECK(0, "data/box_tetgen.ele does not read");
        return;
    }
    CHECK(tetgen.mesh.tetra_count == 48 && tetgen.mesh.vertex_count == 27 && tetgen.mesh.boundary_count == 48,
          "box_tetgen: %zu tetrahedra, %zu vertices, %zu boundary faces", tetgen.mesh.tetra_count,
          tetgen.mesh.vertex_count, tetgen.mesh.boundary_count);
    CHECK(memcmp(tetgen.mesh.neighbour, box->mesh.neighbour, 48 * sizeof *box->mesh.neighbour) == 0,
          "the .neigh file's adjacency differs from the one built from the faces");
    for (size_t i = 0; i < sizeof BOX_RAYS / sizeof BOX_RAYS[0]; ++i) {
        walk_result a = walk(box, "stp0r", BOX_RAYS[i].ray), b = walk(&tetgen, "stp0r", BOX_RAYS[i].ray);
        CHECK(a.steps == b.steps && a.length == b.length, "box_tetgen walks %s differently", BOX_RAYS[i].what);
    }
    release_mesh(&tetgen);
}

/* The walk's records hold each tetrahedron's vertex indices and links, and a step that reuses the
 * vertices of the face it entered through has, bit for bit, the coordinates a full read gives,
 * through every inner face of the mesh. */
static void compact_records(const loaded_mesh *l, const char *name)
{
    rt_walk_mesh m = walk_flat_mesh(&l->mesh, &l->bvh);
    size_t differ = 0, crossings = 0;
    for (size_t t = 0; t < l->mesh.tetra_count; ++t) {
        rt_walk_corners from = rt_walk_fetch(&m, (int)t);
        for (int k = 0; k < 4; ++k)
            differ += from.vertex[k] != l->mesh.tetra[t][k] || from.link[k] != l->mesh.neighbour[t][k];
        for (int f = 0; f < 4; ++f) {
            int next = from.link[f];
            if (next < 0)
                continue;
            rt_walk_corners full = rt_walk_fetch(&m, next >> 2);
            rt_walk_corners reused = rt_walk_fetch_next(&m, next >> 2, next & 3, &from);
            differ += memcmp(full.V, reused.V, sizeof full.V) != 0 || memcmp(full.vertex, reused.vertex,
                                                                             sizeof full.vertex) != 0;
            crossings += 1;
        }
    }
    CHECK(crossings > l->mesh.tetra_count, "%s: only %zu inner crossings", name, crossings);
    CHECK(differ == 0, "%s: %zu records or reused faces differ from the mesh", name, differ);
}

/* The aman walk's compact records: XOR with any three of a tetrahedron's vertices gives the
 * fourth, and the link of the face opposite each vertex (ranked by number) is the neighbour. */
static void aman_records(const loaded_mesh *l, const char *name)
{
    size_t differ = 0;
    for (size_t t = 0; t < l->mesh.tetra_count; ++t) {
        const int *record = l->mesh.aman_cells + RT_AMAN_INTS * t, *vertex = l->mesh.tetra[t];
        for (int f = 0; f < 4; ++f) {
            int others = 0, rank = 0;
            for (int k = 0; k < 4; ++k) {
                others ^= k == f ? 0 : vertex[k];
                rank += vertex[k] < vertex[f];
            }
            int link = l->mesh.neighbour[t][f];
            differ += (record[RT_AMAN_XOR] ^ others) != vertex[f];
            differ += record[RT_AMAN_LINK(rank)] != (link < 0 ? -1 : link >> 2);
        }
    }
    CHECK(differ == 0, "%s: %zu fourth vertices or links of the aman records differ from the mesh", name, differ);
}

/* Rays aimed at vertices, edges and faces: the aman walk ends every one OK or lost (counted),
 * with a finite length (rounding may leave it a little below 0, as it does the other walks'),
 * loses some aimed at vertices, and none aimed at edges: each edge's orientation is exactly
 * antisymmetric, the boundary faces are told by the same orientations, so a ray through an
 * edge is handed on, inside and at the boundary alike. */
static void aman_aimed(const loaded_mesh *l, const char *name)
{
    for (int kind = 0; kind < 3; ++kind) {
        walk_rays rays;
        size_t count = 1000;
        if (aimed_rays(l, (walk_aim)kind, count, 11, &rays) != 0)
            return;
        walk_result *r = malloc(count * sizeof *r);
        walk_cpu_run(find_walk("aman"), &l->mesh, &l->bvh, &rays, r, 1);
        size_t lost, odd = count_odd(r, count, -INFINITY, &lost);
        CHECK(odd == 0, "%s, rays aimed at %s: %zu aman results neither OK nor lost", name, AIM_KINDS[kind], odd);
        if (kind == WALK_AIM_VERTICES)
            CHECK(lost > 0, "%s: aman lost no ray aimed at a vertex (the test lost its teeth)", name);
        if (kind == WALK_AIM_EDGES)
            CHECK(lost == 0, "%s: aman lost %zu of %zu rays aimed at edges", name, lost, count);
        printf("%s, %zu rays aimed at %s: aman lost %zu\n", name, count, AIM_KINDS[kind], lost);
        free(r);
        walk_rays_free(&rays);
    }
}

static void names(void)
{
    int opencl = -1;
    CHECK(walk_algorithm_find("stp1", &opencl) == find_walk("STP1") && opencl == 0, "stp1 / STP1");
    CHECK(walk_algorithm_find("GPU_Segura1P", &opencl) == find_walk("pluecker1p") && opencl == 1, "GPU_Segura1P");
    CHECK(walk_algorithm_find("gpu_STP0R", &opencl) == find_walk("stp0r") && opencl == 1, "gpu_STP0R");
    CHECK(walk_algorithm_find("gpu_exact", &opencl) == NULL, "the exact traversal has no OpenCL build");
    CHECK(walk_algorithm_find("stp3", &opencl) == NULL, "stp3 does not exist");
    const walk_algorithm *aman = find_walk("aman");
    CHECK(aman && aman->method == RT_WALK_AMAN && aman->has_kernel, "aman is the aman walk, with a kernel");
    CHECK(walk_algorithm_find("Aman", &opencl) == aman && opencl == 0, "Aman");
    CHECK(walk_algorithm_find("gpu_aman", &opencl) == aman && opencl == 1, "gpu_aman");
    CHECK(walk_algorithm_find("GPU_Aman", &opencl) == aman && opencl == 1, "GPU_Aman");
    const walk_algorithm *badouelb = find_walk("badouelb"), *maria = find_walk("maria");
    CHECK(badouelb && badouelb->method == RT_WALK_BADOUELB && maria && maria->method == RT_WALK_MARIA,
          "badouelb and maria are walks");
    CHECK(walk_algorithm_find("BadouelB", &opencl) == badouelb && opencl == 0, "BadouelB");
    CHECK(walk_algorithm_find("gpu_badouelb", &opencl) == badouelb && opencl == 1, "gpu_badouelb");
    CHECK(walk_algorithm_find("GPU_Maria", &opencl) == maria && opencl == 1, "GPU_Maria");
    CHECK(walk_algorithm_find("badouelbf", &opencl) == NULL, "the walk has no float build");
    /* TetWalk lists, runs (--algorithm all) and reports its walks in this order (the rows'
     * walk.order); its summaries and JSON follow it. */
    static const char *ORDER[] = {"pluecker0",  "pluecker1", "pluecker2", "stp0",  "stp1",  "stp2",  "pluecker0p",
                                  "pluecker1p", "pluecker2p", "aman",     "badouelb", "maria", "stp0r", "exact"};
    enum { WALKS = (int)(sizeof ORDER / sizeof ORDER[0]) };
    int count;
    const walk_algorithm *all = walk_algorithms(&count);
    CHECK(count == WALKS, "%d walks, expected %d", count, WALKS);
    for (int i = 0; i < count && i < WALKS; ++i)
        CHECK(strcmp(all[i].name, ORDER[i]) == 0, "walk %d is %s, expected %s", i + 1, all[i].name, ORDER[i]);
}

/* Edges that rays pass within rounding of: P and L aimed through a point of the edge (or at its
 * vertex, or along it), then nudged by a few units in the last place, at scales from 1e-40 to
 * 1e+60 and with edges far from P; every sign must be GMP's, the tie rule's too, and every value
 * within 2^-52 of the exact one, relatively. */
static void expansion_arithmetic(void)
{
    unsigned long long state = 12345;
    int wrong_sign = 0, wrong_moved = 0, inaccurate = 0, zeros = 0, filter_open = 0;
    mpq_t exact, error, bound;
    mpq_inits(exact, error, bound, NULL);
    const int count = 20000;
    for (int n = 0; n < count; ++n) {
        double u[13];
        for (int k = 0; k < 13; ++k) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            u[k] = (double)(state >> 11) * 0x1.0p-53;
        }
        double scale = ldexp(1, (int)(u[12] * 300) - 130);
        vec3 Vi = {scale * (u[0] - 0.5), scale * (u[1] - 0.5), scale * (u[2] - 0.5)};
        vec3 Vj = {scale * (u[3] - 0.5), scale * (u[4] - 0.5), scale * (u[5] - 0.5)};
        double s = n % 4 == 0 ? 0 : (n % 4 == 1 ? 1 : u[6]); /* at Vi, at Vj, or between */
        vec3 X = {Vi.x + s * (Vj.x - Vi.x), Vi.y + s * (Vj.y - Vi.y), Vi.z + s * (Vj.z - Vi.z)};
        vec3 P = {X.x - scale * (u[7] + 1), X.y - scale * 3 * u[8], X.z + scale * 2 * u[9]};
        if (n % 7 == 0) /* along the edge */
            P = (vec3){Vi.x - 2 * (Vj.x - Vi.x), Vi.y - 2 * (Vj.y - Vi.y), Vi.z - 2 * (Vj.z - Vi.z)};
        int wiggle = n % 5 - 2;
        P.x = check_nudged(P.x, wiggle);
        P.z = check_nudged(P.z, (int)(u[10] * 5) - 2);
        vec3 Q = n % 7 == 0 ? Vj : (vec3){check_nudged(X.x, (int)(u[11] * 3) - 1), X.y, X.z};
        vec3 L = {Q.x - P.x, Q.y - P.y, Q.z - P.z};
        rt_tetra t = rt_prepare(P, L, Vi, Vj, Vi, Vj, 1);
        rt_real products[6];
        rt_signs signs;
        filter_open += (rt_robust_signs(&t, products, &signs) & 1) != 0;
        int sign, moved, gmp_moved;
        double value = rt_walk_exact_edge(P, L, Vi, Vj, &sign, &moved);
        int gmp_sign = walk_exact_edge_sign(P, L, Vi, Vj, &gmp_moved);
        wrong_sign += sign != gmp_sign || (value > 0) - (value < 0) != gmp_sign;
        wrong_moved += moved != gmp_moved;
        zeros += gmp_sign == 0;
        exact_stp_rational(P, L, Vj, Vi, exact); /* p_ij = [L, Vj - P, Vi - P] */
        mpq_set_d(error, value);
        mpq_sub(error, error, exact);
        mpq_abs(error, error);
        mpq_abs(bound, exact);
        mpq_div_2exp(bound, bound, 52);
        inaccurate += mpq_cmp(error, bound) > 0;
    }
    mpq_clears(exact, error, bound, NULL);
    CHECK(filter_open > count / 2, "the inputs are hard: the filter leaves only %d of %d open", filter_open, count);
    CHECK(zeros > 0, "some products are exactly 0 (%d)", zeros);
    CHECK(wrong_sign == 0, "expansion arithmetic: %d of %d signs differ from GMP's", wrong_sign, count);
    CHECK(wrong_moved == 0, "expansion arithmetic: %d of %d tie-rule signs differ from GMP's", wrong_moved, count);
    CHECK(inaccurate == 0, "expansion arithmetic: %d of %d values off by more than 2^-52 relatively", inaccurate,
          count);
}

int main(void)
{
    loaded_mesh box, u;
    if (load_mesh("data/box.mesh", &box) != 0 || load_mesh("data/u_shape.mesh", &u) != 0)
        return 1;
    CHECK(box.mesh.tetra_count == 48 && box.mesh.boundary_count == 48 && box.mesh.edge_count == 98,
          "box: %zu tetrahedra, %zu boundary faces, %zu edges", box.mesh.tetra_count, box.mesh.boundary_count,
          box.mesh.edge_count);
    names();
    expansion_arithmetic();
    box_chords(&box);
    u_reentry(&u);
    tetgen_box(&box);
    /* The checks that hold on any mesh, on the convex box and on the U, whose rays leave and
     * enter again. */
    const struct {
        const loaded_mesh *mesh;
        const char *name;
    } meshes[] = {{&box, "box"}, {&u, "U"}};
    for (size_t i = 0; i < sizeof meshes / sizeof meshes[0]; ++i) {
        const loaded_mesh *mesh = meshes[i].mesh;
        const char *name = meshes[i].name;
        aimed(mesh, name);
        aimed_field_walks(mesh, name);
        plane_table(mesh, name);
        badouelb_reads_no_vertex(mesh, name);
        generic(mesh, name);
        compact_records(mesh, name);
        aman_records(mesh, name);
        aman_aimed(mesh, name);
    }
    release_mesh(&box);
    release_mesh(&u);
    return check_summary("test_tetwalk");
}
