/* algorithms_float.c: every CPU algorithm in single precision, compiled from the same bodies as
 * the double ones (rt_algorithms.h, rt_baseline.h) with RT_SINGLE. The contract stays double:
 * inputs are rounded to float (P, L = Q - P and the vertices, each once), results widened. */
#define RT_SINGLE
#include "cpu/algorithms_wrap.h"

WRAP_BASELINE_ALGORITHM(hainesf, 0)
WRAP_BASELINE_ALGORITHM(moller1f, 1)
WRAP_BASELINE_ALGORITHM(moller2f, 2)
WRAP_BASELINE_ALGORITHM(moller3f, 3)
WRAP_PT_ALGORITHM(pluecker0f, 0, 0)
WRAP_PT_ALGORITHM(pluecker1f, 0, 1)
WRAP_PT_ALGORITHM(pluecker2f, 0, 2)
WRAP_PT_ALGORITHM(stp0f, 1, 0)
WRAP_PT_ALGORITHM(stp1f, 1, 1)
WRAP_PT_ALGORITHM(stp2f, 1, 2)
