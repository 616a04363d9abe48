/* test_gpu_float_data: the float kernels with single-precision buffers (--float-data single,
 * the default; kernels/shared/gpu_records.h) on the first OpenCL device (PoCL here;
 * $RAYTETRA_TEST_DEVICE picks another).
 *  - bytes a pair: 72 read and 64, 16, 1 written with single data, 144 and 112, 24, 1 with
 *    double data, at the three output levels; a double kernel moves doubles whatever
 *    --float-data says; a precomputed float kernel's timed kernel reads its float table besides
 *    (gpu_kernel_pair_bytes), which its transfers do not carry;
 *  - one float kernel, and one precomputed float kernel (its tables made on the device from the
 *    single data), at every output level, input layout and result layout: within the float
 *    allowance of the exact classifier (float_allowance.h), and byte for byte the results of its
 *    build with double buffers at that level; clipped to the segment too (the host puts the
 *    file's P and Q back where a side is clipped);
 *  - the source every float kernel is built from with single data (every level, both layouts,
 *    an extent), preprocessed with its very build options, holds no `double` and no
 *    cl_khr_fp64; clang, where installed, compiles it for a SPIR device without cl_khr_fp64 with
 *    warnings as errors (so no double constant either). Both checks must fail on the build with
 *    double buffers, which shows that they can;
 *  - a device taken for one without fp64 (RAYTETRA_ASSUME_NO_FP64) opens and runs the
 *    single-data kernels (plain and precomputed) with the same results, and refuses their double
 *    kernels and double-buffer float builds, naming fp64. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "extent.h"
#include "extent_fixtures.h"
#include "fixtures.h"
#include "float_allowance.h"
#include "gpu_fixtures.h"
#include "opencl/gpu_handler.h"
#include "opencl/gpu_source.h"
#include "registry/registry.h"

#define PAIRS 6000

static const gpu_output LEVELS[] = {GPU_OUTPUT_ALL, GPU_OUTPUT_FACES, GPU_OUTPUT_HIT};
static const gpu_layout LAYOUTS[] = {GPU_LAYOUT_AOS, GPU_LAYOUT_SOA};

static gpu_config config_of(gpu_output output, gpu_layout layout, gpu_layout result_layout, gpu_float_data data)
{
    gpu_config c = GPU_CONFIG_DEFAULT;
    c.output = output;
    c.layout = layout;
    c.result_layout = result_layout;
    c.float_data = data;
    return c;
}

/* `g` under `config`, run once (gpu_fixture_run, naming the configuration). */
static int run(gpu_handler *h, const gpu_algorithm *g, const gpu_config *config, const pair_set *set,
               ray_tetra_result *results)
{
    char what[128];
    snprintf(what, sizeof what, "%s data, output %s, %s input, %s records, extent %s",
             gpu_float_data_name(config->float_data), gpu_output_name(config->output), gpu_layout_name(config->layout),
             gpu_layout_name(config->result_layout), extent_name(config->extent));
    return gpu_fixture_run(h, g, config, set, results, what);
}

static const gpu_algorithm *float_kernel(const char *csv_name)
{
    int count;
    const gpu_algorithm *all = gpu_algorithms(&count);
    for (int i = 0; i < count; ++i)
        if (strcmp(all[i].csv_name, csv_name) == 0)
            return &all[i];
    fixture_fail(csv_name, "no such OpenCL algorithm in the registry");
    return NULL;
}

static void test_bytes(void)
{
    static const size_t single_out[] = {64, 16, 1}, double_out[] = {112, 24, 1};
    const gpu_algorithm *f = float_kernel("GPU_STP0F"), *d = float_kernel("GPU_STP0");
    for (int l = 0; l < 3; ++l) {
        size_t read, written;
        gpu_config single = config_of(LEVELS[l], GPU_LAYOUT_SOA, GPU_LAYOUT_SOA, GPU_FLOAT_DATA_SINGLE);
        gpu_config twice = config_of(LEVELS[l], GPU_LAYOUT_AOS, GPU_LAYOUT_AOS, GPU_FLOAT_DATA_DOUBLE);
        gpu_algorithm_pair_bytes(f, &single, &read, &written);
        CHECK(read == 72 && written == single_out[l], "GPU_STP0F, single data, output %s: %zu in, %zu out",
              gpu_output_name(LEVELS[l]), read, written);
        gpu_algorithm_pair_bytes(f, &twice, &read, &written);
        CHECK(read == 144 && written == double_out[l], "GPU_STP0F, double data, output %s: %zu in, %zu out",
              gpu_output_name(LEVELS[l]), read, written);
        gpu_algorithm_pair_bytes(d, &single, &read, &written);
        CHECK(read == 144 && written == double_out[l], "GPU_STP0 under --float-data single, output %s: %zu, %zu",
              gpu_output_name(LEVELS[l]), read, written);
        /* A precomputed float kernel: the same buffers, and its float table (STP: 30 floats). */
        const gpu_algorithm *p = float_kernel("GPU_STP0PF"), *pd = float_kernel("GPU_STP0P");
        size_t kernel_read, kernel_written;
        gpu_algorithm_pair_bytes(p, &single, &read, &written);
        gpu_kernel_pair_bytes(p, &single, &kernel_read, &kernel_written);
        CHECK(p->table_bytes == 120 && read == 72 && written == single_out[l] && kernel_read == 72 + 120 &&
                  kernel_written == written,
              "GPU_STP0PF, single data, output %s: table %zu, buffers %zu in, %zu out, kernel %zu in, %zu out",
              gpu_output_name(LEVELS[l]), p->table_bytes, read, written, kernel_read, kernel_written);
        gpu_kernel_pair_bytes(p, &twice, &kernel_read, &kernel_written);
        CHECK(kernel_read == 144 + 120 && kernel_written == double_out[l],
              "GPU_STP0PF, double data, output %s: kernel %zu in, %zu out", gpu_output_name(LEVELS[l]), kernel_read,
              kernel_written);
        gpu_kernel_pair_bytes(pd, &single, &kernel_read, &kernel_written);
        CHECK(pd->table_bytes == 240 && kernel_read == 144 + 240 && kernel_written == double_out[l],
              "GPU_STP0P under --float-data single, output %s: kernel %zu in, %zu out", gpu_output_name(LEVELS[l]),
              kernel_read, kernel_written);
    }
}

/* Every level and layout of one float kernel against the exact classifier and its double data. */
static void test_levels(gpu_handler *h, const gpu_algorithm *g)
{
    pair_set set;
    fixture_pairs(1602, PAIRS / 2, PAIRS / 2, &set);
    ray_tetra_result *reference = fixture_exact_results(&set);
    ray_tetra_result *doubles = calloc(set.count, sizeof *doubles), *singles = calloc(set.count, sizeof *singles);
    for (int l = 0; l < 3; ++l) {
        gpu_config twice = config_of(LEVELS[l], GPU_LAYOUT_AOS, GPU_LAYOUT_AOS, GPU_FLOAT_DATA_DOUBLE);
        if (run(h, g, &twice, &set, doubles) != 0)
            continue;
        for (int in = 0; in < 2; ++in)
            for (int out = 0; out < 2; ++out) {
                gpu_config single = config_of(LEVELS[l], LAYOUTS[in], LAYOUTS[out], GPU_FLOAT_DATA_SINGLE);
                memset(singles, 0, set.count * sizeof *singles); /* as doubles: `uncertain` is not copied */
                if (run(h, g, &single, &set, singles) != 0)
                    continue;
                char what[128];
                snprintf(what, sizeof what, "%s, single data, output %s, %s input, %s records", g->csv_name,
                         gpu_output_name(LEVELS[l]), gpu_layout_name(LAYOUTS[in]), gpu_layout_name(LAYOUTS[out]));
                float_allowance_check(what, LEVELS[l], &set, singles, reference);
                CHECK(memcmp(singles, doubles, set.count * sizeof *singles) == 0,
                      "%s: not the results of double data", what);
            }
    }
    free(singles);
    free(doubles);
    free(reference);
    pair_set_free(&set);
}

/* Clipped to the segment: the clipped sides' points are the file's P and Q, as with double data. */
static void test_extent(gpu_handler *h, const gpu_algorithm *g)
{
    pair_set set;
    fixture_pairs(1603, PAIRS / 2, PAIRS / 2, &set);
    ray_tetra_result *line = fixture_exact_results(&set);
    extent_straddle(&set, line, 77);
    ray_tetra_result *doubles = calloc(set.count, sizeof *doubles), *singles = calloc(set.count, sizeof *singles);
    gpu_config twice = config_of(GPU_OUTPUT_ALL, GPU_LAYOUT_AOS, GPU_LAYOUT_AOS, GPU_FLOAT_DATA_DOUBLE);
    gpu_config single = config_of(GPU_OUTPUT_ALL, GPU_LAYOUT_SOA, GPU_LAYOUT_SOA, GPU_FLOAT_DATA_SINGLE);
    twice.extent = single.extent = RT_EXTENT_SEGMENT;
    if (run(h, g, &twice, &set, doubles) == 0 && run(h, g, &single, &set, singles) == 0) {
        size_t clipped = 0;
        for (size_t i = 0; i < set.count; ++i)
            clipped += singles[i].hit && (singles[i].enter_face == -1 || singles[i].leave_face == -1);
        CHECK(clipped > set.count / 10, "%s, segment: only %zu of %zu hits clipped", g->csv_name, clipped, set.count);
        CHECK(memcmp(singles, doubles, set.count * sizeof *singles) == 0,
              "%s, segment, single data: not the results of double data", g->csv_name);
    }
    free(singles);
    free(doubles);
    free(line);
    pair_set_free(&set);
}

/* Standard output of `command` (malloc'd); its exit status in *status. */
static char *command_output(const char *command, int *status)
{
    FILE *pipe = popen(command, "r");
    if (!pipe)
        fixture_fail(command, "popen failed");
    size_t size = 0, capacity = 1 << 16;
    char *text = malloc(capacity);
    size_t n;
    while (text && (n = fread(text + size, 1, capacity - size - 1, pipe)) > 0)
        if ((size += n) + 1 == capacity)
            text = realloc(text, capacity *= 2);
    if (!text)
        fixture_fail(command, "out of memory");
    text[size] = '\0';
    *status = pclose(pipe);
    return text;
}

static int identifier_char(char c) { return c == '_' || isalnum((unsigned char)c); }

/* Whether `word` is a token (a whole identifier) of `text`. */
static int has_identifier(const char *text, const char *word)
{
    size_t length = strlen(word);
    for (const char *at = text; (at = strstr(at, word)) != NULL; at += length)
        if (!(at > text && identifier_char(at[-1])) && !identifier_char(at[length]))
            return 1;
    return 0;
}

/* The -D options of a build's options, for the preprocessor (the -cl-std one is OpenCL's). */
static void defines_of(const char *options, char *defines, size_t size)
{
    defines[0] = '\0';
    char copy[512];
    snprintf(copy, sizeof copy, "%s", options);
    char *save = NULL;
    for (char *word = strtok_r(copy, " ", &save); word; word = strtok_r(NULL, " ", &save))
        if (strncmp(word, "-D", 2) == 0)
            snprintf(defines + strlen(defines), size - strlen(defines), " %s", word);
}

typedef struct source_check {
    const char *dir;  /* scratch folder */
    int clang;        /* clang is installed */
} source_check;

/* The source `g` is built from under `config` (its includes inlined, as the host builds it),
 * preprocessed with its build options: whether it names `double` or cl_khr_fp64 (*mentions), and
 * whether clang compiles it for a device without cl_khr_fp64 (*compiles; -1 when not tried). */
static void examine_source(const source_check *s, const gpu_algorithm *g, const gpu_config *config, int try_clang,
                           int *mentions, int *compiles)
{
    char options[512], defines[512], path[4200], command[6000];
    gpu_build_options(g, config, options, sizeof options);
    defines_of(options, defines, sizeof defines);
    error_text err;
    char *file = NULL, *text = NULL;
    size_t length;
    if (gpu_source_find(g->kernel_file, &file, &err) != 0 || gpu_source_load(file, &text, &length, &err) != 0)
        fixture_fail(g->kernel_file, err.text);
    snprintf(path, sizeof path, "%s/%s", s->dir, g->kernel_file);
    FILE *out = fopen(path, "w");
    if (!out || fwrite(text, 1, length, out) != length || fclose(out) != 0)
        fixture_fail(path, "cannot write the inlined kernel source");
    snprintf(command, sizeof command, "cpp -P -undef -D__OPENCL_C_VERSION__=120%s '%s'", defines, path);
    int status;
    char *preprocessed = command_output(command, &status);
    CHECK(status == 0 && strlen(preprocessed) > 1000, "%s: %s failed", g->csv_name, command);
    *mentions = has_identifier(preprocessed, "double") || has_identifier(preprocessed, "cl_khr_fp64");
    *compiles = -1;
    if (try_clang && s->clang) {
        snprintf(command, sizeof command,
                 "clang -x cl -target spir -Xclang -finclude-default-header -Xclang -cl-ext=-cl_khr_fp64 -Werror "
                 "-fsyntax-only %s '%s' 2>&1",
                 options, path);
        char *log = command_output(command, &status);
        *compiles = status == 0;
        if (!*compiles && config->float_data == GPU_FLOAT_DATA_SINGLE)
            fprintf(stderr, "%s (%s):\n%.2000s\n", g->csv_name, options, log);
        free(log);
    }
    free(preprocessed);
    free(text);
    free(file);
}

static void test_no_double(void)
{
    char dir[4096];
    fixture_scratch_dir("raytetra-float-data.XXXXXX", dir, sizeof dir);
    source_check s = {dir, system("command -v clang >/dev/null 2>&1") == 0};
    if (!s.clang)
        printf("clang not found: the compile for a device without cl_khr_fp64 is not checked\n");
    int count, kernels = 0;
    const gpu_algorithm *all = gpu_algorithms(&count);
    for (int a = 0; a < count; ++a) {
        const gpu_algorithm *g = &all[a];
        if (g->precision != CPU_PRECISION_FLOAT)
            continue;
        for (int l = 0; l < 3; ++l)
            for (int lay = 0; lay < 2; ++lay)
                for (int extent = RT_EXTENT_LINE; extent <= RT_EXTENT_SEGMENT; extent += RT_EXTENT_SEGMENT) {
                    if (extent != RT_EXTENT_LINE && LEVELS[l] == GPU_OUTPUT_HIT)
                        continue; /* an extent needs t (Bench and RayTetra refuse it) */
                    gpu_config c = config_of(LEVELS[l], LAYOUTS[lay], LAYOUTS[lay], GPU_FLOAT_DATA_SINGLE);
                    c.extent = extent;
                    char options[512];
                    gpu_build_options(g, &c, options, sizeof options);
                    int mentions, compiles;
                    /* clang on every combination of the first kernel, on one of each other. */
                    examine_source(&s, g, &c, kernels == 0 || (l == 0 && lay == 0 && extent == 0), &mentions,
                                   &compiles);
                    CHECK(strstr(options, "-DRT_SINGLE_DATA") != NULL, "%s: options %s", g->csv_name, options);
                    CHECK(!mentions, "%s (%s): the preprocessed source names double or cl_khr_fp64", g->csv_name,
                          options);
                    CHECK(compiles != 0, "%s (%s): clang does not compile it without cl_khr_fp64", g->csv_name,
                          options);
                }
        if (kernels++ == 0) {
            /* The same checks on the double-buffer build must fail. */
            gpu_config c = config_of(GPU_OUTPUT_ALL, GPU_LAYOUT_AOS, GPU_LAYOUT_AOS, GPU_FLOAT_DATA_DOUBLE);
            int mentions, compiles;
            examine_source(&s, g, &c, 1, &mentions, &compiles);
            CHECK(mentions, "%s with double data: no double found, so the check finds nothing", g->csv_name);
            CHECK(compiles != 1, "%s with double data: clang compiled it without cl_khr_fp64", g->csv_name);
        }
    }
    CHECK(kernels > 0, "no float kernel in the registry");
    printf("%d float kernels: no double in their single-data sources%s\n", kernels,
           s.clang ? "; clang compiles them without cl_khr_fp64" : "");
    fixture_remove_dir(dir);
}

/* A device without fp64 runs the single-data kernel (the same results as `expected`, computed on
 * the device as it is) and refuses the kernels that need fp64. */
static void test_without_fp64(int index, const gpu_algorithm *g, const pair_set *set, const ray_tetra_result *expected)
{
    setenv("RAYTETRA_ASSUME_NO_FP64", "1", 1);
    gpu_handler *h;
    error_text err;
    int opened = gpu_open(&h, index, &err) == 0;
    unsetenv("RAYTETRA_ASSUME_NO_FP64");
    CHECK(opened, "a device without fp64 does not open: %s", err.text);
    if (!opened)
        return;
    ray_tetra_result *results = calloc(set->count, sizeof *results);
    gpu_config single = config_of(GPU_OUTPUT_ALL, GPU_LAYOUT_AOS, GPU_LAYOUT_AOS, GPU_FLOAT_DATA_SINGLE);
    if (run(h, g, &single, set, results) == 0)
        CHECK(memcmp(results, expected, set->count * sizeof *results) == 0, "%s without fp64: other results",
              g->csv_name);
    const gpu_algorithm *refused[] = {gpu_algorithm_in_precision(g, CPU_PRECISION_DOUBLE), g};
    gpu_config twice = config_of(GPU_OUTPUT_ALL, GPU_LAYOUT_AOS, GPU_LAYOUT_AOS, GPU_FLOAT_DATA_DOUBLE);
    for (int k = 0; k < 2; ++k) {
        gpu_set_config(h, k == 0 ? &single : &twice);
        CHECK(gpu_prepare(h, refused[k], 0, &err) != 0 && strstr(err.text, "cl_khr_fp64") &&
                  strstr(err.text, refused[k]->csv_name) && !strchr(err.text, '\n'),
              "%s (%s data) on a device without fp64: %s", refused[k]->csv_name,
              k == 0 ? "its" : "double", err.text);
    }
    free(results);
    gpu_close(h);
}

int main(void)
{
    char cache_dir[4096];
    gpu_fixture_cache("raytetra-gpu-float-data.XXXXXX", cache_dir, sizeof cache_dir);
    unsetenv("RAYTETRA_ASSUME_NO_FP64");
    test_bytes();
    test_no_double();

    int index = gpu_fixture_device();
    gpu_handler *h = gpu_fixture_open("test_gpu_float_data");
    printf("device: %s\n", gpu_device_description(h));
    pair_set set;
    fixture_pairs(1604, 500, 500, &set);
    ray_tetra_result *expected = calloc(set.count, sizeof *expected);
    gpu_config single = config_of(GPU_OUTPUT_ALL, GPU_LAYOUT_AOS, GPU_LAYOUT_AOS, GPU_FLOAT_DATA_SINGLE);
    static const char *const KERNELS[] = {"GPU_STP1F", "GPU_Segura1PF"};
    for (size_t k = 0; k < sizeof KERNELS / sizeof *KERNELS; ++k) {
        const gpu_algorithm *g = float_kernel(KERNELS[k]);
        test_levels(h, g);
        test_extent(h, g);
        if (run(h, g, &single, &set, expected) == 0)
            test_without_fp64(index, g, &set, expected);
    }
    gpu_close(h);
    free(expected);
    pair_set_free(&set);
    fixture_remove_dir(cache_dir);
    return check_summary("test_gpu_float_data");
}
