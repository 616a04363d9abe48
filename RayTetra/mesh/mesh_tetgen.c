/* mesh_tetgen.c: the TetGen reader: BASE.node (vertices), BASE.ele (tetrahedra) and, when it
 * exists, BASE.neigh (the neighbour opposite each corner, -1 on the boundary). Each file starts
 * with a header line; every record is one line starting with its index. Indices count from the
 * first vertex's index (0 or 1: TetGen keeps the numbering of its input). Quadratic tetrahedra
 * (10 nodes) are read by their four corners; attributes and boundary markers are skipped. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mesh/mesh_source.h"
#include "mesh/mesh_text.h"

/* A record's first word must start a line, and its index must be the expected one. */
static int record_start(mesh_text *text, long long expected, const char *what, error_text *err)
{
    long long index;
    if (!mesh_text_at_new_line(text) && text->position < text->size)
        return error_set(err, "%s:%zu: too many numbers on the line (a %s record ended)", text->path, text->line, what);
    if (mesh_text_integer(text, -(1LL << 40), 1LL << 40, &index, what, err) != 0)
        return -1;
    if (index != expected)
        return error_set(err, "%s:%zu: %s number %lld, expected %lld (records must be numbered in order)", text->path,
                         text->line, what, index, expected);
    return 0;
}

/* The rest of a record's line must be on the same line as its first word. */
static int same_line(mesh_text *text, size_t line, error_text *err)
{
    if (text->line != line)
        return error_set(err, "%s:%zu: the record of line %zu continues here (one record a line)", text->path,
                         text->line, line);
    return 0;
}

/* The `count` numbers that end a record of line `line` and are not kept (attributes, markers). */
static int skip_reals(mesh_text *text, long long count, size_t line, const char *what, error_text *err)
{
    for (long long a = 0; a < count; ++a) {
        double skipped;
        if (mesh_text_real(text, &skipped, what, err) != 0 || same_line(text, line, err) != 0)
            return -1;
    }
    return 0;
}

/* After a file's `count` records of `what` ("vertices", "tetrahedra"): -1 when reading them
 * failed (err says why) or more lines follow (err set here), else 0; the text is closed. */
static int end_of_file(mesh_text *text, int failed, long long count, const char *what, error_text *err)
{
    if (!failed && mesh_text_at_new_line(text))
        failed = error_set(err, "%s:%zu: more lines than the %lld %s the header announces", text->path, text->next_line,
                           count, what);
    mesh_text_close(text);
    return failed ? -1 : 0;
}

/* ---------------------------------------------------------------- the fast paths
 *
 * Records one a line, parsed on every core (mesh_text_records); any line in another form, or
 * holding anything the serial reader would refuse, sends the whole section to it. */

typedef struct node_lines {
    vec3 *vertices;
    int extra;         /* attributes and markers after the coordinates */
    size_t numbered_1; /* records whose number is their index + 1 (all, or none) */
} node_lines;

static int parse_node(const mesh_line *line, size_t record, void *context)
{
    node_lines *c = context;
    long long number;
    if (!mesh_word_integer(line->word[0], line->length[0], 0, 1LL << 40, &number) ||
        (number != (long long)record && number != (long long)record + 1))
        return 0;
    if (number != (long long)record) {
#pragma omp atomic update
        c->numbered_1++;
    }
    vec3 *v = &c->vertices[record];
    if (!mesh_word_coordinate(line->word[1], line->length[1], &v->x) ||
        !mesh_word_coordinate(line->word[2], line->length[2], &v->y) ||
        !mesh_word_coordinate(line->word[3], line->length[3], &v->z))
        return 0;
    double skipped;
    for (int k = 0; k < c->extra; ++k)
        if (!mesh_word_real(line->word[4 + k], line->length[4 + k], &skipped))
            return 0;
    return 1;
}

/* The .node records on every core: 1 with the vertices and the first number (0 or 1) set, or 0
 * with nothing kept. */
static int read_node_lines(mesh_text *text, tet_mesh *mesh, size_t count, long long extra, long long *first)
{
    node_lines c = {NULL, (int)extra, 0};
    if (extra > MESH_LINE_MAX_WORDS || !mesh_text_lines_follow(text, count) ||
        !(c.vertices = malloc((count + 1) * sizeof *c.vertices)))
        return 0;
    if (mesh_text_records(text, count, 4 + (int)extra, parse_node, &c) && (c.numbered_1 == 0 || c.numbered_1 == count)) {
        mesh->vertices = c.vertices;
        *first = c.numbered_1 ? 1 : 0;
        return 1;
    }
    free(c.vertices);
    return 0;
}

/* An .ele or .neigh section: records of four ints (vertex indices or neighbours). */
typedef struct tetra_lines {
    int (*records)[4];
    long long first, last; /* the file's numbers of the first and last vertex (.ele) or tetrahedron (.neigh) */
    int nodes, extra;      /* .ele: nodes per tetrahedron and attributes */
} tetra_lines;

/* The record's number must be its index in the file's numbering. */
static int numbered(const mesh_line *line, size_t record, long long first)
{
    long long number;
    return mesh_word_integer(line->word[0], line->length[0], -(1LL << 40), 1LL << 40, &number) &&
           number == first + (long long)record;
}

static int parse_element(const mesh_line *line, size_t record, void *context)
{
    const tetra_lines *c = context;
    if (!numbered(line, record, c->first))
        return 0;
    for (int k = 0; k < c->nodes; ++k) {
        long long index;
        if (!mesh_word_integer(line->word[1 + k], line->length[1 + k], c->first, c->last, &index))
            return 0;
        if (k < 4)
            c->records[record][k] = (int)(index - c->first);
    }
    double skipped;
    for (int k = 0; k < c->extra; ++k)
        if (!mesh_word_real(line->word[1 + c->nodes + k], line->length[1 + c->nodes + k], &skipped))
            return 0;
    return 1;
}

static int parse_neighbours(const mesh_line *line, size_t record, void *context)
{
    const tetra_lines *c = context;
    if (!numbered(line, record, c->first))
        return 0;
    for (int k = 0; k < 4; ++k) {
        long long index;
        if (!mesh_word_integer(line->word[1 + k], line->length[1 + k], -1, c->last, &index) ||
            (index != -1 && index < c->first))
            return 0;
        c->records[record][k] = index == -1 ? -1 : (int)(index - c->first);
    }
    return 1;
}

/* The .ele or .neigh records on every core: 1 with c->records and *lines (each record's line)
 * set, or 0 with nothing kept. */
static int read_tetra_lines(mesh_text *text, tetra_lines *c, size_t **lines, size_t count, int words,
                            mesh_record_parser parse)
{
    if (words > MESH_LINE_MAX_WORDS || !mesh_text_lines_follow(text, count))
        return 0;
    c->records = malloc((count + 1) * sizeof *c->records);
    *lines = malloc((count + 1) * sizeof **lines);
    if (c->records && *lines && mesh_text_records(text, count, words, parse, c)) {
        size_t first_line = text->line + 1 - count;
#pragma omp parallel for schedule(static) if (count >= MESH_PARALLEL_MIN)
        for (size_t i = 0; i < count; ++i)
            (*lines)[i] = first_line + i;
        return 1;
    }
    free(c->records);
    free(*lines);
    c->records = NULL;
    *lines = NULL;
    return 0;
}

/* ---------------------------------------------------------------- the files */

/* A file of the set, opened to be read as the whole mesh is (source->serial: word by word). */
static int open_section(const char *path, const mesh_source *source, mesh_text *text, error_text *err)
{
    if (mesh_text_open(text, path, err) != 0)
        return -1;
    text->serial = source->serial;
    return 0;
}

static int read_nodes(const char *path, const mesh_source *source, long long *first, error_text *err)
{
    tet_mesh *mesh = source->mesh;
    mesh_text text;
    if (open_section(path, source, &text, err) != 0)
        return -1;
    long long count, dimension, attributes, markers;
    int failed = mesh_text_integer(&text, 0, (long long)MESH_MAX_VERTICES, &count, "the number of vertices", err) ||
                 mesh_text_integer(&text, 0, 1000, &dimension, "the dimension", err) ||
                 mesh_text_integer(&text, 0, 1000, &attributes, "the number of attributes", err) ||
                 mesh_text_integer(&text, 0, 1, &markers, "the boundary marker flag (0 or 1)", err);
    if (!failed && dimension != 3)
        failed = error_set(err, "%s:%zu: dimension %lld: only 3-dimensional meshes have tetrahedra", path, text.line,
                           dimension);
    if (!failed && count == 0)
        failed = error_set(err, "%s:%zu: no vertices", path, text.line);
    size_t capacity = 0;
    int fast = !failed && read_node_lines(&text, mesh, (size_t)count, attributes + markers, first);
    for (long long i = 0; i < count && !failed && !fast; ++i) {
        mesh->vertices = mesh_text_grow(&text, mesh->vertices, &capacity, (size_t)i + 1, (size_t)count,
                                        sizeof *mesh->vertices, "vertices", err);
        failed = !mesh->vertices;
        if (!failed && mesh_text_at_end(&text))
            failed = mesh_text_ends_early(&text, count, i, "vertices", err);
        if (failed)
            break;
        if (i == 0) /* the first index sets the numbering: 0 or 1 */
            failed = mesh_text_integer(&text, 0, 1, first, "the first vertex's number (0 or 1)", err);
        else
            failed = record_start(&text, *first + i, "vertex", err);
        size_t line = text.line;
        vec3 *v = &mesh->vertices[i];
        long long number = *first + i;
        failed = failed || mesh_text_coordinate(&text, &v->x, "vertex", number, "x", err) ||
                 same_line(&text, line, err) || mesh_text_coordinate(&text, &v->y, "vertex", number, "y", err) ||
                 same_line(&text, line, err) || mesh_text_coordinate(&text, &v->z, "vertex", number, "z", err) ||
                 same_line(&text, line, err) ||
                 skip_reals(&text, attributes + markers, line, "a vertex attribute or marker", err);
    }
    mesh->vertex_count = failed ? 0 : (size_t)count;
    return end_of_file(&text, failed, count, "vertices", err);
}

/* Tetrahedron record i of the COUNT an .ele or .neigh file announces: its array and its line
 * array grown to hold it, then its number read. 1: record i begins (its line stored); 0: all
 * COUNT were read; -1: an error (err set), the file's end before COUNT among them. */
static int tetra_record_begin(mesh_text *text, void **records, size_t *capacity, size_t record_size,
                              size_t **lines, size_t *line_capacity, long long i, long long count, long long first,
                              error_text *err)
{
    *records = mesh_text_grow(text, *records, capacity, (size_t)i, (size_t)count, record_size, "tetrahedra", err);
    if (*records)
        *lines = mesh_text_grow(text, *lines, line_capacity, (size_t)i, (size_t)count, sizeof **lines, "tetrahedra",
                                err);
    if (!*records || !*lines)
        return -1;
    if (i == count)
        return 0;
    if (mesh_text_at_end(text))
        return mesh_text_ends_early(text, count, i, "tetrahedra", err) ? -1 : 0;
    if (record_start(text, first + i, "tetrahedron", err))
        return -1;
    (*lines)[i] = text->line;
    return 1;
}

/* The words of an .ele or .neigh record after its number, on line `line`, into `record`. */
typedef int (*tetra_record_reader)(mesh_text *text, const tetra_lines *c, int record[4], size_t line, error_text *err);

/* An .ele or .neigh file's `count` records read word by word (where the fast path could not
 * read them) into c->records and *lines. 0, or -1 with err set. */
static int read_tetra_records(mesh_text *text, tetra_lines *c, size_t **lines, long long count,
                              tetra_record_reader read_rest, error_text *err)
{
    size_t capacity = 0, line_capacity = 0;
    for (long long i = 0; i <= count; ++i) {
        void *records = c->records;
        int begun = tetra_record_begin(text, &records, &capacity, sizeof *c->records, lines, &line_capacity, i, count,
                                       c->first, err);
        c->records = records;
        if (begun <= 0)
            return begun;
        if (read_rest(text, c, c->records[i], text->line, err) != 0)
            return -1;
    }
    return 0;
}

/* An .ele record: its nodes' vertex indices (the first four kept), then its attributes. */
static int read_element_rest(mesh_text *text, const tetra_lines *c, int record[4], size_t line, error_text *err)
{
    for (int k = 0; k < c->nodes; ++k) {
        long long index;
        if (mesh_text_integer(text, c->first, c->last, &index, "a vertex index", err) || same_line(text, line, err))
            return -1;
        if (k < 4)
            record[k] = (int)(index - c->first);
    }
    return skip_reals(text, c->extra, line, "a tetrahedron attribute", err);
}

/* A .neigh record: the neighbour opposite each corner, -1 on the boundary. */
static int read_neighbour_rest(mesh_text *text, const tetra_lines *c, int record[4], size_t line, error_text *err)
{
    for (int k = 0; k < 4; ++k) {
        long long index;
        if (mesh_text_integer(text, -1, c->last, &index, "a neighbour (a tetrahedron number, or -1)", err) ||
            same_line(text, line, err))
            return -1;
        if (index != -1 && index < c->first)
            return error_set(err, "%s:%zu: neighbour %lld is out of range (-1, or %lld to %lld)", text->path, line,
                             index, c->first, c->last);
        record[k] = index == -1 ? -1 : (int)(index - c->first);
    }
    return 0;
}

/* The records of an .ele or .neigh file after its header, on every core where they allow it,
 * else word by word; the records stay in c->records even on failure (the mesh frees them). */
static int read_tetra_section(mesh_text *text, tetra_lines *c, size_t **lines, long long count,
                              mesh_record_parser parse, tetra_record_reader read_rest, error_text *err)
{
    int words = 1 + c->nodes + c->extra;
    if (c->extra <= MESH_LINE_MAX_WORDS && read_tetra_lines(text, c, lines, (size_t)count, words, parse))
        return 0;
    return read_tetra_records(text, c, lines, count, read_rest, err);
}

static int read_elements(const char *path, mesh_source *source, long long first, error_text *err)
{
    tet_mesh *mesh = source->mesh;
    mesh_text text;
    if (open_section(path, source, &text, err) != 0)
        return -1;
    long long count = 0, nodes = 0, attributes = 0;
    int failed =
        mesh_text_integer(&text, 0, (long long)MESH_MAX_TETRAHEDRA, &count, "the number of tetrahedra", err) ||
        mesh_text_integer(&text, 4, 10, &nodes, "the number of nodes per tetrahedron (4 or 10)", err) ||
        mesh_text_integer(&text, 0, 1000, &attributes, "the number of attributes", err);
    if (!failed && nodes != 4 && nodes != 10)
        failed = error_set(err, "%s:%zu: %lld nodes per tetrahedron: TetGen writes 4 or 10", path, text.line, nodes);
    tetra_lines c = {NULL, first, first + (long long)mesh->vertex_count - 1, (int)nodes, (int)attributes};
    failed = failed ||
             read_tetra_section(&text, &c, &source->tetra_line, count, parse_element, read_element_rest, err) != 0;
    mesh->tetra = c.records;
    mesh->tetra_count = failed ? 0 : (size_t)count;
    return end_of_file(&text, failed, count, "tetrahedra", err);
}

/* BASE.neigh: neighbour k of tetrahedron i lies opposite its corner k; stored here as a
 * tetrahedron index for now (mesh_check turns it into a face reference after checking it). */
static int read_neighbours(const char *path, mesh_source *source, long long first, error_text *err)
{
    tet_mesh *mesh = source->mesh;
    mesh_text text;
    if (open_section(path, source, &text, err) != 0)
        return -1;
    long long count, per;
    int failed = mesh_text_integer(&text, 0, (long long)MESH_MAX_TETRAHEDRA, &count, "the number of tetrahedra", err) ||
                 mesh_text_integer(&text, 4, 4, &per, "the number of neighbours per tetrahedron (4)", err);
    if (!failed && (size_t)count != mesh->tetra_count)
        failed = error_set(err, "%s:%zu: %lld tetrahedra, but the .ele file has %zu", path, text.line, count,
                           mesh->tetra_count);
    tetra_lines c = {NULL, first, first + (long long)mesh->tetra_count - 1, 4, 0};
    failed = failed || read_tetra_section(&text, &c, &source->neighbour_line, count, parse_neighbours,
                                          read_neighbour_rest, err) != 0;
    mesh->neighbour = c.records;
    return end_of_file(&text, failed, count, "tetrahedra", err);
}

int mesh_read_tetgen(const char *base, mesh_source *source, error_text *err)
{
    char node[1024], neigh[1024];
    snprintf(node, sizeof node, "%s.node", base);
    snprintf(neigh, sizeof neigh, "%s.neigh", base);
    snprintf(source->tetra_path, sizeof source->tetra_path, "%s.ele", base);
    if (strlen(base) + 7 > sizeof node)
        return error_set(err, "%s: the path is too long", base);
    long long first = 0;
    if (read_nodes(node, source, &first, err) != 0 || read_elements(source->tetra_path, source, first, err) != 0)
        return -1;
    source->first_index = first;
    if (access(neigh, F_OK) != 0)
        return 0;
    snprintf(source->neighbour_path, sizeof source->neighbour_path, "%s", neigh);
    return read_neighbours(neigh, source, first, err);
}
