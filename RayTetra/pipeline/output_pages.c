/* output_pages.c: a binary OUTPUT's pages made ahead of the writer (output_pages.h). */
#define _GNU_SOURCE
#include "pipeline/output_pages.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
#define PAGES_POSSIBLE 1
#include <linux/magic.h>
#include <sys/vfs.h>
#else
#define PAGES_POSSIBLE 0
#endif

#define WINDOW_MAX ((unsigned long long)64 << 20)
#define WINDOW_MIN ((unsigned long long)2 << 20)
#define LEAD_MAX ((unsigned long long)4 << 30)

/* A whole number in a /proc file, or 0. */
static unsigned long long proc_number(const char *path, const char *key)
{
    FILE *file = fopen(path, "r");
    if (!file)
        return 0;
    char line[256];
    unsigned long long value = 0;
    size_t key_length = key ? strlen(key) : 0;
    while (fgets(line, sizeof line, file))
        if (!key || strncmp(line, key, key_length) == 0) {
            if (sscanf(line + key_length, " %llu", &value) != 1)
                value = 0;
            break;
        }
    fclose(file);
    return value;
}

unsigned long long output_pages_lead(size_t budget)
{
    unsigned long long lead = budget < LEAD_MAX ? budget : LEAD_MAX;
    unsigned long long threshold = proc_number("/proc/sys/vm/dirty_background_bytes", NULL);
    if (threshold == 0) /* the ratio of MemAvailable (in kB) */
        threshold = proc_number("/proc/sys/vm/dirty_background_ratio", NULL) *
                    (proc_number("/proc/meminfo", "MemAvailable:") * 1024) / 100;
    if (threshold == 0)
        threshold = (unsigned long long)512 << 20; /* not known: keep the lead short */
    return lead < threshold / 2 ? lead : threshold / 2;
}

#if PAGES_POSSIBLE
/* Local disk file systems whose allocated blocks take pages faulted in through a map without an
 * allocation that could fail (on a network file system a fault in a map is a SIGBUS). Not
 * tmpfs: its fallocate makes the pages itself. */
static int file_system_allowed(int fd)
{
    struct statfs fs;
    if (fstatfs(fd, &fs) != 0)
        return 0;
    switch ((unsigned long)fs.f_type) {
    case EXT4_SUPER_MAGIC: /* ext2, ext3 and ext4 alike */
    case XFS_SUPER_MAGIC:
    case BTRFS_SUPER_MAGIC:
        return 1;
    default:
        return 0;
    }
}

/* MADV_POPULATE_WRITE is known to the running kernel (5.14 on), tried on a page of its own. */
static int kernel_populates(void)
{
    long page = sysconf(_SC_PAGESIZE);
    void *probe = mmap(NULL, (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (probe == MAP_FAILED)
        return 0;
    int known = madvise(probe, (size_t)page, MADV_POPULATE_WRITE) == 0;
    munmap(probe, (size_t)page);
    return known;
}

/* The next window to make, never one the writer has passed; p->size when the making is over. */
static unsigned long long claim_window(output_pages *p)
{
    pthread_mutex_lock(&p->lock);
    for (;;) {
        if (p->next < p->written)
            p->next = p->written / p->window * p->window;
        unsigned long long end = p->next + p->window < p->size ? p->next + p->window : p->size;
        if (p->stop || p->next >= p->size || end <= p->written + p->lead)
            break;
        pthread_cond_wait(&p->moved, &p->lock);
    }
    unsigned long long offset = p->stop ? p->size : p->next;
    if (offset < p->size)
        p->next = offset + p->window;
    pthread_mutex_unlock(&p->lock);
    return offset;
}

static void *make_pages(void *argument)
{
    output_pages *p = argument;
    for (unsigned long long offset; (offset = claim_window(p)) < p->size;) {
        size_t length = (size_t)(p->size - offset < p->window ? p->size - offset : p->window);
        void *base = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_SHARED, p->fd, (off_t)offset);
        if (base == MAP_FAILED)
            return NULL;
        /* Each page faulted in writable as a write would, its bytes untouched. */
        int made = madvise(base, length, MADV_POPULATE_WRITE) == 0;
        munmap(base, length);
        if (!made)
            return NULL; /* the writer makes the rest */
        pthread_mutex_lock(&p->lock);
        p->made += length;
        pthread_mutex_unlock(&p->lock);
    }
    return NULL;
}
#endif

int output_pages_open(output_pages *p, int fd, unsigned long long size)
{
    memset(p, 0, sizeof *p);
    p->fd = -1;
#if PAGES_POSSIBLE
    if (size == 0 || !file_system_allowed(fd) || !kernel_populates() || fallocate(fd, 0, 0, (off_t)size) != 0)
        return 0; /* a fallocate that fails changes nothing */
    p->fd = fd;
    p->size = size;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->moved, NULL);
    return 1;
#else
    (void)fd;
    (void)size;
    return 0;
#endif
}

int output_pages_start(output_pages *p, int threads, unsigned long long lead)
{
#if PAGES_POSSIBLE
    if (p->fd < 0)
        return 0;
    unsigned long long page = (unsigned long long)sysconf(_SC_PAGESIZE);
    unsigned long long window = lead / 16 < WINDOW_MIN ? WINDOW_MIN : lead / 16 > WINDOW_MAX ? WINDOW_MAX : lead / 16;
    p->window = window / page * page;
    p->lead = lead;
    if (threads > OUTPUT_PAGES_THREADS_MAX)
        threads = OUTPUT_PAGES_THREADS_MAX;
    while (p->thread_count < threads && pthread_create(&p->threads[p->thread_count], NULL, make_pages, p) == 0)
        ++p->thread_count;
    return p->thread_count;
#else
    (void)p;
    (void)threads;
    (void)lead;
    return 0;
#endif
}

void output_pages_written(output_pages *p, unsigned long long position)
{
    if (p->fd < 0)
        return;
    pthread_mutex_lock(&p->lock);
    p->written = position;
    pthread_cond_broadcast(&p->moved);
    pthread_mutex_unlock(&p->lock);
}

unsigned long long output_pages_close(output_pages *p)
{
    if (p->fd < 0)
        return 0;
    pthread_mutex_lock(&p->lock);
    p->stop = 1;
    pthread_cond_broadcast(&p->moved);
    pthread_mutex_unlock(&p->lock);
    for (int t = 0; t < p->thread_count; ++t)
        pthread_join(p->threads[t], NULL);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->moved);
    p->fd = -1;
    p->thread_count = 0;
    return p->made;
}
