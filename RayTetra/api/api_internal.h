/* api_internal.h: what the files of libraytetra's public API (include/raytetra.h) share: the
 * public types laid over the suite's own (no copies: the layouts are asserted equal), the
 * handles, the options, and the per-pair input check with its orientation fix. Private to
 * RayTetra/api/. */
#ifndef RAYTETRA_API_INTERNAL_H
#define RAYTETRA_API_INTERNAL_H

#include <stddef.h>
#include <stdio.h>

#include "error.h"
#include "pair_check.h"
#include "pairs.h"
#include "raytetra.h"
#include "registry/registry.h"

/* raytetra_pair is ray_tetra_pair: 18 doubles, V0 V1 V2 V3 P Q. */
_Static_assert(sizeof(raytetra_pair) == sizeof(ray_tetra_pair), "raytetra_pair differs from ray_tetra_pair");
_Static_assert(offsetof(raytetra_pair, vertices) == offsetof(ray_tetra_pair, vert) &&
                   offsetof(raytetra_pair, p) == offsetof(ray_tetra_pair, orig) &&
                   offsetof(raytetra_pair, q) == offsetof(ray_tetra_pair, far) && sizeof(vec3) == 3 * sizeof(double),
               "raytetra_pair differs from ray_tetra_pair");

/* raytetra_hit is ray_tetra_result, field for field. */
_Static_assert(sizeof(raytetra_hit) == sizeof(ray_tetra_result), "raytetra_hit differs from ray_tetra_result");
_Static_assert(offsetof(raytetra_hit, hit) == offsetof(ray_tetra_result, hit) &&
                   offsetof(raytetra_hit, enter_face) == offsetof(ray_tetra_result, enter_face) &&
                   offsetof(raytetra_hit, leave_face) == offsetof(ray_tetra_result, leave_face) &&
                   offsetof(raytetra_hit, enter_point) == offsetof(ray_tetra_result, enter_point) &&
                   offsetof(raytetra_hit, leave_point) == offsetof(ray_tetra_result, leave_point) &&
                   offsetof(raytetra_hit, u_enter) == offsetof(ray_tetra_result, u_enter1) &&
                   offsetof(raytetra_hit, u_enter[1]) == offsetof(ray_tetra_result, u_enter2) &&
                   offsetof(raytetra_hit, u_leave) == offsetof(ray_tetra_result, u_leave1) &&
                   offsetof(raytetra_hit, u_leave[1]) == offsetof(ray_tetra_result, u_leave2) &&
                   offsetof(raytetra_hit, t_enter) == offsetof(ray_tetra_result, t_enter) &&
                   offsetof(raytetra_hit, t_leave) == offsetof(ray_tetra_result, t_leave),
               "raytetra_hit differs from ray_tetra_result");

static inline const ray_tetra_pair *api_pairs(const raytetra_pair *pairs)
{
    return (const ray_tetra_pair *)(const void *)pairs;
}

static inline ray_tetra_result *api_results(raytetra_hit *hits) { return (ray_tetra_result *)(void *)hits; }

/* The variant of a handle (an index into registry_variants()); NULL if it is none. */
const registry_variant *api_variant(raytetra_algorithm algorithm);

/* The flags of `options` (NULL: none): RAYTETRA_OK, or RAYTETRA_ERROR_BAD_OPTIONS for a size
 * that is not sizeof(raytetra_options) of a version this library knows (nothing past `size` is
 * read then), unknown flags, or RAYTETRA_ANY_ORIENTATION with RAYTETRA_UNCHECKED; `why` (may be
 * NULL) then says which, with the values. */
int api_flags(const raytetra_options *options, unsigned *flags, error_text *why);

/* The extent of options api_flags accepted (RT_EXTENT_LINE, _RAY or _SEGMENT): the line for NULL
 * and for version 1, which has no extent. */
int api_extent(const raytetra_options *options);

/* Line results of the variant clipped to `extent` as RayTetra --extent clips them (Common/extent.h:
 * exactly for an exact double variant, else by the computed t); misses and pairs in error are
 * left as they are. */
void api_clip(const registry_variant *variant, const ray_tetra_pair *pairs, ray_tetra_result *results, size_t count,
              int extent);

/* api_check's answer for a negatively oriented tetrahedron under RAYTETRA_ANY_ORIENTATION:
 * test it with V1 and V2 swapped, then api_flip_back the result. */
#define API_FLIP 1

/* RAYTETRA_OK, API_FLIP, or the error code of the pair's fault (pair_check.h's check; for a
 * float variant also its narrower range). */
int api_check(const ray_tetra_pair *pair, unsigned flags, cpu_precision precision);

/* V1 and V2 swapped: positively oriented if the pair was negatively oriented. */
ray_tetra_pair api_flipped(const ray_tetra_pair *pair);

/* A result of the flipped pair in the caller's numbering: faces 1 and 2 swap (face i is
 * opposite Vi), and the two barycentrics of each face swap (every face lists the swapped
 * vertices in the other order: docs/LIBRARY.md, "Orientation"). */
void api_flip_back(ray_tetra_result *result);

/* A pair that was not tested: its error code, faces -1. */
void api_set_error(ray_tetra_result *result, int code);

/* One pair through the variant's one-pair entry point (CPU variants only). */
void api_run_one(const cpu_algorithm *algorithm, const ray_tetra_pair *pair, ray_tetra_result *result);

/* One pair as api_check says: as it is, or flipped and mapped back. */
void api_run_checked_one(const cpu_algorithm *algorithm, const ray_tetra_pair *pair, int status,
                         ray_tetra_result *result);

/* A device's state for the mesh walk (api_mesh.c), kept in the device: its index, its log and
 * message, and the walk's handle for the mesh it walked last (walk_opencl.h), NULL before any. */
struct walk_opencl;
typedef struct api_device_walk {
    int index;
    FILE *log;
    error_text *message;
    struct walk_opencl *gpu;
    unsigned long long mesh_id; /* the mesh gpu holds (api_mesh.c numbers meshes from 1) */
} api_device_walk;

/* work(walk, context) with the device's lock held and fd 2 captured into its log, as during a
 * kernel build (the walk's kernels are built inside the walk). Returns work's value. */
int api_device_walk_locked(raytetra_device *device, int (*work)(api_device_walk *walk, void *context), void *context);

#endif
