/* walk_locate.h: the tetrahedron a ray starts in when its P lies inside the mesh (--from,
 * --from-vertex, a rays file's inside points; docs/TETWALK.md, "Rays from inside").
 *
 * The start rule follows rt_walk.h's tie rule, the line moved by (e, e^2, e^3): the moved line
 * passes through P + (e, e^2, e^3) at t = 0, a point in no plane through P, so strictly inside
 * exactly one tetrahedron when P lies in the mesh (on a face, an edge or a vertex too):
 * walk_locate finds it. Each side test is the exact orientation of P against a face's plane
 * (Common/exact.h); a 0 takes the sign of the face normal's x, then y, then z component (the
 * derivative along (e, e^2, e^3)). When P lies on a face of that tetrahedron, the moved line may
 * leave it at t = 0 exactly (the ray's own t); walk_locate_starts then follows the moved line
 * past every tetrahedron it leaves at t = 0, so the start is the tetrahedron the ray is in just
 * after t = 0, the first one whose step has a length. The walk from there is the moved line's
 * walk, the one rt_walk.h takes, and the zero-length steps at P are never counted. */
#ifndef RAYTETRA_WALK_LOCATE_H
#define RAYTETRA_WALK_LOCATE_H

#include <stddef.h>

#include "error.h"
#include "mesh/mesh.h"

/* A uniform grid over the mesh's box: each cell lists the tetrahedra whose bounding box meets it. */
typedef struct walk_locator {
    const tet_mesh *mesh;
    int cells[3];       /* per axis */
    double low[3], cell_size[3];
    size_t *first;      /* cell c's tetrahedra: members[first[c] .. first[c + 1]) */
    int *members;
} walk_locator;

int walk_locator_build(walk_locator *locator, const tet_mesh *mesh, error_text *err);

void walk_locator_free(walk_locator *locator);

/* Where a point lies. */
typedef enum walk_place {
    WALK_PLACE_OUTSIDE, /* not in the closed mesh */
    WALK_PLACE_INSIDE,  /* P + (e, e^2, e^3) is in tetrahedron *tet */
    WALK_PLACE_BOUNDARY /* on the boundary, P + (e, e^2, e^3) outside: rays start from their entry */
} walk_place;

walk_place walk_locate(const walk_locator *locator, const double point[3], int *tet);

/* Where every ray starts, into a new array (walk_rays's start): from the tetrahedron holding
 * P + (e, e^2, e^3), past the tetrahedra the moved line leaves at t = 0 (walk_exact_start), the
 * tetrahedron the ray is in just after t = 0 and the face the moved line enters it through, as a
 * face reference; -1 where the ray starts outside the mesh. Returns NULL with err set when out of
 * memory. */
int *walk_locate_starts(const walk_locator *locator, const double (*rays)[6], size_t count, error_text *err);

#endif
