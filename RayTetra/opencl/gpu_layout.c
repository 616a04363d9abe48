/* gpu_layout.c: the input layouts and output levels of the OpenCL kernels (gpu_kernel.h) on the
 * host side: the conversions between the pairs / ray_tetra_result arrays and the kernels'
 * buffers. They run outside every timed step (gpu_handler.c, gpu_overlap.c). */
#include "opencl/gpu_layout.h"

#include <math.h>
#include <string.h>

#include "gpu_records.h"

_Static_assert(sizeof(rt_gpu_result_faces) == RT_GPU_RESULT_FACES_BYTES, "rt_gpu_result_faces has padding");
_Static_assert(sizeof(ray_tetra_pair) == RT_GPU_PAIR_REALS * sizeof(double), "ray_tetra_pair has padding");

void gpu_layout_input(gpu_layout layout, int single_data, const ray_tetra_pair *pairs, size_t count, void *out)
{
    double *doubles = out;
    float *floats = out;
    for (size_t i = 0; i < count; ++i) {
        const double *file = (const double *)&pairs[i]; /* V0 V1 V2 V3 P Q, no padding */
        vec3 d = pair_direction(&pairs[i]);
        const double direction[3] = {d.x, d.y, d.z};
        for (size_t c = 0; c < RT_GPU_PAIR_REALS; ++c) {
            size_t at = layout == GPU_LAYOUT_SOA ? c * count + i : i * RT_GPU_PAIR_REALS + c;
            if (single_data) /* Q's place holds L, computed in double and then rounded */
                floats[at] = (float)(c < 15 ? file[c] : direction[c - 15]);
            else
                doubles[at] = file[c];
        }
    }
}

void gpu_layout_records_aos(gpu_output output, const void *soa, void *records, size_t count)
{
    if (output == GPU_OUTPUT_ALL) {
        const int *ints = soa;
        const double *reals = (const double *)(const void *)(ints + 4 * count);
        ray_tetra_result *r = records;
        for (size_t i = 0; i < count; ++i) {
            r[i].hit = ints[i];
            r[i].enter_face = ints[count + i];
            r[i].leave_face = ints[2 * count + i];
            r[i].uncertain = ints[3 * count + i];
            r[i].enter_point.x = reals[i];
            r[i].enter_point.y = reals[count + i];
            r[i].enter_point.z = reals[2 * count + i];
            r[i].leave_point.x = reals[3 * count + i];
            r[i].leave_point.y = reals[4 * count + i];
            r[i].leave_point.z = reals[5 * count + i];
            r[i].u_enter1 = reals[6 * count + i];
            r[i].u_enter2 = reals[7 * count + i];
            r[i].u_leave1 = reals[8 * count + i];
            r[i].u_leave2 = reals[9 * count + i];
            r[i].t_enter = reals[10 * count + i];
            r[i].t_leave = reals[11 * count + i];
        }
    } else if (output == GPU_OUTPUT_FACES) {
        const double *reals = soa;
        const int *hits = (const int *)(const void *)(reals + 2 * count);
        const short *faces = (const short *)(const void *)(hits + count);
        rt_gpu_result_faces *r = records;
        for (size_t i = 0; i < count; ++i) {
            r[i].t_enter = reals[i];
            r[i].t_leave = reals[count + i];
            r[i].hit = hits[i];
            r[i].enter_face = faces[i];
            r[i].leave_face = faces[count + i];
        }
    } else {
        memcpy(records, soa, count);
    }
}

/* Fields a level does not compute: NaN, so that no reader takes them for results. */
static void clear_reals(ray_tetra_result *r, int keep_t)
{
    r->enter_point.x = r->enter_point.y = r->enter_point.z = NAN;
    r->leave_point = r->enter_point;
    r->u_enter1 = r->u_enter2 = r->u_leave1 = r->u_leave2 = NAN;
    if (!keep_t)
        r->t_enter = r->t_leave = NAN;
}

/* A miss is fully known at every level: faces -1, reals 0 (as the full record has them). */
static void set_miss(ray_tetra_result *r)
{
    memset(r, 0, sizeof *r);
    r->hit = 0;
    r->enter_face = r->leave_face = -1;
}

void gpu_layout_results(gpu_output output, const void *records, ray_tetra_result *out, size_t count)
{
    if (output == GPU_OUTPUT_HIT) {
        const unsigned char *hit = records;
        for (size_t i = 0; i < count; ++i) {
            set_miss(&out[i]);
            if (hit[i]) {
                out[i].hit = 1;
                clear_reals(&out[i], 0);
            }
        }
        return;
    }
    if (output == GPU_OUTPUT_FACES) {
        const rt_gpu_result_faces *in = records;
        for (size_t i = 0; i < count; ++i) {
            set_miss(&out[i]);
            if (in[i].hit) {
                out[i].hit = 1;
                out[i].enter_face = in[i].enter_face;
                out[i].leave_face = in[i].leave_face;
                clear_reals(&out[i], 1);
                out[i].t_enter = in[i].t_enter;
                out[i].t_leave = in[i].t_leave;
            }
        }
        return;
    }
    const ray_tetra_result *in = records;
    for (size_t i = 0; i < count; ++i) {
        out[i].hit = in[i].hit;
        out[i].enter_face = in[i].enter_face;
        out[i].leave_face = in[i].leave_face;
        out[i].enter_point = in[i].enter_point;
        out[i].leave_point = in[i].leave_point;
        out[i].u_enter1 = in[i].u_enter1;
        out[i].u_enter2 = in[i].u_enter2;
        out[i].u_leave1 = in[i].u_leave1;
        out[i].u_leave2 = in[i].u_leave2;
        out[i].t_enter = in[i].t_enter;
        out[i].t_leave = in[i].t_leave;
    }
}

void gpu_layout_pack(gpu_output output, const ray_tetra_result *results, void *records, size_t count)
{
    if (output == GPU_OUTPUT_HIT) {
        unsigned char *hit = records;
        for (size_t i = 0; i < count; ++i)
            hit[i] = results[i].hit != 0;
    } else if (output == GPU_OUTPUT_FACES) {
        rt_gpu_result_faces *faces = records;
        for (size_t i = 0; i < count; ++i)
            faces[i] = rt_gpu_faces_of(results[i].hit != 0, results[i].enter_face, results[i].leave_face,
                                       results[i].t_enter, results[i].t_leave);
    } else {
        memcpy(records, results, count * sizeof *results);
    }
}

void gpu_layout_pack_level(int level, const ray_tetra_result *results, void *records, size_t count)
{
    gpu_layout_pack((gpu_output)level, results, records, count);
}

void gpu_layout_level(gpu_output output, const ray_tetra_result *full, ray_tetra_result *out)
{
    union {
        ray_tetra_result all;
        rt_gpu_result_faces faces;
        unsigned char hit;
    } record;
    gpu_layout_pack(output, full, &record, 1);
    gpu_layout_results(output, &record, out, 1);
}

void gpu_layout_fill_missing(gpu_output output, const ray_tetra_result *reference, ray_tetra_result *results,
                             size_t count)
{
    if (output == GPU_OUTPUT_ALL)
        return;
    for (size_t i = 0; i < count; ++i) {
        ray_tetra_result *r = &results[i];
        const ray_tetra_result *ref = &reference[i];
        /* Only hits lack fields; a hit the reference calls a miss stays as it is and fails. */
        if (!r->hit || !ref->hit)
            continue;
        ray_tetra_result own = *r;
        *r = *ref;
        /* A faces record keeps its own faces, t and flag; the points and barycentrics are the
         * reference's. */
        if (output == GPU_OUTPUT_FACES) {
            r->enter_face = own.enter_face;
            r->leave_face = own.leave_face;
            r->uncertain = own.uncertain;
            r->t_enter = own.t_enter;
            r->t_leave = own.t_leave;
        }
    }
}
