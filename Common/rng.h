/* rng.h: a small, fast, reproducible random number generator (xoshiro256**, seeded through
 * splitmix64; Blackman & Vigna, public domain). The same seed gives the same stream on every
 * platform, which is what makes generated data files reproducible. */
#ifndef RAYTETRA_RNG_H
#define RAYTETRA_RNG_H

#include <stdint.h>

typedef struct rng {
    uint64_t s[4];
} rng;

static inline uint64_t rng_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static inline void rng_seed(rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; ++i)
        r->s[i] = rng_splitmix64(&seed);
}

static inline uint64_t rng_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t rng_next(rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rng_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rng_rotl(s[3], 45);
    return result;
}

/* Uniform integer in [0, bound), bound > 0 (Lemire's multiply-shift; bias < bound / 2^64). */
static inline uint64_t rng_below(rng *r, uint64_t bound)
{
    return (uint64_t)(((unsigned __int128)rng_next(r) * bound) >> 64);
}

/* Uniform double in [0, 1). */
static inline double rng_unit(rng *r) { return (double)(rng_next(r) >> 11) * 0x1.0p-53; }

#endif
