/* algorithms_baseline.c: PT03's comparison algorithms as CPU baselines (docs/SPECIFICATION.md
 * section 3): Haines' line against the four face planes, and Möller-Trumbore's line/triangle
 * test on each face. Their code lives in rt_baseline.h. The Makefile compiles this file twice:
 * as it is (double: haines, ...) and with -DRT_SINGLE (float: hainesf, ...). */
#include "cpu/algorithms_wrap.h"

WRAP_BASELINE_ALGORITHM(haines, 0)
WRAP_BASELINE_ALGORITHM(moller1, 1)
WRAP_BASELINE_ALGORITHM(moller2, 2)
WRAP_BASELINE_ALGORITHM(moller3, 3)
