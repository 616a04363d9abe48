/* registry_print.c: what the programs print from the registry: --list-algorithms (the same in
 * every program) and the lists of names, numbers and options of their help texts. */
#include "registry/registry_print.h"

#include <string.h>

#include "registry/registry.h"

enum { WORD_SIZE = 112 };

void registry_print_flag_values(FILE *out, char flag)
{
    int low = 0, high = -1, first = 1;
    registry_flag_range(flag, &low, &high);
    for (int value = low; value <= high; ++value)
        if (registry_flag_algorithm(flag, value)) {
            fprintf(out, "%s%d", first ? "" : ", ", value);
            first = 0;
        }
}

/* Words printed as lines of at most WRAP_WIDTH columns, each starting with `indent` and then
 * the label (first line) or as many blanks (the others). */
enum { WRAP_WIDTH = 100 };
typedef struct wrap {
    FILE *out;
    const char *indent;
    int label_width;
    size_t column; /* where the next character goes */
} wrap;

static void wrap_start(wrap *w, const char *label)
{
    w->column = strlen(w->indent) + (size_t)w->label_width;
    fprintf(w->out, "%s%-*s", w->indent, w->label_width, label);
}

static void wrap_word(wrap *w, const char *word)
{
    size_t length = strlen(word);
    size_t start = strlen(w->indent) + (size_t)w->label_width;
    if (w->column > start && w->column + 1 + length > WRAP_WIDTH) {
        fprintf(w->out, "\n%s%*s", w->indent, w->label_width, "");
        w->column = start;
    }
    fprintf(w->out, "%s%s", w->column > start ? " " : "", word);
    w->column += (w->column > start ? 1 : 0) + length;
}

static void wrap_end(wrap *w) { fputc('\n', w->out); }

void registry_print_names(FILE *out, const char *indent)
{
    static const char *LABELS[2] = {"CPU double:", "CPU float:"};
    wrap w = {out, indent, 12, 0};
    int cpu_count, gpu_count;
    const cpu_algorithm *cpu = cpu_algorithms(&cpu_count);
    const gpu_algorithm *gpu = gpu_algorithms(&gpu_count);
    for (int p = CPU_PRECISION_DOUBLE; p <= CPU_PRECISION_FLOAT; ++p) {
        wrap_start(&w, LABELS[p]);
        for (int i = 0; i < cpu_count; ++i)
            if (cpu[i].precision == (cpu_precision)p)
                wrap_word(&w, cpu[i].name);
        wrap_end(&w);
    }
    wrap_start(&w, "OpenCL:");
    for (int i = 0; i < gpu_count; ++i) {
        char word[WORD_SIZE];
        if (gpu[i].index >= 0)
            snprintf(word, sizeof word, "%s (g%d)", gpu[i].csv_name, gpu[i].index);
        else
            snprintf(word, sizeof word, "%s", gpu[i].csv_name);
        wrap_word(&w, word);
    }
    wrap_end(&w);
}

void registry_print_gpu_indices(FILE *out, const char *indent)
{
    wrap w = {out, indent, 0, 0};
    wrap_start(&w, "");
    int max = registry_gpu_index_max();
    for (int index = 0; index <= max; ++index) {
        const gpu_algorithm *g = gpu_algorithm_get(index);
        if (!g)
            continue;
        char word[WORD_SIZE];
        snprintf(word, sizeof word, "%d %s%s", index, g->csv_name, index < max ? "," : "");
        wrap_word(&w, word);
    }
    wrap_end(&w);
}

const char *registry_properties_text(const registry_variant *v, char *text, size_t size)
{
    static const struct {
        unsigned bit;
        const char *word;
    } WORDS[] = {{REGISTRY_THESIS, "thesis"}, {REGISTRY_BASELINE, "baseline"}, {REGISTRY_EXACT, "exact"},
                 {REGISTRY_SIMD, "simd"}, {REGISTRY_PRECOMPUTED, "precomputed"}};
    size_t used = 0;
    text[0] = '\0';
    for (size_t k = 0; k < sizeof WORDS / sizeof WORDS[0]; ++k) {
        if (!(v->algorithm->properties & WORDS[k].bit))
            continue;
        if (WORDS[k].bit == REGISTRY_THESIS && v->precision != CPU_PRECISION_DOUBLE)
            continue;
        int n = snprintf(text + used, size - used, "%s%s", used ? "," : "", WORDS[k].word);
        if (n > 0 && (size_t)n < size - used)
            used += (size_t)n;
    }
    return used ? text : "-";
}

/* The thesis index, or "-". */
static const char *index_text(const registry_variant *v, char *text, size_t size)
{
    if (v->index < 0)
        return "-";
    snprintf(text, size, "%d", v->index);
    return text;
}

void registry_print_list(FILE *out)
{
    /* Column widths: the longest entry of each column. */
    int count, widths[4] = {0, 0, 0, 0};
    const registry_variant *all = registry_variants(&count);
    char properties[64], index[16];
    for (int i = 0; i < count; ++i) {
        const registry_variant *v = &all[i];
        const char *cells[4] = {v->name, v->csv_name, index_text(v, index, sizeof index),
                                registry_properties_text(v, properties, sizeof properties)};
        for (int k = 0; k < 4; ++k)
            widths[k] = (int)strlen(cells[k]) > widths[k] ? (int)strlen(cells[k]) : widths[k];
    }
    for (int i = 0; i < count; ++i) {
        const registry_variant *v = &all[i];
        fprintf(out, "%-*s %-*s %-6s %-6s %-*s %-*s %s\n", widths[0], v->name, widths[1], v->csv_name,
                v->kind == REGISTRY_CPU ? "cpu" : "opencl", cpu_precision_name(v->precision), widths[2],
                index_text(v, index, sizeof index), widths[3],
                registry_properties_text(v, properties, sizeof properties),
                v->algorithm->description);
    }
}
