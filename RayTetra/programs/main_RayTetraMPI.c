/* RayTetraMPI: RayTetra's run spread over the ranks of an MPI job, across hosts (docs/SCALING.md):
 * each rank reads its own range of a binary INPUT's pairs, runs them through RayTetra's pipeline
 * on its host's cores or devices, and writes its results at their place in one OUTPUT with
 * MPI-IO; OUTPUT is replaced only when every rank succeeded, and is then the file RayTetra writes
 * (byte for byte, but for a text OUTPUT's timing line). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "binary_io.h"
#include "mpi/mpi_output.h"
#include "mpi/mpi_ranks.h"
#include "mpi/mpi_split.h"
#include "mpi/mpi_stop.h"
#include "mpi/mpi_world.h"
#include "opencl/gpu_algorithm.h"
#include "opencl/gpu_handler.h"
#include "pipeline/pair_source.h"
#include "pipeline/pipeline.h"
#include "programs/program_options.h"
#include "programs/raytetra_options.h"
#include "registry/registry_print.h"
#include "timer.h"

static const char *PROGRAM = "RayTetraMPI";

/* RayTetraMPI's own options, taken out of the command line before RayTetra's parser reads it. */
typedef struct mpi_options {
    const char *json;
    int device_per_rank;
} mpi_options;

static void usage(FILE *out)
{
    fputs("usage: mpirun [-q] -np N RayTetraMPI [--json FILE] [--device-per-rank] [RayTetra's options] INPUT OUTPUT "
          "REPS\n"
          "\n"
          "RayTetra's run (below) spread over the N ranks of an MPI job: rank r of N takes its share of\n"
          "the pairs of INPUT, a binary .rtb file every rank can read, runs it on its host's cores or\n"
          "OpenCL devices, and writes its results at their place in OUTPUT, a file in a folder every\n"
          "rank can write (MPI-IO). OUTPUT is replaced only when every rank succeeded; it then holds\n"
          "what RayTetra writes. A rank that fails (a bad pair, a device error, SIGTERM) stops every\n"
          "rank with one line naming it, its host and the cause, and OUTPUT is left as it was.\n"
          "docs/SCALING.md.\n"
          "\n"
          "RayTetraMPI's options:\n"
          "  --json FILE        the run as JSON: each rank's pairs, host, devices, times and stages, and\n"
          "                     the totals (docs/JSON.md)\n"
          "  --device-per-rank  OpenCL: each rank uses the device numbered as its place among the ranks\n"
          "                     of its host (0, 1, ...), for one rank per GPU (instead of -n or --devices)\n"
          "\n",
          out);
    raytetra_usage(out);
}

/* argv without RayTetraMPI's own options, which go to *m. */
static int take_own_options(int argc, char **argv, mpi_options *m, char **rest)
{
    int kept = 0;
    memset(m, 0, sizeof *m);
    for (int i = 0; i < argc; ++i) {
        if (strcmp(argv[i], "--device-per-rank") == 0)
            m->device_per_rank = 1;
        else if (strcmp(argv[i], "--json") == 0 && i + 1 < argc)
            m->json = argv[++i];
        else if (strncmp(argv[i], "--json=", 7) == 0)
            m->json = argv[i] + 7;
        else
            rest[kept++] = argv[i];
    }
    rest[kept] = NULL;
    return kept;
}

static void usage_error(const char *text)
{
    fprintf(stderr, "%s: error: %s\n", PROGRAM, text);
    exit(2);
}

/* What RayTetra takes but a run spread over ranks cannot do. */
static void check_options(const raytetra_options *o, const mpi_options *m)
{
    if (o->display >= 0)
        usage_error("-d shows one pair in a window, which one process does: use RayTetra -d");
    if (strcmp(o->input, "-") == 0)
        usage_error("INPUT '-': the ranks read their own ranges of INPUT, which must be a binary .rtb file");
    if (m->device_per_rank && !o->gpu)
        usage_error("--device-per-rank: only OpenCL algorithms (-g) run on devices; choose one with -g");
    if (m->device_per_rank && (o->device_given || o->devices))
        usage_error("--device-per-rank chooses each rank's device; give it without -n or --devices");
}

/* Every rank reads the command line; only rank 0 says what is wrong with it (they all exit). */
static void parse(const mpi_world *world, int argc, char **argv, raytetra_options *o, mpi_options *m)
{
    char **rest = calloc((size_t)argc + 1, sizeof *rest);
    if (!rest)
        usage_error("out of memory");
    mpi_world_hush_others(world);
    int kept = take_own_options(argc, argv, m, rest);
    raytetra_parse(PROGRAM, kept, rest, o, usage);
    if (o->list_algorithms || o->list_devices) {
        error_text err;
        if (world->rank == 0 && o->list_algorithms)
            registry_print_list(stdout);
        if (world->rank == 0 && o->list_devices && gpu_list_devices(stdout, &err) < 0) {
            error_print(PROGRAM, &err);
            exit(1);
        }
        exit(0);
    }
    check_options(o, m);
    if (raytetra_check_extent(PROGRAM, o) != 0)
        exit(2);
    const program_output outputs[] = {{"OUTPUT", o->output}, {"--json", m->json}};
    program_check_outputs(PROGRAM, outputs, 2, &o->input, 1);
    mpi_world_speak();
    /* rest's strings are argv's, which outlive the run */
}

/* Rank 0 reads INPUT's header; every rank learns the number of pairs. */
static int count_pairs(const mpi_world *world, const char *input, size_t *total, mpi_fault *fault)
{
    error_text err = {0};
    int status = 0;
    unsigned long long count = 0;
    if (world->rank == 0) {
        pair_source source;
        status = pair_source_open_range(&source, input, 0, 0, &err);
        count = source.count;
        pair_source_close(&source);
    }
    if (mpi_world_agree(world, status, &err, fault) != 0)
        return -1;
    MPI_Bcast(&count, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
    *total = (size_t)count;
    return 0;
}

static void fill_rank_stats(const mpi_world *world, const pipeline_stats *stats, size_t first, size_t count,
                            const char *report, mpi_rank_stats *mine)
{
    memset(mine, 0, sizeof *mine);
    memcpy(mine->host, world->host, sizeof mine->host);
    mine->first = first;
    mine->pairs = count;
    mine->chunks = stats->chunks;
    mine->wall_ms = stats->wall_ms;
    mine->algorithm_ms = stats->algorithm_ms;
    memcpy(mine->busy_ms, stats->busy_ms, sizeof mine->busy_ms);
    snprintf(mine->report, sizeof mine->report, "%s", report ? report : "");
}

/* The rank's share through RayTetra's pipeline into the shared OUTPUT; its device lines go to
 * *report. 0, or -1 with err set. */
static int run_share(pipeline_job *job, mpi_output *out, pipeline_stats *stats, char **report, error_text *err)
{
    size_t report_size = 0;
    FILE *lines = open_memstream(report, &report_size);
    job->report = lines ? lines : stdout;
    job->sink = &out->sink;
    int status = pipeline_run(job, stats, err);
    if (lines)
        fclose(lines);
    return status;
}

int main(int argc, char **argv)
{
    mpi_world world;
    mpi_world_start(&argc, &argv, &world);
    raytetra_options o;
    mpi_options m;
    parse(&world, argc, argv, &o, &m);
    mpi_stop_install(); /* after parse: its check of OUTPUT installs atomic_file's handlers */
    mpi_fault fault;
    size_t total, first, count;
    if (count_pairs(&world, o.input, &total, &fault) != 0) {
        mpi_fault_print(PROGRAM, &world, &fault);
        return error_exit_status(fault.err.kind);
    }
    mpi_split_range(total, world.size, world.rank, &first, &count);
    pipeline_job job;
    raytetra_job(&o, PROGRAM, &job);
    job.ranged = 1;
    job.range_first = first;
    job.range_count = count;
    if (m.device_per_rank) {
        error_text err = {0};
        int status = mpi_rank_device(&world, !gpu_single_data(job.gpu, &job.config), &job.device, &err);
        if (mpi_world_agree(&world, status, &err, &fault) != 0) {
            mpi_fault_print(PROGRAM, &world, &fault);
            return error_exit_status(fault.err.kind);
        }
    }
    mpi_output out;
    if (mpi_output_open(&out, &world, o.output, binary_path(o.output), first, total, &fault) != 0) {
        mpi_fault_print(PROGRAM, &world, &fault);
        return error_exit_status(fault.err.kind);
    }
    mpi_stop_install(); /* again: rank 0's temporary file installed atomic_file's handlers */
    MPI_Barrier(MPI_COMM_WORLD);
    double start_ms = timer_now_ms();
    pipeline_stats stats = {0};
    error_text err = {0};
    char *report = NULL;
    int status = run_share(&job, &out, &stats, &report, &err);
    if (status != 0)
        mpi_world_tell_failure(&world); /* before the collectives below, which would wait for the others' shares */
    mpi_run run = {.algorithm = o.gpu ? o.gpu->csv_name : o.cpu->name, .reps = (int)o.reps, .pairs = total};
    MPI_Allreduce(&stats.algorithm_ms, &run.algorithm_ms, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    char trailer[256];
    pipeline_timing_line(&job, total, run.algorithm_ms, trailer, sizeof trailer);
    if (mpi_output_finish(&out, status, &err, job.write_timing ? trailer : NULL, &fault) != 0) {
        free(report);
        mpi_fault_print(PROGRAM, &world, &fault);
        return error_exit_status(fault.err.kind);
    }
    run.wall_ms = timer_now_ms() - start_ms;
    mpi_rank_stats mine;
    fill_rank_stats(&world, &stats, first, count, report, &mine);
    free(report);
    status = mpi_ranks_gather(&world, &mine, &run, &err);
    if (status == 0 && world.rank == 0) {
        fputs(trailer + 2, stdout);
        mpi_ranks_print(stdout, &world, &run);
        if (m.json)
            status = mpi_ranks_json(m.json, &world, &run, o.input, argc, argv, &err);
    }
    free(run.ranks);
    if (status != 0) {
        error_print(PROGRAM, &err);
        return 1;
    }
    return 0;
}
