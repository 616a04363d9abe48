/* pairs_io.c: reading and writing pairs and results as text. */
#define _POSIX_C_SOURCE 200809L
#include "pairs_io.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "atomic_file.h"
#include "binary_io.h"
#include "pair_check.h"

void pair_set_free(pair_set *set)
{
    free(set->pairs);
    set->pairs = NULL;
    set->count = 0;
}

/* Line reader that keeps the line number and skips comments and blank lines. */
typedef struct line_reader {
    FILE *stream;
    const char *path;
    char *line;
    size_t capacity;
    size_t number;
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
        errno = 0;
        ssize_t len = getline(&r->line, &r->capacity, r->stream);
        if (len < 0) {
            if (ferror(r->stream))
                return error_set(err, "%s:%zu: read error: %s", r->path, r->number + 1, strerror(errno));
            return 0;
        }
        r->number++;
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

/* Parse up to `max` reals from s; returns how many there were (max + 1 if more), or -1 with err
 * set for a bad token. */
static int parse_reals(const char *s, double *values, int max, const line_reader *r, error_text *err)
{
    int count = 0;
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
        if (end == s || end != token_end) {
            return error_set(err, "%s:%zu: '%.*s' is not a number",
                             r->path, r->number, (int)(token_end - s > 40 ? 40 : token_end - s), s);
        }
        if (!isfinite(v) || (errno == ERANGE && fabs(v) > 1.0))
            return error_set(err, "%s:%zu: '%.*s' is not a finite number (NaN and Inf are not valid coordinates)",
                             r->path, r->number, (int)(token_end - s > 40 ? 40 : token_end - s), s);
        if (count == max)
            return max + 1;
        values[count++] = v;
        s = token_end;
    }
}

static int validate_pair(const ray_tetra_pair *p, const line_reader *r, error_text *err)
{
    const char *problem = pair_problem(p);
    return problem ? error_set(err, "%s:%zu: %s", r->path, r->number, problem) : 0;
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
        (file_size > 0 && (unsigned long long)n > (unsigned long long)file_size / 36 + 1))
        return error_set(err, "%s:%zu: %lld pairs cannot fit in this file; the first line must be the number of pairs",
                         r->path, r->number, n);
    *count = (size_t)n;
    return 0;
}

/* The reader of pairs_read and pairs_read_classes (classes NULL: labels are not kept). */
static int read_pairs(const char *path, pair_set *set, pair_classes *classes, error_text *err)
{
    set->count = 0;
    set->pairs = NULL;
    line_reader r = {.path = path, .classes = classes, .current_class = -1};
    r.stream = fopen(path, "r");
    if (!r.stream)
        return error_set(err, "%s: cannot open the input file: %s", path, strerror(errno));
    if (binary_stream(r.stream)) {
        int status = binary_pairs_read(path, r.stream, set, err);
        fclose(r.stream);
        return status;
    }
    struct stat st;
    off_t file_size = (fstat(fileno(r.stream), &st) == 0 && S_ISREG(st.st_mode)) ? st.st_size : 0;
    size_t count = 0;
    int status = read_count(&r, file_size, &count, err);
    ray_tetra_pair *pairs = NULL;
    if (status == 0 && count > 0) {
        pairs = malloc(count * sizeof *pairs);
        if (!pairs)
            status = error_set(err, "%s: not enough memory for %zu pairs", path, count);
    }
    if (status == 0 && classes && count > 0) {
        classes->of_pair = malloc(count);
        if (!classes->of_pair)
            status = error_set(err, "%s: not enough memory for %zu pairs", path, count);
    }
    for (size_t i = 0; status == 0 && i < count; ++i) {
        int found = next_line(&r, err);
        if (found < 0) {
            status = -1;
            break;
        }
        if (found == 0) {
            status = error_set(err, "%s:%zu: the file ends after %zu pairs, but its first line announces %zu", path,
                               r.number, i, count);
            break;
        }
        double v[18];
        int n = parse_reals(r.line, v, 18, &r, err);
        if (n < 0) {
            status = -1;
        } else if (n != 18) {
            status = error_set(err, "%s:%zu: expected 18 reals (V0 V1 V2 V3 P Q), found %s%d", path, r.number,
                               n > 18 ? "more than " : "", n > 18 ? 18 : n);
        } else {
            memcpy(&pairs[i], v, sizeof v);
            status = validate_pair(&pairs[i], &r, err);
            if (classes) {
                if (r.current_class < 0) /* before any label: no class is declared yet, so this fits */
                    r.current_class = pair_classes_index(classes, PAIRS_DEFAULT_CLASS);
                classes->of_pair[i] = (unsigned char)r.current_class;
            }
        }
    }
    if (status == 0) {
        int found = next_line(&r, err);
        if (found < 0)
            status = -1;
        else if (found > 0)
            status = error_set(err, "%s:%zu: more pairs than the %zu announced on the first line", path, r.number,
                               count);
    }
    free(r.line);
    fclose(r.stream);
    if (status != 0) {
        free(pairs);
        return -1;
    }
    set->count = count;
    set->pairs = pairs;
    return 0;
}

int pairs_read(const char *path, pair_set *set, error_text *err) { return read_pairs(path, set, NULL, err); }

int pairs_read_classes(const char *path, pair_set *set, pair_classes *classes, error_text *err)
{
    memset(classes, 0, sizeof *classes);
    if (read_pairs(path, set, classes, err) != 0) {
        pair_classes_free(classes);
        return -1;
    }
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

void result_print(FILE *out, const ray_tetra_result *r)
{
    if (!r->hit) {
        fputs("false\n", out);
        return;
    }
    fprintf(out, "true %d %d %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g\n", r->enter_face,
            r->leave_face, r->enter_point.x, r->enter_point.y, r->enter_point.z, r->leave_point.x, r->leave_point.y,
            r->leave_point.z, r->u_enter1, r->u_enter2, r->u_leave1, r->u_leave2, r->t_enter, r->t_leave);
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
    int n = parse_reals(s + word, v, 14, r, err);
    if (n < 0)
        return -1;
    if (n != 14)
        return error_set(err, "%s:%zu: a hit needs 14 values after 'true' (faces, points, u, t), found %s%d", r->path,
                         r->number, n > 14 ? "more than " : "", n > 14 ? 14 : n);
    if (v[0] != (int)v[0] || v[1] != (int)v[1] || v[0] < 0 || v[0] > 3 || v[1] < 0 || v[1] > 3)
        return error_set(err, "%s:%zu: faces must be whole numbers 0..3", r->path, r->number);
    res->hit = 1;
    res->enter_face = (int)v[0];
    res->leave_face = (int)v[1];
    res->enter_point = (vec3){v[2], v[3], v[4]};
    res->leave_point = (vec3){v[5], v[6], v[7]};
    res->u_enter1 = v[8];
    res->u_enter2 = v[9];
    res->u_leave1 = v[10];
    res->u_leave2 = v[11];
    res->t_enter = v[12];
    res->t_leave = v[13];
    return 0;
}

int results_read(const char *path, ray_tetra_result **results, size_t *count, error_text *err)
{
    *results = NULL;
    *count = 0;
    line_reader r = {.path = path};
    r.stream = fopen(path, "r");
    if (!r.stream)
        return error_set(err, "%s: cannot open the result file: %s", path, strerror(errno));
    if (binary_stream(r.stream)) {
        int status = binary_results_read(path, r.stream, results, count, err);
        fclose(r.stream);
        return status;
    }
    size_t capacity = 0, n = 0;
    ray_tetra_result *list = NULL;
    int status = 0, found;
    while ((found = next_line(&r, err)) > 0) {
        if (n == capacity) {
            capacity = capacity ? capacity * 2 : 1024;
            ray_tetra_result *grown = realloc(list, capacity * sizeof *list);
            if (!grown) {
                status = error_set(err, "%s: out of memory", path);
                break;
            }
            list = grown;
        }
        if (parse_result(&r, &list[n], err) != 0) {
            status = -1;
            break;
        }
        ++n;
    }
    if (found < 0)
        status = -1;
    free(r.line);
    fclose(r.stream);
    if (status != 0) {
        free(list);
        return -1;
    }
    *results = list;
    *count = n;
    return 0;
}
