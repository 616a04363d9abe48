/* raytetra.h: the public C API of libraytetra, ray-tetrahedron intersection tests (the Plücker
 * and scalar triple product forms of Platis & Theoharis, and the Haines and Möller-Trumbore
 * baselines) on the CPU and on OpenCL devices. C11, usable from C++.
 *
 *     cc app.c $(pkg-config --cflags --libs raytetra)
 *
 * docs/LIBRARY.md is the manual: conventions, errors, thread-safety, how to pick an algorithm.
 * In short: a pair is a tetrahedron V0 V1 V2 V3 and the line through P and Q (X = P + t (Q - P),
 * t unrestricted; or the ray or the segment: raytetra_options.extent); face i is the face opposite
 * vertex Vi; the tetrahedron must be positively oriented, ((V1 - V0) x (V2 - V0)) . (V3 - V0) < 0,
 * unless RAYTETRA_ANY_ORIENTATION is given.
 * Every call is thread-safe; the library never prints and never exits. */
#ifndef RAYTETRA_H
#define RAYTETRA_H

#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define RAYTETRA_API __attribute__((visibility("default")))
#else
#define RAYTETRA_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- data */

/* 18 doubles: the vertices, then P and Q. */
typedef struct raytetra_pair {
    double vertices[4][3];
    double p[3];
    double q[3];
} raytetra_pair;

/* The result of one test. On a hit every field is set; on a miss hit is 0, the faces are -1 and
 * the other fields are unspecified. In the batch calls a pair that could not be tested has its
 * error code (< 0) in `hit` and faces -1. */
typedef struct raytetra_hit {
    int hit;                     /* 1 hit, 0 miss, < 0 an error code (batch calls) */
    int enter_face, leave_face;  /* 0..3, the face opposite that vertex; -1 on a miss */
    double enter_point[3], leave_point[3];
    double u_enter[2], u_leave[2]; /* X = (1 - u[0] - u[1]) F0 + u[0] F1 + u[1] F2, the face's vertices */
    double t_enter, t_leave;     /* X = P + t (Q - P); t_enter <= t_leave */
} raytetra_hit;

/* An algorithm variant, from raytetra_find_algorithm or raytetra_list_algorithms. A small
 * number valid for the life of the process; negative: none. Keep the name, not the number,
 * across library versions. */
typedef int raytetra_algorithm;

/* ---------------------------------------------------------------- errors */

typedef enum raytetra_error {
    RAYTETRA_OK = 0,
    RAYTETRA_ERROR_UNKNOWN_ALGORITHM = -1, /* not a name or handle of an algorithm */
    RAYTETRA_ERROR_NULL_ARGUMENT = -2,     /* a required pointer is NULL */
    RAYTETRA_ERROR_NOT_FINITE = -3,        /* a coordinate is NaN or infinite */
    RAYTETRA_ERROR_NO_DIRECTION = -4,      /* P == Q: the line has no direction */
    RAYTETRA_ERROR_DEGENERATE = -5,        /* the four vertices are coplanar (exactly) */
    RAYTETRA_ERROR_NEGATIVE_ORIENTATION = -6, /* swap two vertices, or RAYTETRA_ANY_ORIENTATION */
    RAYTETRA_ERROR_NOT_CPU = -7,           /* an OpenCL build (gpu_...) given to a CPU call */
    RAYTETRA_ERROR_NO_KERNEL = -8,         /* the algorithm has no OpenCL kernel in that precision */
    RAYTETRA_ERROR_BAD_OPTIONS = -9,       /* raytetra_options of a size no version has, with an unknown
                                              flag, with both flags, or with an unknown extent */
    RAYTETRA_ERROR_NO_DEVICE = -10,        /* no OpenCL device of that index (or, from a run, it lacks the fp64
                                              a kernel other than a float build needs) */
    RAYTETRA_ERROR_OPENCL = -11,           /* an OpenCL call or kernel build failed */
    RAYTETRA_ERROR_OUT_OF_MEMORY = -12,
    RAYTETRA_ERROR_OUT_OF_RANGE = -13,     /* a coordinate outside the range the algorithms compute without
                                              overflow or underflow (docs/INPUT_RANGE.md; narrower in float) */
    /* The mesh calls' codes (from -20: room above for the pair calls'). */
    RAYTETRA_ERROR_BAD_MESH = -20,         /* the mesh is refused (an index out of range, a flat or inverted
                                              tetrahedron, a face of three tetrahedra, an unreadable file):
                                              the message says which */
    RAYTETRA_ERROR_BUFFER_TOO_SMALL = -21, /* visit_capacity is less than *visit_total: nothing was written
                                              to visits */
    RAYTETRA_ERROR_UNSUPPORTED = -22       /* reserved: no call returns it in this version */
} raytetra_error;

/* One line describing an error code (a static string; "unknown error code" for others). */
RAYTETRA_API const char *raytetra_error_string(int code);

/* ---------------------------------------------------------------- options */

/* Flags of raytetra_options. */
enum {
    /* Accept a negatively oriented tetrahedron: the faces and u are reported in the caller's
     * vertex numbering (docs/LIBRARY.md, "Orientation"). */
    RAYTETRA_ANY_ORIENTATION = 1u << 0,
    /* Skip the per-pair input check: the caller guarantees finite coordinates, P != Q and a
     * non-degenerate, positively oriented tetrahedron (e.g. checked once per mesh with
     * raytetra_check). Invalid input then gives unspecified results. The batch calls run at the
     * algorithm's full speed (the check costs about as much as a fast algorithm). Not with
     * RAYTETRA_ANY_ORIENTATION, which needs the check. */
    RAYTETRA_UNCHECKED = 1u << 1
};

/* The part of a pair's line a test keeps (raytetra_options.extent; docs/SPECIFICATION.md section
 * 9, RayTetra's --extent). Let [t_enter, t_leave] be the line's interval in the tetrahedron. The
 * line keeps every t. The ray keeps t >= 0: a hit iff t_leave >= 0. The segment keeps 0 <= t <= 1:
 * a hit iff t_leave >= 0 and t_enter <= 1. Where the interval begins before P (or ends after Q)
 * the hit is clipped there: that side's face is -1, its point P (or Q), its t 0 (or 1), its u 0 0.
 * The fast forms compare their own computed t; the exact ones (RAYTETRA_PROPERTY_EXACT, double)
 * decide exactly on which side of the face planes P and Q lie. */
enum {
    RAYTETRA_EXTENT_LINE = 0,
    RAYTETRA_EXTENT_RAY = 1,
    RAYTETRA_EXTENT_SEGMENT = 2
};

/* Options of the _ex calls (NULL: all defaults). Initialise with RAYTETRA_OPTIONS_INIT.
 *
 * `size` names the version of the struct the caller holds: it must be exactly
 * sizeof(raytetra_options) of a version of this header that the library knows. This library
 * knows two: version 1 (size and flags: the line) and version 2 (this one, with the extent). Any
 * other size (0, smaller, larger, SIZE_MAX) is refused with
 * RAYTETRA_ERROR_BAD_OPTIONS (for every pair of a batch; on a device raytetra_device_message
 * says which size was given and which is known), and the library then reads nothing of the
 * struct beyond `size` itself. Later versions append fields, each version's struct larger than
 * the one before, and keep accepting every earlier size with the earlier fields only: a caller
 * built against an older header keeps working; a caller built against a newer header is refused
 * by an older library rather than having a request silently ignored. */
typedef struct raytetra_options {
    size_t size;    /* sizeof(raytetra_options): RAYTETRA_OPTIONS_INIT sets it */
    unsigned flags; /* RAYTETRA_ANY_ORIENTATION | RAYTETRA_UNCHECKED */
    /* Version 2. RAYTETRA_EXTENT_LINE, _RAY or _SEGMENT (others: RAYTETRA_ERROR_BAD_OPTIONS). A
     * size_t, not an int: an int would sit in version 1's tail padding, and the two versions
     * would have one size. */
    size_t extent;
} raytetra_options;

#define RAYTETRA_OPTIONS_INIT {sizeof(raytetra_options), 0u, RAYTETRA_EXTENT_LINE}

/* ---------------------------------------------------------------- algorithms */

/* The algorithm of a name, as the RayTetra programs accept it, in any case: "stp0", "stp0f"
 * (float), "stp0r" (robust: exact signs), "stp0v" (SIMD), "pluecker1", "haines", "moller2", the
 * CSV names ("STP0"), the OpenCL builds ("gpu_stp0", "g1"). RAYTETRA_ERROR_UNKNOWN_ALGORITHM if
 * none (or name is NULL). */
RAYTETRA_API raytetra_algorithm raytetra_find_algorithm(const char *name);

/* Every algorithm: writes min(capacity, total) handles, in the programs' order, and returns the
 * total (algorithms may be NULL with capacity 0). */
RAYTETRA_API size_t raytetra_list_algorithms(raytetra_algorithm *algorithms, size_t capacity);

/* Its canonical name ("stp0f", "gpu_stp0"), or NULL for an invalid handle. */
RAYTETRA_API const char *raytetra_algorithm_name(raytetra_algorithm algorithm);

/* One line describing it, or NULL for an invalid handle. */
RAYTETRA_API const char *raytetra_algorithm_description(raytetra_algorithm algorithm);

/* Properties of an algorithm (raytetra_algorithm_properties). */
enum {
    RAYTETRA_PROPERTY_OPENCL = 1u << 0,   /* an OpenCL build (else a CPU variant) */
    RAYTETRA_PROPERTY_FLOAT = 1u << 1,    /* single-precision arithmetic (inputs rounded) */
    RAYTETRA_PROPERTY_EXACT = 1u << 2,    /* exact signs: faces as exact arithmetic gives them */
    RAYTETRA_PROPERTY_SIMD = 1u << 3,     /* vectorised across pairs (fast in batches) */
    RAYTETRA_PROPERTY_BASELINE = 1u << 4, /* Haines, Möller-Trumbore, Badouel, Havel-Herout */
    RAYTETRA_PROPERTY_HAS_KERNEL = 1u << 5 /* runs on an OpenCL device (raytetra_device_*) */
};

/* RAYTETRA_PROPERTY_* bits; 0 for an invalid handle. */
RAYTETRA_API unsigned raytetra_algorithm_properties(raytetra_algorithm algorithm);

/* ---------------------------------------------------------------- on the CPU */

/* RAYTETRA_OK, or the error code of what is wrong with the pair (the check every call makes
 * unless RAYTETRA_UNCHECKED), for the double variants; a float variant also refuses coordinates
 * outside its narrower range (RAYTETRA_ERROR_OUT_OF_RANGE). */
RAYTETRA_API int raytetra_check(const raytetra_pair *pair);

/* One pair: 1 hit, 0 miss, < 0 an error code (hit->hit is set to the same). */
RAYTETRA_API int raytetra_intersect(raytetra_algorithm algorithm, const double vertices[4][3], const double p[3],
                                    const double q[3], raytetra_hit *hit);

RAYTETRA_API int raytetra_intersect_ex(raytetra_algorithm algorithm, const raytetra_pair *pair, raytetra_hit *hit,
                                       const raytetra_options *options);

/* hits[i] for pairs[i], i < n; returns the number of hits. A pair that cannot be tested gets
 * its error code in hits[i].hit; a call that cannot run at all (unknown algorithm, bad options)
 * writes that code into every hits[i].hit and returns 0 (NULL pairs or hits with n > 0: returns
 * 0, writes nothing). */
RAYTETRA_API size_t raytetra_intersect_many(raytetra_algorithm algorithm, size_t n, const raytetra_pair *pairs,
                                            raytetra_hit *hits);

RAYTETRA_API size_t raytetra_intersect_many_ex(raytetra_algorithm algorithm, size_t n, const raytetra_pair *pairs,
                                               raytetra_hit *hits, const raytetra_options *options);

/* ---------------------------------------------------------------- on an OpenCL device */

typedef struct raytetra_device raytetra_device;

/* How many OpenCL devices there are (across all platforms: the programs' -n numbering); 0 when
 * no OpenCL platform is installed. */
RAYTETRA_API int raytetra_device_count(void);

/* Open device `index`. RAYTETRA_OK, or an error code with a one-line explanation in message
 * (if message_size > 0). Kernels are found in RAYTETRA_KERNEL_DIR or in share/raytetra/kernels
 * beside the library (docs/LIBRARY.md). */
RAYTETRA_API int raytetra_device_open(int index, raytetra_device **device, char *message, size_t message_size);

/* "NAME (PLATFORM, driver VERSION)". */
RAYTETRA_API const char *raytetra_device_description(const raytetra_device *device);

/* After a failed call on this device: what failed; after a successful one: how its kernel was
 * obtained (built, or loaded from the binary cache). Valid until the next call on the device. */
RAYTETRA_API const char *raytetra_device_message(const raytetra_device *device);

/* Every kernel build log, cache warning, and what the OpenCL compiler wrote to stderr during a
 * build, of this device so far ("" if none). Valid until the next call on the device. */
RAYTETRA_API const char *raytetra_device_log(const raytetra_device *device);

/* Like raytetra_intersect_many on the device: the algorithm's OpenCL build of the same
 * precision ("stp0" and "gpu_stp0" both run GPU_STP0). The first call with an algorithm builds
 * its kernel (or loads it from the binary cache); meanwhile the process's fd 2 points at a
 * temporary file, so that the compiler's messages go to the device log, not to stderr (builds
 * on all devices are serialised; docs/LIBRARY.md, "Thread-safety"). RAYTETRA_OK with
 * *hit_count set (may be NULL), or an error code for the whole call, also written into every
 * hits[i].hit (per-pair codes are in hits[i].hit as on the CPU). Calls on one device are
 * serialised. */
RAYTETRA_API int raytetra_device_intersect_many(raytetra_device *device, raytetra_algorithm algorithm, size_t n,
                                                const raytetra_pair *pairs, raytetra_hit *hits, size_t *hit_count);

RAYTETRA_API int raytetra_device_intersect_many_ex(raytetra_device *device, raytetra_algorithm algorithm, size_t n,
                                                   const raytetra_pair *pairs, raytetra_hit *hits, size_t *hit_count,
                                                   const raytetra_options *options);

RAYTETRA_API void raytetra_device_close(raytetra_device *device);

/* ---------------------------------------------------------------- tetrahedral meshes
 *
 * TetWalk's walk (docs/TETWALK.md) in a caller's mesh: rays walked from tetrahedron to
 * tetrahedron across shared faces, with each tetrahedron's test in the known-enter-face form of
 * an algorithm. docs/LIBRARY.md, "Meshes", is the manual. */

typedef struct raytetra_mesh raytetra_mesh;

/* A mesh from arrays, copied (the caller's arrays may go once the call returns). Indices are
 * 0-based. tets[t] are four vertex indices; every tetrahedron of one orientation, either one (a
 * mesh of the other orientation than docs/SPECIFICATION.md's is mirrored inside, as TetWalk reads
 * it; tetrahedron numbers stay the caller's). neighbours[t][k]: the tetrahedron across the face
 * opposite tets[t][k], -1 on the boundary (TetGen's .neigh); NULL: computed. RAYTETRA_OK, or
 * RAYTETRA_ERROR_NULL_ARGUMENT, RAYTETRA_ERROR_OUT_OF_MEMORY or RAYTETRA_ERROR_BAD_MESH with one
 * line in message naming the tetrahedron or vertex: an index out of range, a coordinate not
 * finite or out of range, a vertex named twice, a flat tetrahedron, one inverted against the
 * rest, a face shared by more than two tetrahedra (not manifold) or by two on one side, a
 * neighbour that disagrees, no tetrahedra. *mesh is NULL after a failure. */
RAYTETRA_API int raytetra_mesh_create(size_t vertex_count, const double (*vertices)[3], size_t tet_count,
                                      const int32_t (*tets)[4], const int32_t (*neighbours)[4], raytetra_mesh **mesh,
                                      char *message, size_t message_size);

/* A mesh from a file TetWalk reads: Medit .mesh, TetGen .node/.ele (with .neigh when present),
 * TetWalk's binary .rtm. Tetrahedra are numbered from 0 in file order. Errors as
 * raytetra_mesh_create, the message "FILE:LINE: what is wrong". */
RAYTETRA_API int raytetra_mesh_read(const char *path, raytetra_mesh **mesh, char *message, size_t message_size);

RAYTETRA_API size_t raytetra_mesh_tetrahedron_count(const raytetra_mesh *mesh);
RAYTETRA_API size_t raytetra_mesh_vertex_count(const raytetra_mesh *mesh);
RAYTETRA_API void raytetra_mesh_free(raytetra_mesh *mesh);

/* One ray's result. */
typedef struct raytetra_walk_result {
    int32_t status;      /* 0 ok (it left the mesh, or missed it), 1 lost (a fast form's tests disagreed
                            between neighbours), < 0 the error code of the ray (not finite, no direction) */
    int32_t steps;       /* tetrahedra crossed at t > 0 */
    double length;       /* in the mesh: the sum of (t_leave - t_enter) |direction| over those tetrahedra */
    int32_t first_tet;   /* the first and last tetrahedron along the ray, -1 when none (a miss) */
    int32_t last_tet;
    uint64_t first_visit; /* with visits: this ray's are visits[first_visit .. first_visit + visit_count) */
    uint64_t visit_count; /* with visits: steps; else 0 */
} raytetra_walk_result;

/* A tetrahedron a ray crosses, X = origin + t direction for t_enter <= t <= t_leave (t >= 0). */
typedef struct raytetra_visit {
    int32_t tet;
    int32_t reserved; /* 0 */
    double t_enter, t_leave;
} raytetra_visit;

/* Options of the walk calls (NULL: the defaults). `size` as raytetra_options': exactly
 * sizeof(raytetra_walk_options) of a version the library knows, else RAYTETRA_ERROR_BAD_OPTIONS. */
typedef struct raytetra_walk_options {
    size_t size;     /* sizeof(raytetra_walk_options): RAYTETRA_WALK_OPTIONS_INIT sets it */
    uint32_t threads; /* CPU threads: 0 every core, 1 the caller's thread only (the default) */
    uint32_t reserved; /* 0 */
} raytetra_walk_options;

#define RAYTETRA_WALK_OPTIONS_INIT {sizeof(raytetra_walk_options), 1u, 0u}

/* TetWalk's walk algorithms: the canonical name of the index-th (from 0) in TetWalk's order
 * ("stp0", "stp1", ..., "stp0r", "exact"), or NULL past the last. */
RAYTETRA_API const char *raytetra_walk_algorithm_name(size_t index);

/* Walk rays i < n, origins[i] + t directions[i] for t >= 0, through the mesh with TetWalk's
 * algorithm `algorithm` (its names, any case, as raytetra_walk_algorithm_name lists them, or
 * their CSV names: "stp0", "pluecker0..2", the precomputed "pluecker0p..2p", "stp0r" (exact
 * signs; never lost), "exact" (GMP throughout; the reference; CPU only), ...; docs/TETWALK.md). A ray whose origin lies in the mesh starts there (in
 * the tetrahedron it is in just after t = 0, faces, edges and vertices included, as TetWalk's
 * --rays); one from outside enters where it meets the boundary. The line walked is the one
 * through origin and origin + direction, as TetWalk walks a rays file's P and Q.
 *
 * results[i] for ray i (status < 0 for a ray that could not be walked). visits NULL: none
 * recorded, and with visit_total non-NULL *visit_total is set to how many the rays visit (sizes
 * first: call once so, allocate, call again). visits non-NULL: each ray's visited tetrahedra in
 * order along the ray, ray after ray, at results[i].first_visit; visit_capacity too small:
 * RAYTETRA_ERROR_BUFFER_TOO_SMALL, nothing written to visits, results written, *visit_total
 * set. Returns RAYTETRA_OK (rays in error have it in their status), or for the whole call
 * RAYTETRA_ERROR_NULL_ARGUMENT, RAYTETRA_ERROR_UNKNOWN_ALGORITHM, RAYTETRA_ERROR_NOT_CPU (a
 * "gpu_" name), RAYTETRA_ERROR_BAD_OPTIONS, RAYTETRA_ERROR_OUT_OF_MEMORY (results then
 * unspecified). Thread-safe; the mesh is only read. */
RAYTETRA_API int raytetra_mesh_walk(const raytetra_mesh *mesh, const char *algorithm, size_t n,
                                    const double (*origins)[3], const double (*directions)[3],
                                    raytetra_walk_result *results, raytetra_visit *visits, size_t visit_capacity,
                                    size_t *visit_total, const raytetra_walk_options *options);

/* The same walk with the algorithm's OpenCL kernel on an opened device: the same results as the
 * CPU's for the same algorithm ("stp0" and "gpu_stp0" alike), first and last tetrahedra and
 * visits included, recorded on the device (visits and visit_total as raytetra_mesh_walk's: with
 * visits, one walk counts them and a second records them). The mesh goes to the device at the
 * first walk of that mesh there and stays until the device walks another mesh or is closed.
 * "exact" has no kernel (RAYTETRA_ERROR_NO_KERNEL). Failures as raytetra_device_intersect_many's,
 * with raytetra_device_message saying what failed; calls on one device are serialised. */
RAYTETRA_API int raytetra_device_mesh_walk(raytetra_device *device, const raytetra_mesh *mesh, const char *algorithm,
                                           size_t n, const double (*origins)[3], const double (*directions)[3],
                                           raytetra_walk_result *results, raytetra_visit *visits,
                                           size_t visit_capacity, size_t *visit_total,
                                           const raytetra_walk_options *options);

/* ---------------------------------------------------------------- version */

/* "MAJOR.MINOR.PATCH" of the library. */
RAYTETRA_API const char *raytetra_version_string(void);

#ifdef __cplusplus
}
#endif

#endif
