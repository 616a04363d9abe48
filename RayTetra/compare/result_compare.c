/* result_compare.c: tolerance-based comparison of results (see result_compare.h for the rule). */
#include "compare/result_compare.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>

/* The longest edge: the length scale of the pair, so that the tolerance does not depend on
 * the units of the coordinates. */
double pair_longest_edge(const ray_tetra_pair *p)
{
    double size = 0;
    for (int i = 0; i < 4; ++i)
        for (int j = i + 1; j < 4; ++j) {
            double dx = p->vert[i].x - p->vert[j].x, dy = p->vert[i].y - p->vert[j].y,
                   dz = p->vert[i].z - p->vert[j].z;
            size = fmax(size, sqrt(dx * dx + dy * dy + dz * dz));
        }
    return size;
}

/* Record a real difference if |reference - other| > allowed (NaN never agrees). */
static int real_differs(const char *field, double reference, double other, double allowed,
                        result_mismatch *mismatch)
{
    if (fabs(reference - other) <= allowed)
        return 0;
    mismatch->kind = RESULT_DIFFERENT_REAL;
    mismatch->field = field;
    mismatch->reference = reference;
    mismatch->other = other;
    mismatch->allowed = allowed;
    return 1;
}

static int reals_differ(const ray_tetra_pair *pair, const ray_tetra_result *a, const ray_tetra_result *b,
                        double tolerance, result_mismatch *d)
{
    double size = pair_longest_edge(pair);
    double point = tolerance * size;
    vec3 L = pair_direction(pair);
    double t_scale = size / sqrt(L.x * L.x + L.y * L.y + L.z * L.z);
    return real_differs("enterPoint.x", a->enter_point.x, b->enter_point.x, point, d) ||
           real_differs("enterPoint.y", a->enter_point.y, b->enter_point.y, point, d) ||
           real_differs("enterPoint.z", a->enter_point.z, b->enter_point.z, point, d) ||
           real_differs("leavePoint.x", a->leave_point.x, b->leave_point.x, point, d) ||
           real_differs("leavePoint.y", a->leave_point.y, b->leave_point.y, point, d) ||
           real_differs("leavePoint.z", a->leave_point.z, b->leave_point.z, point, d) ||
           real_differs("uEnter1", a->u_enter1, b->u_enter1, tolerance, d) ||
           real_differs("uEnter2", a->u_enter2, b->u_enter2, tolerance, d) ||
           real_differs("uLeave1", a->u_leave1, b->u_leave1, tolerance, d) ||
           real_differs("uLeave2", a->u_leave2, b->u_leave2, tolerance, d) ||
           real_differs("tEnter", a->t_enter, b->t_enter, tolerance * (t_scale + fabs(a->t_enter)), d) ||
           real_differs("tLeave", a->t_leave, b->t_leave, tolerance * (t_scale + fabs(a->t_leave)), d);
}

result_mismatch_kind result_compare(const ray_tetra_pair *pair, const ray_tetra_result *reference,
                                      const ray_tetra_result *other, double tolerance,
                                      result_mismatch *mismatch)
{
    result_mismatch local;
    result_mismatch *d = mismatch ? mismatch : &local;
    d->kind = RESULT_AGREE;
    d->field = "";
    d->reference = d->other = d->allowed = 0;
    d->reference_leave = d->other_leave = -1;
    if ((reference->hit != 0) != (other->hit != 0)) {
        d->kind = RESULT_DIFFERENT_CLASS;
        d->field = "hit";
        d->reference = reference->hit != 0;
        d->other = other->hit != 0;
        return d->kind;
    }
    if (!reference->hit)
        return RESULT_AGREE;
    if (reference->enter_face != other->enter_face || reference->leave_face != other->leave_face) {
        d->kind = RESULT_DIFFERENT_FACES;
        d->field = "faces";
        d->reference = reference->enter_face;
        d->other = other->enter_face;
        d->reference_leave = reference->leave_face;
        d->other_leave = other->leave_face;
        return d->kind;
    }
    if (reals_differ(pair, reference, other, tolerance, d))
        return d->kind;
    return RESULT_AGREE;
}

void result_mismatch_describe(const result_mismatch *d, char *text, size_t size)
{
    switch (d->kind) {
    case RESULT_AGREE:
        snprintf(text, size, "agree");
        break;
    case RESULT_DIFFERENT_CLASS:
        snprintf(text, size, "hit/miss: reference %s, other %s", d->reference != 0 ? "true" : "false",
                 d->other != 0 ? "true" : "false");
        break;
    case RESULT_DIFFERENT_FACES:
        snprintf(text, size, "faces (enter leave): reference %d %d, other %d %d", (int)d->reference,
                 d->reference_leave, (int)d->other, d->other_leave);
        break;
    case RESULT_DIFFERENT_REAL:
        snprintf(text, size, "%s: reference %.17g, other %.17g, difference %.3g > allowed %.3g", d->field,
                 d->reference, d->other, fabs(d->reference - d->other), d->allowed);
        break;
    }
}

void result_compare_all(const pair_set *set, const ray_tetra_result *reference, const ray_tetra_result *other,
                        double tolerance, result_compare_summary *summary)
{
    summary->pairs = set->count;
    summary->class_differences = summary->face_differences = summary->real_differences = 0;
    summary->first_index = SIZE_MAX;
    summary->first.kind = RESULT_AGREE;
    for (size_t i = 0; i < set->count; ++i) {
        result_mismatch d;
        switch (result_compare(&set->pairs[i], &reference[i], &other[i], tolerance, &d)) {
        case RESULT_AGREE:
            continue;
        case RESULT_DIFFERENT_CLASS:
            ++summary->class_differences;
            break;
        case RESULT_DIFFERENT_FACES:
            ++summary->face_differences;
            break;
        case RESULT_DIFFERENT_REAL:
            ++summary->real_differences;
            break;
        }
        if (summary->first_index == SIZE_MAX) {
            summary->first_index = i;
            summary->first = d;
        }
    }
}

void result_compare_summary_describe(const result_compare_summary *s, double tolerance, char *text, size_t size)
{
    size_t total = result_compare_total(s);
    if (total == 0) {
        snprintf(text, size, "no differences in %zu pairs", s->pairs);
        return;
    }
    char first[512];
    result_mismatch_describe(&s->first, first, sizeof first);
    snprintf(text, size, "%zu difference%s in %zu pairs (%zu hit/miss, %zu faces, %zu reals beyond %g); first: pair %zu: %s",
             total, total == 1 ? "" : "s", s->pairs, s->class_differences, s->face_differences, s->real_differences,
             tolerance, s->first_index, first);
}
