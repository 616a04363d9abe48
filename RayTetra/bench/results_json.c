/* results_json.c: the JSON documents' shared parts (results_json.h). */
#define _POSIX_C_SOURCE 200809L
#include "bench/results_json.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include <json-c/printbuf.h>
#include <nettle/sha2.h>

#include "atomic_file.h"
#include "version.h"

json_object *results_json_number(double value)
{
    if (!isfinite(value))
        return NULL;
    char text[32];
    /* The fewest significant digits that give the same double back (17 always do), without an
     * exponent where plain digits are as short to read (30, not 3e+01). */
    int plain_range = fabs(value) >= 1e-4 && fabs(value) < 1e15;
    for (int digits = 1; digits <= 17; ++digits) {
        snprintf(text, sizeof text, "%.*g", digits, value);
        if (strtod(text, NULL) == value && (!plain_range || !strchr(text, 'e') || digits == 17))
            break;
    }
    return json_object_new_double_s(value, text);
}

json_object *results_json_ms(double ms) { return results_json_number(round(ms * 1e6) / 1e6); }

json_object *results_json_string(const char *text) { return text && text[0] ? json_object_new_string(text) : NULL; }

static int compact(json_object *array, struct printbuf *out, int level, int flags)
{
    (void)level;
    (void)flags;
    printbuf_strappend(out, "[");
    for (size_t i = 0; i < json_object_array_length(array); ++i) {
        const char *item = json_object_to_json_string_ext(json_object_array_get_idx(array, i),
                                                          JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
        if (i)
            printbuf_strappend(out, ", ");
        printbuf_memappend(out, item, (int)strlen(item));
    }
    printbuf_strappend(out, "]");
    return 0;
}

json_object *results_json_compact_array(void)
{
    json_object *array = json_object_new_array();
    if (array)
        json_object_set_serializer(array, compact, NULL, NULL);
    return array;
}

json_object *results_json_words(const char *list)
{
    json_object *array = results_json_compact_array();
    if (strcmp(list, "-") == 0)
        return array;
    for (const char *word = list; *word;) {
        size_t length = strcspn(word, ",");
        if (length)
            json_object_array_add(array, json_object_new_string_len(word, (int)length));
        word += length + (word[length] == ',');
    }
    return array;
}

/* Characters a POSIX shell takes literally in a word. */
static int plain(const char *word)
{
    if (!word[0])
        return 0;
    for (const char *c = word; *c; ++c)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./=:,+-@%", *c))
            return 0;
    return 1;
}

char *results_json_command(int argc, char **argv)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    if (!out)
        return NULL;
    for (int i = 0; i < argc; ++i) {
        if (i)
            fputc(' ', out);
        if (plain(argv[i])) {
            fputs(argv[i], out);
            continue;
        }
        fputc('\'', out);
        for (const char *c = argv[i]; *c; ++c)
            if (*c == '\'')
                fputs("'\\''", out);
            else
                fputc(*c, out);
        fputc('\'', out);
    }
    if (fclose(out) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

const char *results_json_simd_path(void)
{
    /* The same condition as WRAP_CLONES in RayTetra/cpu/algorithms_wrap.h, and the order in
     * which gcc's resolver tries the clones: the highest level the CPU supports. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__linux__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("x86-64-v4"))
        return "x86-64-v4 (AVX-512, 8 doubles a vector)";
    if (__builtin_cpu_supports("x86-64-v3"))
        return "x86-64-v3 (AVX2, 4 doubles a vector)";
    return "x86-64 baseline (SSE2, 2 doubles a vector)";
#elif defined(__x86_64__) && defined(__clang__) && __clang_major__ >= 16 && defined(__linux__)
    return "x86-64 target_clones (chosen by the loader)";
#else
    return "the compiler's default target (no run-time choice)";
#endif
}

void results_json_date(char *date, size_t size)
{
    time_t now = time(NULL);
    struct tm tm;
    if (gmtime_r(&now, &tm))
        strftime(date, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
    else
        snprintf(date, size, "NA");
}

/* The input file's SHA-256 in hex (65 bytes with the terminator). */
static int sha256_file(const char *path, char hex[65], error_text *err)
{
    FILE *in = fopen(path, "rb");
    if (!in)
        return error_set(err, "%s: cannot read the input again to hash it: %s", path, strerror(errno));
    struct sha256_ctx hash;
    sha256_init(&hash);
    unsigned char buffer[1 << 16];
    size_t n;
    while ((n = fread(buffer, 1, sizeof buffer, in)) > 0)
        sha256_update(&hash, n, buffer);
    int failed = ferror(in);
    fclose(in);
    if (failed)
        return error_set(err, "%s: reading the input to hash it failed", path);
    unsigned char digest[SHA256_DIGEST_SIZE];
    sha256_digest(&hash, sizeof digest, digest);
    for (size_t i = 0; i < sizeof digest; ++i)
        snprintf(hex + 2 * i, 3, "%02x", digest[i]);
    return 0;
}

static void add(json_object *object, const char *key, json_object *value)
{
    json_object_object_add(object, key, value);
}

json_object *results_json_document(const char *schema, const char *command, const char *date, const char *input,
                                   const char *cpu_name, error_text *err)
{
    char hash[65];
    if (sha256_file(input, hash, err) != 0)
        return NULL;
    struct utsname machine;
    char os[512] = "";
    if (uname(&machine) == 0)
        snprintf(os, sizeof os, "%s %s %s", machine.sysname, machine.release, machine.machine);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    json_object *document = json_object_new_object(), *context = json_object_new_object();
    add(document, "schema", json_object_new_string(schema));
    add(document, "context", context);
    add(context, "version", json_object_new_string(RAYTETRA_VERSION));
    add(context, "commit", json_object_new_string(version_commit()));
    add(context, "compiler", json_object_new_string(version_compiler()));
    add(context, "cflags", json_object_new_string(version_cflags()));
    add(context, "cpu", results_json_string(cpu_name));
    add(context, "cores", cores > 0 ? json_object_new_int64(cores) : NULL);
    add(context, "simd", json_object_new_string(results_json_simd_path()));
    add(context, "os", results_json_string(os));
    add(context, "command", results_json_string(command));
    add(context, "date", results_json_string(date));
    add(context, "input", results_json_string(input));
    add(context, "input_sha256", json_object_new_string(hash));
    add(document, "results", json_object_new_array());
    return document;
}

json_object *results_json_context(json_object *document)
{
    return json_object_object_get(document, "context");
}

json_object *results_json_results(json_object *document)
{
    return json_object_object_get(document, "results");
}

int results_json_check_writable(const char *path, error_text *err)
{
    return atomic_check_output(path, err);
}

int results_json_write(const char *path, json_object *document, error_text *err)
{
    const char *text = json_object_to_json_string_ext(
        document, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE);
    if (!text)
        return error_set(err, "%s: out of memory for the JSON text", path);
    atomic_file file;
    if (atomic_open(&file, path, err) != 0)
        return -1;
    fputs(text, file.stream);
    fputc('\n', file.stream);
    return atomic_commit(&file, err);
}
