/* bench_select.c: the table of benchmarked algorithms and the --algorithms selection. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bench/bench.h"
#include "registry/registry.h"
#include "registry/registry_print.h"

int bench_table_init(bench_table *table, error_text *err)
{
    int cpu_count, gpu_count;
    const cpu_algorithm *cpu = cpu_algorithms(&cpu_count);
    const gpu_algorithm *gpu = gpu_algorithms(&gpu_count);
    table->count = cpu_count + gpu_count;
    table->entries = calloc((size_t)table->count, sizeof *table->entries);
    if (!table->entries)
        return error_set(err, "out of memory for the algorithm table");
    for (int i = 0; i < cpu_count; ++i) {
        table->entries[i].csv_name = cpu[i].csv_name;
        table->entries[i].cpu = &cpu[i];
    }
    for (int i = 0; i < gpu_count; ++i) {
        table->entries[cpu_count + i].csv_name = gpu[i].csv_name;
        table->entries[cpu_count + i].gpu = &gpu[i];
    }
    for (int i = 0; i < table->count; ++i)
        table->entries[i].selected = 1;
    return 0;
}

void bench_table_free(bench_table *table)
{
    for (int i = 0; i < table->count; ++i) {
        free(table->entries[i].samples);
        free(table->entries[i].threads_samples);
        free(table->entries[i].end_to_end_samples);
    }
    free(table->entries);
    table->entries = NULL;
    table->count = 0;
}

/* Does `word` name this entry (registry.h's grammar)? */
static int names(const bench_entry *e, const char *word)
{
    const registry_variant *v = registry_find(word);
    return v && ((e->cpu && v->cpu == e->cpu) || (e->gpu && v->gpu == e->gpu));
}

int bench_select(bench_table *table, const char *list, error_text *err)
{
    for (int i = 0; i < table->count; ++i)
        table->entries[i].selected = 0;
    char *copy = strdup(list);
    if (!copy)
        return error_set(err, "out of memory");
    int status = 0, any = 0;
    char *save = NULL;
    for (char *word = strtok_r(copy, ",", &save); word; word = strtok_r(NULL, ",", &save)) {
        int found = 0;
        for (int i = 0; i < table->count; ++i) {
            bench_entry *e = &table->entries[i];
            int group = (strcasecmp(word, "cpu") == 0 && e->cpu) || (strcasecmp(word, "opencl") == 0 && e->gpu) ||
                        (strcasecmp(word, "double") == 0 && e->cpu && e->cpu->precision == CPU_PRECISION_DOUBLE) ||
                        (strcasecmp(word, "float") == 0 && e->cpu && e->cpu->precision == CPU_PRECISION_FLOAT);
            if (group || names(e, word)) {
                e->selected = found = 1;
            }
        }
        if (!found) {
            status = error_set_kind(err, ERROR_USAGE, "--algorithms: unknown algorithm '%s' (see Bench -h for the names)", word);
            break;
        }
        any = 1;
    }
    free(copy);
    if (status == 0 && !any)
        status = error_set_kind(err, ERROR_USAGE, "--algorithms: the list is empty (see Bench -h for the names)");
    return status;
}

void bench_print_names(FILE *out)
{
    registry_print_names(out, "                     ");
    fputs("                     or their CSV names (STP0, GPU_STP0F, ...: Bench --list-algorithms); groups:\n"
          "                     cpu double float opencl; case does not matter\n",
          out);
}
