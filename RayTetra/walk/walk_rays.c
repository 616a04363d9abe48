/* walk_rays.c: TetWalk's rays: a rays file (N, then N lines "Px Py Pz Qx Qy Qz") or the default
 * camera's one ray per pixel. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mesh/mesh_text.h"
#include "walk/walk.h"
#include "rng.h"

#define WALK_MAX_RAYS ((long long)1 << 31)

int walk_rays_read(const char *path, walk_rays *rays, error_text *err)
{
    memset(rays, 0, sizeof *rays);
    mesh_text text;
    if (mesh_text_open(&text, path, err) != 0)
        return -1;
    long long count;
    int failed = mesh_text_integer(&text, 0, WALK_MAX_RAYS, &count, "the number of rays", err);
    static const char *const WHAT[6] = {"Px", "Py", "Pz", "Qx", "Qy", "Qz"};
    size_t capacity = 0;
    for (long long i = 0; i <= count && !failed; ++i) {
        rays->rays =
            mesh_text_grow(&text, rays->rays, &capacity, (size_t)i, (size_t)count, sizeof *rays->rays, "rays", err);
        failed = !rays->rays;
        if (failed || i == count)
            break;
        if (mesh_text_at_end(&text)) {
            failed = mesh_text_ends_early(&text, count, i, "rays", err);
            break;
        }
        if (!mesh_text_at_new_line(&text)) {
            failed = error_set(err, "%s:%zu: more than 6 numbers on the line (a ray is Px Py Pz Qx Qy Qz)", path,
                               text.line);
            break;
        }
        size_t line = 0;
        for (int k = 0; k < 6 && !failed; ++k) {
            failed = mesh_text_coordinate(&text, &rays->rays[i][k], "ray", i + 1, WHAT[k], err);
            if (!failed && k == 0)
                line = text.line;
            if (!failed && text.line != line)
                failed = error_set(err, "%s:%zu: ray %lld continues on a second line (one ray a line)", path, text.line,
                                   i + 1);
        }
        const double *r = rays->rays[i];
        if (!failed && r[0] == r[3] && r[1] == r[4] && r[2] == r[5])
            failed = error_set(err, "%s:%zu: P and Q are the same point: the ray has no direction", path, line);
    }
    if (!failed && mesh_text_at_new_line(&text))
        failed = error_set(err, "%s:%zu: more rays than the %lld the first line announces", path, text.next_line, count);
    mesh_text_close(&text);
    if (failed) {
        walk_rays_free(rays);
        return -1;
    }
    rays->count = (size_t)count;
    return 0;
}

static vec3 add(vec3 a, vec3 b) { return (vec3){a.x + b.x, a.y + b.y, a.z + b.z}; }
static vec3 scale(vec3 a, double s) { return (vec3){a.x * s, a.y * s, a.z * s}; }
static vec3 cross(vec3 a, vec3 b) { return (vec3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
static vec3 normalise(vec3 a) { return scale(a, 1 / sqrt(a.x * a.x + a.y * a.y + a.z * a.z)); }

/* A ray as the walk stores it: P then Q, the point it aims at. */
static void store_ray(double ray[6], vec3 p, vec3 q)
{
    ray[0] = p.x;
    ray[1] = p.y;
    ray[2] = p.z;
    ray[3] = q.x;
    ray[4] = q.y;
    ray[5] = q.z;
}

/* Vertical field of view of the default camera, degrees. */
#define WALK_FIELD_OF_VIEW 30.0
static const double PI = 3.14159265358979323846;

static double dot(vec3 a, vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

int walk_rays_camera(const tet_mesh *mesh, int width, int height, double azimuth, double elevation, char up_axis,
                     walk_rays *rays, error_text *err)
{
    memset(rays, 0, sizeof *rays);
    size_t count = (size_t)width * (size_t)height;
    rays->rays = malloc((count + 1) * sizeof *rays->rays);
    if (!rays->rays)
        return error_set(err, "out of memory for %dx%d rays", width, height);
    vec3 centre = scale(add(mesh->low, mesh->high), 0.5);
    /* Azimuth and elevation about the up axis: (x, y, z) for z up, rotated for x or y up. */
    double a = azimuth * PI / 180, e = elevation * PI / 180;
    double along = cos(e) * cos(a), across = cos(e) * sin(a), height_part = sin(e);
    vec3 towards_eye = up_axis == 'x' ? (vec3){height_part, along, across}
                     : up_axis == 'y' ? (vec3){across, height_part, along}
                                      : (vec3){along, across, height_part};
    vec3 up_direction = up_axis == 'x' ? (vec3){1, 0, 0} : up_axis == 'y' ? (vec3){0, 1, 0} : (vec3){0, 0, 1};
    vec3 forward = scale(towards_eye, -1);
    if (fabs(dot(towards_eye, up_direction)) > 0.999) /* looking along the up axis: any right will do */
        up_direction = up_axis == 'x' ? (vec3){0, 1, 0} : (vec3){1, 0, 0};
    vec3 right = normalise(cross(forward, up_direction));
    vec3 up = cross(right, forward);
    double tangent = tan(WALK_FIELD_OF_VIEW * PI / 360), aspect = (double)width / height;
    /* The distance at which every corner of the bounding box is in the picture, with a margin. */
    double distance = 0;
    for (int corner = 0; corner < 8; ++corner) {
        vec3 c = {corner & 1 ? mesh->high.x : mesh->low.x, corner & 2 ? mesh->high.y : mesh->low.y,
                  corner & 4 ? mesh->high.z : mesh->low.z};
        vec3 r = add(c, scale(centre, -1));
        double depth = dot(r, towards_eye);
        double x = depth + 1.1 * fabs(dot(r, right)) / (tangent * aspect), y = depth + 1.1 * fabs(dot(r, up)) / tangent;
        distance = fmax(distance, fmax(x, y));
    }
    if (!(distance > 0))
        distance = 1;
    vec3 eye = add(centre, scale(towards_eye, distance));
    /* Rows on every core: 2,073,600 rays took one core of an H200 host 0.04-0.06 s, as long as
     * reading armadillo's mesh (docs/TETWALK.md, "The whole job"). Each ray is its pixel's alone.
     * A small picture is made by this thread alone, with no team of threads to start. */
#pragma omp parallel for schedule(static) if (count >= MESH_PARALLEL_MIN)
    for (int row = 0; row < height; ++row)
        for (int column = 0; column < width; ++column) {
            double x = ((column + 0.5) / width * 2 - 1) * tangent * aspect;
            double y = ((row + 0.5) / height * 2 - 1) * tangent;
            /* Q at the eye's distance, so that Q - P keeps the mesh's scale (a unit step from an eye
             * at 1e75 would round back to the eye). */
            vec3 target = add(eye, scale(add(add(forward, scale(right, x)), scale(up, y)), distance));
            store_ray(rays->rays[(size_t)row * (size_t)width + (size_t)column], eye, target);
        }
    rays->count = count;
    rays->width = width;
    rays->height = height;
    return 0;
}

void walk_rays_free(walk_rays *rays)
{
    free(rays->rays);
    free(rays->start);
    memset(rays, 0, sizeof *rays);
}

double walk_ray_scale(const double ray[6])
{
    double x = ray[3] - ray[0], y = ray[4] - ray[1], z = ray[5] - ray[2];
    return sqrt(x * x + y * y + z * z);
}

/* ---------------------------------------------------------------- aimed rays */

int walk_aim_parse(const char *text, walk_aim *aim)
{
    if (strcmp(text, "vertices") == 0)
        *aim = WALK_AIM_VERTICES;
    else if (strcmp(text, "edges") == 0)
        *aim = WALK_AIM_EDGES;
    else if (strcmp(text, "faces") == 0)
        *aim = WALK_AIM_FACES;
    else
        return -1;
    return 0;
}

/* rays emptied, then room for `count` rays, and the random numbers of `seed`: 0, or -1 with err
 * set. */
static int rays_begin(walk_rays *rays, size_t count, uint64_t seed, rng *random, error_text *err)
{
    memset(rays, 0, sizeof *rays);
    rays->rays = malloc((count + 1) * sizeof *rays->rays);
    if (!rays->rays)
        return error_set(err, "out of memory for %zu rays", count);
    rng_seed(random, seed);
    return 0;
}

/* A random unit vector (uniform on the sphere). */
static vec3 random_direction(rng *r)
{
    double z = 2 * rng_unit(r) - 1, angle = 2 * PI * rng_unit(r), radius = sqrt(1 - z * z);
    return (vec3){radius * cos(angle), radius * sin(angle), z};
}

int walk_rays_aimed(const tet_mesh *mesh, walk_aim aim, size_t count, uint64_t seed, walk_rays *rays,
                    error_text *err)
{
    rng random;
    if (rays_begin(rays, count, seed, &random, err) != 0)
        return -1;
    vec3 size = add(mesh->high, scale(mesh->low, -1));
    double reach = 2 * sqrt(dot(size, size)); /* P lies this far from the target: outside the box */
    for (size_t i = 0; i < count; ++i) {
        const int *tet = mesh->tetra[rng_below(&random, mesh->tetra_count)];
        int k = (int)rng_below(&random, 4);
        vec3 a = mesh->vertices[tet[k]], b = mesh->vertices[tet[(k + 1) % 4]], c = mesh->vertices[tet[(k + 2) % 4]];
        vec3 target = a, direction;
        if (aim == WALK_AIM_FACES) {
            /* A point of the face, and a direction in its plane. */
            double u = rng_unit(&random), v = rng_unit(&random);
            if (u + v > 1) {
                u = 1 - u;
                v = 1 - v;
            }
            vec3 ab = add(b, scale(a, -1)), ac = add(c, scale(a, -1));
            target = add(add(a, scale(ab, u)), scale(ac, v));
            double angle = 2 * PI * rng_unit(&random);
            direction = normalise(add(scale(normalise(ab), cos(angle)), scale(normalise(ac), sin(angle))));
        } else {
            if (aim == WALK_AIM_EDGES)
                target = add(a, scale(add(b, scale(a, -1)), rng_unit(&random)));
            direction = random_direction(&random);
        }
        vec3 from = add(target, scale(direction, -reach));
        store_ray(rays->rays[i], from, target);
    }
    rays->count = count;
    return 0;
}

int walk_rays_from_point(const tet_mesh *mesh, const double point[3], size_t count, uint64_t seed, walk_rays *rays,
                         error_text *err)
{
    rng random;
    if (rays_begin(rays, count, seed, &random, err) != 0)
        return -1;
    vec3 size = add(mesh->high, scale(mesh->low, -1)), from = {point[0], point[1], point[2]};
    double reach = sqrt(dot(size, size));
    for (size_t i = 0; i < count; ++i)
        store_ray(rays->rays[i], from, add(from, scale(random_direction(&random), reach)));
    rays->count = count;
    return 0;
}
