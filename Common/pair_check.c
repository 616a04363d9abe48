/* pair_check.c: finite coordinates within the supported range, P != Q, a non-flat positively
 * oriented tetrahedron; and the narrower range of the single-precision variants. The checks give
 * a fault (libraytetra's error codes); the readers' messages are made from it. */
#include "pair_check.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "exact.h"

static const char *const COORDINATE_NAMES[18] = {
    "V0.x", "V0.y", "V0.z", "V1.x", "V1.y", "V1.z", "V2.x", "V2.y", "V2.z",
    "V3.x", "V3.y", "V3.z", "P.x",  "P.y",  "P.z",  "Q.x",  "Q.y",  "Q.z",
};

int coordinate_in_range(double value)
{
    double magnitude = fabs(value);
    return magnitude == 0 || (magnitude >= PAIR_RANGE_MIN && magnitude <= PAIR_RANGE_MAX);
}

void coordinate_range_why_text(const char *name, const char *value, char *why, size_t size)
{
    snprintf(why, size, "%s = %s is outside the supported range: %s (docs/INPUT_RANGE.md)", name, value,
             PAIR_RANGE_TEXT);
}

void coordinate_range_why(const char *name, double value, char *why, size_t size)
{
    char text[32];
    snprintf(text, sizeof text, "%.17g", value);
    coordinate_range_why_text(name, text, why, size);
}

/* All 18 coordinates 0 or of a magnitude in [PAIR_RANGE_MIN, PAIR_RANGE_MAX], in one pass
 * without a branch: the magnitudes' bits as integers order as the magnitudes do, and a NaN's or
 * an infinity's lie above PAIR_RANGE_MAX's. Coordinate by coordinate with isfinite and
 * coordinate_in_range, the check took 32 ns a pair on the dev machine, most of the streaming
 * checker's time. */
static int coordinates_all_in_range(const double *v)
{
    uint64_t bits[18], low, high;
    memcpy(bits, v, sizeof bits);
    double low_value = PAIR_RANGE_MIN, high_value = PAIR_RANGE_MAX;
    memcpy(&low, &low_value, sizeof low);
    memcpy(&high, &high_value, sizeof high);
    uint64_t outside = 0;
    for (int i = 0; i < 18; ++i) {
        uint64_t magnitude = bits[i] & ~((uint64_t)1 << 63);
        /* magnitude - low wraps above high - low for a magnitude below low */
        outside |= (uint64_t)(magnitude != 0) & (uint64_t)(magnitude - low > high - low);
    }
    return outside == 0;
}

pair_fault pair_fault_of(const ray_tetra_pair *p, int *coordinate)
{
    const double *v = &p->vert[0].x;
    int at = 0;
    if (!coordinate)
        coordinate = &at;
    /* Coordinate by coordinate only for a pair refused, to name the coordinate and the fault. */
    int refused = !coordinates_all_in_range(v);
    for (int i = 0; refused && i < 18; ++i)
        if (!isfinite(v[i])) {
            *coordinate = i;
            return PAIR_NOT_FINITE;
        }
    for (int i = 0; refused && i < 18; ++i)
        if (!coordinate_in_range(v[i])) {
            *coordinate = i;
            return PAIR_OUT_OF_RANGE;
        }
    if (p->orig.x == p->far.x && p->orig.y == p->far.y && p->orig.z == p->far.z)
        return PAIR_NO_DIRECTION;
    int orientation = exact_tetra_orientation(p->vert);
    if (orientation == 0)
        return PAIR_DEGENERATE;
    if (orientation > 0)
        return PAIR_NEGATIVE;
    return PAIR_VALID;
}

int pair_check(const ray_tetra_pair *p, char *why, size_t size)
{
    int i = 0;
    switch (pair_fault_of(p, &i)) {
    case PAIR_VALID:
        return 0;
    case PAIR_NOT_FINITE:
        snprintf(why, size, "a coordinate is not a finite number (NaN and Inf are not valid coordinates)");
        break;
    case PAIR_OUT_OF_RANGE:
        coordinate_range_why(COORDINATE_NAMES[i], (&p->vert[0].x)[i], why, size);
        break;
    case PAIR_NO_DIRECTION:
        snprintf(why, size, "P and Q are the same point, so the line has no direction");
        break;
    case PAIR_DEGENERATE:
        snprintf(why, size, "the tetrahedron is degenerate (its four vertices are coplanar)");
        break;
    case PAIR_NEGATIVE:
        snprintf(why, size, "the tetrahedron is negatively oriented (swap two vertices, e.g. V1 and V2; "
                            "docs/SPECIFICATION.md section 1)");
        break;
    }
    return -1;
}

pair_fault pair_fault_single(const ray_tetra_pair *p, int *coordinate)
{
    const double *v = &p->vert[0].x;
    int largest = 0, at = 0;
    if (!coordinate)
        coordinate = &at;
    for (int i = 0; i < 18; ++i) {
        if (fabs(v[i]) > SINGLE_RANGE_MAX) {
            *coordinate = i;
            return PAIR_OUT_OF_RANGE;
        }
        if (fabs(v[i]) > fabs(v[largest]))
            largest = i;
    }
    *coordinate = largest;
    return fabs(v[largest]) < SINGLE_RANGE_MIN ? PAIR_OUT_OF_RANGE : PAIR_VALID;
}

int pair_check_single(const ray_tetra_pair *p, char *why, size_t size)
{
    const double *v = &p->vert[0].x;
    int i = 0;
    if (pair_fault_single(p, &i) == PAIR_VALID)
        return 0;
    if (fabs(v[i]) > SINGLE_RANGE_MAX)
        snprintf(why, size, "%s = %.17g: %s (docs/INPUT_RANGE.md)", COORDINATE_NAMES[i], v[i], SINGLE_RANGE_TEXT);
    else
        snprintf(why, size, "its largest coordinate %s = %.17g: %s (docs/INPUT_RANGE.md)", COORDINATE_NAMES[i], v[i],
                 SINGLE_RANGE_TEXT);
    return -1;
}

size_t pairs_check_single(const pair_set *set, char *why, size_t size)
{
    for (size_t i = 0; i < set->count; ++i)
        if (pair_check_single(&set->pairs[i], why, size) != 0)
            return i;
    return set->count;
}
