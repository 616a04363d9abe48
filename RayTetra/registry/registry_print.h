/* registry_print.h: what the programs print from the registry (registry.h): --list-algorithms,
 * the same in every program, and the lists of names and numbers of their help texts. */
#ifndef RAYTETRA_REGISTRY_PRINT_H
#define RAYTETRA_REGISTRY_PRINT_H

#include <stdio.h>

#include "registry/registry.h"

/* --list-algorithms: one variant a line, in the registry's order:
 *   NAME CSV_NAME cpu|opencl double|float INDEX|- PROPERTIES|- DESCRIPTION
 * (columns aligned with blanks; the description takes the rest of the line; PROPERTIES are
 * words joined by commas: thesis, baseline, exact, simd; INDEX is the thesis' -g index). */
void registry_print_list(FILE *out);

/* The variant's properties as words joined by commas (as --list-algorithms prints them), or
 * "-"; "thesis" only for the double variants: the thesis measured double precision. Returns
 * `text`, or the constant "-". */
const char *registry_properties_text(const registry_variant *variant, char *text, size_t size);

/* The names for a help text, wrapped, each line starting with `indent`: the CPU names by
 * precision, then the OpenCL ones as CSV_NAME (gN). */
void registry_print_names(FILE *out, const char *indent);

/* The values of RayTetra's option -FLAG, as "0, 1, 2". */
void registry_print_flag_values(FILE *out, char flag);

/* "0 GPU_Segura0, 1 GPU_STP0, ...": the OpenCL builds by thesis index, wrapped as
 * registry_print_names does. */
void registry_print_gpu_indices(FILE *out, const char *indent);

#endif
