#define _GNU_SOURCE
#include <fcntl.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "/tmp";
    size_t in_size = (size_t)40000000 * 144, out_size = (size_t)40000000 * 112;
    size_t chunk = (size_t)262144 * 144, ochunk = (size_t)262144 * 112;
    char path[512], opath[512];
    snprintf(path, sizeof path, "%s/io_in.bin", dir);
    snprintf(opath, sizeof opath, "%s/io_out.bin", dir);
    char *buf = malloc(chunk); memset(buf, 1, chunk);
    char *obuf = malloc(ochunk); memset(obuf, 2, ochunk);
    int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644);
    for (size_t at = 0; at < in_size; at += chunk) { size_t n = in_size - at < chunk ? in_size - at : chunk; if (write(fd, buf, n) != (ssize_t)n) return 1; }
    close(fd);
    for (int rep = 0; rep < 2; ++rep) {
        fd = open(path, O_RDONLY);
        double t = now();
        for (size_t at = 0; at < in_size; at += chunk) { size_t n = in_size - at < chunk ? in_size - at : chunk; if (read(fd, buf, n) != (ssize_t)n) return 2; }
        printf("read 1 thread: %.3f s\n", now() - t);
        close(fd);
        int teams[] = {4, 8, 16, 32};
        for (int k = 0; k < 4; ++k) {
            fd = open(path, O_RDONLY);
            t = now();
            for (size_t at = 0; at < in_size; at += chunk) {
                size_t n = in_size - at < chunk ? in_size - at : chunk;
#pragma omp parallel for num_threads(teams[k]) schedule(static)
                for (int s = 0; s < teams[k]; ++s) {
                    size_t a = n * s / teams[k], b = n * (s + 1) / teams[k];
                    if (pread(fd, buf + a, b - a, at + a) != (ssize_t)(b - a)) abort();
                }
            }
            printf("read %d threads: %.3f s\n", teams[k], now() - t);
            close(fd);
        }
        unlink(opath); sync();
        fd = open(opath, O_CREAT | O_TRUNC | O_WRONLY, 0644);
        t = now();
        for (size_t at = 0; at < out_size; at += ochunk) { size_t n = out_size - at < ochunk ? out_size - at : ochunk; if (write(fd, obuf, n) != (ssize_t)n) return 3; }
        close(fd);
        printf("write 1 thread: %.3f s\n", now() - t);
        int wteams[] = {1, 4, 8, 16, 32};
        for (int k = 0; k < 5; ++k) {
            unlink(opath); sync();
            fd = open(opath, O_CREAT | O_TRUNC | O_RDWR, 0644);
            t = now();
            int fa = fallocate(fd, 0, 0, (off_t)out_size);
            double tf = now() - t;
            char *map = mmap(NULL, out_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
            if (map == MAP_FAILED) { perror("mmap"); return 4; }
            for (size_t at = 0; at < out_size; at += ochunk) {
                size_t n = out_size - at < ochunk ? out_size - at : ochunk;
#pragma omp parallel for num_threads(wteams[k]) schedule(static)
                for (int s = 0; s < wteams[k]; ++s) {
                    size_t a = n * s / wteams[k], b = n * (s + 1) / wteams[k];
                    memcpy(map + at + a, obuf + a, b - a);
                }
            }
            double tw = now() - t;
            munmap(map, out_size);
            close(fd);
            printf("mmap write %d threads: %.3f s (fallocate %d %.3f s, before munmap %.3f s)\n", wteams[k], now() - t, fa, tf, tw);
        }
        unlink(opath); sync();
    }
    unlink(path);
    return 0;
}
