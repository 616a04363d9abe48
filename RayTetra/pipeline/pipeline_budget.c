/* pipeline_budget.c: --max-memory and the chunk size. */
#define _DEFAULT_SOURCE
#include "pipeline/pipeline_budget.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "input_stream.h"
#include "pairs.h"

static int suffix_shift(char suffix, int *shift)
{
    const char *suffixes = "KMGT";
    const char *at = suffix ? strchr(suffixes, suffix >= 'a' ? suffix - 'a' + 'A' : suffix) : NULL;
    if (!suffix) {
        *shift = 0;
        return 0;
    }
    if (!at)
        return -1;
    *shift = 10 * (int)(at - suffixes + 1);
    return 0;
}

int pipeline_parse_memory(const char *text, size_t *bytes, error_text *err)
{
    const char *hint = "give a whole number of bytes, optionally with K, M, G or T (e.g. 256M, 8G), at least 16M";
    char *end;
    errno = 0;
    unsigned long long value = text[0] >= '0' && text[0] <= '9' ? strtoull(text, &end, 10) : 0;
    int shift = 0;
    if (!(text[0] >= '0' && text[0] <= '9') || errno == ERANGE || (end[0] && end[1]) ||
        suffix_shift(end[0], &shift) != 0)
        return error_set_kind(err, ERROR_USAGE, "--max-memory '%s' is not a size: %s", text, hint);
    if (value > (SIZE_MAX >> shift))
        return error_set_kind(err, ERROR_USAGE, "--max-memory %s is more than this machine can address; %s", text,
                              hint);
    *bytes = (size_t)value << shift;
    if (*bytes < PIPELINE_MEMORY_MIN)
        return error_set_kind(err, ERROR_USAGE, "--max-memory %s is below the minimum; %s", text, hint);
    return 0;
}

size_t pipeline_default_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0)
        return PIPELINE_MEMORY_MIN;
    size_t physical = (size_t)pages * (size_t)page;
    size_t budget = physical / PIPELINE_MEMORY_DEFAULT_DIVISOR;
    return budget < PIPELINE_MEMORY_MIN ? PIPELINE_MEMORY_MIN : budget;
}

int pipeline_forced_chunk_pairs(size_t *pairs, error_text *err)
{
    const char *text = getenv("RAYTETRA_STREAM_CHUNK_PAIRS");
    *pairs = 0;
    if (!text || !*text)
        return 0;
    char *end;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (*end || errno || value == 0 || text[0] == '-' || value > PIPELINE_CHUNK_PAIRS_MAX)
        return error_set_kind(err, ERROR_USAGE, "RAYTETRA_STREAM_CHUNK_PAIRS='%s': give a whole number of pairs from "
                                                "1 to %zu, or unset it",
                              text, PIPELINE_CHUNK_PAIRS_MAX);
    *pairs = (size_t)value;
    return 0;
}

/* The largest chunk, whatever the budget: a device's PIPELINE_DEVICE_CHUNK_PAIRS, the CPU's
 * PIPELINE_CPU_PAIRS_PER_CORE a core within its bounds. */
static size_t chunk_pairs_largest(int device, size_t cores)
{
    if (device)
        return PIPELINE_DEVICE_CHUNK_PAIRS;
    size_t pairs = PIPELINE_CPU_PAIRS_PER_CORE * (cores ? cores : 1);
    if (pairs < PIPELINE_CPU_CHUNK_PAIRS_MIN)
        return PIPELINE_CPU_CHUNK_PAIRS_MIN;
    return pairs > PIPELINE_DEVICE_CHUNK_PAIRS ? PIPELINE_DEVICE_CHUNK_PAIRS : pairs;
}

int pipeline_settle_chunk_pairs(size_t fitting, size_t count, size_t *pairs, error_text *err)
{
    size_t forced;
    if (pipeline_forced_chunk_pairs(&forced, err) != 0)
        return -1;
    size_t n = forced ? forced : fitting;
    if (n > count)
        n = count;
    *pairs = n ? n : 1;
    return 0;
}

int pipeline_chunk_shape_for(size_t budget, size_t count, int text_input, size_t out_bytes_per_pair,
                             size_t device_copies, size_t chunks, size_t cores, pipeline_chunk_shape *shape,
                             error_text *err)
{
    size_t pair_bytes = sizeof(ray_tetra_pair) + sizeof(ray_tetra_result);
    size_t per_pair = pair_bytes * (1 + device_copies) + out_bytes_per_pair +
                      (text_input ? PIPELINE_TEXT_BYTES_PER_PAIR + 2 * sizeof(size_t) : 0);
    size_t fixed = PIPELINE_MEMORY_RESERVE + (text_input ? chunks * (size_t)(INPUT_LINE_MAX + 1) : 0);
    size_t pairs = budget > fixed ? (budget - fixed) / chunks / per_pair : 1;
    size_t largest = chunk_pairs_largest(device_copies != 0, cores);
    if (pairs > largest)
        pairs = largest;
    size_t overlapping = count / PIPELINE_CHUNKS_PER_RUN + 1;
    if (overlapping < PIPELINE_CHUNK_PAIRS_MIN)
        overlapping = PIPELINE_CHUNK_PAIRS_MIN;
    if (pairs > overlapping)
        pairs = overlapping;
    if (pipeline_settle_chunk_pairs(pairs, count, &pairs, err) != 0)
        return -1;
    shape->pairs = pairs;
    shape->text_bytes = text_input ? pairs * PIPELINE_TEXT_BYTES_PER_PAIR + INPUT_LINE_MAX + 1 : 0;
    shape->out_bytes = pairs * out_bytes_per_pair;
    shape->budgeted = fixed + chunks * pairs * per_pair;
    return 0;
}
