/* api_check.c: the library's side of the input check (the programs' check, pair_check.c, mapped
 * to error codes), the orientation fix of RAYTETRA_ANY_ORIENTATION, and the options. */
#include <stdarg.h>
#include <stdio.h>

#include "api_internal.h"
#include "extent.h"

/* Version 1 of raytetra_options, as a caller built against that header holds it. */
typedef struct options_version_1 {
    size_t size;
    unsigned flags;
} options_version_1;

_Static_assert(offsetof(raytetra_options, flags) == offsetof(options_version_1, flags) &&
                   offsetof(raytetra_options, extent) >= sizeof(options_version_1),
               "version 2 of raytetra_options appends to version 1");
_Static_assert(RAYTETRA_EXTENT_LINE == RT_EXTENT_LINE && RAYTETRA_EXTENT_RAY == RT_EXTENT_RAY &&
                   RAYTETRA_EXTENT_SEGMENT == RT_EXTENT_SEGMENT,
               "the public extents are rt_extent.h's");

/* The sizes of raytetra_options this library knows: sizeof the struct of each version of the
 * header, each version's larger than the one before (a later field never goes into the tail
 * padding of an earlier struct, or two versions would share a size). Every version starts with
 * `size`, so reading it is within what any caller owns; nothing after it is read until the size
 * is one of these, so a caller holding a smaller struct is never read past and a size of
 * SIZE_MAX costs nothing. */
static const size_t KNOWN_OPTIONS_SIZES[] = {sizeof(options_version_1), sizeof(raytetra_options)};
_Static_assert(sizeof(options_version_1) < sizeof(raytetra_options), "each version is larger than the one before");

static int known_options_size(size_t size)
{
    for (size_t i = 0; i < sizeof KNOWN_OPTIONS_SIZES / sizeof KNOWN_OPTIONS_SIZES[0]; ++i)
        if (size == KNOWN_OPTIONS_SIZES[i])
            return 1;
    return 0;
}

static int bad_options(error_text *why, const char *format, ...) __attribute__((format(printf, 2, 3)));

static int bad_options(error_text *why, const char *format, ...)
{
    if (why) {
        va_list args;
        va_start(args, format);
        vsnprintf(why->text, sizeof why->text, format, args);
        va_end(args);
    }
    return RAYTETRA_ERROR_BAD_OPTIONS;
}

int api_flags(const raytetra_options *options, unsigned *flags, error_text *why)
{
    *flags = 0;
    if (!options)
        return RAYTETRA_OK;
    const size_t size = options->size;
    if (!known_options_size(size))
        return bad_options(why,
                           "invalid raytetra_options: size %zu; this library knows %zu (version 1) and %zu, "
                           "sizeof(raytetra_options) (initialise them with RAYTETRA_OPTIONS_INIT)",
                           size, sizeof(options_version_1), sizeof(raytetra_options));
    if (options->flags & ~(unsigned)(RAYTETRA_ANY_ORIENTATION | RAYTETRA_UNCHECKED))
        return bad_options(why, "invalid raytetra_options: unknown flags %#x",
                           options->flags & ~(unsigned)(RAYTETRA_ANY_ORIENTATION | RAYTETRA_UNCHECKED));
    /* Turning a tetrahedron around needs its orientation, which only the check finds. */
    if ((options->flags & RAYTETRA_ANY_ORIENTATION) && (options->flags & RAYTETRA_UNCHECKED))
        return bad_options(why, "invalid raytetra_options: RAYTETRA_ANY_ORIENTATION needs the check that "
                                "RAYTETRA_UNCHECKED skips");
    if (size >= sizeof(raytetra_options) && options->extent > RAYTETRA_EXTENT_SEGMENT)
        return bad_options(why,
                           "invalid raytetra_options: unknown extent %zu (RAYTETRA_EXTENT_LINE, "
                           "RAYTETRA_EXTENT_RAY or RAYTETRA_EXTENT_SEGMENT)",
                           options->extent);
    *flags = options->flags;
    return RAYTETRA_OK;
}

int api_extent(const raytetra_options *options)
{
    if (!options || options->size < sizeof(raytetra_options))
        return RT_EXTENT_LINE;
    return (int)options->extent;
}

void api_clip(const registry_variant *variant, const ray_tetra_pair *pairs, ray_tetra_result *results, size_t count,
              int extent)
{
    if (extent == RT_EXTENT_LINE)
        return;
    int exact = registry_clips_exactly(variant);
    for (size_t i = 0; i < count; ++i)
        if (results[i].hit == 1)
            extent_apply(&pairs[i], &results[i], extent, exact);
}

int api_check(const ray_tetra_pair *pair, unsigned flags, cpu_precision precision)
{
    pair_fault fault = pair_fault_of(pair, NULL);
    if (fault == PAIR_VALID && precision == CPU_PRECISION_FLOAT)
        fault = pair_fault_single(pair, NULL);
    switch (fault) {
    case PAIR_VALID:
        return RAYTETRA_OK;
    case PAIR_NOT_FINITE:
        return RAYTETRA_ERROR_NOT_FINITE;
    case PAIR_OUT_OF_RANGE:
        return RAYTETRA_ERROR_OUT_OF_RANGE;
    case PAIR_NO_DIRECTION:
        return RAYTETRA_ERROR_NO_DIRECTION;
    case PAIR_DEGENERATE:
        return RAYTETRA_ERROR_DEGENERATE;
    case PAIR_NEGATIVE:
        break;
    }
    return flags & RAYTETRA_ANY_ORIENTATION ? API_FLIP : RAYTETRA_ERROR_NEGATIVE_ORIENTATION;
}

ray_tetra_pair api_flipped(const ray_tetra_pair *pair)
{
    ray_tetra_pair flipped = *pair;
    flipped.vert[1] = pair->vert[2];
    flipped.vert[2] = pair->vert[1];
    return flipped;
}

static void swap_reals(double *a, double *b)
{
    double t = *a;
    *a = *b;
    *b = t;
}

static int swapped_face(int face) { return face == 1 ? 2 : (face == 2 ? 1 : face); }

void api_flip_back(ray_tetra_result *r)
{
    r->enter_face = swapped_face(r->enter_face);
    r->leave_face = swapped_face(r->leave_face);
    if (r->hit != 1)
        return;
    swap_reals(&r->u_enter1, &r->u_enter2);
    swap_reals(&r->u_leave1, &r->u_leave2);
}

void api_set_error(ray_tetra_result *r, int code)
{
    r->hit = code;
    r->enter_face = -1;
    r->leave_face = -1;
}

void api_run_one(const cpu_algorithm *algorithm, const ray_tetra_pair *p, ray_tetra_result *r)
{
    vec3 dir = pair_direction(p);
    r->hit = algorithm->run(&p->orig, &dir, p->vert, &r->enter_face, &r->leave_face, &r->enter_point,
                            &r->leave_point, &r->u_enter1, &r->u_enter2, &r->u_leave1, &r->u_leave2, &r->t_enter,
                            &r->t_leave);
}

void api_run_checked_one(const cpu_algorithm *algorithm, const ray_tetra_pair *pair, int status,
                         ray_tetra_result *result)
{
    if (status == API_FLIP) {
        ray_tetra_pair flipped = api_flipped(pair);
        api_run_one(algorithm, &flipped, result);
        api_flip_back(result);
    } else if (status == RAYTETRA_OK) {
        api_run_one(algorithm, pair, result);
    } else {
        api_set_error(result, status);
    }
}

int raytetra_check(const raytetra_pair *pair)
{
    if (!pair)
        return RAYTETRA_ERROR_NULL_ARGUMENT;
    return api_check(api_pairs(pair), 0, CPU_PRECISION_DOUBLE);
}
