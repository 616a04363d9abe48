/* walk.c: libraytetra's mesh walk as a transport code uses it: rays from a point source walked
 * through a tetrahedral mesh, and the path length each tetrahedron receives (a track-length
 * tally). The sizes of the visits come first, then the buffer is allocated and the walk made.
 *
 *     cc walk.c $(pkg-config --cflags --libs raytetra) -lm -o walk
 *     ./walk MESH X Y Z [RAYS [ALGORITHM]]        e.g. ./walk ../data/box.mesh 0.5 0.5 0.5 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <raytetra.h>

/* Ray i of n: directions spread evenly over the sphere (a Fibonacci lattice), unit length, so
 * that t is the distance from the source. */
static void direction(size_t i, size_t n, double d[3])
{
    const double golden = 2.39996322972865332; /* pi (3 - sqrt 5) */
    double z = 1 - (2 * (double)i + 1) / (double)n, r = sqrt(1 - z * z);
    d[0] = r * cos(golden * (double)i);
    d[1] = r * sin(golden * (double)i);
    d[2] = z;
}

static int walk(raytetra_mesh *mesh, const double source[3], size_t n, const char *algorithm)
{
    double (*origins)[3] = malloc(n * sizeof *origins), (*directions)[3] = malloc(n * sizeof *directions);
    raytetra_walk_result *results = malloc(n * sizeof *results);
    double *tally = calloc(raytetra_mesh_tetrahedron_count(mesh), sizeof *tally);
    raytetra_visit *visits = NULL;
    int status = RAYTETRA_ERROR_OUT_OF_MEMORY;
    if (!origins || !directions || !results || !tally)
        goto done;
    for (size_t i = 0; i < n; ++i) {
        origins[i][0] = source[0];
        origins[i][1] = source[1];
        origins[i][2] = source[2];
        direction(i, n, directions[i]);
    }
    raytetra_walk_options options = RAYTETRA_WALK_OPTIONS_INIT;
    options.threads = 0; /* every core */
    size_t total = 0;
    /* Sizes first: how many tetrahedra the rays cross in all. */
    status = raytetra_mesh_walk(mesh, algorithm, n, (const double (*)[3])origins, (const double (*)[3])directions,
                                results, NULL, 0, &total, &options);
    if (status != RAYTETRA_OK)
        goto done;
    visits = malloc((total + 1) * sizeof *visits);
    status = visits ? raytetra_mesh_walk(mesh, algorithm, n, (const double (*)[3])origins,
                                         (const double (*)[3])directions, results, visits, total, &total, &options)
                    : RAYTETRA_ERROR_OUT_OF_MEMORY;
    if (status != RAYTETRA_OK)
        goto done;
    size_t lost = 0, missed = 0;
    double length = 0;
    for (size_t i = 0; i < n; ++i) {
        lost += results[i].status != 0;
        missed += results[i].steps == 0;
        length += results[i].length;
        const raytetra_visit *v = visits + results[i].first_visit;
        for (uint64_t j = 0; j < results[i].visit_count; ++j)
            tally[v[j].tet] += v[j].t_leave - v[j].t_enter; /* unit directions: t is distance */
    }
    printf("%zu rays from (%g, %g, %g) with %s: %zu tetrahedra crossed, %zu rays lost, %zu crossing nothing, "
           "path length %.6f in all\n",
           n, source[0], source[1], source[2], algorithm, total, lost, missed, length);
    printf("tetrahedron  path length  per ray\n");
    for (size_t t = 0; t < raytetra_mesh_tetrahedron_count(mesh); ++t)
        if (tally[t] > 0)
            printf("%11zu  %11.6f  %.6g\n", t, tally[t], tally[t] / (double)n);
done:
    free(origins);
    free(directions);
    free(results);
    free(tally);
    free(visits);
    return status;
}

int main(int argc, char **argv)
{
    if (argc < 5 || argc > 7) {
        fprintf(stderr, "usage: walk MESH X Y Z [RAYS [ALGORITHM]]: rays from the point (X, Y, Z) through the "
                        "mesh (Medit .mesh, TetGen .node/.ele, TetWalk's .rtm), path length per tetrahedron\n");
        return 2;
    }
    double source[3];
    char *end;
    for (int a = 0; a < 3; ++a) {
        source[a] = strtod(argv[2 + a], &end);
        if (*end || end == argv[2 + a]) {
            fprintf(stderr, "walk: %s: the point's coordinates must be numbers\n", argv[2 + a]);
            return 2;
        }
    }
    long rays = argc > 5 ? strtol(argv[5], &end, 10) : 1000;
    if (argc > 5 && (*end || rays <= 0)) {
        fprintf(stderr, "walk: RAYS %s: give a positive whole number\n", argv[5]);
        return 2;
    }
    raytetra_mesh *mesh;
    char message[1024];
    int status = raytetra_mesh_read(argv[1], &mesh, message, sizeof message);
    if (status != RAYTETRA_OK) {
        fprintf(stderr, "walk: %s\n", message);
        return 1;
    }
    const char *algorithm = argc > 6 ? argv[6] : "stp0r";
    status = walk(mesh, source, (size_t)rays, algorithm);
    raytetra_mesh_free(mesh);
    if (status != RAYTETRA_OK) {
        fprintf(stderr, "walk: %s: %s\n", algorithm, raytetra_error_string(status));
        return 1;
    }
    return 0;
}
