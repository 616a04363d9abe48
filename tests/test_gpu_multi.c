/* test_gpu_multi: the several-device runner on PoCL, which has one device: the runner takes a
 * device number more than once (the --devices parser does not), so one PoCL device opened three
 * times stands for three devices, each with its own handler, context, queues and host thread.
 * Checked: results byte-identical to one device's gpu_run with every device, one device alone
 * and a device left out, fewer pairs than devices, 0 pairs, the end-to-end (pinned, overlapped)
 * path and the robust kernel, every pair in exactly one device's chunks; a failing device is
 * named with its chunk and the run returns an error after joining the others; a device that
 * cannot be opened is named. TetWalk's rays, handed out by the same runner, walk every ray as one
 * device does, and its device that cannot be opened is named alike. Under the sanitizer build this also checks for leaks
 * and races' usual symptoms. */
#define _POSIX_C_SOURCE 200809L
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fixtures.h"
#include "gpu_fixtures.h"
#include "mesh/mesh_bvh.h"
#include "walk/walk.h"
#include "walk/walk_multi.h"
#include "multi/gpu_multi.h"
#include "multi/gpu_multi_job.h"
#include "registry/registry.h"

enum { DEVICES = 3 };

/* One device's results of `algorithm` (the reference every split must reproduce byte for byte). */
static ray_tetra_result *single_device(const gpu_algorithm *algorithm, const pair_set *set)
{
    gpu_handler *h = NULL;
    error_text err;
    gpu_times times;
    ray_tetra_result *results = calloc(set->count ? set->count : 1, sizeof *results);
    if (!results || gpu_open(&h, gpu_fixture_device(), &err) != 0)
        fixture_fail("opening the device", results ? err.text : "out of memory");
    if (gpu_prepare(h, algorithm, 0, &err) != 0 || gpu_run(h, set, results, 1, &times, &err) != 0)
        fixture_fail(algorithm->csv_name, err.text);
    gpu_close(h);
    return results;
}

/* Run on the devices with active[d] (NULL: all three), compare with `reference`. */
static void run_devices(gpu_multi *m, const pair_set *set, const unsigned char *active, const gpu_multi_plan *plan,
                        const ray_tetra_result *reference, const char *what)
{
    gpu_multi_share shares[DEVICES];
    double wall_ms;
    error_text err;
    ray_tetra_result *results = malloc((set->count ? set->count : 1) * sizeof *results);
    memset(results, 0xa5, (set->count ? set->count : 1) * sizeof *results); /* unwritten results show */
    int status = gpu_multi_run(m, set, active, results, plan, shares, &wall_ms, &err);
    CHECK(status == 0, "%s: %s", what, err.text);
    size_t differ = status == 0 ? gpu_multi_first_difference(results, reference, set->count) : set->count;
    CHECK(status != 0 || differ == set->count, "%s: pair %zu differs from one device's result", what, differ);
    size_t covered = 0, chunks = 0, size = gpu_multi_chunk_size(m, set->count, plan->path);
    for (int d = 0; d < DEVICES; ++d) {
        covered += shares[d].pairs;
        chunks += shares[d].chunks;
        CHECK(shares[d].device == gpu_fixture_device(), "%s: share %d names device %d", what, d, shares[d].device);
        CHECK(!active || active[d] || shares[d].chunks == 0, "%s: device %d left out took %zu chunks", what, d,
              shares[d].chunks);
        if (plan->path == GPU_MULTI_STEPS && shares[d].chunks)
            CHECK(shares[d].steps.launches >= (size_t)plan->reps * shares[d].chunks, "%s: device %d made %zu launches",
                  what, d, shares[d].steps.launches);
        if (plan->path == GPU_MULTI_END_TO_END && shares[d].chunks)
            CHECK(shares[d].end_to_end.ms > 0 && shares[d].end_to_end.bytes_in > 0, "%s: device %d's end to end", what,
                  d);
    }
    CHECK(status != 0 || covered == set->count, "%s: %zu of %zu pairs run", what, covered, set->count);
    CHECK(status != 0 || chunks == (set->count + size - 1) / size, "%s: %zu chunks of %zu for %zu pairs", what, chunks,
          size, set->count);
    free(results);
}

static void test_runs(const pair_set *set)
{
    int devices[DEVICES];
    for (int d = 0; d < DEVICES; ++d)
        devices[d] = gpu_fixture_device();
    gpu_multi *m;
    error_text err;
    if (gpu_multi_open(&m, devices, DEVICES, &err) != 0)
        fixture_fail("opening the device three times", err.text);
    CHECK(gpu_multi_count(m) == DEVICES, "three handlers");
    gpu_multi_set_log(m, stderr);
    gpu_multi_set_config(m, &GPU_CONFIG_DEFAULT);

    const gpu_algorithm *stp0 = gpu_algorithm_get(1), *robust = gpu_algorithm_get(8);
    ray_tetra_result *reference = single_device(stp0, set);
    CHECK(gpu_multi_prepare(m, stp0, 0, &err) == 0, "prepare: %s", err.text);
    gpu_multi_plan steps = {.path = GPU_MULTI_STEPS, .reps = 2};
    gpu_multi_plan pinned = {.path = GPU_MULTI_END_TO_END, .chunks = 3};

    /* 10,001 pairs on three devices: a chunk for each at least, not one for the first. */
    size_t size = gpu_multi_chunk_size(m, set->count, GPU_MULTI_END_TO_END);
    CHECK((set->count + size - 1) / size >= DEVICES, "%zu pairs in chunks of %zu", set->count, size);
    const unsigned char first_only[DEVICES] = {1, 0, 0}, second_left_out[DEVICES] = {1, 0, 1};
    run_devices(m, set, NULL, &steps, reference, "every device");
    run_devices(m, set, first_only, &steps, reference, "the first device alone");
    run_devices(m, set, second_left_out, &steps, reference, "the second device left out");
    run_devices(m, set, NULL, &pinned, reference, "end to end, every device");
    run_devices(m, set, first_only, &pinned, reference, "end to end, the first device alone");

    /* Fewer pairs than devices, and none. */
    pair_set two = {2, set->pairs}, none = {0, set->pairs};
    run_devices(m, &two, NULL, &steps, reference, "2 pairs over 3 devices");
    run_devices(m, &none, NULL, &steps, reference, "0 pairs");

    /* A failing device: the robust kernel has no end-to-end run, so every device fails; the
     * first one in the list is named with the chunk it failed on, after all were joined. */
    CHECK(gpu_multi_prepare(m, robust, 0, &err) == 0, "prepare %s: %s", robust->csv_name, err.text);
    gpu_multi_share shares[DEVICES];
    double wall_ms;
    ray_tetra_result *results = calloc(set->count, sizeof *results);
    int status = gpu_multi_run(m, set, second_left_out, results, &pinned, shares, &wall_ms, &err);
    char expected[128];
    snprintf(expected, sizeof expected, "OpenCL device %d (", gpu_fixture_device());
    CHECK(status != 0 && strstr(err.text, expected) && strstr(err.text, "device 1 of 3 in --devices") &&
              strstr(err.text, "failed on pairs ") && strstr(err.text, "the other devices were joined") &&
              strstr(err.text, "no end-to-end run") && !strchr(err.text, '\n'),
          "failure named: %s", err.text);
    free(results);
    /* The robust kernel by the steps path: its host-side finishing runs per chunk. */
    ray_tetra_result *robust_reference = single_device(robust, set);
    run_devices(m, set, NULL, &steps, robust_reference, "GPU_STP0R, every device");
    free(robust_reference);
    free(reference);
    gpu_multi_close(m);

    /* A device that cannot be opened: named, nothing left open. */
    int bad[2] = {gpu_fixture_device(), 4096};
    CHECK(gpu_multi_open(&m, bad, 2, &err) != 0 && m == NULL &&
              strstr(err.text, "OpenCL device 4096 (device 2 of 2 in --devices) cannot be opened"),
          "open failure: %s", err.text);
}

/* TetWalk's rays over three devices (chunks of 97 rays taken as each finishes, two in flight on
 * each device, a thread each; the last chunk shorter) give the bytes one device gives, for a fast
 * kernel and for the robust one. */
static void test_walk(void)
{
    tet_mesh mesh;
    mesh_bvh bvh;
    walk_rays rays;
    error_text err;
    if (mesh_read("data/u_shape.mesh", &mesh, &err) != 0 || mesh_build_edges(&mesh, &err) != 0 ||
        mesh_bvh_build(&mesh, &bvh, &err) != 0 || walk_rays_aimed(&mesh, WALK_AIM_EDGES, 3001, 7, &rays, &err) != 0)
        fixture_fail("data/u_shape.mesh", err.text);
    int devices[DEVICES] = {gpu_fixture_device(), gpu_fixture_device(), gpu_fixture_device()};
    const char *names[] = {"gpu_stp1", "gpu_stp0r"};
    for (size_t a = 0; a < sizeof names / sizeof *names; ++a) {
        int opencl = 0;
        const walk_algorithm *algorithm = walk_algorithm_find(names[a], &opencl);
        walk_result *one = calloc(rays.count, sizeof *one), *three = calloc(rays.count, sizeof *three);
        walk_run run_one, run_three;
        walk_opencl *gpu;
        walk_multi *multi;
        memset(three, 0xa5, rays.count * sizeof *three);
        memset(&run_one, 0, sizeof run_one); /* walk_opencl_run fills only what it measures */
        memset(&run_three, 0, sizeof run_three);
        if (walk_opencl_open(&gpu, gpu_fixture_device(), &mesh, &bvh, &err) != 0 ||
            walk_opencl_run(gpu, algorithm, &rays, one, 2, 0, &run_one, &err) != 0)
            fixture_fail(names[a], err.text);
        walk_opencl_close(gpu);
        FILE *log = tmpfile();
        int status = walk_multi_open(&multi, devices, DEVICES, &mesh, &bvh, &err);
        if (status == 0)
            status = walk_multi_run(multi, algorithm, &rays, three, 2, 0, 97, &run_three, log, &err);
        CHECK(status == 0, "%s on three devices: %s", names[a], err.text);
        CHECK(status != 0 || memcmp(one, three, rays.count * sizeof *one) == 0, "%s: three devices differ from one",
              names[a]);
        CHECK(status != 0 || (run_three.rays == rays.count && run_three.host_rays == run_one.host_rays),
              "%s: %zu rays, %zu walked on the host (one device: %zu)", names[a], run_three.rays, run_three.host_rays,
              run_one.host_rays);
        if (log) {
            char line[1024];
            int lines = 0;
            rewind(log);
            while (fgets(line, sizeof line, log))
                lines += strstr(line, ": device ") != NULL;
            CHECK(lines == DEVICES, "%s: %d device lines", names[a], lines);
            fclose(log);
        }
        /* As many chunks as devices: each device walks one, however late its thread starts. */
        FILE *shares = tmpfile();
        size_t share = (rays.count + DEVICES - 1) / DEVICES;
        if (status == 0 && shares) {
            status = walk_multi_run(multi, algorithm, &rays, three, 1, 0, share, &run_three, shares, &err);
            CHECK(status == 0 && memcmp(one, three, rays.count * sizeof *one) == 0, "%s in %zu-ray chunks: %s",
                  names[a], share, err.text);
            char line[1024];
            int single = 0;
            rewind(shares);
            while (fgets(line, sizeof line, shares))
                single += strstr(line, ": device ") && strstr(line, " in 1 chunks,");
            CHECK(single == DEVICES, "%s: %d of %d devices walked one chunk of %zu rays", names[a], single, DEVICES,
                  share);
        }
        if (shares)
            fclose(shares);
        walk_multi_close(multi);
        free(one);
        free(three);
    }
    /* A device that cannot be opened: named as the pairs' runner names it, nothing left open. */
    walk_multi *bad = NULL;
    int missing[2] = {gpu_fixture_device(), 4096};
    CHECK(walk_multi_open(&bad, missing, 2, &mesh, &bvh, &err) != 0 && bad == NULL &&
              strstr(err.text, "OpenCL device 4096 (device 2 of 2 in --devices) cannot be opened"),
          "walk open failure: %s", err.text);
    walk_rays_free(&rays);
    mesh_bvh_free(&bvh);
    mesh_free(&mesh);
}

int main(void)
{
    char cache_dir[256];
    gpu_fixture_cache("raytetra-test-gpu-multi.XXXXXX", cache_dir, sizeof cache_dir);
    pair_set set;
    fixture_pairs(19, 4000, 6001, &set); /* 10,001: no multiple of any local size */
    test_runs(&set);
    test_walk();
    pair_set_free(&set);
    fixture_remove_dir(cache_dir);
    return check_summary("test_gpu_multi");
}
