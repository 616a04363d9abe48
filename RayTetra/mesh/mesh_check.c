/* mesh_check.c: what makes a reader's tetrahedra a mesh TetWalk can walk (mesh_source.h): each
 * tetrahedron non-flat and of the mesh's one orientation (exact signs, Common/exact.h), mirrored
 * into docs/SPECIFICATION.md's if the file uses the other; each face shared by at most two
 * tetrahedra, lying on its two sides; the neighbour across every face (built by sorting the faces,
 * or TetGen's .neigh checked); the boundary faces and the bounding box. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exact.h"
#include "mesh/mesh_source.h"
#include "rt_topology.h"


int mesh_face_vertex(int face, int k) { return rt_face_vertices[face][k]; }

/* "FILE:LINE: tetrahedron N" for tetrahedron t (N in the file's numbering); "SOURCE: tetrahedron
 * N" for tetrahedra with no lines (the library's arrays). */
static void where(const mesh_source *source, size_t t, char *text, size_t size)
{
    if (!source->tetra_line) {
        snprintf(text, size, "%s: tetrahedron %lld", source->tetra_path, (long long)t + source->first_index);
        return;
    }
    snprintf(text, size, "%s:%zu: tetrahedron %lld", source->tetra_path, source->tetra_line[t],
             (long long)t + source->first_index);
}

/* What check_orientation finds in tetrahedron t: TWICE (a vertex named twice), 0 (flat), or the
 * sign of its exact orientation. */
enum { TWICE = 2 };

static signed char tetra_sign(const tet_mesh *mesh, size_t t)
{
    const int *v = mesh->tetra[t];
    for (int a = 0; a < 4; ++a)
        for (int b = a + 1; b < 4; ++b)
            if (v[a] == v[b])
                return TWICE;
    vec3 corner[4] = {mesh->vertices[v[0]], mesh->vertices[v[1]], mesh->vertices[v[2]], mesh->vertices[v[3]]};
    return (signed char)exact_tetra_orientation(corner);
}

/* err for the first tetrahedron, in file order, that names a vertex twice or is flat. */
static int tetra_problem(mesh_source *source, const signed char *sign, error_text *err)
{
    tet_mesh *mesh = source->mesh;
    char at[1200];
    size_t t = 0;
    while (sign[t] != TWICE && sign[t] != 0)
        ++t;
    where(source, t, at, sizeof at);
    if (sign[t] == 0)
        return error_set(err, "%s is flat: its four vertices lie in one plane (a degenerate tetrahedron)", at);
    const int *v = mesh->tetra[t];
    int named = v[0] == v[1] || v[0] == v[2] || v[0] == v[3] ? v[0] : v[1] == v[2] || v[1] == v[3] ? v[1] : v[2];
    return error_set(err, "%s names vertex %lld twice", at, (long long)named + source->first_index);
}

/* Distinct vertices, not flat, one orientation, the signs taken on every core; the mirrored
 * ones (if they are the majority) are reordered V1 V0 V2 V3, which swaps faces 0 and 1 (and the
 * .neigh entries 0 and 1). */
static int check_orientation(mesh_source *source, error_text *err)
{
    tet_mesh *mesh = source->mesh;
    char at[1200];
    signed char *sign = malloc(mesh->tetra_count + 1);
    if (!sign)
        return error_set(err, "%s: out of memory", source->tetra_path);
    size_t mirrored = 0, unsound = 0;
#pragma omp parallel for schedule(static) reduction(+ : mirrored, unsound) if (mesh->tetra_count >= MESH_PARALLEL_MIN)
    for (size_t t = 0; t < mesh->tetra_count; ++t) {
        sign[t] = tetra_sign(mesh, t);
        mirrored += sign[t] == 1;
        unsound += sign[t] == TWICE || sign[t] == 0;
    }
    if (unsound > 0) {
        tetra_problem(source, sign, err);
        free(sign);
        return -1;
    }
    /* The mesh's orientation is its majority's; the first tetrahedron of the other is inverted. */
    signed char majority = mirrored * 2 > mesh->tetra_count ? 1 : -1;
    size_t minority = majority > 0 ? mesh->tetra_count - mirrored : mirrored;
    for (size_t t = 0; t < mesh->tetra_count && minority > 0; ++t)
        if (sign[t] != majority) {
            where(source, t, at, sizeof at);
            free(sign);
            return error_set(err, "%s is inverted: oriented against %zu of the mesh's %zu tetrahedra (%zu inverted)", at,
                             mesh->tetra_count - minority, mesh->tetra_count, minority);
        }
    free(sign);
    if (majority > 0) {
#pragma omp parallel for schedule(static) if (mesh->tetra_count >= MESH_PARALLEL_MIN)
        for (size_t t = 0; t < mesh->tetra_count; ++t) {
            int swap = mesh->tetra[t][0];
            mesh->tetra[t][0] = mesh->tetra[t][1];
            mesh->tetra[t][1] = swap;
            if (mesh->neighbour) {
                swap = mesh->neighbour[t][0];
                mesh->neighbour[t][0] = mesh->neighbour[t][1];
                mesh->neighbour[t][1] = swap;
            }
        }
        mesh->reordered = mesh->tetra_count;
    }
    return 0;
}

/* A face as sorted vertex indices, with the face reference it came from. */
typedef struct face_key {
    int v[3];
    int reference;
} face_key;

static int compare_keys(const void *a, const void *b)
{
    const face_key *x = a, *y = b;
    for (int k = 0; k < 3; ++k)
        if (x->v[k] != y->v[k])
            return x->v[k] < y->v[k] ? -1 : 1;
    return (x->reference > y->reference) - (x->reference < y->reference);
}

static face_key face_of(const tet_mesh *mesh, int reference)
{
    face_key key;
    const int *tetra = mesh->tetra[reference >> 2];
    int f = reference & 3;
    int a = tetra[rt_face_vertices[f][0]], b = tetra[rt_face_vertices[f][1]], c = tetra[rt_face_vertices[f][2]];
    /* sort three */
    if (a > b) { int s = a; a = b; b = s; }
    if (b > c) { int s = b; b = c; c = s; }
    if (a > b) { int s = a; a = b; b = s; }
    key.v[0] = a;
    key.v[1] = b;
    key.v[2] = c;
    key.reference = reference;
    return key;
}

/* Do faces r and s (same three vertices) run in opposite directions, i.e. lie their
 * tetrahedra on the two sides? Positively oriented tetrahedra see their common face in opposite
 * cyclic orders exactly then. */
static int opposite_sides(const tet_mesh *mesh, int r, int s)
{
    const int *p = mesh->tetra[r >> 2], *q = mesh->tetra[s >> 2];
    int fr = r & 3, fs = s & 3;
    int a = p[rt_face_vertices[fr][0]], b = p[rt_face_vertices[fr][1]];
    /* In the other face, a must be followed by the vertex before it here: b follows a here, so a
     * follows b there. */
    for (int k = 0; k < 3; ++k)
        if (q[rt_face_vertices[fs][k]] == b)
            return q[rt_face_vertices[fs][(k + 1) % 3]] == a;
    return 0;
}

static void face_text(const mesh_source *source, const face_key *key, char *text, size_t size)
{
    snprintf(text, size, "(%lld %lld %lld)", key->v[0] + source->first_index, key->v[1] + source->first_index,
             key->v[2] + source->first_index);
}

/* The lowest vertex of face `reference`. */
static int face_low_vertex(const tet_mesh *mesh, int reference)
{
    const int *tetra = mesh->tetra[reference >> 2];
    const int *face = rt_face_vertices[reference & 3];
    int a = tetra[face[0]], b = tetra[face[1]], c = tetra[face[2]];
    return a < b ? (a < c ? a : c) : (b < c ? b : c);
}

/* Every face's key into keys (4 per tetrahedron), sorted by compare_keys, on every core: the
 * faces are put into one bucket per lowest vertex (a counting sort), then each bucket, a few
 * dozen faces, is sorted alone. The order within a bucket before its sort does not matter: the
 * keys are distinct (the reference decides ties), so the result is the one sorted order.
 * Returns 0, or -1 when out of memory. */
static int sort_faces(const tet_mesh *mesh, face_key *keys)
{
    size_t faces = mesh->tetra_count * 4, vertices = mesh->vertex_count;
    size_t *begin = calloc(vertices + 1, sizeof *begin); /* bucket v is [begin[v], begin[v + 1]) */
    size_t *fill = calloc(vertices + 1, sizeof *fill);   /* counts, then where bucket v's next face goes */
    int *bucketed = malloc((faces + 1) * sizeof *bucketed);
    if (!begin || !fill || !bucketed) {
        free(begin);
        free(fill);
        free(bucketed);
        return -1;
    }
#pragma omp parallel for schedule(static) if (faces >= MESH_PARALLEL_MIN)
    for (size_t i = 0; i < faces; ++i) {
#pragma omp atomic update
        fill[face_low_vertex(mesh, (int)i)]++;
    }
    for (size_t v = 0; v < vertices; ++v) {
        begin[v + 1] = begin[v] + fill[v];
        fill[v] = begin[v];
    }
#pragma omp parallel for schedule(static) if (faces >= MESH_PARALLEL_MIN)
    for (size_t i = 0; i < faces; ++i) {
        size_t at;
#pragma omp atomic capture
        at = fill[face_low_vertex(mesh, (int)i)]++;
        bucketed[at] = (int)i;
    }
#pragma omp parallel for schedule(dynamic, 256) if (vertices >= MESH_PARALLEL_MIN)
    for (size_t v = 0; v < vertices; ++v) {
        for (size_t k = begin[v]; k < begin[v + 1]; ++k)
            keys[k] = face_of(mesh, bucketed[k]);
        qsort(keys + begin[v], begin[v + 1] - begin[v], sizeof *keys, compare_keys);
    }
    free(begin);
    free(fill);
    free(bucketed);
    return 0;
}

static int build_adjacency(mesh_source *source, error_text *err)
{
    tet_mesh *mesh = source->mesh;
    size_t faces = mesh->tetra_count * 4;
    face_key *keys = malloc((faces + 1) * sizeof *keys);
    mesh->neighbour = malloc((mesh->tetra_count + 1) * sizeof *mesh->neighbour);
    if (!keys || !mesh->neighbour) {
        free(keys);
        return error_set(err, "%s: out of memory for the face adjacency", source->tetra_path);
    }
    if (sort_faces(mesh, keys) != 0) {
        free(keys);
        return error_set(err, "%s: out of memory for the face adjacency", source->tetra_path);
    }
    char at[1200], face[128];
    for (size_t i = 0; i < faces;) {
        size_t j = i + 1;
        while (j < faces && memcmp(keys[j].v, keys[i].v, sizeof keys[i].v) == 0)
            ++j;
        int r = keys[i].reference;
        if (j - i > 2) {
            where(source, (size_t)keys[i + 2].reference >> 2, at, sizeof at);
            face_text(source, &keys[i], face, sizeof face);
            long long one = (long long)(keys[i].reference >> 2) + source->first_index;
            long long two = (long long)(keys[i + 1].reference >> 2) + source->first_index;
            free(keys);
            return error_set(err, "%s shares its face %s with tetrahedra %lld and %lld: a face may belong to at most "
                                  "two tetrahedra (the mesh is not manifold)",
                             at, face, one, two);
        }
        if (j - i == 2) {
            int s = keys[i + 1].reference;
            if (!opposite_sides(mesh, r, s)) {
                where(source, (size_t)s >> 2, at, sizeof at);
                face_text(source, &keys[i], face, sizeof face);
                free(keys);
                return error_set(err, "%s lies on the same side of its face %s as tetrahedron %lld: they overlap", at,
                                 face, (long long)(r >> 2) + source->first_index);
            }
            mesh->neighbour[r >> 2][r & 3] = s;
            mesh->neighbour[s >> 2][s & 3] = r;
        } else {
            mesh->neighbour[r >> 2][r & 3] = -1;
        }
        i = j;
    }
    free(keys);
    return 0;
}

/* A link not yet confirmed by check_link_pairs, or refused. */
enum { UNCONFIRMED = -2 };

/* Tetrahedron t's link across face f, checked: NULL with links[t][f] and *theirs set to the two
 * sides' face references, or what is wrong with it. */
static const char *link_problem(const tet_mesh *mesh, size_t t, int f, int (*links)[4], int *theirs)
{
    int other = mesh->neighbour[t][f];
    links[t][f] = -1;
    if (other < 0)
        return NULL;
    /* The face of `other` with the same three vertices: the one opposite its only vertex that is
     * not on face f of t (its vertices are distinct: check_orientation), if three of its four
     * are. */
    const int *mine = mesh->tetra[t], *record = mesh->tetra[other];
    int a = mine[rt_face_vertices[f][0]], b = mine[rt_face_vertices[f][1]], c = mine[rt_face_vertices[f][2]];
    int g = -1, outside = 0;
    for (int k = 0; k < 4; ++k)
        if (record[k] != a && record[k] != b && record[k] != c) {
            g = k;
            ++outside;
        }
    if (outside != 1)
        g = -1;
    links[t][f] = UNCONFIRMED;
    if ((size_t)other == t)
        return "is its own neighbour";
    if (g < 0)
        return "has no face in common with the neighbour listed";
    if (mesh->neighbour[other][g] != (int)t)
        return "is not listed back by its neighbour";
    if (!opposite_sides(mesh, (int)t * 4 + f, other * 4 + g))
        return "lies on the same side of the common face as its neighbour";
    links[t][f] = *theirs = other * 4 + g;
    return NULL;
}

/* Each link checked once, from its lower tetrahedron, which sets both sides' face references: a
 * link passes from one side exactly when it passes from the other (the common face and the two
 * sides are the same, and each side must list the other), so a link from a higher tetrahedron
 * is sound exactly when its lower one confirmed it. Halves the reads of neighbours' records, the
 * cost of the check; each face reference is written by one thread only (by the tetrahedron it
 * names, which it must name back). */
static void check_link_pairs(const tet_mesh *mesh, int (*links)[4])
{
    long long count = (long long)mesh->tetra_count;
#pragma omp parallel for schedule(static) if (mesh->tetra_count >= MESH_PARALLEL_MIN)
    for (long long t = 0; t < count; ++t)
        for (int f = 0; f < 4; ++f)
            if (mesh->neighbour[t][f] < 0)
                links[t][f] = -1;
    /* Written by the lower side below, never read before the loop ends. */
#pragma omp parallel for schedule(static) if (mesh->tetra_count >= MESH_PARALLEL_MIN)
    for (long long t = 0; t < count; ++t)
        for (int f = 0; f < 4; ++f) {
            int other = mesh->neighbour[t][f];
            if (other <= t)
                continue;
            int mine;
            if (link_problem(mesh, (size_t)t, f, links, &mine) == NULL)
                links[other][mine & 3] = (int)t * 4 + f;
        }
}

/* TetGen's .neigh (tetrahedron indices by corner, after check_orientation's reordering): each
 * link must join two tetrahedra through a common face, both ways, from its two sides. Checked
 * on every core; the first problem in file order is reported. Turned into face references. */
static int check_neighbours(mesh_source *source, error_text *err)
{
    tet_mesh *mesh = source->mesh;
    int (*links)[4] = malloc((mesh->tetra_count + 1) * sizeof *links);
    if (!links)
        return error_set(err, "%s: out of memory", source->neighbour_path);
    size_t count = mesh->tetra_count;
#pragma omp parallel for schedule(static) if (count >= MESH_PARALLEL_MIN)
    for (size_t t = 0; t < count; ++t)
        for (int f = 0; f < 4; ++f)
            links[t][f] = UNCONFIRMED;
    check_link_pairs(mesh, links);
    size_t first = count;
#pragma omp parallel for schedule(static) reduction(min : first) if (count >= MESH_PARALLEL_MIN)
    for (size_t t = 0; t < count; ++t)
        for (int f = 0; f < 4; ++f)
            if (links[t][f] == UNCONFIRMED && t < first)
                first = t;
    for (int f = 0; f < 4 && first < count; ++f) {
        int other;
        const char *problem = link_problem(mesh, first, f, links, &other);
        if (problem) {
            free(links);
            long long mine = (long long)first + source->first_index;
            long long theirs = (long long)mesh->neighbour[first][f] + source->first_index;
            return source->neighbour_line
                       ? error_set(err, "%s:%zu: tetrahedron %lld %s (tetrahedron %lld)", source->neighbour_path,
                                   source->neighbour_line[first], mine, problem, theirs)
                       : error_set(err, "%s: tetrahedron %lld %s (tetrahedron %lld)", source->neighbour_path, mine,
                                   problem, theirs);
        }
    }
    free(mesh->neighbour);
    mesh->neighbour = links;
    return 0;
}

/* Tetrahedra [begin, end) of part `part` of `parts` equal parts of `count`. */
static void part_range(size_t count, int part, int parts, size_t *begin, size_t *end)
{
    *begin = count * (size_t)part / (size_t)parts;
    *end = count * (size_t)(part + 1) / (size_t)parts;
}

/* The boundary faces in tetrahedron order, on every core: each part of the tetrahedra counts
 * its faces, then writes them from where the parts before it end. */
int mesh_collect_boundary(tet_mesh *mesh, error_text *err)
{
    int parts = mesh->tetra_count >= MESH_PARALLEL_MIN ? mesh_threads() : 1;
    size_t *start = calloc((size_t)parts + 1, sizeof *start);
    if (!start)
        return error_set(err, "%s: out of memory for the boundary", mesh->path);
#pragma omp parallel for schedule(static, 1) if (parts > 1)
    for (int p = 0; p < parts; ++p) {
        size_t begin, end, count = 0;
        part_range(mesh->tetra_count, p, parts, &begin, &end);
        for (size_t t = begin; t < end; ++t)
            for (int f = 0; f < 4; ++f)
                count += mesh->neighbour[t][f] < 0;
        start[p + 1] = count;
    }
    for (int p = 0; p < parts; ++p)
        start[p + 1] += start[p];
    mesh->boundary = malloc((start[parts] + 1) * sizeof *mesh->boundary);
    if (!mesh->boundary) {
        free(start);
        return error_set(err, "%s: out of memory for the boundary", mesh->path);
    }
#pragma omp parallel for schedule(static, 1) if (parts > 1)
    for (int p = 0; p < parts; ++p) {
        size_t begin, end, at = start[p];
        part_range(mesh->tetra_count, p, parts, &begin, &end);
        for (size_t t = begin; t < end; ++t)
            for (int f = 0; f < 4; ++f)
                if (mesh->neighbour[t][f] < 0)
                    mesh->boundary[at++] = (int)t * 4 + f;
    }
    mesh->boundary_count = start[parts];
    free(start);
    return 0;
}

/* The box of the vertices the tetrahedra use, on every core: the used vertices are marked (a
 * byte each, which stays in cache where the vertices would not), then the marked ones scanned in
 * order. Minima and maxima are exact in any order; only the sign of a zero bound may differ from
 * a serial scan's, which no later sum sees. */
static int bounding_box(tet_mesh *mesh, error_text *err)
{
    unsigned char *used = calloc(mesh->vertex_count + 1, 1);
    if (!used)
        return error_set(err, "%s: out of memory for the bounding box", mesh->path);
#pragma omp parallel for schedule(static) if (mesh->tetra_count >= MESH_PARALLEL_MIN)
    for (size_t t = 0; t < mesh->tetra_count; ++t)
        for (int k = 0; k < 4; ++k) {
#pragma omp atomic write
            used[mesh->tetra[t][k]] = 1;
        }
    vec3 first = mesh->vertices[mesh->tetra[0][0]];
    double lx = first.x, ly = first.y, lz = first.z, hx = first.x, hy = first.y, hz = first.z;
#pragma omp parallel for schedule(static) reduction(min : lx, ly, lz) reduction(max : hx, hy, hz) if (mesh->vertex_count >= MESH_PARALLEL_MIN)
    for (size_t i = 0; i < mesh->vertex_count; ++i)
        if (used[i]) {
            vec3 v = mesh->vertices[i];
            lx = v.x < lx ? v.x : lx;
            ly = v.y < ly ? v.y : ly;
            lz = v.z < lz ? v.z : lz;
            hx = v.x > hx ? v.x : hx;
            hy = v.y > hy ? v.y : hy;
            hz = v.z > hz ? v.z : hz;
        }
    free(used);
    mesh->low = (vec3){lx, ly, lz};
    mesh->high = (vec3){hx, hy, hz};
    return 0;
}

int mesh_check(mesh_source *source, error_text *err)
{
    tet_mesh *mesh = source->mesh;
    if (mesh->tetra_count == 0)
        return error_set(err, "%s: the mesh has no tetrahedra", source->tetra_path);
    if (check_orientation(source, err) != 0)
        return -1;
    if (mesh->neighbour ? check_neighbours(source, err) : build_adjacency(source, err))
        return -1;
    return mesh_finish(mesh, err);
}

int mesh_finish(tet_mesh *mesh, error_text *err)
{
    return mesh_collect_boundary(mesh, err) || bounding_box(mesh, err) ? -1 : 0;
}
