/* mpi_stop.h: SIGTERM, SIGINT and SIGHUP in a rank. The signal does not kill the rank in the
 * middle of a collective, which would leave the others waiting: it removes the shared
 * temporary output at once (so that nothing is left even if a SIGKILL follows) and raises a
 * flag that the rank reads between chunks; the rank then fails its stage with "stopped by
 * signal N", and every rank stops through the agreement (mpi_world_agree). */
#ifndef RAYTETRA_MPI_STOP_H
#define RAYTETRA_MPI_STOP_H

/* Install the handlers (once; a signal ignored on purpose stays ignored). */
void mpi_stop_install(void);

/* The temporary file the handler removes (NULL: none any more); its name is copied. */
void mpi_stop_remove_on_signal(const char *path);

/* The signal that asked this rank to stop, or 0. */
int mpi_stop_signal(void);

#endif
