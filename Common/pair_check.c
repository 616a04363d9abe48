/* pair_check.c: finite coordinates, P != Q, a non-flat positively oriented tetrahedron. */
#include "pair_check.h"

#include <math.h>

#include "exact.h"

const char *pair_problem(const ray_tetra_pair *p)
{
    const double *v = &p->vert[0].x;
    for (int i = 0; i < 18; ++i)
        if (!isfinite(v[i]))
            return "a coordinate is not a finite number (NaN and Inf are not valid coordinates)";
    if (p->orig.x == p->far.x && p->orig.y == p->far.y && p->orig.z == p->far.z)
        return "P and Q are the same point, so the line has no direction";
    int orientation = exact_tetra_orientation(p->vert);
    if (orientation == 0)
        return "the tetrahedron is degenerate (its four vertices are coplanar)";
    if (orientation > 0)
        return "the tetrahedron is negatively oriented (swap two vertices, e.g. V1 and V2; docs/SPECIFICATION.md section 1)";
    return NULL;
}
