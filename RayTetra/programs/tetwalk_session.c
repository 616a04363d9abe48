/* tetwalk_session.c: TetWalk's command line and its steps (loading the mesh and the rays, the
 * device, the runs, the outputs), which TetWalk and TetWalkMPI share (docs/TETWALK.md). */
#include "programs/tetwalk_session.h"

#include <getopt.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include "atomic_file.h"
#include "bench/bench.h"
#include "cli.h"
#include "cpu/cpu_copy.h"
#include "cpu/cpu_parallel.h"
#include "mesh/mesh_binary.h"
#include "mesh/mesh_renumber.h"
#include "walk/walk.h"
#include "walk/walk_image.h"
#include "walk/walk_locate.h"
#include "walk/walk_opencl.h"
#include "walk/walk_multi.h"
#include "multi/device_list.h"
#include "pair_check.h"
#include "walk/walk_report.h"
#include "programs/program_options.h"
#include "timer.h"

typedef tetwalk_options options;
typedef tetwalk_state state;
typedef tetwalk_selection selection;

/* The program whose parse runs, for the messages (TetWalk or TetWalkMPI). */
static const char *PROGRAM = "TetWalk";









void tetwalk_usage(FILE *out)
{
    fprintf(out,
            "usage: TetWalk [options] MESH\n"
            "\n"
            "Walks rays through the tetrahedral mesh MESH (Medit .mesh, or TetGen .node/.ele with .neigh\n"
            "used when present) from tetrahedron to tetrahedron through shared faces, from every boundary\n"
            "face a ray enters to the one it leaves through (again for non-convex meshes), and reports\n"
            "rays/s, steps/s (tetrahedra crossed) and the rays each algorithm loses. docs/TETWALK.md.\n"
            "\n"
            "rays (default: the camera's, one per pixel of --size):\n"
            "  --rays FILE        N, then N lines 'Px Py Pz Qx Qy Qz': the ray from P through Q, t >= 0\n"
            "                     (a P inside the mesh: walked from P)\n"
            "  --size WxH         the camera's image size (default 640x480)\n"
            "  --view AZ,EL       the camera's azimuth and elevation in degrees, -360 to 360 (default 30,20)\n"
            "  --up x|y|z         the axis that points up in the picture (default z)\n"
            "  --aim vertices|edges|faces  rays from outside the mesh's box aimed at random vertices, at\n"
            "                     random points of edges, or through faces within their planes: where the\n"
            "                     fast forms lose rays\n"
            "  --from X,Y,Z       rays from this point inside the mesh (on a face, edge or vertex too) in\n"
            "                     isotropic directions\n"
            "  --from-vertex N    rays from vertex N (numbered as the mesh file numbers its vertices) in\n"
            "                     isotropic directions\n"
            "  --aim-rays N       how many aimed rays or rays from a point (default 10000)\n"
            "  --seed N           of the aimed rays and the directions from a point (default 1)\n"
            "algorithms:\n"
            "  --algorithm LIST   comma-separated, repeatable (default stp0r, gpu_stp0r with -n or\n"
            "                     --devices); 'all': every CPU one.\n"
            "                     NAME or CSV_NAME in any case for the CPU, gpu_NAME or GPU_CSV_NAME for\n"
            "                     OpenCL:\n");
    walk_algorithms_print(out);
    fprintf(out,
            "  --threads LIST     CPU thread counts, comma-separated ('all': every core; default 1)\n"
            "  -n, --device N     OpenCL device of the GPU_ algorithms (default 0; see RayTetra --list-devices)\n"
            "  --devices LIST|all the GPU_ algorithms on these devices at once (-n numbers, comma-separated;\n"
            "                     all = every GPU, PoCL's CPU device only when there is none): the rays\n"
            "                     handed out in chunks as each device finishes its last, one host thread\n"
            "                     each; results as on one device\n"
            "  --chunk-rays N     rays a chunk holds under --devices (default: a device's share, at\n"
            "                     least 65536; bands of neighbouring rays dealt round the chunks)\n"
            "  --local-size N     OpenCL work-group size (default 64, or what the kernel allows)\n"
            "  --reps N           timed runs after one untimed warm-up (default 3, at most %d)\n"
            "  --verify N         compare N rays, evenly spread (0: all), with the exact traversal: a ray\n"
            "                     differs when its status, its steps or its length (beyond 1e-9 of the\n"
            "                     mesh's diagonal) do\n"
            "  --bandwidth        measure the copy bandwidth (CPU per thread count, OpenCL device) that\n"
            "                     the bytes a step reads are compared with\n"
            "output (of the first algorithm; the summary and JSON cover every run):\n"
            "  --image FILE.png   the picture: each pixel's length in the mesh on a colour scale\n"
            "  --show length|tetrahedra  what the picture shows (default length)\n"
            "  --per-ray FILE     CSV ray,steps,length,status (status ok or lost)\n"
            "  --export-pairs FILE  the visited (ray, tetrahedron) pairs as a RayTetra input file\n"
            "  --json FILE        the runs and their context ({\"schema\": \"raytetra-tetwalk/1\", ...})\n"
            "  --save-mesh FILE   the checked mesh as a binary mesh file (.rtm, docs/FILES.md), which MESH\n"
            "                     may name in later runs: read without parsing or building its neighbours\n"
            "mesh:\n"
            "  --renumber-tetrahedra  number the tetrahedra in the Morton order of their centroids before\n"
            "                     walking: neighbours near in memory, the CPU's walks faster, every result\n"
            "                     the same; the tetrahedron --from names and those --save-mesh writes\n"
            "                     are then in the new order (the vertices keep their numbers)\n"
            "  --list-algorithms  the algorithms, one a line: NAME CSV_NAME GPU_NAME|- DESCRIPTION\n"
            "  --version          the version, commit, compiler and flags, and exit\n"
            "  -h, --help         this text\n"
            "\n"
            "Exit status: 0 done; 3 done, but a watertight algorithm (stp0r, exact) lost a ray or differs\n"
            "from the exact traversal; 1 or 2 an error (no file written).\n",
            WALK_MAX_REPS);
}

static void choose(options *o, const walk_algorithm *algorithm, int opencl)
{
    for (int i = 0; i < o->chosen_count; ++i)
        if (o->chosen[i].algorithm == algorithm && o->chosen[i].opencl == opencl)
            return;
    if (o->chosen_count == MAX_RUNS)
        cli_usage_error_at(PROGRAM, "too many algorithms", NULL);
    o->chosen[o->chosen_count++] = (selection){algorithm, opencl};
}

/* Is one of the chosen algorithms an OpenCL one? */
static int chose_opencl(const options *o)
{
    for (int i = 0; i < o->chosen_count; ++i)
        if (o->chosen[i].opencl)
            return 1;
    return 0;
}

static void parse_algorithms(options *o, const char *list)
{
    char copy[1024];
    snprintf(copy, sizeof copy, "%s", list);
    for (char *save = NULL, *word = strtok_r(copy, ",", &save); word; word = strtok_r(NULL, ",", &save)) {
        if (strcasecmp(word, "all") == 0) {
            int count;
            const walk_algorithm *all = walk_algorithms(&count);
            for (int i = 0; i < count; ++i)
                choose(o, &all[i], 0);
            continue;
        }
        int opencl;
        const walk_algorithm *algorithm = walk_algorithm_find(word, &opencl);
        if (!algorithm)
            cli_usage_error_at(PROGRAM, "unknown walk algorithm (see --list-algorithms)", word);
        choose(o, algorithm, opencl);
    }
}

static void parse_threads(options *o, const char *list)
{
    char copy[256];
    snprintf(copy, sizeof copy, "%s", list);
    o->thread_count = 0;
    for (char *save = NULL, *word = strtok_r(copy, ",", &save); word; word = strtok_r(NULL, ",", &save)) {
        if (o->thread_count == MAX_THREAD_COUNTS)
            cli_usage_error_at(PROGRAM, "too many thread counts", list);
        o->threads[o->thread_count++] =
            strcmp(word, "all") == 0 ? cpu_thread_count() : (int)cli_number(PROGRAM, word, 1, 4096, "a --threads count");
    }
    if (o->thread_count == 0)
        cli_usage_error_at(PROGRAM, "--threads needs a count", list);
}

static void parse_pair(const char *arg, char separator, double *a, double *b, const char *what)
{
    char *end;
    *a = strtod(arg, &end);
    if (end == arg || *end != separator)
        cli_usage_error_at(PROGRAM, what, arg);
    const char *second = end + 1;
    *b = strtod(second, &end);
    if (end == second || *end != '\0' || !isfinite(*a) || !isfinite(*b))
        cli_usage_error_at(PROGRAM, what, arg);
}

/* --from X,Y,Z: three finite numbers, comma-separated. */
static void parse_point(const char *arg, double point[3])
{
    const char *at = arg;
    for (int k = 0; k < 3; ++k) {
        char *end;
        point[k] = strtod(at, &end);
        if (end == at || *end != (k < 2 ? ',' : '\0') || !isfinite(point[k]))
            cli_usage_error_at(PROGRAM, "--from must be X,Y,Z: three numbers, comma-separated", arg);
        if (!coordinate_in_range(point[k])) {
            char why[256];
            static const char *const NAMES[3] = {"--from's x", "--from's y", "--from's z"};
            char word[64];
            snprintf(word, sizeof word, "%.*s", (int)(end - at), at);
            coordinate_range_why_text(NAMES[k], word, why, sizeof why);
            cli_usage_error_at(PROGRAM, why, arg);
        }
        at = end + 1;
    }
}

void tetwalk_parse(const char *program, int argc, char **argv, options *o, void (*usage)(FILE *out),
                   const char *device_elsewhere)
{
    PROGRAM = program;
    enum { RAYS = 256, SIZE, VIEW, UP, AIM, AIM_RAYS, SEED, ALGORITHM, THREADS, LOCAL_SIZE, REPS, VERIFY, BANDWIDTH, IMAGE, SHOW,
           PER_RAY, EXPORT, JSON, LIST, FROM, FROM_VERTEX, SAVE_MESH, CHUNK_RAYS, RENUMBER };
    static const struct option LONG[] = {
        {"rays", required_argument, 0, RAYS},         {"size", required_argument, 0, SIZE},
        {"view", required_argument, 0, VIEW},         {"up", required_argument, 0, UP},
        {"aim", required_argument, 0, AIM},           {"aim-rays", required_argument, 0, AIM_RAYS},
        {"seed", required_argument, 0, SEED},         {"algorithm", required_argument, 0, ALGORITHM},
        {"threads", required_argument, 0, THREADS},   PROGRAM_DEVICE_OPTIONS,
        {"local-size", required_argument, 0, LOCAL_SIZE}, {"reps", required_argument, 0, REPS},
        {"verify", required_argument, 0, VERIFY},     {"bandwidth", no_argument, 0, BANDWIDTH},
        {"image", required_argument, 0, IMAGE},       {"show", required_argument, 0, SHOW},
        {"per-ray", required_argument, 0, PER_RAY},   {"export-pairs", required_argument, 0, EXPORT},
        {"json", required_argument, 0, JSON},         {"list-algorithms", no_argument, 0, LIST},
        {"from", required_argument, 0, FROM},
        {"from-vertex", required_argument, 0, FROM_VERTEX},
        {"save-mesh", required_argument, 0, SAVE_MESH}, {"chunk-rays", required_argument, 0, CHUNK_RAYS},
        {"renumber-tetrahedra", no_argument, 0, RENUMBER},
        PROGRAM_VERSION_HELP_OPTIONS,                 {0, 0, 0, 0},
    };
    memset(o, 0, sizeof *o);
    o->width = 640;
    o->height = 480;
    o->azimuth = 30;
    o->elevation = 20;
    o->up = 'z';
    o->aim_rays = 10000;
    o->seed = 1;
    o->from_vertex = -1;
    o->threads[0] = 1;
    o->thread_count = 1;
    o->reps = 3;
    o->verify = -1;
    int c;
    while ((c = program_next_option(argc, argv, "n:h", LONG)) != -1) {
        switch (c) {
        case RAYS: o->rays = optarg; break;
        case SIZE: {
            double w, h;
            parse_pair(optarg, 'x', &w, &h, "--size must be WIDTHxHEIGHT, e.g. 640x480");
            if (w != floor(w) || h != floor(h) || w < 16 || h < 16 || w > 16384 || h > 16384)
                cli_usage_error_at(PROGRAM, "--size must be whole numbers from 16 to 16384", optarg);
            o->width = (int)w;
            o->height = (int)h;
            break;
        }
        case VIEW:
            parse_pair(optarg, ',', &o->azimuth, &o->elevation, "--view must be AZIMUTH,ELEVATION in degrees");
            /* Beyond a turn an angle says nothing more, and far beyond it the conversion to
             * radians overflows into camera rays of NaN. */
            if (fabs(o->azimuth) > 360 || fabs(o->elevation) > 360)
                cli_usage_error_at(PROGRAM, "--view's angles must be degrees from -360 to 360", optarg);
            break;
        case UP:
            if (strlen(optarg) != 1 || !strchr("xyz", optarg[0]))
                cli_usage_error_at(PROGRAM, "--up must be x, y or z", optarg);
            o->up = optarg[0];
            break;
        case AIM:
            if (walk_aim_parse(optarg, &o->aim) != 0)
                cli_usage_error_at(PROGRAM, "--aim must be vertices, edges or faces", optarg);
            o->aimed = 1;
            break;
        case AIM_RAYS: o->aim_rays = cli_number(PROGRAM, optarg, 1, 1LL << 31, "--aim-rays"); break;
        case SEED: o->seed = program_seed(PROGRAM, "--seed", optarg); break;
        case ALGORITHM: parse_algorithms(o, optarg); break;
        case THREADS: parse_threads(o, optarg); break;
        case 'n':
        case PROGRAM_OPT_DEVICES:
            program_device_option(PROGRAM, c, optarg, &o->device, &o->device_given, &o->devices);
            break;
        case LOCAL_SIZE: o->local_size = program_local_size(PROGRAM, optarg); break;
        case CHUNK_RAYS: o->chunk_rays = cli_number(PROGRAM, optarg, 1, 1LL << 31, "--chunk-rays"); break;
        case REPS: o->reps = cli_number(PROGRAM, optarg, 1, WALK_MAX_REPS, "--reps"); break;
        case VERIFY: o->verify = cli_number(PROGRAM, optarg, 0, 1LL << 40, "--verify"); break;
        case BANDWIDTH: o->bandwidth = 1; break;
        case IMAGE: o->image = optarg; break;
        case SHOW:
            if (walk_show_parse(optarg, &o->show) != 0)
                cli_usage_error_at(PROGRAM, "--show must be length or tetrahedra", optarg);
            break;
        case PER_RAY: o->per_ray = optarg; break;
        case FROM:
            parse_point(optarg, o->from_point);
            o->from = optarg;
            break;
        case FROM_VERTEX: o->from_vertex = cli_number(PROGRAM, optarg, 0, 1LL << 40, "--from-vertex"); break;
        case EXPORT: o->export_pairs = optarg; break;
        case JSON: o->json = optarg; break;
        case SAVE_MESH: o->save_mesh = optarg; break;
        case RENUMBER: o->renumber = 1; break;
        case LIST: walk_algorithms_print(stdout); exit(0);
        default:
            program_default_option(PROGRAM, c, argv[optind - 1], usage); /* exits */
        }
    }
    if (optind != argc - 1)
        program_wrong_arguments(PROGRAM, "one MESH", argc - optind);
    o->mesh = argv[optind];
    /* A device named and no algorithm: the robust walk on that device, not on the CPU, which
     * would leave the device unused without a word. */
    if (o->chosen_count == 0)
        parse_algorithms(o, o->device_given || o->devices || device_elsewhere ? "gpu_stp0r" : "stp0r");
    if (o->devices && o->device_given)
        program_not_both(PROGRAM, "-n (one device)", "--devices (several)", o->devices);
    const char *devices_option = o->devices ? "--devices" : device_elsewhere;
    if (devices_option && !chose_opencl(o)) {
        char why[160];
        snprintf(why, sizeof why, "%s runs GPU_ algorithms only, and --algorithm chose none: add gpu_NAME",
                 devices_option);
        cli_usage_error_at(PROGRAM, why, NULL);
    }
    if ((o->rays != NULL) + o->aimed + (o->from != NULL) + (o->from_vertex >= 0) > 1)
        cli_usage_error_at(PROGRAM, "--rays, --aim, --from and --from-vertex each choose the rays: give one", NULL);
    if (o->image && (o->rays || o->aimed || o->from || o->from_vertex >= 0))
        cli_usage_error_at(PROGRAM, "--image pictures the camera's rays: leave out --rays, --aim, --from and "
                                    "--from-vertex", NULL);
}

/* ---------------------------------------------------------------- runs */



/* Nominal bytes of mesh data a step reads (docs/TETWALK.md): the tetrahedron's record (vertex
 * indices and neighbour links, 32) and the one vertex its enter face does not hold (24); the
 * precomputed forms also its 6 edge references (24) and the 6 edges' Plücker coordinates (288);
 * aman its compact record (20) and the vertex (24); the Badouel walk the record and its four
 * planes (128), no vertex. */
static double bytes_per_step(const walk_algorithm *algorithm)
{
    if (algorithm->method == RT_WALK_AMAN)
        return RT_AMAN_INTS * sizeof(int) + 3 * sizeof(double);
    double record = RT_CELL_INTS * sizeof(int), step = record + 3 * sizeof(double);
    if (algorithm->method == RT_WALK_BADOUELB)
        return record + RT_TABLE_BADOUELB * sizeof(double);
    return algorithm->method == RT_WALK_PRECOMPUTED ? step + 6 * sizeof(int) + 6 * 6 * sizeof(double) : step;
}

static void tally(state *s, walk_run *run, const walk_result *results)
{
    run->steps = run->lost = 0;
    for (size_t i = 0; i < s->rays.count; ++i) {
        run->steps += (size_t)results[i].steps;
        run->lost += results[i].status != RT_WALK_OK;
    }
    if (s->verified_count == 0)
        return;
    /* A ray differs when its status or its steps differ, or its length by more than 1e-9 of the
     * mesh's diagonal. */
    vec3 d = {s->mesh.high.x - s->mesh.low.x, s->mesh.high.y - s->mesh.low.y, s->mesh.high.z - s->mesh.low.z};
    double tolerance = 1e-9 * sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
    run->verified = s->verified_count;
    run->wrong = 0;
    for (size_t k = 0; k < s->verified_count; ++k) {
        const walk_result *r = &results[s->verified_rays[k]], *e = &s->reference[k];
        run->wrong += r->status != e->status || r->steps != e->steps || !(fabs(r->length - e->length) <= tolerance);
    }
}

static void run_cpu(state *s, selection chosen, int threads, walk_run *run)
{
    memset(run, 0, sizeof *run);
    run->algorithm = chosen.algorithm;
    run->threads = threads;
    run->reps = (int)s->o->reps;
    run->rays = s->rays.count;
    run->warm_up_ms = walk_cpu_run(chosen.algorithm, &s->mesh, &s->bvh, &s->rays, s->results, threads);
    for (int r = 0; r < run->reps; ++r)
        run->samples_ms[r] = walk_cpu_run(chosen.algorithm, &s->mesh, &s->bvh, &s->rays, s->results, threads);
}

/* The copy bandwidth a run's figures are compared with (--bandwidth; 0: not measured). */
static double copy_bandwidth(const state *s, selection chosen, int threads)
{
    if (chosen.opencl)
        return s->gpu_copy_gbs;
    for (int t = 0; t < s->o->thread_count; ++t)
        if (s->o->threads[t] == threads)
            return s->cpu_copy_gbs[t];
    return 0;
}

int tetwalk_run_one(state *s, selection chosen, int threads, error_text *err)
{
    walk_run *run = &s->runs[s->run_count];
    double start = timer_now_ms();
    if (s->walker) {
        memset(run, 0, sizeof *run);
        if (s->walker->run(s->walker->context, s, chosen, threads, run, err) != 0)
            return -1;
    } else if (chosen.opencl) {
        memset(run, 0, sizeof *run);
        if (s->multi ? walk_multi_run(s->multi, chosen.algorithm, &s->rays, s->results, (int)s->o->reps,
                                      (size_t)s->o->local_size, (size_t)s->o->chunk_rays, run, stdout, err) != 0
                     : walk_opencl_run(s->gpu, chosen.algorithm, &s->rays, s->results, (int)s->o->reps,
                                       (size_t)s->o->local_size, run, err) != 0)
            return -1;
        run->multi_devices = s->multi ? (int)walk_multi_count(s->multi) : 0;
    } else {
        run_cpu(s, chosen, threads, run);
    }
    run->copy_gbs = copy_bandwidth(s, chosen, threads);
    run->wall_ms = timer_now_ms() - start;
    walk_run_statistics(run);
    run->bytes_per_step = chosen.algorithm->method == WALK_EXACT ? 0 : bytes_per_step(chosen.algorithm);
    tally(s, run, s->results);
    walk_run_print(stdout, run);
    fflush(stdout);
    int watertight = chosen.algorithm->method == RT_WALK_ROBUST || chosen.algorithm->method == WALK_EXACT;
    if (watertight && (run->lost > 0 || run->wrong > 0))
        s->not_watertight = 1;
    if (s->run_count == 0)
        memcpy(s->first_results, s->results, s->rays.count * sizeof *s->results);
    s->run_count++;
    return 0;
}

/* Bench's copy loop on main memory, on each --threads count: the figure a walk on that many
 * threads is compared with (0 where the buffers could not be had). */
void tetwalk_cpu_bandwidth(state *s)
{
    for (int t = 0; t < s->o->thread_count; ++t) {
        error_text err;
        s->cpu_copy_gbs[t] = cpu_copy_team_gbs(CPU_COPY_MEMORY_BYTES, s->o->threads[t], &err);
        printf("CPU copy bandwidth, %d thread%s: %.3f GB/s (read + written)\n", s->o->threads[t],
               s->o->threads[t] == 1 ? "" : "s", s->cpu_copy_gbs[t]);
    }
}

/* The exact traversal of the rays --verify names, on every core. */
int tetwalk_prepare_reference(state *s, error_text *err)
{
    size_t count = s->rays.count, wanted = s->o->verify == 0 || (size_t)s->o->verify > count ? count : (size_t)s->o->verify;
    s->verified_rays = malloc((wanted + 1) * sizeof *s->verified_rays);
    s->reference = malloc((wanted + 1) * sizeof *s->reference);
    if (!s->verified_rays || !s->reference)
        return error_set(err, "out of memory for the exact traversal of %zu rays", wanted);
    for (size_t k = 0; k < wanted; ++k)
        s->verified_rays[k] = wanted == count ? k : (size_t)((double)k * (double)count / (double)wanted);
    const walk_algorithm *exact = walk_algorithm_find("exact", &(int){0});
    double start = timer_now_ms();
#pragma omp parallel for schedule(dynamic, 8)
    for (long long k = 0; k < (long long)wanted; ++k)
        s->reference[k] = walk_cpu_one(exact, &s->mesh, &s->bvh, s->rays.rays[s->verified_rays[k]],
                                      walk_ray_start(&s->rays, s->verified_rays[k]));
    s->verified_count = wanted;
    printf("exact traversal of %zu rays for --verify: %.3f s\n", wanted, (timer_now_ms() - start) * 1e-3);
    return 0;
}

/* ---------------------------------------------------------------- set-up and outputs */

/* Does P of some ray lie in the mesh's box (then the rays need their starts located)? */
static int some_ray_in_box(const tet_mesh *mesh, const walk_rays *rays)
{
    for (size_t i = 0; i < rays->count; ++i) {
        const double *p = rays->rays[i];
        if (p[0] >= mesh->low.x && p[1] >= mesh->low.y && p[2] >= mesh->low.z && p[0] <= mesh->high.x &&
            p[1] <= mesh->high.y && p[2] <= mesh->high.z)
            return 1;
    }
    return 0;
}

/* A rays file's rays whose P lies inside the mesh start there (walk_locate.h). */
static int locate_ray_starts(state *s, error_text *err)
{
    if (!some_ray_in_box(&s->mesh, &s->rays))
        return 0;
    walk_locator locator;
    if (walk_locator_build(&locator, &s->mesh, err) != 0)
        return -1;
    s->rays.start = walk_locate_starts(&locator, (const double (*)[6])s->rays.rays, s->rays.count, err);
    walk_locator_free(&locator);
    if (!s->rays.start)
        return -1;
    size_t inside = 0;
    for (size_t i = 0; i < s->rays.count; ++i)
        inside += s->rays.start[i] >= 0;
    printf("rays: %zu start inside the mesh (walked from P)\n", inside);
    return 0;
}

/* --from and --from-vertex: the point, checked against the mesh. */
static int start_point(state *s, double point[3], char *what, size_t size, error_text *err)
{
    const tet_mesh *mesh = &s->mesh;
    if (s->o->from) {
        memcpy(point, s->o->from_point, 3 * sizeof *point);
        snprintf(what, size, "--from %s", s->o->from);
        return 0;
    }
    long long first = mesh->first_number, last = first + (long long)mesh->vertex_count - 1;
    if (s->o->from_vertex < first || s->o->from_vertex > last)
        return error_set(err, "--from-vertex %lld: %s numbers its vertices %lld to %lld: give one of them",
                         s->o->from_vertex, mesh->path, first, last);
    vec3 v = mesh->vertices[s->o->from_vertex - first];
    point[0] = v.x;
    point[1] = v.y;
    point[2] = v.z;
    snprintf(what, size, "--from-vertex %lld", s->o->from_vertex);
    return 0;
}

/* Rays from a point inside the mesh, each one's start found by the start rule (walk_locate.h). */
static int rays_from_inside(state *s, error_text *err)
{
    double point[3];
    char what[160];
    if (start_point(s, point, what, sizeof what, err) != 0)
        return -1;
    walk_locator locator;
    if (walk_locator_build(&locator, &s->mesh, err) != 0)
        return -1;
    int tet;
    walk_place place = walk_locate(&locator, point, &tet);
    const tet_mesh *m = &s->mesh;
    int failed = place == WALK_PLACE_OUTSIDE ||
                 walk_rays_from_point(m, point, (size_t)s->o->aim_rays, (uint64_t)s->o->seed, &s->rays, err) != 0 ||
                 !(s->rays.start = walk_locate_starts(&locator, (const double (*)[6])s->rays.rays, s->rays.count, err));
    walk_locator_free(&locator);
    if (place == WALK_PLACE_OUTSIDE)
        return error_set(err,
                         "%s: the point (%.17g, %.17g, %.17g) is outside the mesh %s (its box is [%g, %g] x [%g, %g] x "
                         "[%g, %g]): give a point inside it",
                         what, point[0], point[1], point[2], m->path, m->low.x, m->high.x, m->low.y, m->high.y,
                         m->low.z, m->high.z);
    if (failed)
        return -1;
    if (place == WALK_PLACE_INSIDE)
        printf("rays: %s, seed %lld: %zu rays from (%.17g, %.17g, %.17g), in tetrahedron %lld and its neighbours\n",
               what, s->o->seed, s->rays.count, point[0], point[1], point[2], (long long)tet + m->first_number);
    else
        printf("rays: %s, seed %lld: %zu rays from (%.17g, %.17g, %.17g), on the boundary (walked from where they "
               "enter)\n",
               what, s->o->seed, s->rays.count, point[0], point[1], point[2]);
    return 0;
}

int tetwalk_load(state *s, error_text *err)
{
    options *o = s->o;
    double start = timer_now_ms();
    if (mesh_read(o->mesh, &s->mesh, err) != 0)
        return -1;
    double read_ms = timer_now_ms() - start;
    /* Aimed rays pick their tetrahedra by number: made from the file's numbering, before any
     * renumbering, so that --renumber-tetrahedra walks the very same rays. Not mesh time. */
    int aimed = !o->rays && !(o->from || o->from_vertex >= 0) && o->aimed;
    double aim_start = timer_now_ms();
    if (aimed && walk_rays_aimed(&s->mesh, o->aim, (size_t)o->aim_rays, (uint64_t)o->seed, &s->rays, err) != 0)
        return -1;
    double aim_ms = timer_now_ms() - aim_start;
    double renumber_start = timer_now_ms();
    if (o->renumber && mesh_renumber_tetrahedra(&s->mesh, err) != 0)
        return -1;
    s->renumber_ms = o->renumber ? timer_now_ms() - renumber_start : -1;
    int precomputed = 0, compact = 0, planes = 0;
    for (int i = 0; i < o->chosen_count; ++i) {
        precomputed |= o->chosen[i].algorithm->method == RT_WALK_PRECOMPUTED;
        compact |= o->chosen[i].algorithm->method == RT_WALK_AMAN;
        planes |= o->chosen[i].algorithm->method == RT_WALK_BADOUELB;
    }
    double edges_start = timer_now_ms();
    if (precomputed && mesh_build_edges(&s->mesh, err) != 0)
        return -1;
    double compact_start = timer_now_ms();
    if (compact && mesh_build_compact(&s->mesh, err) != 0)
        return -1;
    double planes_start = timer_now_ms();
    if (planes && mesh_build_planes(&s->mesh, err) != 0)
        return -1;
    double hierarchy_start = timer_now_ms();
    if (mesh_bvh_build(&s->mesh, &s->bvh, err) != 0)
        return -1;
    double ready = timer_now_ms();
    s->edge_table_ms = precomputed ? compact_start - edges_start : -1;
    s->compact_table_ms = compact ? planes_start - compact_start : -1;
    s->plane_table_ms = planes ? hierarchy_start - planes_start : -1;
    s->hierarchy_ms = ready - hierarchy_start;
    s->mesh_ready_ms = ready - start - aim_ms;
    double build_ms = ready - edges_start;
    printf("mesh: %s (%s): %zu tetrahedra, %zu vertices, %zu boundary faces%s; read in %.3f s (files %.3f s, checks "
           "and tables %.3f s), %s%s%s%s in %.3f s\n",
           o->mesh, mesh_format_name(s->mesh.format), s->mesh.tetra_count, s->mesh.vertex_count, s->mesh.boundary_count,
           s->mesh.reordered ? " (mirrored into the positive orientation)" : "", read_ms * 1e-3, s->mesh.parse_ms * 1e-3,
           s->mesh.tables_ms * 1e-3, precomputed ? "edge table and " : "", compact ? "compact records and " : "",
           planes ? "plane table and " : "",
           "boundary hierarchy", build_ms * 1e-3);
    if (o->renumber)
        printf("mesh: tetrahedra numbered in the Morton order of their centroids in %.3f s\n", s->renumber_ms * 1e-3);
    static const char *const AIMS[] = {"vertices", "edges", "faces"};
    if (o->rays) {
        if (walk_rays_read(o->rays, &s->rays, err) != 0)
            return -1;
        printf("rays: %s: %zu rays\n", o->rays, s->rays.count);
        if (locate_ray_starts(s, err) != 0)
            return -1;
    } else if (o->from || o->from_vertex >= 0) {
        if (rays_from_inside(s, err) != 0)
            return -1;
    } else if (aimed) {
        printf("rays: aimed at %s, seed %lld: %zu rays\n", AIMS[o->aim], o->seed, s->rays.count);
    } else {
        if (walk_rays_camera(&s->mesh, o->width, o->height, o->azimuth, o->elevation, o->up, &s->rays, err) != 0)
            return -1;
        printf("rays: camera %dx%d, azimuth %g, elevation %g, %c up: %zu rays\n", o->width, o->height, o->azimuth,
               o->elevation, o->up, s->rays.count);
    }
    size_t n = s->rays.count + 1;
    s->results = calloc(n, sizeof *s->results);
    s->first_results = calloc(n, sizeof *s->first_results);
    if (!s->results || !s->first_results)
        return error_set(err, "out of memory for %zu results", s->rays.count);
    return 0;
}

int tetwalk_open_device(state *s, error_text *err)
{
    if (!chose_opencl(s->o))
        return 0;
    if (s->o->devices) {
        int *devices = NULL;
        size_t count = 0;
        int status = device_list_resolve(s->o->devices, 1, &devices, &count, err) != 0 || /* the walk's kernels: double */
                     walk_multi_open(&s->multi, devices, count, &s->mesh, &s->bvh, err) != 0;
        for (size_t i = 0; !status && i < count; ++i)
            printf("OpenCL device %d (--devices %s): %s\n", devices[i], s->o->devices,
                   walk_opencl_description(walk_multi_device(s->multi, i)));
        free(devices);
        if (status)
            return -1;
        s->gpu = walk_multi_device(s->multi, 0); /* the bandwidth and the JSON's device: the first one's */
    } else if (walk_opencl_open(&s->gpu, (int)s->o->device, &s->mesh, &s->bvh, err) != 0) {
        return -1;
    } else {
        printf("OpenCL device %lld: %s\n", s->o->device, walk_opencl_description(s->gpu));
    }
    if (s->o->bandwidth) {
        s->gpu_copy_gbs = walk_opencl_copy_bandwidth(s->gpu, err);
        if (s->gpu_copy_gbs <= 0)
            return -1;
        printf("OpenCL copy bandwidth: %.3f GB/s (read + written)\n", s->gpu_copy_gbs);
    }
    return 0;
}

static void fill_context(const state *s, int argc, char **argv, walk_context *c)
{
    memset(c, 0, sizeof *c);
    size_t used = 0;
    for (int i = 0; i < argc && used < sizeof c->command; ++i) {
        int n = snprintf(c->command + used, sizeof c->command - used, "%s%s", i ? " " : "", argv[i]);
        used += n > 0 ? (size_t)n : 0;
    }
    snprintf(c->mesh, sizeof c->mesh, "%s", s->o->mesh);
    c->format = mesh_format_name(s->mesh.format);
    c->vertices = s->mesh.vertex_count;
    c->tetrahedra = s->mesh.tetra_count;
    c->boundary_faces = s->mesh.boundary_count;
    c->edges = s->mesh.edge_count;
    static const char *const AIMS[] = {"vertices", "edges", "faces"};
    if (s->o->rays)
        snprintf(c->rays_source, sizeof c->rays_source, "%s", s->o->rays);
    else if (s->o->from)
        snprintf(c->rays_source, sizeof c->rays_source, "from %.1000s, seed %lld", s->o->from, s->o->seed);
    else if (s->o->from_vertex >= 0)
        snprintf(c->rays_source, sizeof c->rays_source, "from vertex %lld, seed %lld", s->o->from_vertex, s->o->seed);
    else if (s->o->aimed)
        snprintf(c->rays_source, sizeof c->rays_source, "aimed at %s, seed %lld", AIMS[s->o->aim], s->o->seed);
    else
        snprintf(c->rays_source, sizeof c->rays_source, "camera %dx%d azimuth %g elevation %g up %c", s->o->width,
                 s->o->height, s->o->azimuth, s->o->elevation, s->o->up);
    c->rays = s->rays.count;
    bench_cpu_name(c->cpu, sizeof c->cpu);
    c->cores = cpu_thread_count();
    if (s->gpu)
        snprintf(c->device, sizeof c->device, "%s", walk_opencl_description(s->gpu));
    c->mesh_files_ms = s->mesh.parse_ms;
    c->mesh_tables_ms = s->mesh.tables_ms;
    c->edge_table_ms = s->edge_table_ms;
    c->compact_table_ms = s->compact_table_ms;
    c->plane_table_ms = s->plane_table_ms;
    c->hierarchy_ms = s->hierarchy_ms;
    c->renumber_ms = s->renumber_ms;
    c->mesh_ready_ms = s->mesh_ready_ms;
    c->ranks = s->ranks;
    c->hosts = s->hosts;
    c->rank_rays = s->rank_rays;
    c->rank_busy_ms = s->rank_busy_ms;
    time_t now = time(NULL);
    strftime(c->date, sizeof c->date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
}

/* Every output to its temporary file, then all renamed together (atomic_set_begin): a failure
 * leaves none of them, and no old file changed. */
int tetwalk_write_outputs(state *s, int argc, char **argv, error_text *err)
{
    options *o = s->o;
    long long pairs = 0;
    atomic_set_begin();
    int failed = (o->image && walk_image_write(o->image, &s->rays, s->first_results, o->show, err) != 0) ||
                 (o->per_ray && walk_per_ray_write(o->per_ray, s->first_results, s->rays.count, err) != 0) ||
                 (o->export_pairs &&
                  (pairs = walk_pairs_export(o->export_pairs, o->chosen[0].algorithm, &s->mesh, &s->bvh, &s->rays, err)) < 0) ||
                 (o->save_mesh && mesh_binary_write(o->save_mesh, &s->mesh, &s->bvh, err) != 0);
    if (!failed && o->json) {
        walk_context context;
        fill_context(s, argc, argv, &context);
        failed = walk_json_write(o->json, &context, s->runs, s->run_count, err) != 0;
    }
    if (failed) {
        atomic_set_abort();
        return -1;
    }
    if (atomic_set_commit(err) != 0)
        return -1;
    if (o->export_pairs)
        printf("exported %lld (ray, tetrahedron) pairs to %s\n", pairs, o->export_pairs);
    if (o->save_mesh)
        printf("saved the mesh to %s\n", o->save_mesh);
    return 0;
}

void tetwalk_print_job(const state *s, const tetwalk_job *job)
{
    double timed_ms = 0;
    for (int i = 0; i < s->run_count; ++i)
        for (int r = 0; r < s->runs[i].reps; ++r)
            timed_ms += s->runs[i].samples_ms[r];
    double rays_ms = job->loaded - job->start - s->mesh_ready_ms;
    printf("whole job: %.3f s: mesh %.3f s, rays %.3f s, ", (job->released - job->start) * 1e-3,
           s->mesh_ready_ms * 1e-3, (rays_ms > 0 ? rays_ms : 0) * 1e-3);
    if (chose_opencl(s->o))
        printf("OpenCL devices opened and the mesh written %.3f s, ", (job->opened - job->loaded) * 1e-3);
    printf("walks %.3f s (their timed repetitions %.3f s), outputs %.3f s, releasing %.3f s\n",
           (job->walked - job->opened) * 1e-3, timed_ms * 1e-3, (job->written - job->walked) * 1e-3,
           (job->released - job->written) * 1e-3);
}

void tetwalk_release(state *s)
{
    if (s->multi)
        walk_multi_close(s->multi); /* s->gpu is one of its walkers */
    else
        walk_opencl_close(s->gpu);
    mesh_bvh_free(&s->bvh);
    mesh_free(&s->mesh);
    walk_rays_free(&s->rays);
    free(s->results);
    free(s->first_results);
    free(s->reference);
    free(s->verified_rays);
}
