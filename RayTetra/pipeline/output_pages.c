/* output_pages.c: a binary OUTPUT's pages made ahead of the writer (output_pages.h). */
#define _GNU_SOURCE
#include "pipeline/output_pages.h"

#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#ifdef __linux__
#include <linux/magic.h>
#include <sys/vfs.h>
#endif

/* Pages are made a window at a time: one map, one madvise and one unmap each. */
#define WINDOW ((unsigned long long)64 << 20)

#ifdef __linux__
/* Local file systems whose allocated blocks take pages faulted in through a map without an
 * allocation that could fail (on a network file system a fault in a map is a SIGBUS). */
static int maps_safely(int fd)
{
    struct statfs fs;
    if (fstatfs(fd, &fs) != 0)
        return 0;
    switch ((unsigned long)fs.f_type) {
    case EXT4_SUPER_MAGIC: /* ext2, ext3 and ext4 alike */
    case XFS_SUPER_MAGIC:
    case BTRFS_SUPER_MAGIC:
    case TMPFS_MAGIC:
        return 1;
    default:
        return 0;
    }
}
#endif

int output_pages_open(output_pages *p, int fd, unsigned long long size)
{
    memset(p, 0, sizeof *p);
    p->fd = -1;
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
    if (size == 0 || !maps_safely(fd) || fallocate(fd, 0, 0, (off_t)size) != 0)
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

/* The next window to make, never one the writer has passed; p->size when the making is over. */
static unsigned long long claim_window(output_pages *p)
{
    pthread_mutex_lock(&p->lock);
    for (;;) {
        if (p->next < p->written)
            p->next = p->written / WINDOW * WINDOW;
        if (p->stop || p->next >= p->size || p->next <= p->written + p->ahead)
            break;
        pthread_cond_wait(&p->moved, &p->lock);
    }
    unsigned long long offset = p->stop ? p->size : p->next;
    if (offset < p->size)
        p->next = offset + WINDOW;
    pthread_mutex_unlock(&p->lock);
    return offset;
}

static void *make_pages(void *argument)
{
    output_pages *p = argument;
#ifdef MADV_POPULATE_WRITE
    for (unsigned long long offset; (offset = claim_window(p)) < p->size;) {
        size_t length = (size_t)(p->size - offset < WINDOW ? p->size - offset : WINDOW);
        void *base = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_SHARED, p->fd, (off_t)offset);
        if (base == MAP_FAILED)
            return NULL;
        /* Each page faulted in writable as a write would, its bytes untouched. */
        int made = madvise(base, length, MADV_POPULATE_WRITE) == 0;
        munmap(base, length);
        if (!made)
            return NULL; /* a kernel before 5.14: the writer makes the pages */
        pthread_mutex_lock(&p->lock);
        p->made += length;
        pthread_mutex_unlock(&p->lock);
    }
#endif
    return NULL;
}

void output_pages_start(output_pages *p, int threads, unsigned long long ahead)
{
    if (p->fd < 0)
        return;
    p->ahead = ahead;
    if (threads > OUTPUT_PAGES_THREADS_MAX)
        threads = OUTPUT_PAGES_THREADS_MAX;
    while (p->thread_count < threads && pthread_create(&p->threads[p->thread_count], NULL, make_pages, p) == 0)
        ++p->thread_count;
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
