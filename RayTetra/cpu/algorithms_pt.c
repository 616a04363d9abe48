/* algorithms_pt.c: the Plücker and STP forms with the original contract. Their code lives in
 * rt_algorithms.h, which the OpenCL kernels include as well. The Makefile compiles this file
 * twice: as it is (double: pluecker0, ...) and with -DRT_SINGLE (float: pluecker0f, ...). */
#include "cpu/algorithms_wrap.h"

WRAP_PT_ALGORITHM(pluecker0, 0, 0)
WRAP_PT_ALGORITHM(pluecker1, 0, 1)
WRAP_PT_ALGORITHM(pluecker2, 0, 2)
WRAP_PT_ALGORITHM(stp0, 1, 0)
WRAP_PT_ALGORITHM(stp1, 1, 1)
WRAP_PT_ALGORITHM(stp2, 1, 2)
