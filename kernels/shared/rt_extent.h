/* rt_extent.h: the extents of a pair's line (docs/SPECIFICATION.md section 9), one decision for
 * the CPU and for a kernel alike (valid C11 and OpenCL C 1.2, no types of either side).
 *
 * Let [t0, t1] be the line's intersection interval (t0 = tEnter, t1 = tLeave). The line keeps
 * every t. The ray keeps t >= 0: a hit iff t1 >= 0; when t0 < 0 the enter side is clipped at P.
 * The segment keeps 0 <= t <= 1: a hit iff t1 >= 0 and t0 <= 1; clipped at P as for the ray, and
 * at Q when t1 > 1. A clipped side has face -1, its point P (or Q), t 0 (or 1) and u 0 0.
 *
 * The caller gives the four comparisons, not t: a fast form takes them from its own computed t
 * (RT_EXTENT_OF_T), a robust one from exact orientations of P and Q against the face planes
 * (Common/extent.h). */
#ifndef RAYTETRA_RT_EXTENT_H
#define RAYTETRA_RT_EXTENT_H

#define RT_EXTENT_LINE 0
#define RT_EXTENT_RAY 1
#define RT_EXTENT_SEGMENT 2

/* What an extent does with a line's hit: the clip bits and whether it stays a hit. */
#define RT_CLIP_ENTER 1 /* the enter side is clipped at P */
#define RT_CLIP_LEAVE 2 /* the leave side is clipped at Q */
#define RT_CLIP_MISS 4  /* the extent keeps no part of the line's interval */

/* The clip bits of a line's hit under `extent`, from the comparisons t0 < 0 (enter_before_p),
 * t1 < 0 (leave_before_p), t0 > 1 (enter_after_q) and t1 > 1 (leave_after_q), each 0 or 1. */
static inline __attribute__((always_inline)) int rt_extent_clip(int extent, int enter_before_p, int leave_before_p, int enter_after_q,
                                 int leave_after_q)
{
    if (extent == RT_EXTENT_LINE)
        return 0;
    if (leave_before_p)
        return RT_CLIP_MISS;
    if (extent == RT_EXTENT_RAY)
        return enter_before_p ? RT_CLIP_ENTER : 0;
    if (enter_after_q)
        return RT_CLIP_MISS;
    return (enter_before_p ? RT_CLIP_ENTER : 0) | (leave_after_q ? RT_CLIP_LEAVE : 0);
}

/* The same from computed t of either precision (the fast forms: their own arithmetic decides). A
 * NaN t clips nothing and misses nothing (no algorithm writes one; the comparisons stay defined). */
#define RT_EXTENT_OF_T(extent, t_enter, t_leave)                                                                     \
    rt_extent_clip((extent), (t_enter) < 0, (t_leave) < 0, (t_enter) > 1, (t_leave) > 1)

#endif
