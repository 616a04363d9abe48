/* cpu_binding.h: each thread of a multi-threaded run bound to its own CPU (Linux affinity), so
 * that the scheduler does not move a thread away from the memory it touched first, nor put two
 * on one core while another idles. The threads of team member k runs on the k-th CPU the
 * process may use. Not done where the user bound the threads through OpenMP (OMP_PROC_BIND or
 * OMP_PLACES set: OpenMP's binding stands) or where the team has more threads than the process
 * has CPUs. */
#ifndef RAYTETRA_CPU_BINDING_H
#define RAYTETRA_CPU_BINDING_H

typedef struct cpu_binding {
    int active;        /* threads are bound by this module */
    int cpus;          /* CPUs the process may use */
    unsigned char saved[128]; /* the calling thread's affinity (a cpu_set_t), restored at the end */
    unsigned char allowed[128];
} cpu_binding;

/* Before the parallel region of a team of `threads`: decide, and save the caller's affinity. */
void cpu_binding_begin(cpu_binding *binding, int threads);

/* In the region, by team member `id` (omp_get_thread_num()): bind the calling thread. */
void cpu_binding_apply(const cpu_binding *binding, int id);

/* After the region: the caller's affinity back (the pool's threads stay bound until the next
 * region rebinds them). */
void cpu_binding_end(const cpu_binding *binding);

/* How the run's threads were placed, for Bench's report: "one CPU each", "by OpenMP
 * (OMP_PROC_BIND=...)", or "not bound (N threads, M CPUs)". */
const char *cpu_binding_text(const cpu_binding *binding, int threads, char *text, unsigned size);

#endif
