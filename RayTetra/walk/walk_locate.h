/* walk_locate.h: where a ray starts when its P lies in the mesh (--from, --from-vertex, a rays
 * file's inside points; docs/TETWALK.md, "Rays from inside: where they start").
 *
 * The rule follows rt_walk.h's tie rule, the line moved by (e, e^2, e^3): a ray starts in the
 * tetrahedron it is in just after t = 0, the one holding P + t L + (e, e^2, e^3) for
 * 0 < e << t << 1. That point lies in no plane through P, so strictly inside one tetrahedron
 * when the ray runs into the mesh from P, whether P lies inside a tetrahedron or on a face, an
 * edge or a vertex. Each side test is the exact orientation of P against a face's plane
 * (Common/exact.h); a 0 takes the sign of the orientation's derivative along L, then along
 * (e, e^2, e^3): the face normal's x, y and z components. The moved line is in that tetrahedron
 * just after t = 0, so its walk, the one rt_walk.h takes, goes on from there; it enters the
 * tetrahedron through the face its moved signs say (walk_exact_enter_face). */
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
    WALK_PLACE_BOUNDARY /* on the boundary, P + (e, e^2, e^3) outside */
} walk_place;

/* Where the point lies, by P + (e, e^2, e^3) (--from's check, the tests). */
walk_place walk_locate(const walk_locator *locator, const double point[3], int *tet);

/* Where every ray starts, into a new array (walk_rays's start, rt_walk_trace_from's): the face
 * reference of the tetrahedron holding P + t L + (e, e^2, e^3) and of the face the moved line
 * enters it through; RT_WALK_START_LEAVING where P lies in the closed mesh but that point does not
 * (the ray leaves the mesh at P, or touches it there); RT_WALK_START_NONE where P is outside the
 * mesh. Returns NULL with err set when out of memory. */
int *walk_locate_starts(const walk_locator *locator, const double (*rays)[6], size_t count, error_text *err);

#endif
