/* test_generator_classes: RandomRayTetra's special classes, each pair checked with the exact
 * predicates: the zero-sign pattern its construction promises (one edge; the three edges of a
 * vertex; the three edges of a face), hit/miss where the class decides it, a plane parallel to
 * the line, flatness, needle shape, the 1e6 offset; positive orientation everywhere and an
 * exact Q - P in the lattice classes. The floating-point classes: vertices on no coarse
 * lattice, near-edge and near-face lines so close to an edge or a face's plane that the error
 * filter of rt_robust.h cannot decide their signs, a rounded Q - P in many pairs, half hits;
 * at-vertex lines start exactly at a vertex (its three edges' signs 0) and hit. Also the file:
 * labels read back with pairs_read_classes, the plain reader ignores them, the same seed gives
 * the same bytes, and the binary format refuses labels. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "fixtures.h"
#include "exact.h"
#include "generator/generator.h"
#include "pairs_io.h"
#include "rt_robust.h"
#include "rt_topology.h"

#define PER_CLASS 400


/* The mask of the edges that join the vertices in `vertices` (a bit set of 0..3). */
static int edges_within(int vertices)
{
    int mask = 0;
    for (int e = 0; e < 6; ++e)
        if ((vertices >> rt_edge_vertices[e][0] & 1) && (vertices >> rt_edge_vertices[e][1] & 1))
            mask |= 1 << e;
    return mask;
}

static int is_face_mask(int mask)
{
    for (int f = 0; f < 4; ++f)
        if (mask == edges_within(15 & ~(1 << f)))
            return 1;
    return 0;
}

static int is_vertex_mask(int mask)
{
    for (int v = 0; v < 4; ++v) {
        int want = 0;
        for (int e = 0; e < 6; ++e)
            if (rt_edge_vertices[e][0] == v || rt_edge_vertices[e][1] == v)
                want |= 1 << e;
        if (mask == want)
            return 1;
    }
    return 0;
}

static int one_bit(int mask) { return mask != 0 && (mask & (mask - 1)) == 0; }

/* Q - P is exact in double: long double (64-bit significand) holds the difference of these
 * lattice coordinates exactly. */
static int exact_direction(const ray_tetra_pair *p)
{
    vec3 L = pair_direction(p);
    return (long double)L.x == (long double)p->far.x - p->orig.x &&
           (long double)L.y == (long double)p->far.y - p->orig.y &&
           (long double)L.z == (long double)p->far.z - p->orig.z;
}

static int parallel_to_a_face(const ray_tetra_pair *p)
{
    vec3 L = pair_direction(p);
    for (int f = 0; f < 4; ++f) {
        vec3 A = p->vert[rt_face_vertices[f][0]], B = p->vert[rt_face_vertices[f][1]], C = p->vert[rt_face_vertices[f][2]];
        vec3 AL = {A.x + L.x, A.y + L.y, A.z + L.z}; /* exact on these lattices */
        if (exact_orient(A, B, C, AL) == 0 && exact_orient(A, B, C, p->orig) != 0)
            return 1;
    }
    return 0;
}

static double edge_length(const ray_tetra_pair *p, int e)
{
    vec3 a = p->vert[rt_edge_vertices[e][0]], b = p->vert[rt_edge_vertices[e][1]];
    return sqrt((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y) + (a.z - b.z) * (a.z - b.z));
}

/* Every vertex coordinate a multiple of 2^-30: on a coarse dyadic lattice. */
static int on_lattice(const ray_tetra_pair *p)
{
    for (int k = 0; k < 12; ++k) {
        double scaled = ldexp((&p->vert[0].x)[k], 30);
        if (scaled != floor(scaled))
            return 0;
    }
    return 1;
}

/* The edge signs the filter of stp0r leaves to exact arithmetic, for L = fl(Q - P). */
static int uncertain_signs(const ray_tetra_pair *p)
{
    rt_tetra t = rt_prepare(p->orig, pair_direction(p), p->vert[0], p->vert[1], p->vert[2], p->vert[3], 1);
    rt_real products[6];
    rt_signs signs;
    return rt_robust_signs(&t, products, &signs);
}

static int is_vertex(const ray_tetra_pair *p, vec3 X)
{
    for (int i = 0; i < 4; ++i)
        if (p->vert[i].x == X.x && p->vert[i].y == X.y && p->vert[i].z == X.z)
            return 1;
    return 0;
}

static void check_class(generator_class c, const ray_tetra_pair *pairs, size_t n)
{
    const char *name = generator_class_name(c);
    size_t bad_shape = 0, bad_signs = 0, hits = 0, bad_direction = 0, bad_orientation = 0, rounded_direction = 0;
    for (size_t i = 0; i < n; ++i) {
        const ray_tetra_pair *p = &pairs[i];
        int enter, leave, mask = exact_zero_edges(p);
        int hit = exact_classify(p, &enter, &leave);
        hits += (size_t)hit;
        bad_orientation += exact_tetra_orientation(p->vert) >= 0;
        if (c <= GENERATOR_FAR)
            bad_direction += !exact_direction(p);
        else
            rounded_direction += !exact_direction(p);
        double shortest = INFINITY, longest = 0;
        for (int e = 0; e < 6; ++e) {
            shortest = fmin(shortest, edge_length(p, e));
            longest = fmax(longest, edge_length(p, e));
        }
        switch (c) {
        case GENERATOR_EDGE:
            bad_signs += !one_bit(mask);
            break;
        case GENERATOR_VERTEX:
            bad_signs += !is_vertex_mask(mask);
            break;
        case GENERATOR_FACE_CROSS:
        case GENERATOR_FACE_MISS:
            bad_signs += !is_face_mask(mask) || hit != (c == GENERATOR_FACE_CROSS);
            break;
        case GENERATOR_PARALLEL:
            bad_signs += mask != 0;
            bad_shape += !parallel_to_a_face(p);
            break;
        case GENERATOR_FLAT: {
            vec3 a = p->vert[0], b = p->vert[1], d = p->vert[2], e = p->vert[3];
            vec3 u = {b.x - a.x, b.y - a.y, b.z - a.z}, v = {d.x - a.x, d.y - a.y, d.z - a.z},
                 w = {e.x - a.x, e.y - a.y, e.z - a.z};
            double det = u.x * (v.y * w.z - v.z * w.y) - u.y * (v.x * w.z - v.z * w.x) + u.z * (v.x * w.y - v.y * w.x);
            bad_signs += mask != 0;
            bad_shape += fabs(det) > 1e-3 * longest * longest * longest;
            break;
        }
        case GENERATOR_NEEDLE:
            bad_signs += mask != 0;
            bad_shape += shortest > 0.05 * longest;
            break;
        case GENERATOR_FAR:
            bad_signs += mask != 0;
            for (int k = 0; k < 18; ++k)
                bad_shape += fabs((&p->vert[0].x)[k] - 1e6) > 8;
            break;
        case GENERATOR_NEAR_EDGE:
        case GENERATOR_NEAR_FACE: {
            int uncertain = uncertain_signs(p);
            /* near-edge: the edge's sign; near-face: the face's three (or the two of the edge
             * the line runs along, when it is one) */
            bad_signs += c == GENERATOR_NEAR_EDGE ? uncertain == 0 : !(uncertain != 0 && !one_bit(uncertain));
            bad_shape += on_lattice(p);
            break;
        }
        case GENERATOR_AT_VERTEX:
            bad_signs += !is_vertex_mask(mask) || !hit;
            bad_shape += on_lattice(p) || !is_vertex(p, p->orig);
            break;
        default:
            break;
        }
    }
    CHECK(bad_orientation == 0, "%s: %zu tetrahedra not positively oriented", name, bad_orientation);
    CHECK(bad_direction == 0, "%s: %zu pairs whose Q - P is not exact", name, bad_direction);
    CHECK(bad_signs == 0, "%s: %zu pairs with the wrong zero-sign pattern or class", name, bad_signs);
    CHECK(bad_shape == 0, "%s: %zu pairs without the promised shape", name, bad_shape);
    if (c >= GENERATOR_PARALLEL && c != GENERATOR_AT_VERTEX)
        CHECK(hits > n / 4 && hits < 3 * n / 4, "%s: %zu hits of %zu, wanted about half", name, hits, n);
    if (c > GENERATOR_FAR)
        CHECK(rounded_direction > n / 10, "%s: only %zu of %zu pairs with a rounded Q - P", name, rounded_direction, n);
}

int main(void)
{
    generator_config config = fixture_class_config(3, 50, 70, PER_CLASS);
    pair_set set;
    pair_classes classes;
    fixture_fill(&config, &set, &classes);
    CHECK(set.count == 120 + GENERATOR_CLASS_COUNT * PER_CLASS, "%zu pairs", set.count);
    CHECK(classes.name_count == 1 + GENERATOR_CLASS_COUNT && strcmp(classes.names[0], "random") == 0,
          "%d classes, first '%s'", classes.name_count, classes.names[0]);
    for (int c = 0; c < GENERATOR_CLASS_COUNT; ++c)
        check_class((generator_class)c, set.pairs + 120 + (size_t)c * PER_CLASS, PER_CLASS);

    error_text err;
    char dir[FIXTURE_PATH_SIZE], a[FIXTURE_PATH_SIZE], b[FIXTURE_PATH_SIZE], binary[FIXTURE_PATH_SIZE];
    fixture_scratch_files("raytetra-classes-XXXXXX", dir, "a.txt", a, "b.txt", b, "c.rtb", binary, NULL);
    CHECK(generator_write(a, &config, &err) == 0, "write: %s", err.text);
    CHECK(generator_write(b, &config, &err) == 0, "write: %s", err.text);
    size_t size_a = 0, size_b = 0;
    char *text_a = fixture_read_file(a, &size_a), *text_b = fixture_read_file(b, &size_b);
    CHECK(text_a && text_b && size_a == size_b && memcmp(text_a, text_b, size_a) == 0, "same seed, different file");
    CHECK(text_a && strstr(text_a, "\n# class face-cross\n") != NULL, "no '# class face-cross' line");

    pair_set labelled, plain;
    pair_classes read_classes;
    CHECK(pairs_read_classes(a, &labelled, &read_classes, &err) == 0, "read with classes: %s", err.text);
    CHECK(pairs_read(a, &plain, &err) == 0, "plain read: %s", err.text);
    CHECK(labelled.count == set.count && plain.count == set.count, "counts %zu %zu", labelled.count, plain.count);
    CHECK(memcmp(labelled.pairs, set.pairs, set.count * sizeof *set.pairs) == 0, "the file's pairs differ");
    CHECK(memcmp(plain.pairs, set.pairs, set.count * sizeof *set.pairs) == 0, "the plain reader's pairs differ");
    int same_labels = read_classes.name_count == classes.name_count;
    for (size_t i = 0; same_labels && i < set.count; ++i)
        same_labels = strcmp(read_classes.names[read_classes.of_pair[i]], classes.names[classes.of_pair[i]]) == 0;
    CHECK(same_labels, "the labels read back differ from the generated ones");

    CHECK(generator_write(binary, &config, &err) != 0 && strstr(err.text, "class labels"),
          "the binary format must refuse special classes: %s", err.text);
    CHECK(access(binary, F_OK) != 0, "a refused binary file was left behind");

    pair_classes_free(&read_classes);
    pair_set_free(&labelled);
    pair_set_free(&plain);
    pair_classes_free(&classes);
    pair_set_free(&set);
    free(text_a);
    free(text_b);
    fixture_remove_dir(dir);
    return check_summary("test_generator_classes");
}
