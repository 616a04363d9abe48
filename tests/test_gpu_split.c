/* test_gpu_split: the --devices pieces without a device: the proportional split of pairs over
 * simulated devices (every pair exactly once, contiguous, on granule boundaries, in proportion,
 * deterministic; 0 pairs, fewer pairs than devices, zero-speed devices, many devices, bad speeds)
 * the device-list parser against simulated device tables, and the aggregate of simulated
 * devices' figures (the slowest device's, empty ranges left out). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "multi/device_list.h"
#include "multi/gpu_multi_job.h"
#include "multi/gpu_split.h"

/* The ranges cover 0 .. pairs - 1 exactly once, in order, each non-empty one starting on a granule boundary
 * and zero-speed devices get nothing. */
static int well_formed(const gpu_range *r, const double *speeds, size_t devices, size_t pairs, size_t granule)
{
    size_t next = 0;
    for (size_t d = 0; d < devices; ++d) {
        if (r[d].first != next || (r[d].count && r[d].first % granule != 0))
            return 0;
        if (speeds[d] == 0 && r[d].count != 0)
            return 0;
        next += r[d].count;
    }
    return next == pairs;
}

static void check_split(const double *speeds, size_t devices, size_t pairs, size_t granule)
{
    gpu_range *r = calloc(devices, sizeof *r), *again = calloc(devices, sizeof *again);
    error_text err;
    CHECK(gpu_split_ranges(speeds, devices, pairs, granule, r, &err) == 0, "%zu pairs, %zu devices: %s", pairs,
          devices, err.text);
    CHECK(well_formed(r, speeds, devices, pairs, granule), "%zu pairs over %zu devices, granule %zu", pairs, devices,
          granule);
    /* Proportional: each share within one granule of its exact share (plus the short last unit). */
    double sum = 0;
    for (size_t d = 0; d < devices; ++d)
        sum += speeds[d];
    for (size_t d = 0; d < devices; ++d) {
        double exact = (double)pairs * speeds[d] / sum;
        CHECK(fabs((double)r[d].count - exact) <= 2.0 * (double)granule, "device %zu: %zu pairs, exact share %.1f",
              d, r[d].count, exact);
    }
    CHECK(gpu_split_ranges(speeds, devices, pairs, granule, again, &err) == 0 &&
              memcmp(r, again, devices * sizeof *r) == 0,
          "the same speeds give the same ranges");
    free(r);
    free(again);
}

static void test_split(void)
{
    const double two[] = {1, 1}, uneven[] = {3, 1}, with_zero[] = {2, 0, 1}, first_only[] = {1, 0, 0, 0};
    check_split(two, 2, 1000000, 256);
    check_split(two, 2, 1000001, 256);
    check_split(uneven, 2, 999, 1);
    check_split(with_zero, 3, 100000, 64);
    check_split(first_only, 4, 12345, 32);

    gpu_range r[4];
    error_text err;
    /* Equal speeds, whole units: exact halves. */
    gpu_split_ranges(two, 2, 1024, 256, r, &err);
    CHECK(r[0].count == 512 && r[1].first == 512 && r[1].count == 512, "1024 pairs: %zu + %zu", r[0].count,
          r[1].count);
    /* 3:1 over 4 units of 256 (the last one short): 3 units and 1, the short one last. */
    gpu_split_ranges(uneven, 2, 1000, 256, r, &err);
    CHECK(r[0].count == 768 && r[1].count == 232, "1000 pairs 3:1: %zu + %zu", r[0].count, r[1].count);
    /* 0 pairs: every device gets an empty range at 0. */
    gpu_split_ranges(two, 2, 0, 256, r, &err);
    CHECK(r[0].count == 0 && r[1].count == 0 && r[1].first == 0, "0 pairs");
    /* Fewer pairs (units) than devices: ties go to the earlier devices. */
    const double four[] = {1, 1, 1, 1};
    gpu_split_ranges(four, 4, 2, 1, r, &err);
    CHECK(r[0].count == 1 && r[1].count == 1 && r[2].count == 0 && r[3].count == 0 && r[2].first == 2,
          "2 pairs over 4 equal devices: %zu %zu %zu %zu", r[0].count, r[1].count, r[2].count, r[3].count);
    gpu_split_ranges(four, 4, 3, 256, r, &err);
    CHECK(r[0].count == 3 && r[1].count == 0, "3 pairs, granule 256: one unit, to device 0");
    /* A zero-speed device in the middle gets nothing; its range is empty where the next starts. */
    gpu_split_ranges(with_zero, 3, 300, 1, r, &err);
    CHECK(r[0].count == 200 && r[1].count == 0 && r[1].first == 200 && r[2].count == 100, "2:0:1");
    /* Many devices, uneven speeds, pair counts around the unit count. */
    enum { MANY = 257 };
    double many[MANY];
    for (size_t d = 0; d < MANY; ++d)
        many[d] = d % 7 == 3 ? 0.0 : 1.0 + (double)(d % 5) * 0.37;
    const size_t counts[] = {0, 1, 100, 256, 257, 10000, 123457, 100000000};
    for (size_t i = 0; i < sizeof counts / sizeof *counts; ++i) {
        check_split(many, MANY, counts[i], 1);
        check_split(many, MANY, counts[i], 64);
    }
    /* A speed ratio of 1e12: the slow device still gets its (rounded) share, and nothing breaks. */
    const double extreme[] = {1e12, 1};
    check_split(extreme, 2, 100000000, 1);
    /* Bad inputs: one line each, ranges untouched. */
    const double zeros[] = {0, 0}, negative[] = {1, -1}, nan_speed[] = {1, NAN}, inf_speed[] = {INFINITY, 1};
    CHECK(gpu_split_ranges(zeros, 2, 10, 1, r, &err) != 0 && strstr(err.text, "every device has the speed 0"), "%s",
          err.text);
    CHECK(gpu_split_ranges(negative, 2, 10, 1, r, &err) != 0 && strstr(err.text, "device 1"), "%s", err.text);
    CHECK(gpu_split_ranges(nan_speed, 2, 10, 1, r, &err) != 0, "NaN speed refused");
    CHECK(gpu_split_ranges(inf_speed, 2, 10, 1, r, &err) != 0, "infinite speed refused");
    CHECK(gpu_split_ranges(two, 0, 10, 1, r, &err) != 0, "no device refused");
    CHECK(gpu_split_ranges(two, 2, 10, 0, r, &err) != 0, "granule 0 refused");
}

static void test_granule(void)
{
    const size_t same[] = {256, 256}, mixed[] = {64, 256, 0}, coprime[] = {3, 5, 7}, none[] = {0, 0};
    CHECK(gpu_split_granule(same, 2, 1 << 20) == 256, "256, 256");
    CHECK(gpu_split_granule(mixed, 3, 1 << 20) == 256, "64, 256, 0");
    CHECK(gpu_split_granule(coprime, 3, 1 << 20) == 105, "3, 5, 7");
    CHECK(gpu_split_granule(coprime, 3, 50) == 7, "3, 5, 7 above the limit: the largest");
    CHECK(gpu_split_granule(none, 2, 1 << 20) == 1, "no local size");
}

/* Parse `text`; returns the indices as "0,2" or the error text. */
static const char *parse_for(const char *text, const device_kind *kinds, size_t count, int need_fp64, char *out,
                             size_t size)
{
    int *indices;
    size_t chosen;
    error_text err;
    if (device_list_parse(text, kinds, count, need_fp64, &indices, &chosen, &err) != 0) {
        snprintf(out, size, "error %d: %s", err.kind == ERROR_USAGE ? 2 : 1, err.text);
        return out;
    }
    size_t used = 0;
    out[0] = '\0';
    for (size_t i = 0; i < chosen && used < size; ++i)
        used += (size_t)snprintf(out + used, size - used, "%s%d", i ? "," : "", indices[i]);
    free(indices);
    return out;
}

/* A run whose kernels need fp64 (every double one). */
static const char *parse(const char *text, const device_kind *kinds, size_t count, char *out, size_t size)
{
    return parse_for(text, kinds, count, 1, out, size);
}

static void test_device_list(void)
{
    char text[1200];
    /* The 2-GPU machine: PoCL's CPU device 0, two NVIDIA GPUs 1 and 2. */
    const device_kind host[] = {{0, 1}, {1, 1}, {1, 1}};
    /* This machine: PoCL alone. */
    const device_kind pocl[] = {{0, 1}};
    /* A GPU without fp64 beside one with it. */
    const device_kind mixed[] = {{1, 0}, {1, 1}, {0, 1}};
    CHECK(!strcmp(parse("all", host, 3, text, sizeof text), "1,2"), "all on the GPU host: %s", text);
    CHECK(!strcmp(parse("all", pocl, 1, text, sizeof text), "0"), "all without a GPU: %s", text);
    CHECK(!strcmp(parse("all", mixed, 3, text, sizeof text), "1"), "all skips a GPU without fp64: %s", text);
    CHECK(!strcmp(parse("2,0", host, 3, text, sizeof text), "2,0"), "a list keeps its order: %s", text);
    CHECK(!strcmp(parse("0", pocl, 1, text, sizeof text), "0"), "one device: %s", text);
    CHECK(strstr(parse("1,1", host, 3, text, sizeof text), "error 2: --devices '1,1': device 1 is listed twice"),
          "duplicate: %s", text);
    CHECK(strstr(parse("0,3", host, 3, text, sizeof text), "error 2: --devices '0,3': OpenCL device 3 does not exist: "
                                                           "there are 3 (0 to 2)"),
          "unknown index: %s", text);
    const char *bad[] = {"", ",", "0,", ",0", "x", "1x", "-1", "+1", " 1", "0,,1", "1.0", "99999999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; ++i) {
        parse(bad[i], host, 3, text, sizeof text);
        CHECK(!strncmp(text, "error 2: --devices '", 20) && (strstr(text, "is not a device number") ||
                                                                 strstr(text, "does not exist")),
              "'%s': %s", bad[i], text);
        CHECK(!strchr(text, '\n'), "one line: %s", text);
    }
    CHECK(strstr(parse("all", NULL, 0, text, sizeof text), "error 1: --devices all: no OpenCL device found"), "%s",
          text);
    const device_kind no_fp64[] = {{1, 0}};
    CHECK(strstr(parse("all", no_fp64, 1, text, sizeof text), "no OpenCL device has fp64"), "%s", text);
    /* Float kernels with single data need no fp64: every GPU then. */
    CHECK(!strcmp(parse_for("all", no_fp64, 1, 0, text, sizeof text), "0"), "float kernels: the GPU without fp64 too: %s",
          text);
    CHECK(!strcmp(parse_for("all", mixed, 3, 0, text, sizeof text), "0,1"), "float kernels: every GPU: %s", text);
    CHECK(strstr(parse("0", NULL, 0, text, sizeof text), "no OpenCL device found"), "%s", text);
}

static void test_summary(void)
{
    gpu_multi_share shares[3];
    memset(shares, 0, sizeof shares);
    shares[0].range = (gpu_range){0, 600};
    shares[0].steps = (gpu_times){.write_ms = 10, .kernel_ms = 8, .read_ms = 20};
    shares[1].range = (gpu_range){600, 400};
    shares[1].steps = (gpu_times){.write_ms = 12, .kernel_ms = 6, .read_ms = 15};
    shares[2].range = (gpu_range){1000, 0}; /* no pairs: not counted, whatever it holds */
    shares[2].steps = (gpu_times){.write_ms = 99, .kernel_ms = 99, .read_ms = 99};
    gpu_multi_plan steps = {.path = GPU_MULTI_STEPS, .reps = 2};
    gpu_multi_summary summary;
    gpu_multi_summarise(shares, 3, &steps, 1000, 50, &summary);
    CHECK(summary.devices_used == 2 && summary.kernel_ms == 8 && summary.wall_ms == 50 && summary.reps == 2,
          "steps: %zu devices, kernel %g", summary.devices_used, summary.kernel_ms);
    /* End to end per device: write + one repetition's kernel + read: 34 and 30; the slowest. */
    CHECK(summary.end_to_end_ms == 34, "steps end to end %g", summary.end_to_end_ms);
    shares[0].end_to_end.ms = 7;
    shares[1].end_to_end.ms = 9;
    gpu_multi_plan pinned = {.path = GPU_MULTI_END_TO_END, .chunks = 3};
    gpu_multi_summarise(shares, 3, &pinned, 1000, 11, &summary);
    CHECK(summary.end_to_end_ms == 9 && summary.reps == 1, "pinned end to end %g", summary.end_to_end_ms);
    /* Results equal but for `uncertain`, which the conversion leaves alone: identical. */
    ray_tetra_result a[2], b[2];
    memset(a, 0, sizeof a);
    memset(b, 0, sizeof b);
    b[1].uncertain = 5;
    CHECK(gpu_multi_first_difference(a, b, 2) == 2, "uncertain is not compared");
    b[1].t_leave = 1e-300;
    CHECK(gpu_multi_first_difference(a, b, 2) == 1, "t_leave is");
}

int main(void)
{
    test_split();
    test_granule();
    test_device_list();
    test_summary();
    return check_summary("test_gpu_split");
}
