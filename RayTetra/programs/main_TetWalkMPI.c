/* TetWalkMPI: TetWalk's runs walked by the ranks of an MPI job together, across hosts
 * (docs/SCALING.md): every rank reads the mesh and makes the rays; each repetition the ranks
 * take chunks of rays from one counter as they finish their last, on their cores or OpenCL
 * device; rank 0 gathers every ray's result and writes the picture, the per-ray file and the
 * JSON as TetWalk does (the same bytes, but for the JSON's times and context). */
#define _POSIX_C_SOURCE 200809L
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "mpi/mpi_stop.h"
#include "mpi/mpi_walk.h"
#include "mpi/mpi_world.h"
#include "programs/program_options.h"
#include "programs/tetwalk_session.h"

static const char *PROGRAM = "TetWalkMPI";

/* Rays a chunk when --chunk-rays does not say: a few chunks a rank and repetition for a camera
 * picture, small enough that a rank that finishes early takes more. */
#define DEFAULT_CHUNK_RAYS 4096

static int device_per_rank;

static void usage(FILE *out)
{
    fputs("usage: mpirun [-q] -np N TetWalkMPI [--device-per-rank] [TetWalk's options] MESH\n"
          "\n"
          "TetWalk's runs (below) walked by the N ranks of an MPI job together: every rank reads MESH\n"
          "(a path every rank can read) and makes the rays; each repetition the ranks take chunks of\n"
          "--chunk-rays rays (default 4096) from one counter as they finish their last, on their\n"
          "--threads or their OpenCL device; rank 0 gathers the results and writes --image, --per-ray\n"
          "and --json as TetWalk does. A run's times are each repetition over all ranks, from its\n"
          "start to the last rank's end. A rank that fails stops every rank with one line naming it,\n"
          "its host and the cause. docs/SCALING.md.\n"
          "\n"
          "TetWalkMPI's option:\n"
          "  --device-per-rank  OpenCL: each rank uses the device numbered as its place among the ranks\n"
          "                     of its host (0, 1, ...), for one rank per GPU (instead of -n)\n"
          "\n",
          out);
    tetwalk_usage(out);
}

static void usage_error(const char *text)
{
    fprintf(stderr, "%s: error: %s\n", PROGRAM, text);
    exit(2);
}

/* Every rank reads the command line; only rank 0 says what is wrong with it (they all exit). */
static void parse(const mpi_world *world, int argc, char **argv, tetwalk_options *o)
{
    char **rest = calloc((size_t)argc + 1, sizeof *rest);
    if (!rest)
        usage_error("out of memory");
    int kept = 0;
    for (int i = 0; i < argc; ++i)
        if (strcmp(argv[i], "--device-per-rank") == 0)
            device_per_rank = 1;
        else
            rest[kept++] = argv[i];
    mpi_world_hush_others(world);
    tetwalk_parse(PROGRAM, kept, rest, o, usage, device_per_rank ? "--device-per-rank" : NULL);
    if (o->devices)
        usage_error("--devices: a rank walks on one device; run one rank per device (--device-per-rank)");
    if (device_per_rank && o->device_given)
        usage_error("--device-per-rank chooses each rank's device; give it without -n");
    if (!o->chunk_rays)
        o->chunk_rays = DEFAULT_CHUNK_RAYS;
    const program_output outputs[] = {
        {"--image", o->image}, {"--per-ray", o->per_ray}, {"--export-pairs", o->export_pairs}, {"--json", o->json},
        {"--save-mesh", o->save_mesh}};
    const char *const inputs[] = {o->mesh, o->rays};
    program_check_outputs(PROGRAM, outputs, 5, inputs, 2);
    mpi_world_speak();
}

/* A step every rank takes: 0 when all succeeded, else -1 with the fault printed by rank 0. */
static int step(const mpi_world *world, int status, const error_text *err)
{
    mpi_fault fault;
    if (mpi_world_agree(world, status, err, &fault) == 0)
        return 0;
    mpi_fault_print(PROGRAM, world, &fault);
    return -1;
}

/* Rank 0: the hosts of the ranks, each once, comma-separated (the JSON's context). */
static char *hosts_of_ranks(const mpi_world *world)
{
    char *all = world->rank == 0 ? calloc((size_t)world->size, MPI_MAX_PROCESSOR_NAME) : NULL;
    MPI_Gather(world->host, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, all, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, 0, MPI_COMM_WORLD);
    if (!all)
        return NULL;
    char *list = calloc((size_t)world->size, MPI_MAX_PROCESSOR_NAME + 1);
    for (int r = 0; list && r < world->size; ++r) {
        const char *host = all + (size_t)r * MPI_MAX_PROCESSOR_NAME;
        int seen = 0;
        for (int k = 0; k < r && !seen; ++k)
            seen = strcmp(all + (size_t)k * MPI_MAX_PROCESSOR_NAME, host) == 0;
        if (!seen)
            strcat(strcat(list, *list ? "," : ""), host);
    }
    free(all);
    return list;
}

static int run_all(tetwalk_state *s, error_text *err)
{
    const tetwalk_options *o = s->o;
    for (int i = 0; i < o->chosen_count; ++i) {
        if (o->chosen[i].opencl) {
            if (tetwalk_run_one(s, o->chosen[i], 0, err) != 0)
                return -1;
            continue;
        }
        for (int t = 0; t < o->thread_count; ++t)
            if (tetwalk_run_one(s, o->chosen[i], o->threads[t], err) != 0)
                return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    setlocale(LC_ALL, "C");
    mpi_world world;
    mpi_world_start(&argc, &argv, &world);
    tetwalk_options o;
    parse(&world, argc, argv, &o);
    mpi_stop_install(); /* after parse: its check of the outputs installs atomic_file's handlers */
    /* The runs' lines once, from rank 0. */
    if (world.rank != 0 && !freopen("/dev/null", "w", stdout))
        usage_error("cannot silence the standard output of a rank other than 0");
    tetwalk_state s;
    memset(&s, 0, sizeof s);
    s.o = &o;
    error_text err = {0};
    int device = 0;
    int status = step(&world, device_per_rank ? mpi_rank_device(&world, 1, &device, &err) : 0, &err);
    if (device_per_rank)
        o.device = device;
    if (status == 0)
        status = step(&world, tetwalk_load(&s, &err), &err);
    if (status == 0)
        status = step(&world, tetwalk_open_device(&s, &err), &err);
    if (status == 0 && o.bandwidth)
        tetwalk_cpu_bandwidth(&s); /* each rank's own cores; rank 0's figures are printed and kept */
    if (status == 0)
        status = step(&world, world.rank == 0 && o.verify >= 0 ? tetwalk_prepare_reference(&s, &err) : 0, &err);
    mpi_walk walk;
    mpi_walk_open(&walk, &world, (size_t)o.chunk_rays);
    tetwalk_walker walker = {mpi_walk_run, &walk};
    s.walker = &walker;
    char *hosts = hosts_of_ranks(&world);
    s.ranks = world.size;
    s.hosts = hosts;
    s.rank_rays = walk.rank_rays;
    s.rank_busy_ms = walk.rank_busy_ms;
    if (status == 0) {
        char cpu[256];
        bench_cpu_name(cpu, sizeof cpu);
        printf("ranks: %d, chunks of %lld rays; repetitions: %lld timed after 1 warm-up; CPU of rank 0: %s\n",
               world.size, o.chunk_rays, o.reps, cpu);
        if (run_all(&s, &err) != 0) {
            if (world.rank == 0)
                error_print(PROGRAM, &err);
            status = -1;
        }
    }
    if (status == 0) { /* a signal after the last chunk: no outputs */
        int sig = mpi_stop_signal();
        if (sig)
            error_set(&err, "stopped by signal %d", sig);
        status = step(&world, sig ? -1 : 0, &err);
    }
    if (status == 0 && world.rank == 0 && tetwalk_write_outputs(&s, argc, argv, &err) != 0) {
        error_print(PROGRAM, &err);
        status = -1;
    }
    mpi_walk_close(&walk);
    free(hosts);
    tetwalk_release(&s);
    if (status != 0)
        return 1;
    return world.rank == 0 && s.not_watertight ? TETWALK_EXIT_NOT_WATERTIGHT : 0;
}
