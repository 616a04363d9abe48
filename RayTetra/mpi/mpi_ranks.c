/* mpi_ranks.c: the ranks' figures on rank 0 (see mpi_ranks.h). */
#define _POSIX_C_SOURCE 200809L
#include "mpi/mpi_ranks.h"

#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "bench/results_json.h"

#define MPI_JSON_SCHEMA "raytetra-mpi/1"

static const char *const STAGE_NAMES[PIPELINE_STAGE_COUNT] = {"read", "check", "transfer_in", "kernel",
                                                               "transfer_out", "format", "write"};

int mpi_ranks_gather(const mpi_world *world, const mpi_rank_stats *mine, mpi_run *run, error_text *err)
{
    run->ranks = NULL;
    int failed = 0;
    if (world->rank == 0) {
        run->ranks = calloc((size_t)world->size, sizeof *run->ranks);
        failed = run->ranks == NULL;
    }
    /* Rank 0 says first whether it has room, so that every rank gathers, or none does. */
    MPI_Bcast(&failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (failed)
        return error_set_kind(err, ERROR_MEMORY, "out of memory for the ranks' figures");
    MPI_Gather(mine, (int)sizeof *mine, MPI_BYTE, run->ranks, (int)sizeof *mine, MPI_BYTE, 0, MPI_COMM_WORLD);
    return 0;
}

static double rate(double pairs, double ms) { return ms > 0 ? pairs / ms / 1e3 : 0.0; }

/* Hosts that run at least one rank, each named once, and how many. */
static int host_count(const mpi_world *world, const mpi_run *run)
{
    int hosts = 0;
    for (int r = 0; r < world->size; ++r) {
        int seen = 0;
        for (int k = 0; k < r && !seen; ++k)
            seen = strcmp(run->ranks[k].host, run->ranks[r].host) == 0;
        hosts += !seen;
    }
    return hosts;
}

void mpi_ranks_print(FILE *out, const mpi_world *world, const mpi_run *run)
{
    for (int r = 0; r < world->size; ++r) {
        const mpi_rank_stats *s = &run->ranks[r];
        fprintf(out, "rank %d on %s: pairs %llu to %llu (%llu), %llu chunk%s, wall %.3f ms, algorithm %.3f ms", r,
                s->host, s->first, s->first + s->pairs, s->pairs, s->chunks, s->chunks == 1 ? "" : "s", s->wall_ms,
                s->algorithm_ms);
        for (int k = 0; k < PIPELINE_STAGE_COUNT; ++k)
            fprintf(out, "%s %s %.3f", k ? "," : "; busy ms:", STAGE_NAMES[k], s->busy_ms[k]);
        fputc('\n', out);
        /* The rank's device lines, indented under it. */
        for (const char *line = s->report; *line;) {
            const char *end = strchr(line, '\n');
            int length = end ? (int)(end - line) : (int)strlen(line);
            fprintf(out, "  %.*s\n", length, line);
            line += length + (end != NULL);
        }
    }
    double tests = (double)run->pairs * run->reps;
    fprintf(out, "%d rank%s on %d host%s: %llu pairs, file to file %.3f ms (%.3f Mpairs/s), slowest rank's algorithm "
                 "%.3f ms (%.3f Mtests/s)\n",
            world->size, world->size == 1 ? "" : "s", host_count(world, run), host_count(world, run) == 1 ? "" : "s",
            run->pairs, run->wall_ms, rate((double)run->pairs, run->wall_ms), run->algorithm_ms,
            rate(tests, run->algorithm_ms));
}

static void add(json_object *object, const char *key, json_object *value) { json_object_object_add(object, key, value); }

static json_object *rank_json(int r, const mpi_rank_stats *s)
{
    json_object *rank = json_object_new_object(), *busy = json_object_new_object();
    add(rank, "rank", json_object_new_int(r));
    add(rank, "host", json_object_new_string(s->host));
    add(rank, "first_pair", json_object_new_uint64(s->first));
    add(rank, "pairs", json_object_new_uint64(s->pairs));
    add(rank, "chunks", json_object_new_uint64(s->chunks));
    add(rank, "wall_ms", results_json_ms(s->wall_ms));
    add(rank, "algorithm_ms", results_json_ms(s->algorithm_ms));
    for (int k = 0; k < PIPELINE_STAGE_COUNT; ++k)
        add(busy, STAGE_NAMES[k], results_json_ms(s->busy_ms[k]));
    add(rank, "busy_ms", busy);
    add(rank, "devices", results_json_string(s->report));
    return rank;
}

static json_object *hosts_json(const mpi_world *world, const mpi_run *run)
{
    json_object *hosts = results_json_compact_array();
    for (int r = 0; r < world->size; ++r) {
        int seen = 0;
        for (int k = 0; k < r && !seen; ++k)
            seen = strcmp(run->ranks[k].host, run->ranks[r].host) == 0;
        if (!seen)
            json_object_array_add(hosts, json_object_new_string(run->ranks[r].host));
    }
    return hosts;
}

int mpi_ranks_json(const char *path, const mpi_world *world, const mpi_run *run, const char *input, int argc,
                   char **argv, error_text *err)
{
    char date[32], cpu[256];
    results_json_date(date, sizeof date);
    bench_cpu_name(cpu, sizeof cpu);
    char *command = results_json_command(argc, argv);
    json_object *document = results_json_document(MPI_JSON_SCHEMA, command ? command : "", date, input, cpu, err);
    free(command);
    if (!document)
        return -1;
    add(results_json_context(document), "hosts", hosts_json(world, run));
    json_object *total = json_object_new_object();
    double tests = (double)run->pairs * run->reps;
    add(total, "algorithm", json_object_new_string(run->algorithm));
    add(total, "ranks", json_object_new_int(world->size));
    add(total, "hosts", json_object_new_int(host_count(world, run)));
    add(total, "pairs", json_object_new_uint64(run->pairs));
    add(total, "reps", json_object_new_int(run->reps));
    add(total, "wall_ms", results_json_ms(run->wall_ms));
    add(total, "mpairs_per_s", results_json_number(rate((double)run->pairs, run->wall_ms)));
    add(total, "algorithm_ms", results_json_ms(run->algorithm_ms));
    add(total, "mtests_per_s", results_json_number(rate(tests, run->algorithm_ms)));
    add(document, "total", total);
    json_object *ranks = results_json_results(document);
    for (int r = 0; r < world->size; ++r)
        json_object_array_add(ranks, rank_json(r, &run->ranks[r]));
    int status = results_json_write(path, document, err);
    json_object_put(document);
    return status;
}
