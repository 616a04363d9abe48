/* meshorder IN OUT: a TetGen mesh (IN.node, IN.ele) written again as OUT.node, OUT.ele with its
 * tetrahedra in the Morton order of their centroids and its vertices numbered in the order the
 * sorted tetrahedra first use them: neighbouring tetrahedra near in memory. With TETS_ONLY set in
 * the environment the vertices keep their numbers (the walk's arithmetic, which orders an edge by
 * its vertex numbers, is then the same). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static uint64_t spread(uint64_t x)
{
    x &= 0x1fffff;
    x = (x | x << 32) & 0x1f00000000ffffULL;
    x = (x | x << 16) & 0x1f0000ff0000ffULL;
    x = (x | x << 8) & 0x100f00f00f00f00fULL;
    x = (x | x << 4) & 0x10c30c30c30c30c3ULL;
    x = (x | x << 2) & 0x1249249249249249ULL;
    return x;
}
typedef struct { uint64_t key; long tet; } item;
static int by_key(const void *a, const void *b)
{
    const item *x = a, *y = b;
    return x->key < y->key ? -1 : x->key > y->key ? 1 : (x->tet < y->tet ? -1 : x->tet > y->tet);
}
int main(int argc, char **argv)
{
    if (argc != 3) { fprintf(stderr, "usage: meshorder IN OUT\n"); return 2; }
    char path[4096];
    snprintf(path, sizeof path, "%s.node", argv[1]);
    FILE *f = fopen(path, "r");
    if (!f) { perror(path); return 1; }
    long nv; int dim, na, nm;
    if (fscanf(f, "%ld %d %d %d", &nv, &dim, &na, &nm) != 4) return 1;
    double *xyz = malloc(sizeof(double) * 3 * nv);
    long base = -1;
    for (long i = 0; i < nv; ++i) {
        long id; double a;
        if (fscanf(f, "%ld %lf %lf %lf", &id, &xyz[3 * i], &xyz[3 * i + 1], &xyz[3 * i + 2]) != 4) return 1;
        if (base < 0) base = id;
        for (int k = 0; k < na + nm; ++k) if (fscanf(f, "%lf", &a) != 1) return 1;
    }
    fclose(f);
    snprintf(path, sizeof path, "%s.ele", argv[1]);
    f = fopen(path, "r");
    if (!f) { perror(path); return 1; }
    long nt; int per, ta;
    if (fscanf(f, "%ld %d %d", &nt, &per, &ta) != 3 || per != 4) return 1;
    long *tv = malloc(sizeof(long) * 4 * nt);
    for (long i = 0; i < nt; ++i) {
        long id; double a;
        if (fscanf(f, "%ld %ld %ld %ld %ld", &id, &tv[4 * i], &tv[4 * i + 1], &tv[4 * i + 2], &tv[4 * i + 3]) != 5) return 1;
        for (int k = 0; k < 4; ++k) tv[4 * i + k] -= base;
        for (int k = 0; k < ta; ++k) if (fscanf(f, "%lf", &a) != 1) return 1;
    }
    fclose(f);
    double lo[3] = {1e300, 1e300, 1e300}, hi[3] = {-1e300, -1e300, -1e300};
    for (long i = 0; i < nv; ++i)
        for (int a = 0; a < 3; ++a) {
            if (xyz[3 * i + a] < lo[a]) lo[a] = xyz[3 * i + a];
            if (xyz[3 * i + a] > hi[a]) hi[a] = xyz[3 * i + a];
        }
    item *order = malloc(sizeof(item) * nt);
    for (long i = 0; i < nt; ++i) {
        uint64_t key = 0;
        for (int a = 0; a < 3; ++a) {
            double c = 0;
            for (int k = 0; k < 4; ++k) c += xyz[3 * tv[4 * i + k] + a] / 4;
            double u = (c - lo[a]) / (hi[a] - lo[a] + 1e-300);
            key |= spread((uint64_t)(u * 2097151.0)) << a;
        }
        order[i].key = key;
        order[i].tet = i;
    }
    qsort(order, nt, sizeof(item), by_key);
    long *number = malloc(sizeof(long) * nv), next = 0;
    for (long i = 0; i < nv; ++i) number[i] = -1;
    if (getenv("TETS_ONLY")) for (long i = 0; i < nv; ++i) number[i] = next++;
    for (long i = 0; i < nt; ++i)
        for (int k = 0; k < 4; ++k) {
            long v = tv[4 * order[i].tet + k];
            if (number[v] < 0) number[v] = next++;
        }
    for (long i = 0; i < nv; ++i) if (number[i] < 0) number[i] = next++;
    long *old = malloc(sizeof(long) * nv);
    for (long i = 0; i < nv; ++i) old[number[i]] = i;
    snprintf(path, sizeof path, "%s.node", argv[2]);
    f = fopen(path, "w");
    fprintf(f, "%ld 3 0 0\n", nv);
    for (long i = 0; i < nv; ++i) fprintf(f, "%ld %.17g %.17g %.17g\n", i + base, xyz[3 * old[i]], xyz[3 * old[i] + 1], xyz[3 * old[i] + 2]);
    fclose(f);
    snprintf(path, sizeof path, "%s.ele", argv[2]);
    f = fopen(path, "w");
    fprintf(f, "%ld 4 0\n", nt);
    for (long i = 0; i < nt; ++i) {
        const long *t = tv + 4 * order[i].tet;
        fprintf(f, "%ld %ld %ld %ld %ld\n", i + base, number[t[0]] + base, number[t[1]] + base, number[t[2]] + base, number[t[3]] + base);
    }
    fclose(f);
    fprintf(stderr, "%ld vertices, %ld tetrahedra (first number %ld) in Morton order\n", nv, nt, base);
    return 0;
}
