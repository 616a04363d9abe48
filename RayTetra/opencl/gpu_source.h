/* gpu_source.h: finding the kernel files and turning one into the single source text that is
 * built: quoted #include lines are replaced by the files they name (recursively), with #line
 * directives so that build logs still point at the real files and lines.
 *
 * Why not -I options: PoCL splits build options at blanks even inside quotes, so an include
 * folder whose path holds a space cannot be passed at all; and a driver's own binary cache may
 * not notice a changed header. One self-contained text avoids both, and its hash covers every
 * header the kernel uses (gpu_cache.c).
 *
 * Also the two file helpers the binary cache shares (gpu_read_file, gpu_path_join). */
#ifndef RAYTETRA_GPU_SOURCE_H
#define RAYTETRA_GPU_SOURCE_H

#include <stddef.h>

#include "error.h"

/* Where kernel_file ("RayTetraForm.cl") is, first match wins:
 *   1. $RAYTETRA_KERNEL_DIR (if set, the file must be there);
 *   2. ../share/raytetra/kernels beside the executable (the `make install` layout), and in
 *      libraytetra.so (objects built with RAYTETRA_LIBRARY) beside the library;
 *   3. the compile-time default RAYTETRA_KERNEL_DIR (the repository's kernels/).
 * Returns 0 and a malloc'd path, or -1 with err naming the folders tried. */
int gpu_source_find(const char *kernel_file, char **path, error_text *err);

/* Read the kernel at `path` and inline its quoted includes, searched for in the including
 * file's folder, the kernel's folder, its shared/ folder, and the shared/ folder of the
 * compile-time kernel folder. Returns 0 and a malloc'd NUL-terminated text, or -1 with err. */
int gpu_source_load(const char *path, char **source, size_t *length, error_text *err);

/* Read a whole file; returns 0, or an errno value (the data are then NULL). The buffer holds
 * one extra NUL byte after the data. */
int gpu_read_file(const char *path, char **data, size_t *size);

/* "DIR/NAME", malloc'd (NULL when out of memory). */
char *gpu_path_join(const char *dir, const char *name);

#endif
