/* pair_check.c: finite coordinates, P != Q, a non-flat positively oriented tetrahedron. */
#include "pair_check.h"

#include <math.h>

#include "exact.h"

pair_fault pair_fault_of(const ray_tetra_pair *p)
{
    const double *v = &p->vert[0].x;
    for (int i = 0; i < 18; ++i)
        if (!isfinite(v[i]))
            return PAIR_NOT_FINITE;
    if (p->orig.x == p->far.x && p->orig.y == p->far.y && p->orig.z == p->far.z)
        return PAIR_NO_DIRECTION;
    int orientation = exact_tetra_orientation(p->vert);
    if (orientation == 0)
        return PAIR_DEGENERATE;
    if (orientation > 0)
        return PAIR_NEGATIVE;
    return PAIR_VALID;
}

const char *pair_fault_text(pair_fault fault)
{
    switch (fault) {
    case PAIR_NOT_FINITE:
        return "a coordinate is not a finite number (NaN and Inf are not valid coordinates)";
    case PAIR_NO_DIRECTION:
        return "P and Q are the same point, so the line has no direction";
    case PAIR_DEGENERATE:
        return "the tetrahedron is degenerate (its four vertices are coplanar)";
    case PAIR_NEGATIVE:
        return "the tetrahedron is negatively oriented (swap two vertices, e.g. V1 and V2; docs/SPECIFICATION.md section 1)";
    case PAIR_VALID:
        break;
    }
    return NULL;
}

const char *pair_problem(const ray_tetra_pair *p) { return pair_fault_text(pair_fault_of(p)); }
