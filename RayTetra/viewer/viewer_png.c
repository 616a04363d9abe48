/* viewer_png.c: the snapshot's PNG writer (libpng), through a temporary file and a rename so
 * that a failed or interrupted snapshot never leaves half a PNG behind. */
#include "viewer/viewer_png.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>

#include "atomic_file.h"

/* libpng reports errors through a callback that must not return; keep its text for err. */
typedef struct png_failure {
    char text[256];
} png_failure;

_Noreturn static void on_png_error(png_structp png, png_const_charp message)
{
    png_failure *failure = png_get_error_ptr(png);
    snprintf(failure->text, sizeof failure->text, "%s", message);
    png_longjmp(png, 1);
}

static void on_png_warning(png_structp png, png_const_charp message)
{
    /* Warnings concern optional chunks we never write; they are no reason to fail or to print. */
    (void)png;
    (void)message;
}

/* Encode into an open stream; returns 0, or -1 with failure->text set. */
static int encode(FILE *stream, const unsigned char *rgb, int width, int height, png_failure *failure)
{
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, failure, on_png_error, on_png_warning);
    if (!png) {
        snprintf(failure->text, sizeof failure->text, "out of memory");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        snprintf(failure->text, sizeof failure->text, "out of memory");
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return -1;
    }
    png_init_io(png, stream);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, 9);
    png_write_info(png, info);
    size_t stride = (size_t)width * 3;
    /* OpenGL's first row is the bottom one; PNG's is the top one. */
    for (int row = height - 1; row >= 0; row--)
        png_write_row(png, rgb + (size_t)row * stride);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return 0;
}

int viewer_png_write(const char *path, const unsigned char *rgb, int width, int height, error_text *err)
{
    atomic_file file;
    if (atomic_open(&file, path, err) != 0)
        return -1;
    png_failure failure = {{0}};
    if (encode(file.stream, rgb, width, height, &failure) != 0) {
        atomic_abort(&file);
        return error_set(err, "%s: cannot write the PNG: %s", path, failure.text);
    }
    return atomic_commit(&file, err);
}
