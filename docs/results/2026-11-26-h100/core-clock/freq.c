/* freq.c: an estimate of the core clock: 2e9 dependent integer additions (1 cycle each) timed. */
#include <stdio.h>
#include <time.h>
int main(void)
{
    struct timespec a, b;
    unsigned long x = 1, n = 2000000000UL;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (unsigned long i = 0; i < n; ++i)
        __asm__ volatile("add $1, %0" : "+r"(x));
    clock_gettime(CLOCK_MONOTONIC, &b);
    double s = (double)(b.tv_sec - a.tv_sec) + 1e-9 * (double)(b.tv_nsec - a.tv_nsec);
    printf("%.3f GHz\n", (double)n / s / 1e9);
    return x == 0;
}
