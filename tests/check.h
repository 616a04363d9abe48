/* check.h: a minimal test harness: CHECK records a failure with file:line and goes on;
 * check_summary prints "N passed, M failed" (one per check) and gives the exit status. */
#ifndef RAYTETRA_TESTS_CHECK_H
#define RAYTETRA_TESTS_CHECK_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>

static int check_passed, check_failed;

/* A uniform double in [0, 1) from the xorshift64 *state: test data that needs nothing beyond
 * this header (the library's tests include only raytetra.h), the same stream for one seed. */
static inline double check_uniform(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return (double)(*state >> 11) * 0x1.0p-53;
}

/* x moved by k units in its last place (k < 0: down): inputs a rounding away from a tie. */
static inline double check_nudged(double x, int k)
{
    for (; k > 0; --k)
        x = nextafter(x, INFINITY);
    for (; k < 0; ++k)
        x = nextafter(x, -INFINITY);
    return x;
}

#define CHECK(cond, ...)                                                                                           \
    do {                                                                                                           \
        if (cond) {                                                                                                \
            ++check_passed;                                                                                        \
        } else {                                                                                                   \
            ++check_failed;                                                                                        \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);                               \
            fprintf(stderr, __VA_ARGS__);                                                                          \
            fputc('\n', stderr);                                                                                   \
        }                                                                                                          \
    } while (0)

static inline int check_summary(const char *name)
{
    printf("%s: %d passed, %d failed\n", name, check_passed, check_failed);
    return check_failed != 0;
}

#endif
