/* gpu_config.c: parsing and naming the kernels' run options, and the bytes per pair that every
 * throughput figure and buffer size uses (gpu_config.h). */
#include "opencl/gpu_config.h"

#include <string.h>

#include "cli.h"
#include "gpu_records.h"

const char *gpu_layout_name(gpu_layout layout) { return layout == GPU_LAYOUT_SOA ? "soa" : "aos"; }

const char *gpu_output_name(gpu_output output)
{
    return output == GPU_OUTPUT_HIT ? "hit" : (output == GPU_OUTPUT_FACES ? "faces" : "all");
}

const char *gpu_transfers_name(gpu_transfers transfers)
{
    return transfers == GPU_TRANSFERS_PAGEABLE ? "pageable" : "pinned";
}

const char *gpu_float_data_name(gpu_float_data data) { return data == GPU_FLOAT_DATA_DOUBLE ? "double" : "single"; }

const char *gpu_chunk_sizes_name(gpu_chunk_sizes sizes) { return sizes == GPU_CHUNKS_EQUAL ? "equal" : "tapered"; }

/* The options with two values, and what each means (for the message that refuses others). */
static const struct {
    const char *option, *values[2], *meaning;
} TWO_WAY[] = {
    {"layout", {"aos", "soa"}, "aos (array of structures, the thesis' layout) or soa (structure of arrays)"},
    {"result-layout", {"aos", "soa"}, "aos (one record per pair, the thesis' layout) or soa (one array per field)"},
    {"transfers", {"pinned", "pageable"},
     "pinned (page-locked, chunked, overlapped) or pageable (the thesis' transfers from ordinary memory)"},
    {"float-data", {"single", "double"},
     "single (the float kernels read and write floats) or double (they read the file's doubles and write double "
     "records)"},
    {"chunk-sizes", {"tapered", "equal"},
     "tapered (equal chunks, then a tail of shrinking ones) or equal (every pinned chunk the same size)"},
};

/* Row `row` of TWO_WAY takes its value number v. */
static void set_two_way(gpu_config *config, size_t row, int v)
{
    if (row == 0)
        config->layout = v ? GPU_LAYOUT_SOA : GPU_LAYOUT_AOS;
    else if (row == 1)
        config->result_layout = v ? GPU_LAYOUT_SOA : GPU_LAYOUT_AOS;
    else if (row == 2)
        config->transfers = v ? GPU_TRANSFERS_PAGEABLE : GPU_TRANSFERS_PINNED;
    else if (row == 3)
        config->float_data = v ? GPU_FLOAT_DATA_DOUBLE : GPU_FLOAT_DATA_SINGLE;
    else
        config->chunk_sizes = v ? GPU_CHUNKS_EQUAL : GPU_CHUNKS_TAPERED;
}

int gpu_config_parse(gpu_config *config, const char *option, const char *value, error_text *err)
{
    for (size_t i = 0; i < sizeof TWO_WAY / sizeof TWO_WAY[0]; ++i) {
        if (strcmp(option, TWO_WAY[i].option) != 0)
            continue;
        for (int v = 0; v < 2; ++v)
            if (strcmp(value, TWO_WAY[i].values[v]) == 0) {
                set_two_way(config, i, v);
                return 0;
            }
        return error_set(err, "--%s must be %s, not '%s'", option, TWO_WAY[i].meaning, value);
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

void gpu_pair_bytes(const gpu_config *config, int single_data, size_t *read, size_t *written)
{
    *read = RT_GPU_PAIR_REALS * (single_data ? sizeof(float) : sizeof(double));
    if (config->output == GPU_OUTPUT_HIT)
        *written = 1;
    else if (config->output == GPU_OUTPUT_FACES)
        *written = single_data ? sizeof(rt_gpu_result_faces_single) : sizeof(rt_gpu_result_faces);
    else
        *written = single_data ? sizeof(rt_gpu_result_single) : sizeof(ray_tetra_result);
}
