/* api_check.c: the library's side of the input check (the programs' check, pair_check.c, mapped
 * to error codes), the orientation fix of RAYTETRA_ANY_ORIENTATION, and the options. */
#include "api_internal.h"

int api_flags(const raytetra_options *options, unsigned *flags)
{
    *flags = 0;
    if (!options)
        return RAYTETRA_OK;
    const size_t known = sizeof(raytetra_options);
    if (options->size < offsetof(raytetra_options, flags) + sizeof options->flags)
        return RAYTETRA_ERROR_BAD_OPTIONS;
    /* A caller built against a later version may pass a larger struct: its fields beyond those
     * this version knows must be zero (their defaults), or the call would ignore a request. */
    for (size_t i = known; i < options->size; ++i)
        if (((const unsigned char *)options)[i] != 0)
            return RAYTETRA_ERROR_BAD_OPTIONS;
    if (options->flags & ~(unsigned)(RAYTETRA_ANY_ORIENTATION | RAYTETRA_UNCHECKED))
        return RAYTETRA_ERROR_BAD_OPTIONS;
    /* Turning a tetrahedron around needs its orientation, which only the check finds. */
    if ((options->flags & RAYTETRA_ANY_ORIENTATION) && (options->flags & RAYTETRA_UNCHECKED))
        return RAYTETRA_ERROR_BAD_OPTIONS;
    *flags = options->flags;
    return RAYTETRA_OK;
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
