/* extent.h: the line, the ray and the segment of a pair (docs/SPECIFICATION.md section 9) on
 * the CPU's result records: names, the clipping of a line's result by computed t (the fast
 * forms) or by exact orientations of P and Q against the face planes (the robust forms and the
 * exact classifier). The decision itself is rt_extent.h's, shared with the kernels. */
#ifndef RAYTETRA_EXTENT_H
#define RAYTETRA_EXTENT_H

#include "pairs.h"
#include "rt_extent.h"

/* RT_EXTENT_LINE, _RAY or _SEGMENT for "line", "ray" or "segment"; -1 for anything else. */
int extent_parse(const char *word);

/* "line", "ray" or "segment". */
const char *extent_name(int extent);

/* The clip bits (rt_extent.h) of a line's hit with these faces, decided exactly: the signs of
 * P's and Q's orientations against the enter and leave faces' planes (exact_orient). */
int extent_clip_exact(const ray_tetra_pair *pair, int enter_face, int leave_face, int extent);

/* Apply clip bits to a line's hit record: a miss (hit 0, faces -1), or the clipped sides set to
 * face -1, point P (or Q), t 0 (or 1), u 0 0. */
void extent_apply_clip(const ray_tetra_pair *pair, ray_tetra_result *result, int clip);

/* Clip a line's result (hit or miss) to `extent`: by its own t, or exactly when `exact`. */
void extent_apply(const ray_tetra_pair *pair, ray_tetra_result *result, int extent, int exact);

/* exact_classify and exact_reference (exact.h) with the extent: a clipped side's face is -1. */
int extent_exact_classify(const ray_tetra_pair *pair, int extent, int *enter_face, int *leave_face);
void extent_exact_reference(const ray_tetra_pair *pair, int extent, ray_tetra_result *result);

#endif
