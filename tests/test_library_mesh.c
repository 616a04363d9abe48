/* test_library_mesh: libraytetra's mesh calls (include/raytetra.h, "tetrahedral meshes") against
 * TetWalk's own walk. The meshes of data/ are read with TetWalk's reader (the internal archive),
 * handed to the library as arrays (in the file's orientation and mirrored), and rays from
 * outside, from inside and from a vertex are walked both ways: TetWalk's walk_cpu_run with the
 * starts TetWalk locates, and raytetra_mesh_walk, which must agree ray for ray (status, steps,
 * length, bit for bit) for a fast form, the precomputed one, the robust one and the exact
 * traversal. Then the visits (count, order, adjacency, t), threads, every refusal with its
 * message, and the device walk against the CPU on OpenCL device 0 when there is one. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "raytetra.h"

#include "check.h"
#include "mesh/mesh.h"
#include "mesh/mesh_bvh.h"
#include "walk/walk.h"
#include "walk/walk_locate.h"

static uint64_t rng_state = 0x2545f4914f6cdd1du;

static double uniform(void) { return check_uniform(&rng_state); }

/* A mesh as TetWalk reads it, and as arrays for the library. */
typedef struct fixture {
    tet_mesh mesh;
    mesh_bvh bvh;
    double (*vertices)[3];
    int32_t (*tets)[4];
} fixture;

static int load(const char *path, fixture *f)
{
    error_text err = {ERROR_FAILED, ""};
    if (mesh_read(path, &f->mesh, &err) != 0 || mesh_build_edges(&f->mesh, &err) != 0 ||
        mesh_build_compact(&f->mesh, &err) != 0 || mesh_build_planes(&f->mesh, &err) != 0 ||
        mesh_bvh_build(&f->mesh, &f->bvh, &err) != 0) {
        CHECK(0, "%s", err.text);
        return -1;
    }
    f->vertices = malloc(f->mesh.vertex_count * sizeof *f->vertices);
    f->tets = malloc(f->mesh.tetra_count * sizeof *f->tets);
    for (size_t v = 0; v < f->mesh.vertex_count; ++v) {
        f->vertices[v][0] = f->mesh.vertices[v].x;
        f->vertices[v][1] = f->mesh.vertices[v].y;
        f->vertices[v][2] = f->mesh.vertices[v].z;
    }
    for (size_t t = 0; t < f->mesh.tetra_count; ++t)
        for (int k = 0; k < 4; ++k)
            f->tets[t][k] = f->mesh.tetra[t][k];
    return 0;
}

static void unload(fixture *f)
{
    mesh_bvh_free(&f->bvh);
    mesh_free(&f->mesh);
    free(f->vertices);
    free(f->tets);
}

/* ---------------------------------------------------------------- rays */

typedef struct ray_set {
    size_t n;
    double (*origins)[3], (*directions)[3];
} ray_set;

/* Rays of three kinds: from a sphere around the mesh through a random point of its box, from
 * random points of the box (inside the mesh or not) in random directions, and from vertex 0 of
 * the mesh (a vertex start). */
static ray_set make_rays(const tet_mesh *mesh, size_t each)
{
    ray_set r = {3 * each, malloc(3 * each * sizeof *r.origins), malloc(3 * each * sizeof *r.directions)};
    double low[3] = {mesh->low.x, mesh->low.y, mesh->low.z}, high[3] = {mesh->high.x, mesh->high.y, mesh->high.z};
    for (size_t i = 0; i < r.n; ++i) {
        double target[3], direction[3];
        for (int a = 0; a < 3; ++a) {
            target[a] = low[a] + (high[a] - low[a]) * uniform();
            direction[a] = 2 * uniform() - 1;
        }
        for (int a = 0; a < 3; ++a) {
            if (i < each) { /* from outside, towards target */
                r.origins[i][a] = target[a] - 4 * direction[a];
                r.directions[i][a] = direction[a];
            } else if (i < 2 * each) { /* from a point of the box */
                r.origins[i][a] = target[a];
                r.directions[i][a] = direction[a];
            } else { /* from vertex 0 */
                r.origins[i][a] = (&mesh->vertices[0].x)[a];
                r.directions[i][a] = direction[a];
            }
        }
    }
    return r;
}

static void free_rays(ray_set *r)
{
    free(r->origins);
    free(r->directions);
}

/* TetWalk's walk of the rays (P, P + direction, the starts it locates) with `name`. */
static walk_result *tetwalk_walk(fixture *f, const ray_set *r, const char *name)
{
    walk_rays rays = {r->n, malloc(r->n * sizeof *rays.rays), 0, 0, NULL};
    for (size_t i = 0; i < r->n; ++i)
        for (int a = 0; a < 3; ++a) {
            rays.rays[i][a] = r->origins[i][a];
            rays.rays[i][3 + a] = r->origins[i][a] + r->directions[i][a];
        }
    walk_locator locator;
    error_text err = {ERROR_FAILED, ""};
    walk_locator_build(&locator, &f->mesh, &err);
    rays.start = walk_locate_starts(&locator, (const double (*)[6])rays.rays, r->n, &err);
    walk_locator_free(&locator);
    int opencl;
    walk_result *results = malloc(r->n * sizeof *results);
    walk_cpu_run(walk_algorithm_find(name, &opencl), &f->mesh, &f->bvh, &rays, results, 1);
    walk_rays_free(&rays);
    return results;
}

/* ---------------------------------------------------------------- agreement with TetWalk */

static raytetra_mesh *create(const fixture *f, int mirrored)
{
    int32_t (*tets)[4] = malloc(f->mesh.tetra_count * sizeof *tets);
    memcpy(tets, f->tets, f->mesh.tetra_count * sizeof *tets);
    for (size_t t = 0; mirrored && t < f->mesh.tetra_count; ++t) {
        int32_t swap = tets[t][1];
        tets[t][1] = tets[t][2];
        tets[t][2] = swap;
    }
    raytetra_mesh *mesh = NULL;
    char message[512];
    int status = raytetra_mesh_create(f->mesh.vertex_count, (const double (*)[3])f->vertices, f->mesh.tetra_count,
                                      (const int32_t (*)[4])tets, NULL, &mesh, message, sizeof message);
    CHECK(status == RAYTETRA_OK && mesh, "%s (mirrored %d): %d %s", f->mesh.path, mirrored, status, message);
    free(tets);
    return mesh;
}

/* The library's walk equals TetWalk's, ray for ray, and some rays cross the mesh, some not. In
 * TetWalk's own vertex order the lengths are equal bit for bit; in the mirrored mesh each face's
 * t is computed from its vertices in another order, and lengths may differ by roundings
 * (tolerance: TetWalk's --verify's, 1e-9 of the diagonal). */
static void check_against_tetwalk(fixture *f, raytetra_mesh *mesh, const ray_set *r, const char *name, int mirrored)
{
    vec3 d = {f->mesh.high.x - f->mesh.low.x, f->mesh.high.y - f->mesh.low.y, f->mesh.high.z - f->mesh.low.z};
    double tolerance = mirrored ? 1e-9 * sqrt(d.x * d.x + d.y * d.y + d.z * d.z) : 0;
    walk_result *expected = tetwalk_walk(f, r, name);
    raytetra_walk_result *got = malloc(r->n * sizeof *got);
    int status = raytetra_mesh_walk(mesh, name, r->n, (const double (*)[3])r->origins,
                                    (const double (*)[3])r->directions, got, NULL, 0, NULL, NULL);
    CHECK(status == RAYTETRA_OK, "%s: %s", name, raytetra_error_string(status));
    size_t differ = 0, hits = 0;
    for (size_t i = 0; i < r->n && status == RAYTETRA_OK; ++i) {
        differ += got[i].status != expected[i].status || got[i].steps != expected[i].steps ||
                  !(fabs(got[i].length - expected[i].length) <= tolerance);
        hits += got[i].steps > 0;
        CHECK((got[i].steps > 0) == (got[i].first_tet >= 0 && got[i].last_tet >= 0),
              "%s ray %zu: steps %d, first %d, last %d", name, i, got[i].steps, got[i].first_tet, got[i].last_tet);
    }
    CHECK(differ == 0, "%s %s (mirrored %d): %zu of %zu rays differ from TetWalk's walk", f->mesh.path, name, mirrored,
          differ, r->n);
    CHECK(hits > r->n / 4 && hits < r->n, "%s %s: %zu of %zu rays cross the mesh", f->mesh.path, name, hits, r->n);
    free(expected);
    free(got);
}

/* ---------------------------------------------------------------- visits */

static int shares_face(const int32_t a[4], const int32_t b[4])
{
    int common = 0;
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
            common += a[i] == b[j];
    return common == 3;
}

/* Sizes first, then the visits: one per step, along the ray, t within each visit in order,
 * consecutive ones adjacent (within a segment: where t_leave meets the next t_enter), the first
 * and last tetrahedra those of the results, and the lengths their sum. */
static void check_visits(const fixture *f, raytetra_mesh *mesh, const ray_set *r, const char *name)
{
    raytetra_walk_result *results = malloc(r->n * sizeof *results);
    size_t total = 0;
    int status = raytetra_mesh_walk(mesh, name, r->n, (const double (*)[3])r->origins,
                                    (const double (*)[3])r->directions, results, NULL, 0, &total, NULL);
    size_t steps = 0;
    for (size_t i = 0; i < r->n; ++i)
        steps += (size_t)results[i].steps;
    CHECK(status == RAYTETRA_OK && total == steps && total > 0, "%s: total %zu, steps %zu", name, total, steps);
    raytetra_visit *visits = malloc((total + 1) * sizeof *visits);
    /* Too small by one: refused, nothing written. */
    memset(visits, 0x5a, (total + 1) * sizeof *visits);
    size_t again = 0;
    status = raytetra_mesh_walk(mesh, name, r->n, (const double (*)[3])r->origins, (const double (*)[3])r->directions,
                                results, visits, total - 1, &again, NULL);
    unsigned char *bytes = (unsigned char *)visits;
    size_t touched = 0;
    for (size_t b = 0; b < (total + 1) * sizeof *visits; ++b)
        touched += bytes[b] != 0x5a;
    CHECK(status == RAYTETRA_ERROR_BUFFER_TOO_SMALL && again == total && touched == 0,
          "%s: capacity %zu of %zu: %s, total %zu, %zu bytes written", name, total - 1, total,
          raytetra_error_string(status), again, touched);
    raytetra_walk_options options = RAYTETRA_WALK_OPTIONS_INIT;
    options.threads = 0; /* every core: the same visits */
    status = raytetra_mesh_walk(mesh, name, r->n, (const double (*)[3])r->origins, (const double (*)[3])r->directions,
                                results, visits, total, &again, &options);
    CHECK(status == RAYTETRA_OK, "%s: %s", name, raytetra_error_string(status));
    size_t bad_order = 0, bad_adjacent = 0, bad_ends = 0, bad_length = 0, bad_range = 0;
    size_t expected_first = 0;
    for (size_t i = 0; i < r->n && status == RAYTETRA_OK; ++i) {
        const raytetra_walk_result *w = &results[i];
        bad_range += w->first_visit != expected_first || w->visit_count != (uint64_t)w->steps;
        expected_first += (size_t)w->steps;
        const raytetra_visit *v = visits + w->first_visit;
        double sum = 0, scale = sqrt(r->directions[i][0] * r->directions[i][0] +
                                     r->directions[i][1] * r->directions[i][1] +
                                     r->directions[i][2] * r->directions[i][2]);
        for (uint64_t j = 0; j < w->visit_count; ++j) {
            sum += v[j].t_leave - v[j].t_enter;
            bad_order += !(v[j].t_enter >= 0 && v[j].t_enter < v[j].t_leave) || (j > 0 && v[j].t_enter < v[j - 1].t_leave);
            if (j > 0 && v[j].t_enter == v[j - 1].t_leave)
                bad_adjacent += !shares_face(f->tets[v[j].tet], f->tets[v[j - 1].tet]);
        }
        if (w->visit_count > 0)
            bad_ends += v[0].tet != w->first_tet || v[w->visit_count - 1].tet != w->last_tet;
        bad_length += !(fabs(sum * scale - w->length) <= 1e-12 * (1 + w->length));
    }
    CHECK(bad_range == 0, "%s: %zu rays' visit ranges are not consecutive", name, bad_range);
    CHECK(bad_order == 0, "%s: %zu visits out of order along the ray", name, bad_order);
    CHECK(bad_adjacent == 0, "%s: %zu consecutive visits not across a face", name, bad_adjacent);
    CHECK(bad_ends == 0, "%s: %zu rays' first or last tetrahedron is not their visits'", name, bad_ends);
    CHECK(bad_length == 0, "%s: %zu rays' lengths are not the sum of their visits", name, bad_length);
    free(visits);
    free(results);
}

/* Threads: every core and one give the same results. */
static void check_threads(raytetra_mesh *mesh, const ray_set *r)
{
    raytetra_walk_result *one = malloc(r->n * sizeof *one), *all = malloc(r->n * sizeof *all);
    raytetra_walk_options options = RAYTETRA_WALK_OPTIONS_INIT;
    int a = raytetra_mesh_walk(mesh, "stp0", r->n, (const double (*)[3])r->origins, (const double (*)[3])r->directions,
                               one, NULL, 0, NULL, &options);
    options.threads = 0;
    int b = raytetra_mesh_walk(mesh, "stp0", r->n, (const double (*)[3])r->origins, (const double (*)[3])r->directions,
                               all, NULL, 0, NULL, &options);
    CHECK(a == RAYTETRA_OK && b == RAYTETRA_OK && memcmp(one, all, r->n * sizeof *one) == 0,
          "one thread and every core differ (%d, %d)", a, b);
    free(one);
    free(all);
}

/* ---------------------------------------------------------------- refusals */

/* A unit cube's corners and the tetrahedra below. */
static const double CORNERS[8][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0},
                                     {0, 0, 1}, {1, 0, 1}, {0, 1, 1}, {1, 1, 1}};

static int refused(size_t tets_count, const int32_t (*tets)[4], const int32_t (*neighbours)[4], const char *needle,
                   const char *what)
{
    raytetra_mesh *mesh = (raytetra_mesh *)&mesh; /* must become NULL */
    char message[512] = "untouched";
    int status = raytetra_mesh_create(8, CORNERS, tets_count, tets, neighbours, &mesh, message, sizeof message);
    CHECK(status == RAYTETRA_ERROR_BAD_MESH && mesh == NULL && strstr(message, needle) && !strchr(message, '\n'),
          "%s: %d, message \"%s\" (expected \"%s\")", what, status, message, needle);
    return status;
}

static void check_refusals(void)
{
    const int32_t out_of_range[2][4] = {{0, 1, 2, 4}, {1, 2, 4, 8}};
    refused(2, out_of_range, NULL, "tetrahedron 1 names vertex 8", "an index out of range");
    const int32_t negative[1][4] = {{0, 1, -3, 4}};
    refused(1, negative, NULL, "tetrahedron 0 names vertex -3", "a negative index");
    const int32_t flat[2][4] = {{0, 1, 2, 4}, {0, 1, 2, 3}};
    refused(2, flat, NULL, "tetrahedron 1 is flat", "a flat tetrahedron");
    const int32_t twice[1][4] = {{0, 1, 1, 4}};
    refused(1, twice, NULL, "tetrahedron 0 names vertex 1 twice", "a vertex named twice");
    /* Three tetrahedra on the face (0 1 2): not manifold. */
    const int32_t three[3][4] = {{0, 1, 2, 4}, {0, 1, 2, 7}, {0, 1, 2, 5}};
    refused(3, three, NULL, "not manifold", "a face of three tetrahedra");
    /* Two tetrahedra of one orientation and one of the other: that one is inverted. */
    const int32_t inverted[3][4] = {{0, 1, 2, 4}, {1, 3, 2, 7}, {1, 2, 3, 5}};
    refused(3, inverted, NULL, "inverted", "an inverted tetrahedron");
    const int32_t overlapping[2][4] = {{0, 1, 2, 4}, {0, 1, 2, 7}};
    refused(2, overlapping, NULL, "tetrahedron 1 lies on the same side of its face (0 1 2) as tetrahedron 0",
            "two tetrahedra on one side of a face");
    const int32_t none[1][4] = {{0, 1, 2, 4}};
    refused(0, none, NULL, "no tetrahedra", "no tetrahedra");
    const int32_t bad_neighbours[1][4] = {{5, -1, -1, -1}};
    refused(1, none, bad_neighbours, "neighbour 0 of tetrahedron 0 is 5", "a neighbour out of range");
    const int32_t self_neighbours[1][4] = {{0, -1, -1, -1}};
    refused(1, none, self_neighbours, "tetrahedron 0", "a tetrahedron its own neighbour");
    double nan_corners[8][3];
    memcpy(nan_corners, CORNERS, sizeof nan_corners);
    nan_corners[4][2] = NAN;
    raytetra_mesh *mesh = NULL;
    char message[512];
    int status = raytetra_mesh_create(8, (const double (*)[3])nan_corners, 1, none, NULL, &mesh, message, sizeof message);
    CHECK(status == RAYTETRA_ERROR_BAD_MESH && strstr(message, "vertex 4"), "a NaN coordinate: %d %s", status, message);
    CHECK(raytetra_mesh_create(8, CORNERS, 1, none, NULL, NULL, message, sizeof message) ==
              RAYTETRA_ERROR_NULL_ARGUMENT, "mesh NULL");
    CHECK(raytetra_mesh_create(8, NULL, 1, none, NULL, &mesh, message, sizeof message) == RAYTETRA_ERROR_NULL_ARGUMENT,
          "vertices NULL");
    CHECK(raytetra_mesh_read("data/no_such.mesh", &mesh, message, sizeof message) == RAYTETRA_ERROR_BAD_MESH &&
              mesh == NULL && strstr(message, "data/no_such.mesh"), "a missing file: %s", message);
    CHECK(raytetra_mesh_read(NULL, &mesh, message, sizeof message) == RAYTETRA_ERROR_NULL_ARGUMENT, "path NULL");
    CHECK(raytetra_mesh_tetrahedron_count(NULL) == 0 && raytetra_mesh_vertex_count(NULL) == 0, "counts of NULL");
    raytetra_mesh_free(NULL);

    /* The walk's refusals, on one tetrahedron. */
    status = raytetra_mesh_create(8, CORNERS, 1, none, NULL, &mesh, message, sizeof message);
    CHECK(status == RAYTETRA_OK, "one tetrahedron: %s", message);
    double origins[4][3] = {{0.1, 0.1, -1}, {NAN, 0, 0}, {0.1, 0.1, 0.1}, {0.2, 0.2, -1}};
    double directions[4][3] = {{0, 0, 1}, {0, 0, 1}, {0, 0, 0}, {0, 0, INFINITY}};
    raytetra_walk_result results[4];
    status = raytetra_mesh_walk(mesh, "stp0r", 4, (const double (*)[3])origins, (const double (*)[3])directions,
                                results, NULL, 0, NULL, NULL);
    CHECK(status == RAYTETRA_OK && results[0].status == 0 && results[0].steps == 1 &&
              fabs(results[0].length - 0.8) < 1e-15 && results[0].first_tet == 0,
          "the good ray: %d, status %d steps %d length %.17g", status, results[0].status, results[0].steps,
          results[0].length);
    CHECK(results[1].status == RAYTETRA_ERROR_NOT_FINITE && results[2].status == RAYTETRA_ERROR_NO_DIRECTION &&
              results[3].status == RAYTETRA_ERROR_NOT_FINITE && results[1].first_tet == -1,
          "rays in error: %d %d %d", results[1].status, results[2].status, results[3].status);
    raytetra_walk_options options = RAYTETRA_WALK_OPTIONS_INIT;
    options.size = sizeof options + 8;
    CHECK(raytetra_mesh_walk(mesh, "stp0", 1, (const double (*)[3])origins, (const double (*)[3])directions, results,
                             NULL, 0, NULL, &options) == RAYTETRA_ERROR_BAD_OPTIONS, "a larger options size");
    options.size = 0;
    CHECK(raytetra_mesh_walk(mesh, "stp0", 1, (const double (*)[3])origins, (const double (*)[3])directions, results,
                             NULL, 0, NULL, &options) == RAYTETRA_ERROR_BAD_OPTIONS, "options size 0");
    CHECK(raytetra_mesh_walk(mesh, "stp9", 1, (const double (*)[3])origins, (const double (*)[3])directions, results,
                             NULL, 0, NULL, NULL) == RAYTETRA_ERROR_UNKNOWN_ALGORITHM, "an unknown algorithm");
    CHECK(raytetra_mesh_walk(mesh, "gpu_stp0", 1, (const double (*)[3])origins, (const double (*)[3])directions,
                             results, NULL, 0, NULL, NULL) == RAYTETRA_ERROR_NOT_CPU, "an OpenCL name on the CPU");
    CHECK(raytetra_mesh_walk(NULL, "stp0", 1, (const double (*)[3])origins, (const double (*)[3])directions, results,
                             NULL, 0, NULL, NULL) == RAYTETRA_ERROR_NULL_ARGUMENT, "mesh NULL");
    CHECK(raytetra_mesh_walk(mesh, NULL, 1, (const double (*)[3])origins, (const double (*)[3])directions, results,
                             NULL, 0, NULL, NULL) == RAYTETRA_ERROR_NULL_ARGUMENT, "algorithm NULL");
    CHECK(raytetra_mesh_walk(mesh, "stp0", 1, NULL, (const double (*)[3])directions, results, NULL, 0, NULL, NULL) ==
              RAYTETRA_ERROR_NULL_ARGUMENT, "origins NULL");
    CHECK(raytetra_mesh_walk(mesh, "stp0", 0, NULL, NULL, NULL, NULL, 0, NULL, NULL) == RAYTETRA_OK, "no rays");
    raytetra_mesh_free(mesh);
}

/* ---------------------------------------------------------------- the readers */

static void check_read(const char *path, size_t tetrahedra, size_t vertices)
{
    raytetra_mesh *mesh = NULL;
    char message[512];
    int status = raytetra_mesh_read(path, &mesh, message, sizeof message);
    CHECK(status == RAYTETRA_OK && raytetra_mesh_tetrahedron_count(mesh) == tetrahedra &&
              raytetra_mesh_vertex_count(mesh) == vertices,
          "%s: %d %s, %zu tetrahedra, %zu vertices", path, status, message, raytetra_mesh_tetrahedron_count(mesh),
          raytetra_mesh_vertex_count(mesh));
    raytetra_mesh_free(mesh);
}

/* ---------------------------------------------------------------- on a device */

/* The device's visits as the CPU's: the same total, ranges, tetrahedra and t; a buffer one short
 * refused with the total reported and nothing written. */
static void check_device_visits(raytetra_device *device, raytetra_mesh *mesh, const ray_set *r, const char *name,
                                raytetra_walk_result *cpu, raytetra_walk_result *gpu)
{
    size_t cpu_total = 0, gpu_total = 0;
    const double(*o)[3] = (const double (*)[3])r->origins, (*d)[3] = (const double (*)[3])r->directions;
    CHECK(raytetra_mesh_walk(mesh, name, r->n, o, d, cpu, NULL, 0, &cpu_total, NULL) == RAYTETRA_OK &&
              raytetra_device_mesh_walk(device, mesh, name, r->n, o, d, gpu, NULL, 0, &gpu_total, NULL) == RAYTETRA_OK,
          "%s: visit totals", name);
    CHECK(cpu_total == gpu_total && cpu_total > 0, "%s: %zu visits on the CPU, %zu on the device", name, cpu_total,
          gpu_total);
    raytetra_visit *cv = calloc(cpu_total + 1, sizeof *cv), *gv = calloc(cpu_total + 1, sizeof *gv);
    size_t total = 0;
    CHECK(raytetra_device_mesh_walk(device, mesh, name, r->n, o, d, gpu, gv, cpu_total - 1, &total, NULL) ==
                  RAYTETRA_ERROR_BUFFER_TOO_SMALL && total == cpu_total && gv[0].tet == 0 && gv[0].t_leave == 0,
          "%s: a visit buffer one short on the device", name);
    CHECK(raytetra_mesh_walk(mesh, name, r->n, o, d, cpu, cv, cpu_total, &total, NULL) == RAYTETRA_OK &&
              raytetra_device_mesh_walk(device, mesh, name, r->n, o, d, gpu, gv, cpu_total, &total, NULL) == RAYTETRA_OK,
          "%s: visits on both: %s", name, raytetra_device_message(device));
    size_t differ = 0;
    for (size_t i = 0; i < r->n; ++i)
        differ += cpu[i].first_visit != gpu[i].first_visit || cpu[i].visit_count != gpu[i].visit_count;
    for (size_t j = 0; j < cpu_total; ++j)
        differ += cv[j].tet != gv[j].tet || !(fabs(cv[j].t_enter - gv[j].t_enter) <= 1e-12 * (1 + fabs(cv[j].t_enter))) ||
                  !(fabs(cv[j].t_leave - gv[j].t_leave) <= 1e-12 * (1 + fabs(cv[j].t_leave)));
    CHECK(differ == 0, "%s: %zu visit ranges or visits differ between the CPU and the device", name, differ);
    free(cv);
    free(gv);
}

static void check_device(raytetra_mesh *mesh, const ray_set *r)
{
    if (raytetra_device_count() <= 0) {
        printf("test_library_mesh: no OpenCL device, the device walk is not tested\n");
        return;
    }
    raytetra_device *device = NULL;
    char message[512];
    if (raytetra_device_open(0, &device, message, sizeof message) != RAYTETRA_OK) {
        CHECK(0, "device 0: %s", message);
        return;
    }
    const char *const names[] = {"stp0", "gpu_stp0r", "pluecker1p", "aman", "badouelb", "maria"};
    raytetra_walk_result *cpu = malloc(r->n * sizeof *cpu), *gpu = malloc(r->n * sizeof *gpu);
    for (int a = 0; a < 6; ++a) {
        int c = raytetra_mesh_walk(mesh, names[a] + (a == 1 ? 4 : 0), r->n, (const double (*)[3])r->origins,
                                   (const double (*)[3])r->directions, cpu, NULL, 0, NULL, NULL);
        int g = raytetra_device_mesh_walk(device, mesh, names[a], r->n, (const double (*)[3])r->origins,
                                          (const double (*)[3])r->directions, gpu, NULL, 0, NULL, NULL);
        CHECK(c == RAYTETRA_OK && g == RAYTETRA_OK, "%s: %d, %d: %s", names[a], c, g, raytetra_device_message(device));
        size_t differ = 0;
        for (size_t i = 0; i < r->n && g == RAYTETRA_OK; ++i)
            differ += cpu[i].status != gpu[i].status || cpu[i].steps != gpu[i].steps ||
                      !(fabs(cpu[i].length - gpu[i].length) <= 1e-12 * (1 + cpu[i].length)) ||
                      cpu[i].first_tet != gpu[i].first_tet || cpu[i].last_tet != gpu[i].last_tet;
        CHECK(differ == 0, "%s: %zu of %zu rays differ between the CPU and %s", names[a], differ, r->n,
              raytetra_device_description(device));
    }
    check_device_visits(device, mesh, r, "stp0r", cpu, gpu);
    check_device_visits(device, mesh, r, "aman", cpu, gpu);
    CHECK(raytetra_device_mesh_walk(device, mesh, "exact", r->n, (const double (*)[3])r->origins,
                                    (const double (*)[3])r->directions, gpu, NULL, 0, NULL, NULL) ==
              RAYTETRA_ERROR_NO_KERNEL, "the exact walk on a device");
    CHECK(strstr(raytetra_device_message(device), "exact") && strstr(raytetra_device_message(device), "refused"),
          "the device's message says the exact walk was refused: %s", raytetra_device_message(device));
    free(cpu);
    free(gpu);
    raytetra_device_close(device);
}

/* raytetra_walk_algorithm_name lists TetWalk's walk algorithms in TetWalk's order, each one
 * raytetra_mesh_walk takes, and NULL past the last. */
static void check_walk_names(void)
{
    int count;
    const walk_algorithm *all = walk_algorithms(&count);
    int same = count > 0;
    for (int i = 0; i < count; ++i)
        same &= raytetra_walk_algorithm_name((size_t)i) && strcmp(raytetra_walk_algorithm_name((size_t)i), all[i].name) == 0;
    CHECK(same && raytetra_walk_algorithm_name((size_t)count) == NULL && raytetra_walk_algorithm_name((size_t)-1) == NULL,
          "the library lists TetWalk's %d walk algorithms in its order, then NULL", count);
    CHECK(count >= 14 && strcmp(raytetra_walk_algorithm_name(0), "pluecker0") == 0 &&
              strcmp(raytetra_walk_algorithm_name((size_t)count - 1), "exact") == 0,
          "from pluecker0 to exact: %s ... %s", raytetra_walk_algorithm_name(0),
          raytetra_walk_algorithm_name((size_t)count - 1));
}

int main(void)
{
    check_walk_names();
    /* The thesis' forms, the precomputed, the field's walks (each with its own table), the exact ones. */
    static const char *const ALGORITHMS[] = {"stp0", "pluecker1p", "aman", "badouelb", "maria", "stp0r", "exact"};
    static const char *const MESHES[] = {"data/box.mesh", "data/u_shape.mesh"};
    for (int m = 0; m < 2; ++m) {
        fixture f;
        memset(&f, 0, sizeof f);
        if (load(MESHES[m], &f) != 0)
            continue;
        ray_set rays = make_rays(&f.mesh, 200);
        for (int mirrored = 0; mirrored < 2; ++mirrored) {
            raytetra_mesh *mesh = create(&f, mirrored);
            for (int a = 0; mesh && a < 7; ++a)
                check_against_tetwalk(&f, mesh, &rays, ALGORITHMS[a], mirrored);
            if (mesh && !mirrored) {
                check_visits(&f, mesh, &rays, "stp0r");
                check_visits(&f, mesh, &rays, "exact");
                check_visits(&f, mesh, &rays, "aman"); /* its visits' t are computed only when recorded */
                check_threads(mesh, &rays);
                check_device(mesh, &rays);
            }
            raytetra_mesh_free(mesh);
        }
        free_rays(&rays);
        unload(&f);
    }
    check_read("data/box.mesh", 48, 27);
    check_read("data/box_tetgen.ele", 48, 27);
    check_refusals();
    return check_summary("test_library_mesh");
}
