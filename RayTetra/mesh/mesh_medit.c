/* mesh_medit.c: the Medit .mesh reader (ASCII; the format of Medit, mmg, Gmsh's .mesh export and
 * SfePy's meshes). A file is a series of keywords: MeshVersionFormatted N, Dimension 3, then
 * sections "NAME COUNT" followed by COUNT records, and End. Vertices and Tetrahedra are read (a
 * reference number ends each record); every other section Medit defines is skipped record by
 * record, so that a mesh with triangles, hexahedra or normals still reads. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mesh/mesh_source.h"
#include "mesh/mesh_text.h"

/* The sections skipped and the words in each of their records. */
typedef struct skipped_section {
    const char *name;
    int words;
} skipped_section;

static const skipped_section SKIPPED[] = {
    {"Edges", 3},          {"Triangles", 4},          {"Quadrilaterals", 5},
    {"Prisms", 7},         {"Pyramids", 6},           {"Hexahedra", 9},
    {"Corners", 1},        {"Ridges", 1},             {"RequiredVertices", 1},
    {"RequiredEdges", 1},  {"RequiredTriangles", 1},  {"RequiredQuadrilaterals", 1},
    {"RequiredTetrahedra", 1}, {"RequiredHexahedra", 1}, {"Normals", 3},
    {"NormalAtVertices", 2}, {"NormalAtTriangleVertices", 3}, {"NormalAtQuadrilateralVertices", 3},
    {"Tangents", 3},       {"TangentAtVertices", 2},  {"TangentAtEdgeVertices", 3},
    {"Crack", 2},          {"Identifier", 0},         {"Geometry", 0},
};

static int keyword_is(const char *word, size_t length, const char *name)
{
    return strlen(name) == length && strncasecmp(word, name, length) == 0;
}

/* A vertex record: x y z reference (read on many threads at once: mesh_text_records). */
static int parse_vertex(const mesh_line *line, size_t record, void *context)
{
    vec3 *v = (vec3 *)context + record;
    long long reference;
    return mesh_word_coordinate(line->word[0], line->length[0], &v->x) &&
           mesh_word_coordinate(line->word[1], line->length[1], &v->y) &&
           mesh_word_coordinate(line->word[2], line->length[2], &v->z) &&
           mesh_word_integer(line->word[3], line->length[3], -2147483647LL, 2147483647LL, &reference);
}

/* The vertices on every core, when the file has them one a line (mesh_text_records): 1 when
 * read, 0 (nothing kept) when the serial reader must read them. */
static int read_vertex_lines(mesh_text *text, tet_mesh *mesh, size_t count)
{
    if (!mesh_text_lines_follow(text, count) || !(mesh->vertices = malloc((count + 1) * sizeof *mesh->vertices)))
        return 0;
    if (mesh_text_records(text, count, 4, parse_vertex, mesh->vertices)) {
        mesh->vertex_count = count;
        return 1;
    }
    free(mesh->vertices);
    mesh->vertices = NULL;
    return 0;
}

/* A tetrahedron record: four vertex indices from 1 and a reference. */
typedef struct tetra_context {
    tet_mesh *mesh;
    long long last; /* the highest vertex index */
} tetra_context;

static int parse_tetrahedron(const mesh_line *line, size_t record, void *context)
{
    const tetra_context *c = context;
    long long index[4], reference;
    for (int k = 0; k < 4; ++k)
        if (!mesh_word_integer(line->word[k], line->length[k], 1, c->last, &index[k]))
            return 0;
    for (int k = 0; k < 4; ++k)
        c->mesh->tetra[record][k] = (int)(index[k] - 1);
    return mesh_word_integer(line->word[4], line->length[4], -2147483647LL, 2147483647LL, &reference);
}

/* The tetrahedra on every core, as read_vertex_lines reads the vertices. */
static int read_tetra_lines(mesh_text *text, mesh_source *source, size_t count)
{
    tet_mesh *mesh = source->mesh;
    if (!mesh_text_lines_follow(text, count))
        return 0;
    mesh->tetra = malloc((count + 1) * sizeof *mesh->tetra);
    source->tetra_line = malloc((count + 1) * sizeof *source->tetra_line);
    tetra_context context = {mesh, (long long)mesh->vertex_count};
    if (mesh->tetra && source->tetra_line && mesh_text_records(text, count, 5, parse_tetrahedron, &context)) {
        size_t first = text->line + 1 - count;
#pragma omp parallel for schedule(static) if (count >= MESH_PARALLEL_MIN)
        for (size_t i = 0; i < count; ++i)
            source->tetra_line[i] = first + i;
        mesh->tetra_count = count;
        return 1;
    }
    free(mesh->tetra);
    free(source->tetra_line);
    mesh->tetra = NULL;
    source->tetra_line = NULL;
    return 0;
}

static int read_vertices(mesh_text *text, tet_mesh *mesh, error_text *err)
{
    long long count;
    if (mesh_text_integer(text, 0, (long long)MESH_MAX_VERTICES, &count, "the number of vertices", err) != 0)
        return -1;
    if (mesh->vertices)
        return error_set(err, "%s:%zu: a second Vertices section", text->path, text->line);
    if (read_vertex_lines(text, mesh, (size_t)count))
        return 0;
    size_t capacity = 0;
    for (size_t i = 0; i <= (size_t)count; ++i) {
        mesh->vertices = mesh_text_grow(text, mesh->vertices, &capacity, i, (size_t)count, sizeof *mesh->vertices,
                                        "vertices", err);
        if (!mesh->vertices)
            return -1;
        if (i == (size_t)count)
            break;
        if (mesh_text_at_end(text))
            return mesh_text_ends_early(text, count, (long long)i, "vertices", err);
        vec3 *v = &mesh->vertices[i];
        long long reference, number = (long long)i + 1;
        if (mesh_text_coordinate(text, &v->x, "vertex", number, "x", err) != 0 ||
            mesh_text_coordinate(text, &v->y, "vertex", number, "y", err) != 0 ||
            mesh_text_coordinate(text, &v->z, "vertex", number, "z", err) != 0 ||
            mesh_text_integer(text, -2147483647LL, 2147483647LL, &reference, "a vertex's reference number", err) != 0)
            return -1;
    }
    mesh->vertex_count = (size_t)count;
    return 0;
}

static int read_tetrahedra(mesh_text *text, mesh_source *source, error_text *err)
{
    tet_mesh *mesh = source->mesh;
    long long count;
    if (mesh_text_integer(text, 0, (long long)MESH_MAX_TETRAHEDRA, &count, "the number of tetrahedra", err) != 0)
        return -1;
    if (mesh->tetra)
        return error_set(err, "%s:%zu: a second Tetrahedra section", text->path, text->line);
    if (!mesh->vertices)
        return error_set(err, "%s:%zu: Tetrahedra before Vertices (the vertex count is needed to check indices)",
                         text->path, text->line);
    if (count > 0 && mesh->vertex_count == 0)
        return error_set(err, "%s:%zu: tetrahedra, but no vertices", text->path, text->line);
    if (read_tetra_lines(text, source, (size_t)count))
        return 0;
    long long last = (long long)mesh->vertex_count;
    size_t capacity = 0, line_capacity = 0;
    for (size_t i = 0; i <= (size_t)count; ++i) {
        mesh->tetra = mesh_text_grow(text, mesh->tetra, &capacity, i, (size_t)count, sizeof *mesh->tetra, "tetrahedra",
                                     err);
        if (mesh->tetra)
            source->tetra_line = mesh_text_grow(text, source->tetra_line, &line_capacity, i, (size_t)count,
                                                sizeof *source->tetra_line, "tetrahedra", err);
        if (!mesh->tetra || !source->tetra_line)
            return -1;
        if (i == (size_t)count)
            break;
        if (mesh_text_at_end(text))
            return mesh_text_ends_early(text, count, (long long)i, "tetrahedra", err);
        for (int k = 0; k < 4; ++k) {
            long long index;
            /* Medit counts vertices from 1. */
            if (mesh_text_integer(text, 1, last, &index, "a vertex index", err) != 0)
                return -1;
            if (k == 0)
                source->tetra_line[i] = text->line;
            mesh->tetra[i][k] = (int)(index - 1);
        }
        long long reference;
        if (mesh_text_integer(text, -2147483647LL, 2147483647LL, &reference, "a tetrahedron's reference number", err) !=
            0)
            return -1;
    }
    mesh->tetra_count = (size_t)count;
    return 0;
}

/* Skip `count` records of `words` words each. */
static int skip_section(mesh_text *text, const skipped_section *section, error_text *err)
{
    long long count;
    char what[96];
    snprintf(what, sizeof what, "the number of records of %s", section->name);
    if (section->words == 0) { /* a string section: one quoted word */
        const char *word;
        size_t length;
        if (!mesh_text_word(text, &word, &length))
            return error_set(err, "%s:%zu: %s without its value", text->path, text->line, section->name);
        return 0;
    }
    if (mesh_text_integer(text, 0, 1LL << 40, &count, what, err) != 0)
        return -1;
    for (long long i = 0; i < count * section->words; ++i) {
        double value;
        snprintf(what, sizeof what, "a number of %s", section->name);
        if (mesh_text_real(text, &value, what, err) != 0)
            return -1;
    }
    return 0;
}

static int read_sections(mesh_text *text, mesh_source *source, error_text *err)
{
    const char *word;
    size_t length;
    long long value;
    while (mesh_text_word(text, &word, &length)) {
        if (keyword_is(word, length, "End"))
            return 0;
        if (keyword_is(word, length, "MeshVersionFormatted")) {
            if (mesh_text_integer(text, 1, 4, &value, "the format version (1 to 4)", err) != 0)
                return -1;
        } else if (keyword_is(word, length, "Dimension")) {
            if (mesh_text_integer(text, 0, 1000, &value, "the dimension", err) != 0)
                return -1;
            if (value != 3)
                return error_set(err, "%s:%zu: Dimension %lld: only 3-dimensional meshes have tetrahedra", text->path,
                                 text->line, value);
        } else if (keyword_is(word, length, "Vertices")) {
            if (read_vertices(text, source->mesh, err) != 0)
                return -1;
        } else if (keyword_is(word, length, "Tetrahedra")) {
            if (read_tetrahedra(text, source, err) != 0)
                return -1;
        } else {
            const skipped_section *section = NULL;
            for (size_t i = 0; i < sizeof SKIPPED / sizeof SKIPPED[0] && !section; ++i)
                if (keyword_is(word, length, SKIPPED[i].name))
                    section = &SKIPPED[i];
            if (!section)
                return error_set(err, "%s:%zu: unknown Medit keyword '%.*s' (expected a section such as Vertices or "
                                      "Tetrahedra, or End)",
                                 text->path, text->line, (int)(length > 40 ? 40 : length), word);
            if (skip_section(text, section, err) != 0)
                return -1;
        }
    }
    return 0;
}

int mesh_read_medit(const char *path, mesh_source *source, error_text *err)
{
    mesh_text text;
    source->first_index = 1;
    if (mesh_text_open(&text, path, err) != 0)
        return -1;
    text.serial = source->serial;
    int failed = read_sections(&text, source, err);
    if (!failed && !source->mesh->tetra)
        failed = error_set(err, "%s: no Tetrahedra section (TetWalk needs a tetrahedral mesh)", path);
    snprintf(source->tetra_path, sizeof source->tetra_path, "%s", path);
    mesh_text_close(&text);
    return failed ? -1 : 0;
}
