/* gpu_split.c: proportional ranges of pairs per device (largest-remainder apportionment over
 * granule-sized units). */
#include "multi/gpu_split.h"

#include <math.h>
#include <stdlib.h>

int gpu_split_ranges(const double *speeds, size_t devices, size_t pairs, size_t granule, gpu_range *ranges,
                     error_text *err)
{
    if (devices == 0)
        return error_set(err, "splitting %zu pairs: no device to split them over", pairs);
    if (granule == 0)
        return error_set(err, "splitting %zu pairs: a granule of 0 pairs; give at least 1", pairs);
    double sum = 0;
    for (size_t d = 0; d < devices; ++d) {
        if (!isfinite(speeds[d]) || speeds[d] < 0)
            return error_set(err, "splitting %zu pairs: device %zu (of the list) has the speed %g; a speed must be "
                                  "finite and >= 0",
                             pairs, d, speeds[d]);
        sum += speeds[d];
    }
    if (!(sum > 0))
        return error_set(err, "splitting %zu pairs: every device has the speed 0, so none can take a share", pairs);
    size_t units = pairs / granule + (pairs % granule != 0);
    size_t *share = calloc(devices, sizeof *share);
    double *fraction = calloc(devices, sizeof *fraction);
    if (!share || !fraction) {
        free(share);
        free(fraction);
        return error_set_kind(err, ERROR_MEMORY, "splitting %zu pairs over %zu devices: out of memory", pairs, devices);
    }
    size_t given = 0;
    for (size_t d = 0; d < devices; ++d) {
        /* In long double, so that units up to 2^64 and ordinary speed ratios keep their floor. */
        long double exact = (long double)units * ((long double)speeds[d] / (long double)sum);
        long double whole = floorl(exact);
        share[d] = whole >= (long double)units ? units : (size_t)whole;
        if (given + share[d] > units) /* a guard: the rounded quotients must not hand out more than all units */
            share[d] = units - given;
        given += share[d];
        fraction[d] = speeds[d] > 0 ? (double)(exact - whole) : -1.0; /* -1: a zero-speed device gets no unit */
    }
    /* The units the floors left (fewer than the devices with a speed, unless rounding took more):
     * one each in the order of the largest fraction, earlier device on ties, round after round. */
    while (given < units) {
        size_t best = devices;
        for (size_t d = 0; d < devices; ++d)
            if (fraction[d] >= 0 && (best == devices || fraction[d] > fraction[best]))
                best = d;
        if (best == devices) { /* every device with a speed had a unit this round: another round */
            for (size_t d = 0; d < devices; ++d)
                fraction[d] = speeds[d] > 0 ? 0.0 : -1.0;
            continue;
        }
        ++share[best];
        ++given;
        fraction[best] = -1.0; /* no second unit in this round */
    }
    size_t first = 0;
    for (size_t d = 0; d < devices; ++d) {
        size_t count = share[d] * granule;
        if (count > pairs - first)
            count = pairs - first; /* the last unit may be short */
        ranges[d].first = first;
        ranges[d].count = count;
        first += count;
    }
    free(share);
    free(fraction);
    return 0;
}

static size_t gcd(size_t a, size_t b)
{
    while (b) {
        size_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

size_t gpu_split_granule(const size_t *local_sizes, size_t devices, size_t limit)
{
    size_t lcm = 1, largest = 1;
    int overflow = 0;
    for (size_t d = 0; d < devices; ++d) {
        size_t size = local_sizes[d];
        if (size == 0)
            continue;
        if (size > largest)
            largest = size;
        size_t step = size / gcd(lcm, size);
        if (overflow || lcm > limit / step)
            overflow = 1;
        else
            lcm *= step;
    }
    return overflow ? largest : lcm;
}
