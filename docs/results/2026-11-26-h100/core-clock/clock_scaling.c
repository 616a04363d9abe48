/* clock_scaling.c: how fast each core runs a chain of dependent integer additions (one a
 * cycle: the clock the core gets), with 1 thread and with N threads at once, OpenMP threads
 * bound one to a core, started together, each for SECONDS. Alternates 1 and N, ROUNDS times. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static double chain_ghz(double seconds)
{
    unsigned long x = 1, n = 0;
    double t0 = omp_get_wtime(), t;
    do {
        for (int i = 0; i < 10000000; ++i)
            __asm__ volatile("add $1, %0" : "+r"(x));
        n += 10000000;
        t = omp_get_wtime() - t0;
    } while (t < seconds);
    return x == 0 ? 0 : (double)n / t / 1e9;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : omp_get_num_procs();
    int rounds = argc > 2 ? atoi(argv[2]) : 3;
    double seconds = argc > 3 ? atof(argv[3]) : 2.0;
    double ghz[1024];
    for (int r = 0; r < rounds; ++r)
        for (int k = 0; k < 2; ++k) {
            int team = k == 0 ? 1 : n;
#pragma omp parallel num_threads(team)
            {
#pragma omp barrier
                ghz[omp_get_thread_num()] = chain_ghz(seconds);
            }
            double sum = 0, lo = 1e9, hi = 0;
            for (int i = 0; i < team; ++i) {
                sum += ghz[i];
                lo = ghz[i] < lo ? ghz[i] : lo;
                hi = ghz[i] > hi ? ghz[i] : hi;
            }
            printf("round %d, %2d thread(s): sum %6.2f GHz-equivalents, each %.2f-%.2f\n", r + 1, team, sum, lo, hi);
            fflush(stdout);
        }
    return 0;
}
