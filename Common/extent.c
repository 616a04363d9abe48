/* extent.c: clipping a line's result to a ray or a segment, by computed t or exactly
 * (docs/SPECIFICATION.md section 9). */
#include "extent.h"

#include <string.h>

#include "exact.h"

static const char *const NAMES[3] = {"line", "ray", "segment"};

int extent_parse(const char *word)
{
    for (int e = 0; e < 3; ++e)
        if (strcmp(word, NAMES[e]) == 0)
            return e;
    return -1;
}

const char *extent_name(int extent) { return extent >= 0 && extent < 3 ? NAMES[extent] : "?"; }

/* The exact side of X against face f's plane: +1 on the tetrahedron's side, -1 beyond, 0 in
 * it. Face f is opposite vertex f (docs/SPECIFICATION.md section 1), so the sign of that
 * vertex's orientation against the same three vertices names the inside whatever their order. */
static int side(const ray_tetra_pair *pair, vec3 X, int f)
{
    vec3 a = pair->vert[f == 0 ? 1 : 0], b = pair->vert[f <= 1 ? 2 : 1], c = pair->vert[f <= 2 ? 3 : 2];
    return exact_orient(X, a, b, c) * exact_orient(pair->vert[f], a, b, c);
}

/* Along the line from P to Q, the enter face's side grows and the leave face's shrinks (the line
 * never lies in the plane of a face Algorithm 1 names: all its edge signs would be 0), so
 *   t0 < 0 iff P is strictly inside the enter plane,  t0 > 1 iff Q is strictly outside it,
 *   t1 < 0 iff P is strictly outside the leave plane, t1 > 1 iff Q is strictly inside it.
 * Only the comparisons the extent reads are computed. */
int extent_clip_exact(const ray_tetra_pair *pair, int enter_face, int leave_face, int extent)
{
    if (extent == RT_EXTENT_LINE)
        return 0;
    int leave_before_p = side(pair, pair->orig, leave_face) < 0;
    if (leave_before_p)
        return RT_CLIP_MISS;
    int enter_before_p = side(pair, pair->orig, enter_face) > 0;
    if (extent == RT_EXTENT_RAY)
        return rt_extent_clip(extent, enter_before_p, 0, 0, 0);
    int enter_after_q = side(pair, pair->far, enter_face) < 0;
    int leave_after_q = !enter_after_q && side(pair, pair->far, leave_face) > 0;
    return rt_extent_clip(extent, enter_before_p, 0, enter_after_q, leave_after_q);
}

void extent_apply_clip(const ray_tetra_pair *pair, ray_tetra_result *result, int clip)
{
    if (clip & RT_CLIP_MISS) {
        result->hit = 0;
        result->enter_face = result->leave_face = -1;
        return;
    }
    if (clip & RT_CLIP_ENTER) {
        result->enter_face = -1;
        result->enter_point = pair->orig;
        result->t_enter = 0;
        result->u_enter1 = result->u_enter2 = 0;
    }
    if (clip & RT_CLIP_LEAVE) {
        result->leave_face = -1;
        result->leave_point = pair->far;
        result->t_leave = 1;
        result->u_leave1 = result->u_leave2 = 0;
    }
}

void extent_apply(const ray_tetra_pair *pair, ray_tetra_result *result, int extent, int exact)
{
    if (extent == RT_EXTENT_LINE || !result->hit)
        return;
    int clip = exact ? extent_clip_exact(pair, result->enter_face, result->leave_face, extent)
                     : RT_EXTENT_OF_T(extent, result->t_enter, result->t_leave);
    extent_apply_clip(pair, result, clip);
}

int extent_exact_classify(const ray_tetra_pair *pair, int extent, int *enter_face, int *leave_face)
{
    if (!exact_classify(pair, enter_face, leave_face))
        return 0;
    int clip = extent_clip_exact(pair, *enter_face, *leave_face, extent);
    if (clip & RT_CLIP_MISS) {
        *enter_face = *leave_face = -1;
        return 0;
    }
    if (clip & RT_CLIP_ENTER)
        *enter_face = -1;
    if (clip & RT_CLIP_LEAVE)
        *leave_face = -1;
    return 1;
}

void extent_exact_reference(const ray_tetra_pair *pair, int extent, ray_tetra_result *result)
{
    exact_reference(pair, result);
    extent_apply(pair, result, extent, 1);
}
