/* pairs_io.c: reading and writing pairs and results as text; binary inputs are handed to
 * binary_io.c once their magic is seen. Inputs are read without seeking (input_stream.h). */
#define _POSIX_C_SOURCE 200809L
#include "pairs_io.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "binary_io.h"
#include "pair_check.h"

void pair_set_free(pair_set *set)
{
    free(set->pairs);
    set->pairs = NULL;
    set->count = 0;
}

/* Line reader that skips comments and blank lines (input_stream keeps the line number and
 * refuses control bytes and overlong lines). */
typedef struct line_reader {
    input_stream *in;
    const char *path; /* the input's name in messages */
    const char *line; /* the current line */
    size_t number;    /* its number */
    pair_classes *classes; /* NULL: "# class" lines are plain comments */
    int current_class;     /* index in classes of the label in force, -1 before the first */
} line_reader;

static int is_blank(const char *s)
{
    for (; *s; ++s)
        if (*s != ' ' && *s != '\t' && *s != '\r' && *s != '\n')
            return 0;
    return 1;
}

int pair_classes_index(pair_classes *classes, const char *name)
{
    for (int i = 0; i < classes->name_count; ++i)
        if (strcmp(classes->names[i], name) == 0)
            return i;
    if (classes->name_count == PAIRS_CLASSES_MAX)
        return -1;
    snprintf(classes->names[classes->name_count], sizeof classes->names[0], "%s", name);
    return classes->name_count++;
}

void pair_classes_free(pair_classes *classes)
{
    free(classes->of_pair);
    classes->of_pair = NULL;
    classes->count = 0;
    classes->name_count = 0;
}

/* A comment line s (after its '#'): "class NAME" sets the label in force; other comments pass. */
static int class_comment(line_reader *r, const char *s, error_text *err)
{
    while (*s == ' ' || *s == '\t')
        ++s;
    if (strncmp(s, "class", 5) != 0 || (s[5] != ' ' && s[5] != '\t'))
        return 0;
    s += 5;
    while (*s == ' ' || *s == '\t')
        ++s;
    size_t length = strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_");
    if (length == 0 || length > PAIRS_CLASS_NAME_MAX || !is_blank(s + length))
        return error_set(err,
                         "%s:%zu: a '# class NAME' line needs one name of letters, digits, '-' and '_' (at most %d)",
                         r->path, r->number, PAIRS_CLASS_NAME_MAX);
    char name[PAIRS_CLASS_NAME_MAX + 1];
    memcpy(name, s, length);
    name[length] = '\0';
    r->current_class = pair_classes_index(r->classes, name);
    if (r->current_class < 0)
        return error_set(err, "%s:%zu: more than %d classes; merge some", r->path, r->number, PAIRS_CLASSES_MAX);
    return 0;
}

/* Next line that is neither a comment nor blank; 1 if found, 0 at end of file, -1 on error. */
static int next_line(line_reader *r, error_text *err)
{
    for (;;) {
        size_t length;
        int found = input_line(r->in, &length, err);
        if (found <= 0)
            return found;
        r->line = r->in->line;
        r->number = r->in->line_number;
        const char *s = r->line;
        while (*s == ' ' || *s == '\t')
            ++s;
        if (*s == '#' && r->classes && class_comment(r, s + 1, err) != 0)
            return -1;
        if (*s == '#' || is_blank(s))
            continue;
        return 1;
    }
}

/* A token for a message: at most 40 bytes of it, any byte that is not printable ASCII as \xHH. */
static const char *quoted(const char *token, size_t length, char *out, size_t size)
{
    input_quote(token, length > 40 ? 40 : length, out, size);
    return out;
}

/* Parse up to `max` reals from s; returns how many there were (max + 1 if more), or -1 with err
 * set for a bad token. For coordinates, a number too small for a double (read as 0 or as a
 * subnormal) is refused too: it is outside the supported range. */
static int parse_reals(const char *s, double *values, int max, int coordinates, const line_reader *r,
                       error_text *err)
{
    int count = 0;
    char text[200];
    for (;;) {
        while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
            ++s;
        if (!*s)
            return count;
        char *end;
        errno = 0;
        double v = strtod(s, &end);
        const char *token_end = s;
        while (*token_end && *token_end != ' ' && *token_end != '\t' && *token_end != '\r' && *token_end != '\n')
            ++token_end;
        size_t token_length = (size_t)(token_end - s);
        if (end == s || end != token_end)
            return error_set(err, "%s:%zu: '%s' is not a number", r->path, r->number,
                             quoted(s, token_length, text, sizeof text));
        if (!isfinite(v) || (errno == ERANGE && fabs(v) > 1.0))
            return error_set(err, "%s:%zu: '%s' is not a finite number (NaN and Inf are not valid %s)", r->path,
                             r->number, quoted(s, token_length, text, sizeof text),
                             coordinates ? "coordinates" : "results");
        if (coordinates && errno == ERANGE)
            return error_set(err, "%s:%zu: '%s' is outside the supported range: %s (docs/INPUT_RANGE.md)", r->path,
                             r->number, quoted(s, token_length, text, sizeof text), PAIR_RANGE_TEXT);
        if (count == max)
            return max + 1;
        values[count++] = v;
        s = token_end;
    }
}

static int validate_pair(const ray_tetra_pair *p, const line_reader *r, error_text *err)
{
    char why[ERROR_TEXT_SIZE / 2];
    return pair_check(p, why, sizeof why) != 0 ? error_set(err, "%s:%zu: %s", r->path, r->number, why) : 0;
}

static int read_count(line_reader *r, off_t file_size, size_t *count, error_text *err)
{
    int found = next_line(r, err);
    if (found < 0)
        return -1;
    if (found == 0)
        return error_set(err, "%s: the file is empty (the first line must hold the number of pairs)", r->path);
    char *end;
    const char *s = r->line;
    errno = 0;
    long long n = strtoll(s, &end, 10);
    while (*end == ' ' || *end == '\t' || *end == '\r' || *end == '\n')
        ++end;
    if (end == s || *end)
        return error_set(err, "%s:%zu: the first line must be the number of pairs, a whole number", r->path,
                         r->number);
    if (n < 0)
        return error_set(err, "%s:%zu: the number of pairs is negative (%lld)", r->path, r->number, n);
    /* Each pair line holds at least 18 one-character reals and their separators. */
    if (errno == ERANGE || (unsigned long long)n > SIZE_MAX / sizeof(ray_tetra_pair) ||
        (file_size >= 0 && (unsigned long long)n > (unsigned long long)file_size / 36 + 1))
        return error_set(err, "%s:%zu: %lld pairs cannot fit in this file; the first line must be the number of pairs",
                         r->path, r->number, n);
    *count = (size_t)n;
    return 0;
}

/* The line of pair i of `count` into r: 0, or -1 with err set (a read error, or the input ends
 * before the count the first line announces). */
static int next_pair_line(line_reader *r, size_t i, size_t count, error_text *err)
{
    int found = next_line(r, err);
    if (found < 0)
        return -1;
    if (found == 0)
        return error_set(err, "%s:%zu: the file ends after %zu pairs, but its first line announces %zu", r->path,
                         r->in->line_number, i, count);
    return 0;
}

/* After the announced pairs: comments and blank lines may follow, data may not. */
static int after_pairs(line_reader *r, size_t count, error_text *err)
{
    int found = next_line(r, err);
    if (found < 0)
        return -1;
    if (found > 0)
        return error_set(err, "%s:%zu: more pairs than the %zu announced on the first line", r->path, r->number,
                         count);
    return 0;
}

/* The 18 reals of the current line into *pair, validated. */
static int parse_pair(const line_reader *r, ray_tetra_pair *pair, error_text *err)
{
    double v[18];
    int n = parse_reals(r->line, v, 18, 1, r, err);
    if (n < 0)
        return -1;
    if (n != 18)
        return error_set(err, "%s:%zu: expected 18 reals (V0 V1 V2 V3 P Q), found %s%d", r->path, r->number,
                         n > 18 ? "more than " : "", n > 18 ? 18 : n);
    memcpy(pair, v, sizeof v);
    return validate_pair(pair, r, err);
}

int pairs_text_begin(input_stream *in, size_t *count, error_text *err)
{
    line_reader r = {.in = in, .path = in->name, .current_class = -1};
    return read_count(&r, in->size, count, err);
}

int pairs_text_line(input_stream *in, size_t index, size_t count, error_text *err)
{
    line_reader r = {.in = in, .path = in->name, .current_class = -1};
    return next_pair_line(&r, index, count, err);
}

int pairs_text_line_classes(input_stream *in, size_t index, size_t count, pair_classes *classes, int *current_class,
                            error_text *err)
{
    line_reader r = {.in = in, .path = in->name, .classes = classes, .current_class = *current_class};
    int status = next_pair_line(&r, index, count, err);
    if (status == 0 && r.current_class < 0) /* before any label: no class is declared yet, so this fits */
        r.current_class = pair_classes_index(classes, PAIRS_DEFAULT_CLASS);
    *current_class = r.current_class;
    return status;
}

int pairs_text_end(input_stream *in, size_t count, error_text *err)
{
    line_reader r = {.in = in, .path = in->name, .current_class = -1};
    return after_pairs(&r, count, err);
}

int pairs_parse_line(const char *name, const char *line, size_t number, ray_tetra_pair *pair, error_text *err)
{
    line_reader r = {.path = name, .line = line, .number = number, .current_class = -1};
    return parse_pair(&r, pair, err);
}

/* Room for pair i (and its class label): the arrays grow as pairs arrive, up to the count the
 * first line announces, so that a stream announcing more than it holds costs no memory. */
static int make_room(const line_reader *r, size_t i, size_t count, ray_tetra_pair **pairs, size_t *capacity,
                     pair_classes *classes, error_text *err)
{
    if (i < *capacity)
        return 0;
    size_t grown = *capacity ? *capacity * 2 : 65536;
    if (grown > count)
        grown = count;
    ray_tetra_pair *bigger = realloc(*pairs, grown * sizeof **pairs);
    if (!bigger)
        return error_set(err, "%s: not enough memory for %zu pairs", r->path, count);
    *pairs = bigger;
    if (classes) {
        unsigned char *labels = realloc(classes->of_pair, grown);
        if (!labels)
            return error_set(err, "%s: not enough memory for %zu pairs", r->path, count);
        classes->of_pair = labels;
    }
    *capacity = grown;
    return 0;
}

/* The text reader of pairs_read and pairs_read_classes (classes NULL: labels are not kept). */
static int read_text_pairs(input_stream *in, pair_set *set, pair_classes *classes, error_text *err)
{
    line_reader r = {.in = in, .path = in->name, .classes = classes, .current_class = -1};
    size_t count = 0, capacity = 0;
    int status = read_count(&r, in->size, &count, err);
    ray_tetra_pair *pairs = NULL;
    for (size_t i = 0; status == 0 && i < count; ++i) {
        if (next_pair_line(&r, i, count, err) != 0) {
            status = -1;
            break;
        }
        if (make_room(&r, i, count, &pairs, &capacity, classes, err) != 0) {
            status = -1;
            break;
        }
        status = parse_pair(&r, &pairs[i], err);
        if (status == 0) {
            if (classes) {
                if (r.current_class < 0) /* before any label: no class is declared yet, so this fits */
                    r.current_class = pair_classes_index(classes, PAIRS_DEFAULT_CLASS);
                classes->of_pair[i] = (unsigned char)r.current_class;
            }
        }
    }
    if (status == 0)
        status = after_pairs(&r, count, err);
    if (status != 0) {
        free(pairs);
        return -1;
    }
    set->count = count;
    set->pairs = pairs;
    return 0;
}

static int read_pairs(input_stream *in, pair_set *set, pair_classes *classes, error_text *err)
{
    set->count = 0;
    set->pairs = NULL;
    int binary = binary_input(in, err);
    if (binary < 0)
        return -1;
    return binary ? binary_pairs_read(in, set, err) : read_text_pairs(in, set, classes, err);
}

int pairs_read_input(input_stream *in, pair_set *set, error_text *err) { return read_pairs(in, set, NULL, err); }

static int read_pairs_path(const char *path, pair_set *set, pair_classes *classes, error_text *err)
{
    set->count = 0;
    set->pairs = NULL;
    input_stream in;
    if (input_open(&in, path, "input file", err) != 0)
        return -1;
    int status = read_pairs(&in, set, classes, err);
    input_close(&in);
    return status;
}

int pairs_read(const char *path, pair_set *set, error_text *err) { return read_pairs_path(path, set, NULL, err); }


int pairs_read_classes(const char *path, pair_set *set, pair_classes *classes, error_text *err)
{
    memset(classes, 0, sizeof *classes);
    if (read_pairs_path(path, set, classes, err) != 0) {
        pair_classes_free(classes);
        return -1;
    }
    return pair_classes_finish(path, set, classes, err);
}

int pairs_read_classes_input(input_stream *in, pair_set *set, pair_classes *classes, error_text *err)
{
    memset(classes, 0, sizeof *classes);
    if (read_pairs(in, set, classes, err) != 0) {
        pair_classes_free(classes);
        return -1;
    }
    return pair_classes_finish(in->name, set, classes, err);
}

int pair_classes_finish(const char *path, pair_set *set, pair_classes *classes, error_text *err)
{
    if (!classes->of_pair) { /* a binary file (no labels), or no pairs */
        classes->of_pair = calloc(set->count ? set->count : 1, 1);
        if (!classes->of_pair) {
            pair_set_free(set);
            return error_set(err, "%s: not enough memory for %zu pairs", path, set->count);
        }
        if (set->count > 0)
            pair_classes_index(classes, PAIRS_DEFAULT_CLASS);
    }
    classes->count = set->count;
    return 0;
}

int pairs_write(const char *path, const pair_set *set, error_text *err)
{
    if (binary_path(path))
        return binary_pairs_write(path, set, err);
    atomic_file file;
    if (atomic_open(&file, path, err) != 0)
        return -1;
    fprintf(file.stream, "%zu\n", set->count);
    for (size_t i = 0; i < set->count; ++i) {
        const double *v = &set->pairs[i].vert[0].x;
        for (int k = 0; k < 18; ++k)
            fprintf(file.stream, k ? " %.17g" : "%.17g", v[k]);
        fputc('\n', file.stream);
    }
    return atomic_commit(&file, err);
}

size_t result_format(char *out, size_t size, const ray_tetra_result *r)
{
    int n = !r->hit ? snprintf(out, size, "false\n")
                    : snprintf(out, size, "true %d %d %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g\n",
                               r->enter_face, r->leave_face, r->enter_point.x, r->enter_point.y, r->enter_point.z,
                               r->leave_point.x, r->leave_point.y, r->leave_point.z, r->u_enter1, r->u_enter2,
                               r->u_leave1, r->u_leave2, r->t_enter, r->t_leave);
    return n < 0 ? 0 : (size_t)n;
}

void result_print(FILE *out, const ray_tetra_result *r)
{
    char line[RESULT_LINE_MAX];
    fputs(result_format(line, sizeof line, r) < sizeof line ? line : "", out);
}

int results_write(const char *path, const ray_tetra_result *results, size_t count, const char *trailer,
                  error_text *err)
{
    if (binary_path(path))
        return binary_results_write(path, results, count, err);
    atomic_file file;
    if (atomic_open(&file, path, err) != 0)
        return -1;
    for (size_t i = 0; i < count; ++i)
        result_print(file.stream, &results[i]);
    if (trailer)
        fputs(trailer, file.stream);
    return atomic_commit(&file, err);
}

/* Parse one result line into *res; 0 or -1 with err set. */
static int parse_result(const line_reader *r, ray_tetra_result *res, error_text *err)
{
    const char *s = r->line;
    while (*s == ' ' || *s == '\t')
        ++s;
    size_t word = strcspn(s, " \t\r\n");
    memset(res, 0, sizeof *res);
    res->enter_face = res->leave_face = -1;
    if ((word == 5 && strncmp(s, "false", 5) == 0) || (word == 1 && s[0] == '0')) {
        if (!is_blank(s + word))
            return error_set(err, "%s:%zu: nothing may follow a miss ('false')", r->path, r->number);
        return 0;
    }
    if (!((word == 4 && strncmp(s, "true", 4) == 0) || (word == 1 && s[0] == '1')))
        return error_set(err, "%s:%zu: a result line starts with true/false (or 1/0)", r->path, r->number);
    double v[15];
    int n = parse_reals(s + word, v, 14, 0, r, err);
    if (n < 0)
        return -1;
    if (n != 14)
        return error_set(err, "%s:%zu: a hit needs 14 values after 'true' (faces, points, u, t), found %s%d", r->path,
                         r->number, n > 14 ? "more than " : "", n > 14 ? 14 : n);
    /* In range before any conversion: (int)3e9 would be undefined. */
    for (int k = 0; k < 2; ++k) /* -1: a side clipped by a ray or a segment (SPECIFICATION.md section 9) */
        if (!(v[k] >= -1 && v[k] <= 3 && v[k] == floor(v[k])))
            return error_set(err, "%s:%zu: faces must be whole numbers 0..3 (or -1 for a clipped side)", r->path,
                             r->number);
    binary_result_hit(res, (int)v[0], (int)v[1], v + 2);
    return 0;
}

static int read_text_results(input_stream *in, ray_tetra_result **results, size_t *count, size_t **lines,
                             error_text *err)
{
    line_reader r = {.in = in, .path = in->name};
    size_t capacity = 0, n = 0;
    ray_tetra_result *list = NULL;
    size_t *numbers = NULL;
    int status = 0, found;
    while ((found = next_line(&r, err)) > 0) {
        if (n == capacity) {
            capacity = capacity ? capacity * 2 : 1024;
            ray_tetra_result *grown = realloc(list, capacity * sizeof *list);
            if (grown)
                list = grown;
            size_t *grown_numbers = grown && lines ? realloc(numbers, capacity * sizeof *numbers) : numbers;
            if (grown_numbers)
                numbers = grown_numbers;
            if (!grown || (lines && !grown_numbers)) {
                status = error_set(err, "%s: out of memory after %zu results", r.path, n);
                break;
            }
        }
        if (parse_result(&r, &list[n], err) != 0) {
            status = -1;
            break;
        }
        if (lines)
            numbers[n] = r.number;
        ++n;
    }
    if (found < 0)
        status = -1;
    if (status != 0) {
        free(list);
        free(numbers);
        return -1;
    }
    *results = list;
    *count = n;
    if (lines)
        *lines = numbers;
    return 0;
}

int results_text_line(input_stream *in, error_text *err)
{
    line_reader r = {.in = in, .path = in->name, .current_class = -1};
    return next_line(&r, err);
}

int results_parse_line(const char *name, const char *line, size_t number, ray_tetra_result *result, error_text *err)
{
    line_reader r = {.path = name, .line = line, .number = number, .current_class = -1};
    return parse_result(&r, result, err);
}

int results_read_input(input_stream *in, ray_tetra_result **results, size_t *count, size_t **lines,
                       error_text *err)
{
    *results = NULL;
    *count = 0;
    if (lines)
        *lines = NULL;
    int binary = binary_input(in, err);
    if (binary < 0)
        return -1;
    if (binary)
        return binary_results_read(in, results, count, err);
    return read_text_results(in, results, count, lines, err);
}

int results_read_located(const char *path, ray_tetra_result **results, size_t *count, size_t **lines,
                         error_text *err)
{
    *results = NULL;
    *count = 0;
    if (lines)
        *lines = NULL;
    input_stream in;
    if (input_open(&in, path, "result file", err) != 0)
        return -1;
    int status = results_read_input(&in, results, count, lines, err);
    input_close(&in);
    return status;
}

int results_read(const char *path, ray_tetra_result **results, size_t *count, error_text *err)
{
    return results_read_located(path, results, count, NULL, err);
}
