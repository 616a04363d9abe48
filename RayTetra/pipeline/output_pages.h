/* output_pages.h: a binary OUTPUT's pages made ahead of the writer, by threads of their own.
 *
 * A binary OUTPUT's size is known before its first result (a binary INPUT's count confirmed by
 * its size). The writer writes it with write(2) in input order, and file systems lock a file for
 * each write(2), so one thread makes every page of the page cache it writes into: on a 4 x H100
 * host (ext4) 4.48 GB took one write(2) thread 0.87-1.60 s into a new file, 0.59-0.72 s into
 * pages made first (docs/PERFORMANCE.md, "The output's pages made ahead of the writer"). So
 * helper threads map the file's next windows and fault their pages in writable (madvise
 * MADV_POPULATE_WRITE, Linux 5.14), from the start-up on, a bounded lead ahead of the writer;
 * the bytes of a page are never changed by it, so a page the writer reached first stays as
 * written. A window is mapped only while its pages are made: the run's memory grows by one
 * window a helper thread (at most 64 MiB, and a sixteenth of the lead).
 *
 * Only where nothing can fail behind the writer's back: the file's whole size is allocated
 * first (fallocate(2)), and only on the local disk file systems named in output_pages.c. */
#ifndef RAYTETRA_OUTPUT_PAGES_H
#define RAYTETRA_OUTPUT_PAGES_H

#include <pthread.h>
#include <stddef.h>

#define OUTPUT_PAGES_THREADS_MAX 4

typedef struct output_pages {
    int fd;                  /* -1: none made */
    unsigned long long size; /* the file's bytes, allocated */
    pthread_t threads[OUTPUT_PAGES_THREADS_MAX];
    int thread_count;
    pthread_mutex_t lock;  /* guards what follows */
    pthread_cond_t moved;  /* the writer moved on, or the making stops */
    unsigned long long next;    /* the next window to make */
    unsigned long long window;  /* bytes a window */
    unsigned long long written; /* the writer's position */
    unsigned long long lead;    /* no window ends more than this beyond it */
    int stop;
    unsigned long long made; /* bytes of pages made */
} output_pages;

/* The lead for a run of `budget` bytes: within the budget, at most 4 GiB, and at most half of
 * what the kernel lets wait dirty before it writes back (vm.dirty_background_bytes, else
 * vm.dirty_background_ratio of the available memory), so that pages made ahead are not
 * written to disk as zeros before the results replace them. */
unsigned long long output_pages_lead(size_t budget);

/* Make the open file `fd` (a temporary file, empty) `size` bytes long with every block allocated,
 * for its pages to be made ahead of the writer: 1 when it is, 0 when this file system or this
 * kernel cannot (the file is then as it was). */
int output_pages_open(output_pages *pages, int fd, unsigned long long size);

/* Start up to `threads` threads (at most OUTPUT_PAGES_THREADS_MAX) making pages, front to back,
 * no window ending more than `lead` bytes beyond the writer's position; returns the threads
 * started. */
int output_pages_start(output_pages *pages, int threads, unsigned long long lead);

/* The writer has written the file up to `position`. */
void output_pages_written(output_pages *pages, unsigned long long position);

/* Stop the making, wait for its threads and release what it holds; returns the bytes of pages
 * made. Safe to call again (it then returns 0). */
unsigned long long output_pages_close(output_pages *pages);

#endif
