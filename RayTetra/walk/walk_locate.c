/* walk_locate.c: the start tetrahedron of a point (walk_locate.h): a uniform grid of the
 * tetrahedra's bounding boxes (counting sort into cells), then exact perturbed side tests on the
 * few tetrahedra of the point's cell. */
#include "walk/walk_locate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "exact.h"
#include "walk/walk.h"

/* Tetrahedra a cell holds on average (the grid's resolution). */
#define LOCATE_TETRA_PER_CELL 4
#define LOCATE_MAX_CELLS_PER_AXIS 256

static int axis_cell(const walk_locator *l, int axis, double x)
{
    double c = floor((x - l->low[axis]) / l->cell_size[axis]);
    return c < 0 ? 0 : (c >= l->cells[axis] ? l->cells[axis] - 1 : (int)c);
}

static double coordinate(vec3 v, int axis) { return axis == 0 ? v.x : (axis == 1 ? v.y : v.z); }

/* The range of cells tetrahedron t's bounding box meets, per axis. */
static void tetra_cells(const walk_locator *l, size_t t, int from[3], int to[3])
{
    const int *corners = l->mesh->tetra[t];
    for (int a = 0; a < 3; ++a) {
        double low = INFINITY, high = -INFINITY;
        for (int k = 0; k < 4; ++k) {
            double x = coordinate(l->mesh->vertices[corners[k]], a);
            low = fmin(low, x);
            high = fmax(high, x);
        }
        from[a] = axis_cell(l, a, low);
        to[a] = axis_cell(l, a, high);
    }
}

static size_t cell_index(const walk_locator *l, int x, int y, int z)
{
    return ((size_t)z * (size_t)l->cells[1] + (size_t)y) * (size_t)l->cells[0] + (size_t)x;
}

/* Adds one to each cell tetrahedron t meets (members NULL), or writes t into them. */
static void visit_cells(walk_locator *l, size_t t, size_t *fill)
{
    int from[3], to[3];
    tetra_cells(l, t, from, to);
    for (int z = from[2]; z <= to[2]; ++z)
        for (int y = from[1]; y <= to[1]; ++y)
            for (int x = from[0]; x <= to[0]; ++x) {
                size_t c = cell_index(l, x, y, z);
                if (l->members)
                    l->members[fill[c]++] = (int)t;
                else
                    l->first[c + 1] += 1;
            }
}

int walk_locator_build(walk_locator *l, const tet_mesh *mesh, error_text *err)
{
    memset(l, 0, sizeof *l);
    l->mesh = mesh;
    double per_axis = cbrt((double)mesh->tetra_count / LOCATE_TETRA_PER_CELL);
    int n = per_axis < 1 ? 1 : (per_axis > LOCATE_MAX_CELLS_PER_AXIS ? LOCATE_MAX_CELLS_PER_AXIS : (int)per_axis);
    vec3 low = mesh->low, high = mesh->high;
    for (int a = 0; a < 3; ++a) {
        l->cells[a] = n;
        l->low[a] = coordinate(low, a);
        double extent = coordinate(high, a) - l->low[a];
        l->cell_size[a] = extent > 0 ? extent / n : 1;
    }
    size_t cells = (size_t)n * (size_t)n * (size_t)n;
    l->first = calloc(cells + 1, sizeof *l->first);
    size_t *fill = malloc(cells * sizeof *fill);
    if (!l->first || !fill) {
        free(fill);
        walk_locator_free(l);
        return error_set_kind(err, ERROR_MEMORY, "locating points in %s: out of memory", mesh->path);
    }
    for (size_t t = 0; t < mesh->tetra_count; ++t)
        visit_cells(l, t, NULL);
    for (size_t c = 0; c < cells; ++c)
        l->first[c + 1] += l->first[c];
    l->members = malloc((l->first[cells] ? l->first[cells] : 1) * sizeof *l->members);
    if (!l->members) {
        free(fill);
        walk_locator_free(l);
        return error_set_kind(err, ERROR_MEMORY, "locating points in %s: out of memory", mesh->path);
    }
    memcpy(fill, l->first, cells * sizeof *fill);
    for (size_t t = 0; t < mesh->tetra_count; ++t)
        visit_cells(l, t, fill);
    free(fill);
    return 0;
}

void walk_locator_free(walk_locator *l)
{
    free(l->first);
    free(l->members);
    memset(l, 0, sizeof *l);
}

/* Sign of the 2-D orientation of a, b, c projected on axes (i, j): the (k)-component of
 * (b - a) x (c - a) for the axis k completing i, j cyclically, exactly: the 3-D orientation of
 * the three points flattened to (0, a_i, a_j) and of (1, a_i, a_j). */
static int normal_component(vec3 a, vec3 b, vec3 c, int i, int j)
{
    vec3 fa = {0, coordinate(a, i), coordinate(a, j)}, fb = {0, coordinate(b, i), coordinate(b, j)},
         fc = {0, coordinate(c, i), coordinate(c, j)}, unit = {1, fa.y, fa.z};
    return exact_orient(fa, fb, fc, unit);
}

/* Sign of orient(a, b, c, X) = ((b - a) x (c - a)) . (X - a) at X = P + t L + (e, e^2, e^3)
 * with 0 < e << t << 1 (L NULL: X = P + (e, e^2, e^3)): exact at P; for a 0, the sign of
 * ((b - a) x (c - a)) . L (= det[L, b - a, c - a], exact_stp_sign), then of the normal's x, y and
 * z components. */
static int perturbed_orient(vec3 a, vec3 b, vec3 c, vec3 p, const vec3 *L)
{
    int sign = exact_orient(a, b, c, p);
    if (sign == 0 && L)
        sign = exact_stp_sign(a, *L, b, c);
    if (sign == 0)
        sign = normal_component(a, b, c, 1, 2);
    if (sign == 0)
        sign = normal_component(a, b, c, 2, 0);
    if (sign == 0)
        sign = normal_component(a, b, c, 0, 1);
    return sign;
}

/* The sides of P against tetrahedron t's four faces: each corner replaced by P in turn
 * (orient(V0, V1, V2, V3) with Vk := X is (-1)^(3 - k) orient(the others in order, X)), compared
 * with the tetrahedron's own orientation. Sets *closed when P lies in the closed tetrahedron;
 * returns 1 when the perturbed point (perturbed_orient's) lies inside it. */
static int contains(const tet_mesh *mesh, size_t t, vec3 p, const vec3 *L, int *closed)
{
    vec3 v[4];
    for (int k = 0; k < 4; ++k)
        v[k] = mesh->vertices[mesh->tetra[t][k]];
    int own = exact_orient(v[0], v[1], v[2], v[3]);
    int inside = 1, in_closed = 1;
    for (int k = 0; k < 4 && in_closed; ++k) {
        vec3 o[3];
        for (int m = 0, n = 0; m < 4; ++m)
            if (m != k)
                o[n++] = v[m];
        int flip = (3 - k) % 2 ? -1 : 1;
        int exact = flip * exact_orient(o[0], o[1], o[2], p);
        in_closed = exact == 0 || exact == own;
        inside = inside && in_closed && (exact != 0 ? 1 : flip * perturbed_orient(o[0], o[1], o[2], p, L) == own);
    }
    *closed = *closed || in_closed;
    return inside && in_closed;
}

/* walk_locate, with the ray's direction L first in the perturbation when L is given. */
static walk_place locate(const walk_locator *l, vec3 p, const vec3 *L, int *tet)
{
    *tet = -1;
    const tet_mesh *mesh = l->mesh;
    if (!(p.x >= mesh->low.x && p.y >= mesh->low.y && p.z >= mesh->low.z && p.x <= mesh->high.x &&
          p.y <= mesh->high.y && p.z <= mesh->high.z))
        return WALK_PLACE_OUTSIDE;
    size_t c = cell_index(l, axis_cell(l, 0, p.x), axis_cell(l, 1, p.y), axis_cell(l, 2, p.z));
    int closed = 0;
    for (size_t k = l->first[c]; k < l->first[c + 1]; ++k)
        if (contains(mesh, (size_t)l->members[k], p, L, &closed)) {
            *tet = l->members[k];
            return WALK_PLACE_INSIDE;
        }
    return closed ? WALK_PLACE_BOUNDARY : WALK_PLACE_OUTSIDE;
}

walk_place walk_locate(const walk_locator *l, const double point[3], int *tet)
{
    vec3 p = {point[0], point[1], point[2]};
    return locate(l, p, NULL, tet);
}

/* Where one ray starts (walk_locate_starts). */
static int ray_start(const walk_locator *l, const double ray[6])
{
    vec3 p = {ray[0], ray[1], ray[2]}, L = {ray[3] - ray[0], ray[4] - ray[1], ray[5] - ray[2]};
    int tet;
    walk_place place = locate(l, p, &L, &tet);
    if (place == WALK_PLACE_OUTSIDE)
        return RT_WALK_START_NONE;
    if (place == WALK_PLACE_BOUNDARY)
        return RT_WALK_START_LEAVING;
    int face = walk_exact_enter_face(l->mesh, ray, tet);
    return face >= 0 ? 4 * tet + face : RT_WALK_START_NONE;
}

int *walk_locate_starts(const walk_locator *l, const double (*rays)[6], size_t count, error_text *err)
{
    int *starts = malloc((count ? count : 1) * sizeof *starts);
    if (!starts) {
        error_set_kind(err, ERROR_MEMORY, "where %zu rays start: out of memory", count);
        return NULL;
    }
    long long n = (long long)count;
#pragma omp parallel for schedule(dynamic, 256)
    for (long long i = 0; i < n; ++i)
        starts[i] = ray_start(l, rays[i]);
    return starts;
}
