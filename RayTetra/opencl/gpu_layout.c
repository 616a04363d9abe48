/* gpu_layout.c: the input layouts and output levels of the OpenCL kernels (gpu_kernel.h) on the
 * host side: parsing the options, the byte counts per pair that throughput figures use, and the
 * conversions between the pairs / ray_tetra_result arrays and the kernels' buffers. The
 * conversions run outside every timed step (gpu_handler.c). */
#include <math.h>
#include <string.h>

#include "cli.h"
#include "opencl/gpu_handler.h"
#include "gpu_kernel.h"
#include "opencl/gpu_layout.h"

_Static_assert(sizeof(rt_gpu_result_faces) == RT_GPU_RESULT_FACES_BYTES, "rt_gpu_result_faces has padding");

const char *gpu_layout_name(gpu_layout layout) { return layout == GPU_LAYOUT_SOA ? "soa" : "aos"; }

const char *gpu_output_name(gpu_output output)
{
    return output == GPU_OUTPUT_HIT ? "hit" : (output == GPU_OUTPUT_FACES ? "faces" : "all");
}

int gpu_config_parse(gpu_config *config, const char *option, const char *value, error_text *err)
{
    if (strcmp(option, "layout") == 0) {
        if (strcmp(value, "aos") == 0 || strcmp(value, "soa") == 0) {
            config->layout = value[0] == 's' ? GPU_LAYOUT_SOA : GPU_LAYOUT_AOS;
            return 0;
        }
        return error_set(err, "--layout must be aos (array of structures, the thesis' layout) or soa (structure of "
                              "arrays), not '%s'", value);
    }
    if (strcmp(option, "output") == 0) {
        static const gpu_output levels[] = {GPU_OUTPUT_ALL, GPU_OUTPUT_FACES, GPU_OUTPUT_HIT};
        for (size_t i = 0; i < sizeof levels / sizeof levels[0]; ++i)
            if (strcmp(value, gpu_output_name(levels[i])) == 0) {
                config->output = levels[i];
                return 0;
            }
        return error_set(err, "--output must be all (every field), faces (hit, faces and t) or hit (hit/miss only), "
                              "not '%s'", value);
    }
    if (strcmp(option, "pairs-per-item") == 0) {
        long long n;
        if (cli_parse_long(value, 1, 1 << 20, &n) != 0)
            return error_set(err, "--pairs-per-item must be a whole number from 1 to %d, not '%s'", 1 << 20, value);
        config->pairs_per_item = (size_t)n;
        return 0;
    }
    return error_set(err, "gpu_config_parse: unknown option '%s'", option);
}

void gpu_pair_bytes(const gpu_config *config, size_t *read, size_t *written)
{
    *read = RT_GPU_PAIR_DOUBLES * sizeof(double);
    *written = config->output == GPU_OUTPUT_HIT
                   ? 1
                   : (config->output == GPU_OUTPUT_FACES ? sizeof(rt_gpu_result_faces) : sizeof(rt_gpu_result));
}

void gpu_layout_soa(const ray_tetra_pair *pairs, size_t count, double *soa)
{
    const double *aos = (const double *)pairs; /* no padding: _Static_assert in gpu_handler.c */
    for (size_t c = 0; c < RT_GPU_PAIR_DOUBLES; ++c)
        for (size_t i = 0; i < count; ++i)
            soa[c * count + i] = aos[i * RT_GPU_PAIR_DOUBLES + c];
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
    const rt_gpu_result *in = records;
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
        if (output == GPU_OUTPUT_HIT) {
            *r = *ref;
            continue;
        }
        r->enter_point = ref->enter_point;
        r->leave_point = ref->leave_point;
        r->u_enter1 = ref->u_enter1;
        r->u_enter2 = ref->u_enter2;
        r->u_leave1 = ref->u_leave1;
        r->u_leave2 = ref->u_leave2;
    }
}
