/* mpi_stop.c: see mpi_stop.h. */
#define _POSIX_C_SOURCE 200809L
#include "mpi/mpi_stop.h"

#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t stop_signal;
static char remove_path[PATH_MAX];
static volatile sig_atomic_t remove_armed;

/* Async-signal-safe: unlink(2) only. */
static void on_signal(int sig)
{
    if (remove_armed)
        unlink(remove_path);
    stop_signal = sig;
}

void mpi_stop_install(void)
{
    static const int signals[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; ++i) {
        struct sigaction old, action;
        if (sigaction(signals[i], NULL, &old) != 0 || old.sa_handler == SIG_IGN)
            continue;
        memset(&action, 0, sizeof action);
        action.sa_handler = on_signal;
        sigemptyset(&action.sa_mask);
        sigaction(signals[i], &action, NULL);
    }
}

void mpi_stop_remove_on_signal(const char *path)
{
    remove_armed = 0;
    if (path && strlen(path) < sizeof remove_path) {
        memcpy(remove_path, path, strlen(path) + 1);
        remove_armed = 1;
    }
}

int mpi_stop_signal(void) { return (int)stop_signal; }
