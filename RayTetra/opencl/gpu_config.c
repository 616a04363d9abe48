/* gpu_config.c: parsing and naming the kernels' run options, and the bytes per pair that every
 * throughput figure and buffer size uses (gpu_config.h). */
#include "opencl/gpu_config.h"

#include <string.h>

#include "cli.h"
#include "gpu_kernel.h"

const char *gpu_layout_name(gpu_layout layout) { return layout == GPU_LAYOUT_SOA ? "soa" : "aos"; }

const char *gpu_output_name(gpu_output output)
{
    return output == GPU_OUTPUT_HIT ? "hit" : (output == GPU_OUTPUT_FACES ? "faces" : "all");
}

const char *gpu_transfers_name(gpu_transfers transfers)
{
    return transfers == GPU_TRANSFERS_PAGEABLE ? "pageable" : "pinned";
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
    if (strcmp(option, "result-layout") == 0) {
        if (strcmp(value, "aos") == 0 || strcmp(value, "soa") == 0) {
            config->result_layout = value[0] == 's' ? GPU_LAYOUT_SOA : GPU_LAYOUT_AOS;
            return 0;
        }
        return error_set(err, "--result-layout must be aos (one record per pair, the thesis' layout) or soa (one "
                              "array per field), not '%s'", value);
    }
    if (strcmp(option, "transfers") == 0) {
        if (strcmp(value, "pinned") == 0 || strcmp(value, "pageable") == 0) {
            config->transfers = value[1] == 'i' ? GPU_TRANSFERS_PINNED : GPU_TRANSFERS_PAGEABLE;
            return 0;
        }
        return error_set(err, "--transfers must be pinned (page-locked, chunked, overlapped) or pageable (the "
                              "thesis' transfers from ordinary memory), not '%s'", value);
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

gpu_layout gpu_result_layout(const gpu_config *config)
{
    return config->output == GPU_OUTPUT_HIT ? GPU_LAYOUT_AOS : config->result_layout;
}

void gpu_pair_bytes(const gpu_config *config, size_t *read, size_t *written)
{
    *read = RT_GPU_PAIR_DOUBLES * sizeof(double);
    *written = config->output == GPU_OUTPUT_HIT
                   ? 1
                   : (config->output == GPU_OUTPUT_FACES ? sizeof(rt_gpu_result_faces) : sizeof(ray_tetra_result));
}
