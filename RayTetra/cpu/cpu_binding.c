/* cpu_binding.c: Linux affinity for the multi-threaded runs (cpu_binding.h). */
#define _GNU_SOURCE
#include "cpu/cpu_binding.h"

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(cpu_set_t) <= sizeof(((cpu_binding *)0)->saved), "cpu_set_t fits the binding's buffers");

static const char *openmp_binding(void)
{
    const char *bind = getenv("OMP_PROC_BIND"), *places = getenv("OMP_PLACES");
    if (bind && *bind)
        return bind;
    return places && *places ? places : NULL;
}

void cpu_binding_begin(cpu_binding *b, int threads)
{
    memset(b, 0, sizeof *b);
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0)
        return;
    b->cpus = CPU_COUNT(&allowed);
    memcpy(b->allowed, &allowed, sizeof allowed);
    cpu_set_t saved;
    if (openmp_binding() || threads < 2 || threads > b->cpus ||
        pthread_getaffinity_np(pthread_self(), sizeof saved, &saved) != 0)
        return;
    memcpy(b->saved, &saved, sizeof saved);
    b->active = 1;
}

void cpu_binding_apply(const cpu_binding *b, int id)
{
    if (!b->active)
        return;
    cpu_set_t allowed, one;
    memcpy(&allowed, b->allowed, sizeof allowed);
    CPU_ZERO(&one);
    /* The id-th CPU of the allowed set, in increasing order. */
    for (int cpu = 0, seen = 0; cpu < CPU_SETSIZE; ++cpu)
        if (CPU_ISSET(cpu, &allowed) && seen++ == id) {
            CPU_SET(cpu, &one);
            pthread_setaffinity_np(pthread_self(), sizeof one, &one); /* a failure leaves it unbound */
            return;
        }
}

void cpu_binding_end(const cpu_binding *b)
{
    if (!b->active)
        return;
    cpu_set_t saved;
    memcpy(&saved, b->saved, sizeof saved);
    pthread_setaffinity_np(pthread_self(), sizeof saved, &saved);
}

const char *cpu_binding_text(const cpu_binding *b, int threads, char *text, unsigned size)
{
    const char *by_openmp = openmp_binding();
    if (b->active)
        snprintf(text, size, "one CPU each");
    else if (by_openmp)
        snprintf(text, size, "by OpenMP (OMP_PROC_BIND / OMP_PLACES %s)", by_openmp);
    else
        snprintf(text, size, "not bound (%d threads, %d CPUs)", threads, b->cpus);
    return text;
}
