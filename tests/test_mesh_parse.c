/* test_mesh_parse: the mesh readers' parallel fast path (records one a line, parsed on every
 * core) gives the mesh of the serial reader bit for bit (vertices, tetrahedra, neighbours,
 * boundary, box), and the same message for a bad file: on the repository's meshes, on a
 * generated grid of 131,712 tetrahedra with 17-digit coordinates in Medit and TetGen form, and on
 * variants that leave the fast path part-way (a comment, a blank line, two records on a line,
 * CRLF line ends) or hold an error (a bad word, an index out of range, a coordinate out of range,
 * a missing or extra number, a record too few). */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "mesh/mesh.h"

static char folder[256];

/* ---------------------------------------------------------------- the grid */

#define GRID 28 /* cubes a side: 6 * 28^3 = 131,712 tetrahedra, 24,389 vertices: both beyond MESH_PARALLEL_MIN */
#define SIDE (GRID + 1)

static uint64_t state = 88172645463325252ULL;

static double uniform(void) { return check_uniform(&state); }

static int vertex_index(int i, int j, int k) { return i + SIDE * (j + SIDE * k); }

/* The six tetrahedra of each cube around its diagonal (Freudenthal), one orientation, shuffled. */
static int (*grid_tetrahedra(size_t *count))[4]
{
    static const int PERMUTATIONS[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    static const int ODD[6] = {0, 1, 1, 0, 0, 1};
    *count = 6 * (size_t)GRID * GRID * GRID;
    int (*tetra)[4] = malloc(*count * sizeof *tetra);
    size_t n = 0;
    for (int k = 0; k < GRID; ++k)
        for (int j = 0; j < GRID; ++j)
            for (int i = 0; i < GRID; ++i)
                for (int p = 0; p < 6; ++p) {
                    int corner[3] = {0, 0, 0};
                    tetra[n][0] = vertex_index(i, j, k);
                    for (int s = 0; s < 3; ++s) {
                        corner[PERMUTATIONS[p][s]] = 1;
                        tetra[n][s + 1] = vertex_index(i + corner[0], j + corner[1], k + corner[2]);
                    }
                    if (!ODD[p]) {
                        int swap = tetra[n][0];
                        tetra[n][0] = tetra[n][1];
                        tetra[n][1] = swap;
                    }
                    ++n;
                }
    for (size_t a = n - 1; a > 0; --a) {
        size_t b = (size_t)(uniform() * (double)(a + 1));
        int swap[4];
        memcpy(swap, tetra[a], sizeof swap);
        memcpy(tetra[a], tetra[b], sizeof swap);
        memcpy(tetra[b], swap, sizeof swap);
    }
    return tetra;
}

static double coordinate(int c)
{
    return c > 0 && c < GRID ? c + (uniform() - 0.5) * 0.1 : c; /* inner vertices jittered */
}

/* The grid as a Medit file and as TetGen's BASE.node and BASE.ele (numbered from 1). */
static void write_grid(const char *medit, const char *base)
{
    size_t count;
    int (*tetra)[4] = grid_tetrahedra(&count);
    char path[600];
    snprintf(path, sizeof path, "%s.node", base);
    FILE *m = fopen(medit, "w"), *node = fopen(path, "w");
    fprintf(m, "MeshVersionFormatted 2\nDimension 3\nVertices\n%d\n", SIDE * SIDE * SIDE);
    fprintf(node, "%d 3 0 0\n", SIDE * SIDE * SIDE);
    for (int k = 0; k < SIDE; ++k)
        for (int j = 0; j < SIDE; ++j)
            for (int i = 0; i < SIDE; ++i) {
                double x = coordinate(i), y = coordinate(j), z = coordinate(k);
                fprintf(m, "%.17g %.17g %.17g 0\n", x, y, z);
                fprintf(node, "%d %.17g %.17g %.17g\n", vertex_index(i, j, k) + 1, x, y, z);
            }
    fprintf(m, "Tetrahedra\n%zu\n", count);
    snprintf(path, sizeof path, "%s.ele", base);
    FILE *ele = fopen(path, "w");
    fprintf(ele, "%zu 4 0\n", count);
    for (size_t t = 0; t < count; ++t) {
        fprintf(m, "%d %d %d %d 0\n", tetra[t][0] + 1, tetra[t][1] + 1, tetra[t][2] + 1, tetra[t][3] + 1);
        fprintf(ele, "%zu %d %d %d %d\n", t + 1, tetra[t][0] + 1, tetra[t][1] + 1, tetra[t][2] + 1, tetra[t][3] + 1);
    }
    fprintf(m, "End\n");
    fclose(m);
    fclose(node);
    fclose(ele);
    free(tetra);
}

/* ---------------------------------------------------------------- variants */

static char *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    fseek(f, 0, SEEK_END);
    *size = (size_t)ftell(f);
    rewind(f);
    char *data = malloc(*size + 1);
    *size = fread(data, 1, *size, f);
    fclose(f);
    return data;
}

/* `from` with line `line` (1-based) replaced by `text` (NULL: CRLF line ends everywhere). */
static void variant(const char *from, const char *to, size_t line, const char *text)
{
    size_t size;
    char *data = read_file(from, &size);
    FILE *out = fopen(to, "wb");
    size_t current = 1, start = 0;
    for (size_t i = 0; i < size; ++i) {
        if (data[i] != '\n')
            continue;
        if (!text)
            fprintf(out, "%.*s\r\n", (int)(i - start), data + start);
        else if (current == line)
            fprintf(out, "%s\n", text);
        else
            fwrite(data + start, 1, i + 1 - start, out);
        ++current;
        start = i + 1;
    }
    fclose(out);
    free(data);
}

/* ---------------------------------------------------------------- comparison */

static int same_array(const void *a, const void *b, size_t bytes) { return (!a && !b) || (a && b && memcmp(a, b, bytes) == 0); }

/* Read `path` both ways: the same mesh, or the same refusal. */
static void compare(const char *path, int expect_ok)
{
    tet_mesh fast, serial;
    error_text fast_err = {0}, serial_err = {0};
    int fast_status = mesh_read(path, &fast, &fast_err), serial_status = mesh_read_serial(path, &serial, &serial_err);
    CHECK(fast_status == serial_status, "%s: parallel %d (%s), serial %d (%s)", path, fast_status, fast_err.text,
          serial_status, serial_err.text);
    CHECK((fast_status == 0) == expect_ok, "%s: status %d: %s", path, fast_status, fast_err.text);
    if (fast_status != 0 || serial_status != 0) {
        CHECK(strcmp(fast_err.text, serial_err.text) == 0, "%s: messages differ:\n  %s\n  %s", path, fast_err.text,
              serial_err.text);
        if (fast_status == 0)
            mesh_free(&fast);
        if (serial_status == 0)
            mesh_free(&serial);
        return;
    }
    CHECK(fast.vertex_count == serial.vertex_count && fast.tetra_count == serial.tetra_count &&
              fast.boundary_count == serial.boundary_count && fast.reordered == serial.reordered,
          "%s: counts differ", path);
    CHECK(same_array(fast.vertices, serial.vertices, fast.vertex_count * sizeof *fast.vertices),
          "%s: vertices differ", path);
    CHECK(same_array(fast.tetra, serial.tetra, fast.tetra_count * sizeof *fast.tetra), "%s: tetrahedra differ", path);
    CHECK(same_array(fast.neighbour, serial.neighbour, fast.tetra_count * sizeof *fast.neighbour),
          "%s: neighbours differ", path);
    CHECK(same_array(fast.boundary, serial.boundary, fast.boundary_count * sizeof *fast.boundary),
          "%s: boundary differs", path);
    CHECK(memcmp(&fast.low, &serial.low, sizeof fast.low) == 0 && memcmp(&fast.high, &serial.high, sizeof fast.high) == 0,
          "%s: bounding box differs", path);
    mesh_free(&fast);
    mesh_free(&serial);
}

static const char *in_folder(const char *name)
{
    static char paths[64][512];
    static int next;
    char *path = paths[next++ % 64];
    snprintf(path, 512, "%s/%s", folder, name);
    return path;
}

int main(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(folder, sizeof folder, "%s/test_mesh_parse.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(folder))
        return 1;
    compare("data/box.mesh", 1);
    compare("data/u_shape.mesh", 1);
    compare("data/box_tetgen.ele", 1);
    const char *grid = in_folder("grid.mesh");
    char base[512];
    snprintf(base, sizeof base, "%s/grid", folder);
    write_grid(grid, base);
    compare(grid, 1);
    compare(in_folder("grid.ele"), 1);

    /* Line numbers of the grid's Medit file: 5 is the first vertex, the tetrahedra follow. */
    size_t vertices = SIDE * SIDE * SIDE, first_tetra = 5 + vertices + 2;
    struct {
        const char *name;
        size_t line;
        const char *text;
        int ok;
    } const VARIANTS[] = {
        {"comment.mesh", first_tetra + 1000, "# a comment among the records", 0}, /* a record too few */
        {"comment_after.mesh", 5 + 17, "17 0 0 0 # vertex 18, with a comment", 1},
        {"blank.mesh", first_tetra + 5, "", 0},
        {"two_a_line.mesh", 5 + 3, "3 0 0 0 4 0 0 0", 0},
        {"split.mesh", first_tetra + 7, "1 2", 0},
        {"word.mesh", 5 + 400, "1 x 2 0", 0},
        {"range.mesh", 5 + 401, "1 1e+300 2 0", 0},
        {"tiny.mesh", 5 + 402, "1 1e-400 2 0", 0},
        {"index.mesh", first_tetra + 3000, "1 2 3 999999 0", 0},
        {"extra.mesh", first_tetra + 3001, "1 2 3 4 0 7", 0},
        {"short.mesh", first_tetra + 3002, "1 2 3 4", 0},
        {"plus.mesh", 5 + 20, "+20 0e0 0. +0", 1}, /* vertex 21, (20, 0, 0), in other words */
        {"moved.mesh", 5 + 20, "0.25 0.5 0.5 0", 0}, /* vertex 21 moved: tetrahedra inverted */
        {"crlf.mesh", 0, NULL, 1},
    };
    for (size_t i = 0; i < sizeof VARIANTS / sizeof VARIANTS[0]; ++i) {
        const char *path = in_folder(VARIANTS[i].name);
        variant(grid, path, VARIANTS[i].line, VARIANTS[i].text);
        compare(path, VARIANTS[i].ok);
    }
    /* TetGen: a comment line, a bad number, a record numbered out of order, CRLF. */
    char node[600], ele[600];
    snprintf(node, sizeof node, "%s.node", base);
    snprintf(ele, sizeof ele, "%s.ele", base);
    struct {
        const char *name, *from;
        size_t line;
        const char *text;
        int ok;
    } const TETGEN[] = {
        {"comment", ele, 200, "# a comment", 0},
        {"number", ele, 300, "299 1 2 3 4", 0},
        {"word", node, 30, "29 1 y 2", 0},
        {"crlf", ele, 0, NULL, 1},
    };
    for (size_t i = 0; i < sizeof TETGEN / sizeof TETGEN[0]; ++i) {
        char to_node[600], to_ele[600];
        snprintf(to_node, sizeof to_node, "%s/%s.node", folder, TETGEN[i].name);
        snprintf(to_ele, sizeof to_ele, "%s/%s.ele", folder, TETGEN[i].name);
        variant(node, to_node, TETGEN[i].from == node ? TETGEN[i].line : 0, TETGEN[i].from == node ? TETGEN[i].text : "");
        variant(ele, to_ele, TETGEN[i].from == ele ? TETGEN[i].line : 0, TETGEN[i].from == ele ? TETGEN[i].text : "");
        compare(to_ele, TETGEN[i].ok);
        remove(to_node);
        remove(to_ele);
    }
    for (size_t i = 0; i < sizeof VARIANTS / sizeof VARIANTS[0]; ++i)
        remove(in_folder(VARIANTS[i].name));
    remove(grid);
    remove(node);
    remove(ele);
    rmdir(folder);
    return check_summary("test_mesh_parse");
}
