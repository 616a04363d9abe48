/* test_cpu_binding: the threads of the multi-threaded runs bound one to a CPU (cpu_binding.h):
 * member k on the k-th allowed CPU, the caller's affinity back afterwards, nothing bound where
 * OpenMP binds or where the team outnumbers the CPUs; and a real team of threads placed so. */
#define _GNU_SOURCE
#include <omp.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cpu/cpu_binding.h"

/* The k-th CPU of `set`, or -1. */
static int nth_cpu(const cpu_set_t *set, int k)
{
    for (int cpu = 0, seen = 0; cpu < CPU_SETSIZE; ++cpu)
        if (CPU_ISSET(cpu, set) && seen++ == k)
            return cpu;
    return -1;
}

int main(void)
{
    unsetenv("OMP_PROC_BIND");
    unsetenv("OMP_PLACES");
    cpu_set_t allowed, now;
    CHECK(sched_getaffinity(0, sizeof allowed, &allowed) == 0, "the process' CPUs");
    int cpus = CPU_COUNT(&allowed);
    char text[96];
    cpu_binding b;

    cpu_binding_begin(&b, cpus + 1);
    CHECK(!b.active && b.cpus == cpus, "more threads than CPUs: not bound (%d CPUs)", b.cpus);
    CHECK(strstr(cpu_binding_text(&b, cpus + 1, text, sizeof text), "not bound") != NULL, "says so: %s", text);
    cpu_binding_begin(&b, 1);
    CHECK(!b.active, "one thread: nothing to bind");

    if (cpus >= 2) {
        cpu_binding_begin(&b, 2);
        CHECK(b.active, "2 threads on %d CPUs: bound", cpus);
        CHECK(strcmp(cpu_binding_text(&b, 2, text, sizeof text), "one CPU each") == 0, "says so: %s", text);
        cpu_binding_apply(&b, 1);
        CHECK(pthread_getaffinity_np(pthread_self(), sizeof now, &now) == 0 && CPU_COUNT(&now) == 1 &&
                  CPU_ISSET(nth_cpu(&allowed, 1), &now),
              "member 1 on the second allowed CPU (%d)", nth_cpu(&allowed, 1));
        cpu_binding_end(&b);
        CHECK(pthread_getaffinity_np(pthread_self(), sizeof now, &now) == 0 && CPU_EQUAL(&now, &allowed),
              "the caller's affinity back");

        /* A team: every member on its own CPU, where the scheduler then runs it. */
        int placed[2] = {-1, -1}, ran[2] = {-1, -1};
        cpu_binding_begin(&b, 2);
#pragma omp parallel num_threads(2)
        {
            int id = omp_get_thread_num();
            cpu_binding_apply(&b, id);
            cpu_set_t mine;
            if (pthread_getaffinity_np(pthread_self(), sizeof mine, &mine) == 0 && CPU_COUNT(&mine) == 1)
                placed[id] = nth_cpu(&mine, 0);
            ran[id] = sched_getcpu();
        }
        cpu_binding_end(&b);
        CHECK(placed[0] == nth_cpu(&allowed, 0) && placed[1] == nth_cpu(&allowed, 1), "team on CPUs %d and %d",
              placed[0], placed[1]);
        CHECK(ran[0] == placed[0] && ran[1] == placed[1], "and ran there (%d, %d)", ran[0], ran[1]);
    }

    setenv("OMP_PROC_BIND", "close", 1);
    cpu_binding_begin(&b, 2);
    CHECK(!b.active, "OMP_PROC_BIND set: OpenMP binds");
    CHECK(strstr(cpu_binding_text(&b, 2, text, sizeof text), "by OpenMP") != NULL, "says so: %s", text);
    return check_summary("test_cpu_binding");
}
