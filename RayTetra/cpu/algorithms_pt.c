/* algorithms_pt.c: the Plücker and STP forms with the original contract. Their code lives in
 * rt_algorithms.h, which the OpenCL kernels include as well. The Makefile compiles this file
 * twice: as it is (double: pluecker0, ...) and with -DRT_SINGLE (float: pluecker0f, ...). */
#include "cpu/algorithms_wrap.h"

WRAP_PT_FORMS(WRAP_PT_ALGORITHM)
