/* TetWalk: rays walked through a real tetrahedral mesh, from tetrahedron to tetrahedron through
 * shared faces, with every known-enter-face form of the Plücker and STP algorithms, the robust
 * variant and the exact traversal, on the CPU and in OpenCL; timed, checked for lost rays,
 * pictured (docs/TETWALK.md). */
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "bench/bench.h"
#include "timer.h"
#include "programs/program_options.h"
#include "programs/tetwalk_session.h"

static const char *PROGRAM = "TetWalk";

int main(int argc, char **argv)
{
    setlocale(LC_ALL, "C");
    tetwalk_options o;
    tetwalk_parse(PROGRAM, argc, argv, &o, tetwalk_usage, NULL);
    const program_output outputs[] = {
        {"--image", o.image}, {"--per-ray", o.per_ray}, {"--export-pairs", o.export_pairs}, {"--json", o.json},
        {"--save-mesh", o.save_mesh}};
    const char *const inputs[] = {o.mesh, o.rays};
    program_check_outputs(PROGRAM, outputs, 5, inputs, 2);
    tetwalk_state s;
    memset(&s, 0, sizeof s);
    s.o = &o;
    error_text err = {0};
    tetwalk_job job = {.start = timer_now_ms()};
    int failed = tetwalk_load(&s, &err);
    job.loaded = timer_now_ms();
    failed = failed || tetwalk_open_device(&s, &err);
    job.opened = timer_now_ms();
    if (!failed && o.bandwidth)
        tetwalk_cpu_bandwidth(&s);
    if (!failed && o.verify >= 0)
        failed = tetwalk_prepare_reference(&s, &err);
    if (!failed) {
        char cpu[256];
        bench_cpu_name(cpu, sizeof cpu);
        printf("repetitions: %lld timed after 1 warm-up; CPU: %s\n", o.reps, cpu);
    }
    for (int i = 0; i < o.chosen_count && !failed; ++i) {
        if (o.chosen[i].opencl)
            failed = tetwalk_run_one(&s, o.chosen[i], 0, &err);
        else
            for (int t = 0; t < o.thread_count && !failed; ++t)
                failed = tetwalk_run_one(&s, o.chosen[i], o.threads[t], &err);
    }
    job.walked = timer_now_ms();
    failed = failed || tetwalk_write_outputs(&s, argc, argv, &err);
    job.written = timer_now_ms();
    tetwalk_release(&s);
    job.released = timer_now_ms();
    if (!failed)
        tetwalk_print_job(&s, &job);
    if (failed) {
        error_print(PROGRAM, &err);
        return 1;
    }
    return s.not_watertight ? TETWALK_EXIT_NOT_WATERTIGHT : 0;
}
