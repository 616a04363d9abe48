/* walk_image.c: TetWalk's picture (walk_image.h): the colour scale (inferno, perceptually even
 * and legible in grey), a small bitmap font for the scale's labels, and the PNG. */
#include "walk/walk_image.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef RAYTETRA_HAVE_VIEWER
#include "viewer/viewer_png.h"
#endif

int walk_show_parse(const char *text, walk_show *show)
{
    if (strcmp(text, "length") == 0)
        *show = WALK_SHOW_LENGTH;
    else if (strcmp(text, "tetrahedra") == 0)
        *show = WALK_SHOW_TETRAHEDRA;
    else
        return -1;
    return 0;
}

/* Inferno (matplotlib's), sampled at nine points and interpolated linearly. */
static const unsigned char SCALE[9][3] = {{0, 0, 4},      {31, 12, 72},   {85, 15, 109},  {136, 34, 106}, {186, 54, 85},
                                          {227, 89, 51},  {249, 140, 10}, {249, 201, 50}, {252, 255, 164}};

void walk_image_colour(double x, unsigned char rgb[3])
{
    x = x < 0 ? 0 : (x > 1 ? 1 : x);
    double position = x * 8;
    int low = position >= 8 ? 7 : (int)position;
    double fraction = position - low;
    for (int c = 0; c < 3; ++c)
        rgb[c] = (unsigned char)lround(SCALE[low][c] + fraction * (SCALE[low + 1][c] - SCALE[low][c]));
}

#ifdef RAYTETRA_HAVE_VIEWER

/* 5 x 7 glyphs, rows from the top, bit 4 the leftmost column. */
typedef struct glyph {
    char character;
    unsigned char rows[7];
} glyph;

static const glyph FONT[] = {
    {'0', {14, 17, 19, 21, 25, 17, 14}}, {'1', {4, 12, 4, 4, 4, 4, 14}},     {'2', {14, 17, 1, 2, 4, 8, 31}},
    {'3', {30, 1, 1, 14, 1, 1, 30}},     {'4', {2, 6, 10, 18, 31, 2, 2}},    {'5', {31, 16, 30, 1, 1, 17, 14}},
    {'6', {6, 8, 16, 30, 17, 17, 14}},   {'7', {31, 1, 2, 4, 8, 8, 8}},      {'8', {14, 17, 17, 14, 17, 17, 14}},
    {'9', {14, 17, 17, 15, 1, 2, 12}},   {'.', {0, 0, 0, 0, 0, 12, 12}},     {'-', {0, 0, 0, 31, 0, 0, 0}},
    {'+', {0, 4, 4, 31, 4, 4, 0}},       {'A', {14, 17, 17, 31, 17, 17, 17}}, {'D', {30, 17, 17, 17, 17, 17, 30}},
    {'E', {31, 16, 16, 30, 16, 16, 31}}, {'G', {14, 17, 16, 23, 17, 17, 15}}, {'H', {17, 17, 17, 31, 17, 17, 17}},
    {'L', {16, 16, 16, 16, 16, 16, 31}}, {'N', {17, 25, 21, 19, 17, 17, 17}}, {'O', {14, 17, 17, 17, 17, 17, 14}},
    {'R', {30, 17, 17, 30, 20, 18, 17}}, {'S', {15, 16, 16, 14, 1, 1, 30}},  {'T', {31, 4, 4, 4, 4, 4, 4}},
    {'e', {0, 0, 14, 17, 31, 16, 14}},
};

typedef struct canvas {
    unsigned char *rgb; /* rows from the bottom, as viewer_png_write takes them */
    int width, height;
} canvas;

/* Pixel (x, y) with y counted from the top. */
static void put(canvas *c, int x, int y, const unsigned char rgb[3])
{
    if (x < 0 || y < 0 || x >= c->width || y >= c->height)
        return;
    memcpy(c->rgb + 3 * ((size_t)(c->height - 1 - y) * (size_t)c->width + (size_t)x), rgb, 3);
}

/* Text with its top left corner at (x, y), each font pixel size x size; returns its width. */
static int text(canvas *c, int x, int y, int size, const char *string, const unsigned char rgb[3])
{
    int start = x;
    for (const char *s = string; *s; ++s, x += 6 * size) {
        const glyph *g = NULL;
        for (size_t i = 0; i < sizeof FONT / sizeof FONT[0]; ++i)
            if (FONT[i].character == *s)
                g = &FONT[i];
        if (!g)
            continue; /* a blank */
        for (int row = 0; row < 7; ++row)
            for (int column = 0; column < 5; ++column)
                if (g->rows[row] & (16 >> column))
                    for (int dy = 0; dy < size; ++dy)
                        for (int dx = 0; dx < size; ++dx)
                            put(c, x + column * size + dx, y + row * size + dy, rgb);
    }
    return x - start;
}

/* The scale in the bottom left corner: a bar from 0 to `top`, its labels, and what it shows. */
static void draw_scale(canvas *c, double top, walk_show show)
{
    int size = c->height >= 600 ? 2 : 1;
    int bar_width = c->width / 3, bar_height = 8 * size, margin = 10 * size;
    int left = margin, bar_top = c->height - margin - bar_height;
    static const unsigned char white[3] = {235, 235, 235};
    for (int x = 0; x < bar_width; ++x) {
        unsigned char rgb[3];
        walk_image_colour(0.1 + 0.9 * x / (bar_width - 1), rgb); /* as the pixels map their values */
        for (int y = 0; y < bar_height; ++y)
            put(c, left + x, bar_top + y, rgb);
    }
    int label_top = bar_top - 10 * size;
    text(c, left, label_top, size, "0", white);
    char maximum[32];
    snprintf(maximum, sizeof maximum, show == WALK_SHOW_LENGTH ? "%.3g" : "%.0f", top);
    int width = (int)strlen(maximum) * 6 * size - size;
    text(c, left + bar_width - width, label_top, size, maximum, white);
    const char *title = show == WALK_SHOW_LENGTH ? "LENGTH" : "TETRAHEDRA";
    int title_width = (int)strlen(title) * 6 * size - size;
    text(c, left + (bar_width - title_width) / 2, label_top, size, title, white);
    static const unsigned char lost[3] = {WALK_IMAGE_LOST_RGB};
    int after = left + bar_width + 4 * margin;
    for (int y = 0; y < bar_height; ++y)
        for (int x = 0; x < bar_height; ++x)
            put(c, after + x, bar_top + y, lost);
    text(c, after + bar_height + 2 * size, bar_top + (bar_height - 7 * size) / 2, size, "LOST", white);
}

int walk_image_write(const char *path, const walk_rays *rays, const walk_result *results, walk_show show,
                     error_text *err)
{
    if (rays->width <= 0 || rays->height <= 0)
        return error_set(err, "%s: a picture needs the camera's rays, not a rays file", path);
    size_t count = rays->count;
    double top = 0;
    for (size_t i = 0; i < count; ++i) {
        double value = show == WALK_SHOW_LENGTH ? results[i].length : results[i].steps;
        if (results[i].status == RT_WALK_OK && isfinite(value) && value > top)
            top = value;
    }
    if (top <= 0)
        top = 1;
    canvas c = {malloc(count * 3 + 1), rays->width, rays->height};
    if (!c.rgb)
        return error_set(err, "%s: out of memory for a %dx%d picture", path, rays->width, rays->height);
    static const unsigned char background[3] = {WALK_IMAGE_BACKGROUND_RGB}, lost[3] = {WALK_IMAGE_LOST_RGB};
    for (size_t i = 0; i < count; ++i) {
        unsigned char *pixel = c.rgb + 3 * i;
        double value = show == WALK_SHOW_LENGTH ? results[i].length : results[i].steps;
        if (results[i].status != RT_WALK_OK)
            memcpy(pixel, lost, 3);
        else if (results[i].steps == 0 || !(value > 0))
            memcpy(pixel, background, 3);
        else /* the darkest tenth of the scale is left to the background */
            walk_image_colour(0.1 + 0.9 * value / top, pixel);
    }
    draw_scale(&c, top, show);
    int written = viewer_png_write(path, c.rgb, c.width, c.height, err);
    free(c.rgb);
    return written;
}

#else

int walk_image_write(const char *path, const walk_rays *rays, const walk_result *results, walk_show show,
                     error_text *err)
{
    (void)rays;
    (void)results;
    (void)show;
    return error_set(err, "%s: TetWalk was built without libpng (the viewer's packages: run scripts/setup.sh and "
                          "make again)", path);
}

#endif
