/* intersect.c: the smallest use of libraytetra: one line against one tetrahedron, then a batch
 * of lines through the same tetrahedron, with STP form 0 (the fastest exact-on-the-grid form,
 * docs/LIBRARY.md "Choosing an algorithm").
 *
 *     cc intersect.c $(pkg-config --cflags --libs raytetra) -o intersect && ./intersect */
#include <stdio.h>

#include <raytetra.h>

int main(void)
{
    /* A positively oriented tetrahedron: ((V1 - V0) x (V2 - V0)) . (V3 - V0) < 0. */
    const double vertices[4][3] = {{0, 0, 0}, {0, 1, 0}, {1, 0, 0}, {0, 0, 1}};
    const double p[3] = {0.2, 0.2, -1}, q[3] = {0.2, 0.2, 2};

    raytetra_algorithm stp0 = raytetra_find_algorithm("stp0");
    if (stp0 < 0) {
        fprintf(stderr, "intersect: %s\n", raytetra_error_string(stp0));
        return 1;
    }
    raytetra_hit hit;
    int status = raytetra_intersect(stp0, vertices, p, q, &hit);
    if (status < 0) {
        fprintf(stderr, "intersect: %s\n", raytetra_error_string(status));
        return 1;
    }
    printf("libraytetra %s, %s\n", raytetra_version_string(), raytetra_algorithm_name(stp0));
    if (status == 1)
        printf("enters face %d at (%g, %g, %g), t = %g; leaves face %d at (%g, %g, %g), t = %g\n", hit.enter_face,
               hit.enter_point[0], hit.enter_point[1], hit.enter_point[2], hit.t_enter, hit.leave_face,
               hit.leave_point[0], hit.leave_point[1], hit.leave_point[2], hit.t_leave);

    /* A batch: vertical lines through the centres of a 10 x 10 grid over [-0.3, 1.2]^2 (21 of
     * them pass through the base triangle x, y >= 0, x + y <= 1). */
    enum { SIDE = 10, COUNT = SIDE * SIDE };
    raytetra_pair pairs[COUNT];
    raytetra_hit hits[COUNT];
    for (int i = 0; i < COUNT; ++i) {
        double x = -0.3 + 1.5 * (i % SIDE + 0.5) / SIDE, y = -0.3 + 1.5 * (i / SIDE + 0.5) / SIDE;
        raytetra_pair pair = {{{0, 0, 0}, {0, 1, 0}, {1, 0, 0}, {0, 0, 1}}, {x, y, -1}, {x, y, 2}};
        pairs[i] = pair;
    }
    size_t count = raytetra_intersect_many(stp0, COUNT, pairs, hits);
    printf("%zu of %d vertical lines hit the tetrahedron\n", count, COUNT);
    return 0;
}
