/* pair_check.c: finite coordinates within the supported range, P != Q, a non-flat positively
 * oriented tetrahedron; and the narrower range of the single-precision variants. */
#include "pair_check.h"

#include <math.h>
#include <stdio.h>

#include "exact.h"

static const char *const COORDINATE_NAMES[18] = {
    "V0.x", "V0.y", "V0.z", "V1.x", "V1.y", "V1.z", "V2.x", "V2.y", "V2.z",
    "V3.x", "V3.y", "V3.z", "P.x",  "P.y",  "P.z",  "Q.x",  "Q.y",  "Q.z",
};

int pair_check(const ray_tetra_pair *p, char *why, size_t size)
{
    const double *v = &p->vert[0].x;
    for (int i = 0; i < 18; ++i)
        if (!isfinite(v[i])) {
            snprintf(why, size, "a coordinate is not a finite number (NaN and Inf are not valid coordinates)");
            return -1;
        }
    for (int i = 0; i < 18; ++i) {
        double magnitude = fabs(v[i]);
        if (magnitude != 0 && (magnitude < PAIR_RANGE_MIN || magnitude > PAIR_RANGE_MAX)) {
            snprintf(why, size, "%s = %.17g is outside the supported range: %s (docs/INPUT_RANGE.md)",
                     COORDINATE_NAMES[i], v[i], PAIR_RANGE_TEXT);
            return -1;
        }
    }
    if (p->orig.x == p->far.x && p->orig.y == p->far.y && p->orig.z == p->far.z) {
        snprintf(why, size, "P and Q are the same point, so the line has no direction");
        return -1;
    }
    int orientation = exact_tetra_orientation(p->vert);
    if (orientation == 0) {
        snprintf(why, size, "the tetrahedron is degenerate (its four vertices are coplanar)");
        return -1;
    }
    if (orientation > 0) {
        snprintf(why, size, "the tetrahedron is negatively oriented (swap two vertices, e.g. V1 and V2; "
                            "docs/SPECIFICATION.md section 1)");
        return -1;
    }
    return 0;
}

int pair_check_single(const ray_tetra_pair *p, char *why, size_t size)
{
    const double *v = &p->vert[0].x;
    int largest = 0;
    for (int i = 0; i < 18; ++i) {
        if (fabs(v[i]) > SINGLE_RANGE_MAX) {
            snprintf(why, size, "%s = %.17g: %s (docs/INPUT_RANGE.md)", COORDINATE_NAMES[i], v[i], SINGLE_RANGE_TEXT);
            return -1;
        }
        if (fabs(v[i]) > fabs(v[largest]))
            largest = i;
    }
    if (fabs(v[largest]) < SINGLE_RANGE_MIN) {
        snprintf(why, size, "its largest coordinate %s = %.17g: %s (docs/INPUT_RANGE.md)", COORDINATE_NAMES[largest],
                 v[largest], SINGLE_RANGE_TEXT);
        return -1;
    }
    return 0;
}

size_t pairs_check_single(const pair_set *set, char *why, size_t size)
{
    for (size_t i = 0; i < set->count; ++i)
        if (pair_check_single(&set->pairs[i], why, size) != 0)
            return i;
    return set->count;
}
