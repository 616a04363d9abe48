/* gpu_single.c: the single-data records widened into the double ones (gpu_single.h). */
#include "opencl/gpu_single.h"

#include <string.h>

#include "gpu_records.h"

_Static_assert(sizeof(rt_gpu_result_single) == RT_GPU_RESULT_SINGLE_BYTES, "rt_gpu_result_single has padding");
_Static_assert(sizeof(rt_gpu_result_faces_single) == RT_GPU_RESULT_FACES_SINGLE_BYTES,
               "rt_gpu_result_faces_single has padding");

/* Every field of the single records but the two shorts of level faces is 4 bytes: field f of
 * pair i is 4-byte word f of its record (aos), or word i of the field's array (soa). */
static size_t word(int soa, size_t count, size_t words_per_record, size_t i, size_t f)
{
    return soa ? f * count + i : i * words_per_record + f;
}

/* Level all: 4 ints (hit, enter_face, leave_face, uncertain), then 12 floats. */
static void widen_full(int soa, const void *records, ray_tetra_result *out, size_t count)
{
    const int *ints = records;
    const float *reals = records;
    enum { WORDS = RT_GPU_RESULT_SINGLE_BYTES / 4 };
    for (size_t i = 0; i < count; ++i) {
        double r[12];
        for (size_t f = 0; f < 12; ++f)
            r[f] = reals[word(soa, count, WORDS, i, 4 + f)];
        out[i].hit = ints[word(soa, count, WORDS, i, 0)];
        out[i].enter_face = ints[word(soa, count, WORDS, i, 1)];
        out[i].leave_face = ints[word(soa, count, WORDS, i, 2)];
        out[i].uncertain = ints[word(soa, count, WORDS, i, 3)];
        out[i].enter_point = (vec3){r[0], r[1], r[2]};
        out[i].leave_point = (vec3){r[3], r[4], r[5]};
        out[i].u_enter1 = r[6];
        out[i].u_enter2 = r[7];
        out[i].u_leave1 = r[8];
        out[i].u_leave2 = r[9];
        out[i].t_enter = r[10];
        out[i].t_leave = r[11];
    }
}

/* Level faces: floats t_enter, t_leave, int hit (4-byte words 0..2), then shorts enter_face,
 * leave_face: at short 6 and 7 of the record (aos), or after the three 4-byte arrays (soa). */
static void widen_faces(int soa, const void *records, rt_gpu_result_faces *out, size_t count)
{
    const float *reals = records;
    const int *ints = records;
    const short *shorts = records;
    enum { WORDS = RT_GPU_RESULT_FACES_SINGLE_BYTES / 4 };
    for (size_t i = 0; i < count; ++i) {
        out[i].t_enter = reals[word(soa, count, WORDS, i, 0)];
        out[i].t_leave = reals[word(soa, count, WORDS, i, 1)];
        out[i].hit = ints[word(soa, count, WORDS, i, 2)];
        out[i].enter_face = shorts[soa ? 6 * count + i : 2 * WORDS * i + 6];
        out[i].leave_face = shorts[soa ? 7 * count + i : 2 * WORDS * i + 7];
    }
}

void gpu_single_records_widen(gpu_output output, gpu_layout result_layout, const void *records, void *wide,
                              size_t count)
{
    int soa = result_layout == GPU_LAYOUT_SOA;
    if (output == GPU_OUTPUT_ALL)
        widen_full(soa, records, wide, count);
    else if (output == GPU_OUTPUT_FACES)
        widen_faces(soa, records, wide, count);
    else
        memcpy(wide, records, count); /* one byte a pair in every precision and layout */
}

void gpu_single_clipped_points(const ray_tetra_pair *pairs, ray_tetra_result *results, size_t count)
{
    for (size_t i = 0; i < count; ++i) {
        if (!results[i].hit)
            continue;
        if (results[i].enter_face == -1)
            results[i].enter_point = pairs[i].orig;
        if (results[i].leave_face == -1)
            results[i].leave_point = pairs[i].far;
    }
}
