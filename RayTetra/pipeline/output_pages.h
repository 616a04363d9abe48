/* output_pages.h: a binary OUTPUT's pages made ahead of the writer, by threads of their own.
 *
 * A binary OUTPUT's size is known before its first result (a binary INPUT's count confirmed by
 * its size). The writer writes it with write(2) in input order, and file systems lock a file for
 * each write(2), so one thread makes every page of the page cache it writes into: on a 4 x H100
 * host (ext4) 4.48 GB took one write(2) thread 0.87-1.60 s into a new file, 0.59-0.72 s into
 * pages made first (docs/PERFORMANCE.md, "The output's pages made ahead of the writer"). So
 * helper threads map the file's next windows and fault their pages in writable (madvise
 * MADV_POPULATE_WRITE, Linux 5.14), from the start-up on, a bounded distance ahead of the
 * writer; the bytes of a page are never changed by it, so a page the writer reached first stays
 * as written.
 *
 * Only where nothing can fail behind the writer's back: the file's whole size is allocated
 * first (fallocate(2)), and only on the local file systems named in output_pages.c. */
#ifndef RAYTETRA_OUTPUT_PAGES_H
#define RAYTETRA_OUTPUT_PAGES_H

#include <pthread.h>

#define OUTPUT_PAGES_THREADS_MAX 4

typedef struct output_pages {
    int fd;                  /* -1: none made */
    unsigned long long size; /* the file's bytes, allocated */
    pthread_t threads[OUTPUT_PAGES_THREADS_MAX];
    int thread_count;
    pthread_mutex_t lock;  /* guards what follows */
    pthread_cond_t moved;  /* the writer moved on, or the making stops */
    unsigned long long next;    /* the next window to make */
    unsigned long long written; /* the writer's position */
    unsigned long long ahead;   /* the farthest a window may start beyond it */
    int stop;
    unsigned long long made; /* bytes of pages made */
} output_pages;

/* Make the open file `fd` (a temporary file, empty) `size` bytes long with every block allocated,
 * for its pages to be made ahead of the writer: 1 when it is, 0 when this file system or this
 * system cannot (the file is then as it was). */
int output_pages_open(output_pages *pages, int fd, unsigned long long size);

/* Start `threads` threads (at most OUTPUT_PAGES_THREADS_MAX) making pages, front to back, no
 * window starting more than `ahead` bytes beyond the writer's position. */
void output_pages_start(output_pages *pages, int threads, unsigned long long ahead);

/* The writer has written the file up to `position`. */
void output_pages_written(output_pages *pages, unsigned long long position);

/* Stop the making, wait for its threads and release what it holds; returns the bytes of pages
 * made (none for pages that were never opened). Safe to call twice. */
unsigned long long output_pages_close(output_pages *pages);

#endif
