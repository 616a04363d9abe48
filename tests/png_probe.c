/* png_probe.c: looks into a PNG for tests/test_viewer.sh (built only with the viewer, and not a
 * test itself: the name does not start with test_).
 *
 *   png_probe FILE size               prints "WIDTH HEIGHT"
 *   png_probe FILE count R G B TOL    prints how many pixels lie within TOL of (R, G, B) in
 *                                     every channel
 *
 * Exit status 0, or 1 with one line on stderr when FILE is not a readable PNG. */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage(void)
{
    fprintf(stderr, "usage: png_probe FILE size | png_probe FILE count R G B TOLERANCE\n");
    return 2;
}

static int channel(const char *text, int max, int *value)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || v < 0 || v > max)
        return -1;
    *value = (int)v;
    return 0;
}

/* Read FILE as 8-bit RGB; returns the pixels (free them) or NULL with a message printed. */
static unsigned char *read_rgb(const char *path, png_image *image)
{
    memset(image, 0, sizeof *image);
    image->version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(image, path)) {
        fprintf(stderr, "png_probe: %s: not a readable PNG: %s\n", path, image->message);
        return NULL;
    }
    image->format = PNG_FORMAT_RGB;
    unsigned char *pixels = malloc(PNG_IMAGE_SIZE(*image));
    if (!pixels) {
        png_image_free(image);
        fprintf(stderr, "png_probe: %s: out of memory\n", path);
        return NULL;
    }
    if (!png_image_finish_read(image, NULL, pixels, 0, NULL)) {
        fprintf(stderr, "png_probe: %s: cannot decode the PNG: %s\n", path, image->message);
        free(pixels);
        return NULL;
    }
    return pixels;
}

int main(int argc, char **argv)
{
    int want[3] = {0, 0, 0}, tolerance = 0;
    int size = argc == 3 && strcmp(argv[2], "size") == 0;
    int count = argc == 7 && strcmp(argv[2], "count") == 0;
    if (!size && !count)
        return usage();
    if (count && (channel(argv[3], 255, &want[0]) || channel(argv[4], 255, &want[1]) ||
                  channel(argv[5], 255, &want[2]) || channel(argv[6], 255, &tolerance)))
        return usage();
    png_image image;
    unsigned char *pixels = read_rgb(argv[1], &image);
    if (!pixels)
        return 1;
    if (size) {
        printf("%u %u\n", image.width, image.height);
    } else {
        size_t matches = 0, total = (size_t)image.width * image.height;
        for (size_t i = 0; i < total; i++) {
            int close = 1;
            for (int c = 0; c < 3; c++)
                close &= abs((int)pixels[3 * i + c] - want[c]) <= tolerance;
            matches += (size_t)close;
        }
        printf("%zu\n", matches);
    }
    free(pixels);
    return 0;
}
