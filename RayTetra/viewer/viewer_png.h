/* viewer_png.h: writes the viewer's snapshot (RGB pixels read back from OpenGL) as a PNG file. */
#ifndef RAYTETRA_VIEWER_PNG_H
#define RAYTETRA_VIEWER_PNG_H

#include "error.h"

/* Write width x height RGB pixels (3 bytes each, rows packed) to `path`, atomically. The rows
 * are stored bottom row first, as glReadPixels returns them. Returns 0, or -1 with err set. */
int viewer_png_write(const char *path, const unsigned char *rgb, int width, int height, error_text *err);

#endif
