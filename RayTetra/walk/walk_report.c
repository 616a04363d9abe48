/* walk_report.c: TetWalk's summary lines, JSON, per-ray CSV and exported pairs (walk_report.h). */
#include "walk/walk_report.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "pairs_io.h"
#include "sort_doubles.h"

void walk_run_statistics(walk_run *run)
{
    double sorted[WALK_MAX_REPS];
    memcpy(sorted, run->samples_ms, (size_t)run->reps * sizeof *sorted);
    sort_doubles(sorted, (size_t)run->reps);
    run->min_ms = sorted[0];
    run->max_ms = sorted[run->reps - 1];
    run->median_ms = run->reps % 2 ? sorted[run->reps / 2]
                                   : 0.5 * (sorted[run->reps / 2 - 1] + sorted[run->reps / 2]);
}

void walk_run_name(const walk_run *run, char *name, size_t size)
{
    snprintf(name, size, "%s%s", run->opencl ? "GPU_" : "", run->algorithm->csv_name);
}

/* Throughputs from the median repetition. */
static double per_second(size_t count, double ms) { return ms > 0 ? (double)count / (ms * 1e-3) : 0; }

void walk_run_print(FILE *out, const walk_run *run)
{
    char name[64], threads[32] = "";
    walk_run_name(run, name, sizeof name);
    if (!run->opencl)
        snprintf(threads, sizeof threads, "%d thread%s", run->threads, run->threads == 1 ? "" : "s");
    double rays_per_s = per_second(run->rays, run->median_ms), steps_per_s = per_second(run->steps, run->median_ms);
    fprintf(out, "  %-10s %-10s %10.3f ms median (%d reps; min %.3f, max %.3f ms); %8.3f Mrays/s, %8.3f Msteps/s; "
                 "%zu steps, %zu lost",
            name, threads, run->median_ms, run->reps, run->min_ms, run->max_ms, rays_per_s * 1e-6, steps_per_s * 1e-6,
            run->steps, run->lost);
    if (run->verified)
        fprintf(out, "; %zu of %zu rays differ from the exact traversal", run->wrong, run->verified);
    fputc('\n', out);
    if (run->opencl)
        fprintf(out, "  %-21s write %.3f ms, read %.3f ms; %zu rays walked on the host; local size %zu\n", "",
                run->write_ms, run->read_ms, run->host_rays, run->local_size);
    if (run->bytes_per_step > 0) {
        double gbs = steps_per_s * run->bytes_per_step * 1e-9;
        fprintf(out, "  %-21s %.0f bytes a step: %.3f GB/s", "", run->bytes_per_step, gbs);
        if (run->copy_gbs > 0)
            fprintf(out, " = %.1f%% of the copy bandwidth (%.3f GB/s)", 100 * gbs / run->copy_gbs, run->copy_gbs);
        fputc('\n', out);
    }
}

/* ---------------------------------------------------------------- JSON */

/* Each JSON writer below writes `before` (punctuation and the key) and then the value. */

static void json_string(FILE *out, const char *before, const char *text)
{
    fputs(before, out);
    fputc('"', out);
    for (const unsigned char *c = (const unsigned char *)text; *c; ++c) {
        if (*c == '"' || *c == '\\')
            fprintf(out, "\\%c", *c);
        else if (*c < 0x20)
            fprintf(out, "\\u%04x", *c);
        else
            fputc(*c, out);
    }
    fputc('"', out);
}

/* A finite number, or null (JSON has no NaN). */
static void json_number(FILE *out, const char *before, double value)
{
    fputs(before, out);
    if (isfinite(value))
        fprintf(out, "%.17g", value);
    else
        fputs("null", out);
}

/* "NAME": {"ms": MS, "share": MS / WALL}: a stage's busy time and its share of the wall time. */
static void json_stage(FILE *out, const char *before, const char *name, double ms, double wall_ms)
{
    fprintf(out, "%s\"%s\": {", before, name);
    json_number(out, "\"ms\": ", ms);
    json_number(out, ", \"share\": ", wall_ms > 0 ? ms / wall_ms : 0);
    fputc('}', out);
}

/* TetWalkMPI's ranks: how many, their hosts, and each one's share of the last repetition. */
static void json_ranks(FILE *out, const walk_context *c)
{
    fprintf(out, ", \"ranks\": %d, \"hosts\": [", c->ranks);
    char host[256];
    for (const char *at = c->hosts; at && *at;) {
        size_t length = strcspn(at, ",");
        snprintf(host, sizeof host, "%.*s", (int)length, at);
        json_string(out, at == c->hosts ? "" : ", ", host);
        at += length + (at[length] == ',');
    }
    fputs("], \"rank_rays\": [", out);
    for (int r = 0; r < c->ranks; ++r)
        fprintf(out, "%s%llu", r ? ", " : "", c->rank_rays[r]);
    fputs("], \"rank_busy_ms\": [", out);
    for (int r = 0; r < c->ranks; ++r)
        json_number(out, r ? ", " : "", c->rank_busy_ms[r]);
    fputc(']', out);
}

static void json_context(FILE *out, const walk_context *c)
{
    json_string(out, "  \"context\": {\"command\": ", c->command);
    json_string(out, ", \"mesh\": ", c->mesh);
    json_string(out, ", \"format\": ", c->format);
    fprintf(out, ", \"vertices\": %zu, \"tetrahedra\": %zu, \"boundary_faces\": %zu, \"edges\": %zu, \"rays_source\": ",
            c->vertices, c->tetrahedra, c->boundary_faces, c->edges);
    json_string(out, "", c->rays_source);
    fprintf(out, ", \"rays\": %zu, \"cpu\": ", c->rays);
    json_string(out, "", c->cpu);
    fprintf(out, ", \"cores\": %d, \"opencl_device\": ", c->cores);
    json_string(out, "", c->device);
    json_string(out, ", \"compiler\": ", __VERSION__);
    json_string(out, ", \"date\": ", c->date);
    json_number(out, ", \"mesh_stages\": {\"wall_ms\": ", c->mesh_ready_ms);
    json_stage(out, ", ", "files", c->mesh_files_ms, c->mesh_ready_ms);
    json_stage(out, ", ", "checks_and_tables", c->mesh_tables_ms, c->mesh_ready_ms);
    if (c->renumber_ms >= 0)
        json_stage(out, ", ", "renumber", c->renumber_ms, c->mesh_ready_ms);
    if (c->edge_table_ms >= 0)
        json_stage(out, ", ", "edge_table", c->edge_table_ms, c->mesh_ready_ms);
    if (c->compact_table_ms >= 0)
        json_stage(out, ", ", "compact_table", c->compact_table_ms, c->mesh_ready_ms);
    if (c->plane_table_ms >= 0)
        json_stage(out, ", ", "plane_table", c->plane_table_ms, c->mesh_ready_ms);
    json_stage(out, ", ", "hierarchy", c->hierarchy_ms, c->mesh_ready_ms);
    fputc('}', out);
    if (c->ranks > 0)
        json_ranks(out, c);
    fputs("},\n", out);
}

/* The stages of a run as it ran, each one's busy time and its share of the run's wall time.
 * OpenCL on one device: the kernel built (or loaded), the rays written, one untimed walk, the
 * timed walks, the results read. With --devices: the timed repetitions, each device's transfers
 * and kernels inside them (the summary gives them per device). CPU: one untimed walk, then the
 * timed ones. */
static void json_run_stages(FILE *out, const walk_run *run)
{
    double timed = 0;
    for (int i = 0; i < run->reps; ++i)
        timed += run->samples_ms[i];
    json_number(out, ", \"wall_ms\": ", run->wall_ms);
    fputs(", \"stages\": {", out);
    if (run->opencl && run->multi_devices > 0) {
        json_stage(out, "", "repetitions", timed, run->wall_ms);
    } else if (run->opencl) {
        json_stage(out, "", "build", run->build_ms, run->wall_ms);
        json_stage(out, ", ", "transfer_in", run->write_ms, run->wall_ms);
        json_stage(out, ", ", "warm_up", run->warm_up_ms, run->wall_ms);
        json_stage(out, ", ", "kernel", timed, run->wall_ms);
        json_stage(out, ", ", "transfer_out", run->read_ms, run->wall_ms);
    } else {
        json_stage(out, "", "warm_up", run->warm_up_ms, run->wall_ms);
        json_stage(out, ", ", "walk", timed, run->wall_ms);
    }
    fputc('}', out);
}

static void json_run(FILE *out, const walk_run *run)
{
    char name[64];
    walk_run_name(run, name, sizeof name);
    double rays_per_s = per_second(run->rays, run->median_ms), steps_per_s = per_second(run->steps, run->median_ms);
    json_string(out, "    {\"algorithm\": ", name);
    json_string(out, ", \"name\": ", run->algorithm->name);
    fprintf(out, ", \"kind\": \"%s\", \"threads\": %d, \"rays\": %zu, \"reps\": %d, \"samples_ms\": [",
            run->opencl ? "opencl" : "cpu", run->threads, run->rays, run->reps);
    for (int i = 0; i < run->reps; ++i)
        json_number(out, i ? ", " : "", run->samples_ms[i]);
    json_number(out, "], \"median_ms\": ", run->median_ms);
    json_number(out, ", \"min_ms\": ", run->min_ms);
    json_number(out, ", \"max_ms\": ", run->max_ms);
    json_number(out, ", \"mrays_per_s\": ", rays_per_s * 1e-6);
    json_number(out, ", \"msteps_per_s\": ", steps_per_s * 1e-6);
    fprintf(out, ", \"steps\": %zu, \"lost\": %zu, \"rays_walked_on_host\": %zu, \"verified_rays\": %zu, \"wrong\": %zu",
            run->steps, run->lost, run->host_rays, run->verified, run->wrong);
    json_number(out, ", \"bytes_per_step\": ", run->bytes_per_step);
    json_number(out, ", \"copy_gbs\": ", run->copy_gbs);
    if (run->opencl) {
        json_number(out, ", \"write_ms\": ", run->write_ms);
        json_number(out, ", \"read_ms\": ", run->read_ms);
        fprintf(out, ", \"local_size\": %zu", run->local_size);
    }
    json_run_stages(out, run);
    fputs("}", out);
}

int walk_json_write(const char *path, const walk_context *context, const walk_run *runs, int count, error_text *err)
{
    atomic_file file;
    if (atomic_open(&file, path, err) != 0)
        return -1;
    FILE *out = file.stream;
    fputs("{\n  \"schema\": \"raytetra-tetwalk/1\",\n", out);
    json_context(out, context);
    fputs("  \"results\": [\n", out);
    for (int i = 0; i < count; ++i) {
        json_run(out, &runs[i]);
        fputs(i + 1 < count ? ",\n" : "\n", out);
    }
    fputs("  ]\n}\n", out);
    return atomic_commit(&file, err);
}

/* ---------------------------------------------------------------- per ray, pairs */

/* A per-ray row is at most 63 bytes: a 20-digit ray, an 11-character step count, a 24-character
 * length, "lost", three commas and the newline; snprintf's NUL is overwritten by the next row. */
enum { PER_RAY_ROW_MAX = 64, PER_RAY_BLOCK = 8192 };

static size_t per_ray_rows(char *at, const walk_result *results, size_t first, size_t end)
{
    char *start = at;
    for (size_t i = first; i < end; ++i)
        at += snprintf(at, PER_RAY_ROW_MAX, "%zu,%d,%.17g,%s\n", i + 1, results[i].steps, results[i].length,
                       results[i].status == RT_WALK_OK ? "ok" : "lost");
    return (size_t)(at - start);
}

/* The rows are formatted by blocks on every core and written in order: formatting 2,073,600 rows
 * took one core of an H200 host 0.59-0.85 s, half of TetWalk's whole job on armadillo's camera
 * (docs/TETWALK.md, "The whole job"). A file of one block is formatted by this thread alone. */
int walk_per_ray_write(const char *path, const walk_result *results, size_t count, error_text *err)
{
    atomic_file file;
    if (atomic_open(&file, path, err) != 0)
        return -1;
    /* Two blocks a thread, no more than the rows fill: 1 MiB a block. */
    size_t filled = count / PER_RAY_BLOCK + 1;
    int blocks = (size_t)(2 * omp_get_max_threads()) < filled ? 2 * omp_get_max_threads() : (int)filled;
    char *buffer = malloc((size_t)blocks * PER_RAY_BLOCK * PER_RAY_ROW_MAX);
    size_t *lengths = malloc((size_t)blocks * sizeof *lengths);
    if (!buffer || !lengths) {
        free(buffer);
        free(lengths);
        atomic_abort(&file);
        return error_set(err, "out of memory for the rows of the per-ray file %s", path);
    }
    fputs("ray,steps,length,status\n", file.stream);
    for (size_t round = 0; round < count; round += (size_t)blocks * PER_RAY_BLOCK) {
#pragma omp parallel for schedule(dynamic, 1) if (count - round > PER_RAY_BLOCK)
        for (int b = 0; b < blocks; ++b) {
            size_t first = round + (size_t)b * PER_RAY_BLOCK;
            size_t end = first + PER_RAY_BLOCK < count ? first + PER_RAY_BLOCK : count;
            lengths[b] = first < end ? per_ray_rows(buffer + (size_t)b * PER_RAY_BLOCK * PER_RAY_ROW_MAX, results,
                                                    first, end)
                                     : 0;
        }
        for (int b = 0; b < blocks; ++b)
            fwrite(buffer + (size_t)b * PER_RAY_BLOCK * PER_RAY_ROW_MAX, 1, lengths[b], file.stream);
    }
    free(buffer);
    free(lengths);
    return atomic_commit(&file, err);
}

long long walk_pairs_export(const char *path, const walk_algorithm *algorithm, const tet_mesh *mesh,
                            const mesh_bvh *bvh, const walk_rays *rays, error_text *err)
{
    pair_set set = {0, NULL};
    size_t capacity = 0;
    int buffer_size = 1024;
    int *tetra = malloc((size_t)buffer_size * sizeof *tetra);
    int failed = !tetra;
    for (size_t i = 0; i < rays->count && !failed; ++i) {
        int visited = walk_cpu_record(algorithm, mesh, bvh, rays->rays[i], walk_ray_start(rays, i), tetra, buffer_size);
        if (visited > buffer_size) { /* again with room for all of them */
            int *larger = realloc(tetra, (size_t)visited * sizeof *tetra);
            if (!larger) {
                failed = 1;
                break;
            }
            tetra = larger;
            buffer_size = visited;
            visited = walk_cpu_record(algorithm, mesh, bvh, rays->rays[i], walk_ray_start(rays, i), tetra, buffer_size);
        }
        if (set.count + (size_t)visited > capacity) {
            size_t wanted = capacity * 2 > set.count + (size_t)visited ? capacity * 2 : set.count + (size_t)visited + 1024;
            ray_tetra_pair *larger = realloc(set.pairs, wanted * sizeof *larger);
            if (!larger) {
                failed = 1;
                break;
            }
            set.pairs = larger;
            capacity = wanted;
        }
        const double *r = rays->rays[i];
        for (int k = 0; k < visited; ++k) {
            ray_tetra_pair *p = &set.pairs[set.count++];
            for (int v = 0; v < 4; ++v)
                p->vert[v] = mesh->vertices[mesh->tetra[tetra[k]][v]];
            p->orig = (vec3){r[0], r[1], r[2]};
            p->far = (vec3){r[3], r[4], r[5]};
        }
    }
    free(tetra);
    if (failed) {
        pair_set_free(&set);
        return error_set(err, "%s: out of memory for the visited pairs", path);
    }
    int written = pairs_write(path, &set, err);
    long long count = (long long)set.count;
    pair_set_free(&set);
    return written != 0 ? -1 : count;
}
