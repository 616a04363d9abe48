/* test_walk_inside: rays that start in the mesh (walk_locate.h, rt_walk_trace_from).
 *  - The start rule: the tetrahedron of a point on a vertex, an edge or a face of data/box.mesh is
 *    the one holding P + (e, e^2, e^3); checked against a real point P + (d, d^2, d^3), d = 2^-10,
 *    which no face through P has on its plane and no other face comes near.
 *  - Rays from the box's interior vertex, an interior edge's midpoint, an interior face, from
 *    inside the U (data/u_shape.mesh, non-convex: rays leave and enter again), and from the
 *    boundary (a face, an edge, a corner of the box; the U's inner edge), where some rays run in
 *    and the others leave at P: the robust walk (CPU) never loses a ray and matches, steps and
 *    length, the exact traversal from the same start and the exact traversal from the ray's entry
 *    before P (no start), which decides every sign on its own; the fast form STP0 too on rays from
 *    a generic point.
 *  - The length of a ray from an inside point of the box is the distance to the box's boundary
 *    along it, computed here analytically.
 *  - Points outside the mesh, and on its boundary with P + (e, e^2, e^3) outside, are told. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "walk_fixtures.h"

/* The start rule at p against the tetrahedron holding p + (d, d^2, d^3). */
static void check_start_rule(loaded_mesh *l, const double p[3], const char *what)
{
    const double d = 0x1p-10;
    double moved[3] = {p[0] + d, p[1] + d * d, p[2] + d * d * d};
    int tet = -2, expected = -2;
    walk_place place = walk_locate(&l->locator, p, &tet);
    walk_place moved_place = walk_locate(&l->locator, moved, &expected);
    CHECK(moved_place == WALK_PLACE_INSIDE, "%s (%g, %g, %g): the moved point is outside", what, p[0], p[1], p[2]);
    CHECK(place == WALK_PLACE_INSIDE && tet == expected, "%s (%g, %g, %g): starts in %d, the moved point lies in %d",
          what, p[0], p[1], p[2], tet, expected);
}

static void test_start_rule(loaded_mesh *box)
{
    const tet_mesh *m = &box->mesh;
    int checked = 0;
    for (size_t t = 0; t < m->tetra_count; ++t)
        for (int i = 0; i < 4; ++i)
            for (int j = i; j < 4; ++j)
                for (int k = j; k < 4; ++k) {
                    /* A vertex (i = j = k), an edge's midpoint (j = k) or a point of a face with
                     * weights 1/4, 1/4, 1/2 (exact in the box's dyadic coordinates). */
                    vec3 a = m->vertices[m->tetra[t][i]], b = m->vertices[m->tetra[t][j]];
                    vec3 c = m->vertices[m->tetra[t][k]];
                    double p[3] = {(a.x + b.x + 2 * c.x) / 4, (a.y + b.y + 2 * c.y) / 4, (a.z + b.z + 2 * c.z) / 4};
                    if (i == j && j != k)
                        continue;
                    if (j == k) {
                        p[0] = (a.x + b.x) / 2;
                        p[1] = (a.y + b.y) / 2;
                        p[2] = (a.z + b.z) / 2;
                    }
                    /* Inside the box's interior only (the moved point must stay in the mesh). */
                    if (p[0] <= 0 || p[0] >= 2 || p[1] <= 0 || p[1] >= 1 || p[2] <= 0 || p[2] >= 1)
                        continue;
                    const char *what = i == k ? "a vertex" : (j == k ? "an edge's midpoint" : "a point of a face");
                    check_start_rule(box, p, what);
                    ++checked;
                }
    CHECK(checked > 100, "only %d interior places checked", checked);
}

static void test_outside_and_boundary(loaded_mesh *box)
{
    int tet;
    const double far[3] = {3, 0.5, 0.5}, beside[3] = {1, -0.25, 0.5};
    CHECK(walk_locate(&box->locator, far, &tet) == WALK_PLACE_OUTSIDE && tet == -1, "a point beyond x = 2");
    CHECK(walk_locate(&box->locator, beside, &tet) == WALK_PLACE_OUTSIDE, "a point beside the box, in its x range");
    /* On the face x = 2: P + (e, ...) is outside; on x = 0 it is inside. */
    const double high_face[3] = {2, 0.3, 0.7}, low_face[3] = {0, 0.3, 0.7};
    CHECK(walk_locate(&box->locator, high_face, &tet) == WALK_PLACE_BOUNDARY, "a point on the face x = 2");
    CHECK(walk_locate(&box->locator, low_face, &tet) == WALK_PLACE_INSIDE && tet >= 0, "a point on the face x = 0");
}

/* The walk of rays from p (started by the rule) against both exact traversals; p inside the
 * mesh (every ray starts in a tetrahedron and crosses some) or on its boundary. */
static void check_rays_from(loaded_mesh *l, const double p[3], const char *what, size_t count, const char *algorithm,
                            int inside)
{
    int tet;
    walk_place place = walk_locate(&l->locator, p, &tet);
    CHECK(place != WALK_PLACE_OUTSIDE, "%s: located outside", what);
    walk_rays rays;
    error_text err;
    if (place == WALK_PLACE_OUTSIDE || walk_rays_from_point(&l->mesh, p, count, 7, &rays, &err) != 0)
        return;
    rays.start = walk_locate_starts(&l->locator, (const double (*)[6])rays.rays, count, &err);
    walk_result *results = malloc(count * sizeof *results);
    walk_cpu_run(find_walk(algorithm), &l->mesh, &l->bvh, &rays, results, 1);
    vec3 d = {l->mesh.high.x - l->mesh.low.x, l->mesh.high.y - l->mesh.low.y, l->mesh.high.z - l->mesh.low.z};
    double tolerance = 1e-9 * sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
    size_t lost = 0, differ_start = 0, differ_entry = 0, empty = 0, starts_inside = 0;
    for (size_t i = 0; i < count; ++i) {
        int visited;
        walk_result from = walk_exact_trace_from(&l->mesh, &l->bvh, rays.rays[i], rays.start[i], NULL, 0, &visited);
        starts_inside += rays.start[i] >= 0;
        walk_result entry = walk_exact_trace(&l->mesh, &l->bvh, rays.rays[i], NULL, 0, &visited);
        lost += results[i].status != RT_WALK_OK;
        empty += results[i].steps == 0;
        differ_start += from.status != RT_WALK_OK || from.steps != results[i].steps ||
                        !(fabs(from.length - results[i].length) <= tolerance);
        differ_entry += entry.status != RT_WALK_OK || entry.steps != results[i].steps ||
                        !(fabs(entry.length - results[i].length) <= tolerance);
    }
    CHECK(lost == 0, "%s, %s: %zu of %zu rays lost", what, algorithm, lost, count);
    if (inside) {
        CHECK(starts_inside == count, "%s: %zu of %zu rays start inside", what, starts_inside, count);
        CHECK(empty == 0, "%s, %s: %zu of %zu rays crossed no tetrahedron", what, algorithm, empty, count);
    } else { /* some rays run into the mesh from P, the others leave it there */
        CHECK(starts_inside > 0 && starts_inside < count, "%s: %zu of %zu rays start inside", what, starts_inside,
              count);
    }
    CHECK(differ_start == 0, "%s, %s: %zu of %zu rays differ from the exact traversal from the same start", what,
          algorithm, differ_start, count);
    CHECK(differ_entry == 0, "%s, %s: %zu of %zu rays differ from the exact traversal from their entry", what,
          algorithm, differ_entry, count);
    free(results);
    walk_rays_free(&rays);
}

/* Distance from p to the boundary of [0,2] x [0,1] x [0,1] along the ray. */
static double box_exit_length(const double ray[6])
{
    const double high[3] = {2, 1, 1};
    double t = INFINITY, norm = 0;
    for (int a = 0; a < 3; ++a) {
        double l = ray[3 + a] - ray[a];
        norm += l * l;
        if (l != 0)
            t = fmin(t, ((l > 0 ? high[a] : 0) - ray[a]) / l);
    }
    return t * sqrt(norm);
}

static void test_box_lengths(loaded_mesh *box, const double p[3], const char *what)
{
    walk_rays rays;
    error_text err;
    const size_t count = 300;
    if (walk_rays_from_point(&box->mesh, p, count, 11, &rays, &err) != 0)
        return;
    rays.start = walk_locate_starts(&box->locator, (const double (*)[6])rays.rays, count, &err);
    walk_result *results = malloc(count * sizeof *results);
    static const char *const ALGORITHMS[] = {"stp0r", "exact"};
    for (int a = 0; a < 2; ++a) {
        walk_cpu_run(find_walk(ALGORITHMS[a]), &box->mesh, &box->bvh, &rays, results, 1);
        size_t wrong = 0;
        double worst = 0;
        for (size_t i = 0; i < count; ++i) {
            double error = fabs(results[i].length - box_exit_length(rays.rays[i]));
            worst = fmax(worst, error);
            wrong += results[i].status != RT_WALK_OK || !(error <= 1e-12);
        }
        CHECK(wrong == 0, "%s, %s: %zu of %zu lengths are not the distance to the boundary (worst off by %g)", what,
              ALGORITHMS[a], wrong, count, worst);
    }
    free(results);
    walk_rays_free(&rays);
}

int main(void)
{
    loaded_mesh box, u;
    if (load_mesh("data/box.mesh", &box) != 0 || load_mesh("data/u_shape.mesh", &u) != 0) {
        CHECK(0, "the test meshes do not read");
        return check_summary("test_walk_inside");
    }
    test_start_rule(&box);
    test_outside_and_boundary(&box);
    const double vertex[3] = {1, 0.5, 0.5}, edge[3] = {0.5, 0.25, 0.25}, generic[3] = {0.3, 0.7, 0.4};
    const double face[3] = {1, 0.25, 0.75}; /* the grid plane x = 1 */
    check_rays_from(&box, vertex, "the box's interior vertex", 400, "stp0r", 1);
    check_rays_from(&box, edge, "an interior edge's midpoint", 400, "stp0r", 1);
    check_rays_from(&box, face, "a point of an interior face", 400, "stp0r", 1);
    check_rays_from(&box, generic, "a generic inside point", 400, "stp0", 1);
    /* On the boundary: some rays run into the box from P, the others leave it there. */
    const double boundary_face[3] = {0, 0.3, 0.7}, boundary_edge[3] = {1, 0, 0}, corner[3] = {2, 1, 1};
    check_rays_from(&box, boundary_face, "a point of the boundary face x = 0", 400, "stp0r", 0);
    check_rays_from(&box, boundary_edge, "a boundary edge's point (1, 0, 0)", 400, "stp0r", 0);
    check_rays_from(&box, corner, "the box's corner (2, 1, 1)", 400, "stp0r", 0);
    test_box_lengths(&box, vertex, "from the interior vertex");
    test_box_lengths(&box, generic, "from a generic point");
    /* The U: [0,3] x [0,1] x [0,1] with arms [0,1] and [2,3] x [1,2] x [0,1]; from its base, rays
     * into one arm leave it and enter the other. */
    const double u_point[3] = {0.1, 0.5, 0.5};
    check_rays_from(&u, u_point, "inside the U", 400, "stp0r", 1);
    /* The U's inner corner (1, 1, 0.5): rays leave there and enter the other arm. */
    const double u_corner[3] = {1, 1, 0.5};
    check_rays_from(&u, u_corner, "the U's inner edge", 400, "stp0r", 0);
    release_mesh(&box);
    release_mesh(&u);
    return check_summary("test_walk_inside");
}
