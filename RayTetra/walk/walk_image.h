/* walk_image.h: TetWalk's picture: each pixel's length inside the mesh (or the tetrahedra its ray
 * crosses) on a colour scale, the scale drawn in a corner with its range, lost rays in a colour
 * the scale does not use; written as PNG through the viewer's writer (libpng, atomically). */
#ifndef RAYTETRA_WALK_IMAGE_H
#define RAYTETRA_WALK_IMAGE_H

#include "error.h"
#include "walk/walk.h"

typedef enum walk_show { WALK_SHOW_LENGTH, WALK_SHOW_TETRAHEDRA } walk_show;

/* The colour of lost rays, and of pixels whose ray misses the mesh. */
#define WALK_IMAGE_LOST_RGB 0, 230, 90
#define WALK_IMAGE_BACKGROUND_RGB 18, 20, 28

/* Parse "length" or "tetrahedra"; returns 0, or -1. */
int walk_show_parse(const char *text, walk_show *show);

/* The picture of camera rays (rays->width x rays->height) and their results. Returns 0, or -1
 * with err set (also when TetWalk was built without libpng). */
int walk_image_write(const char *path, const walk_rays *rays, const walk_result *results, walk_show show,
                     error_text *err);

/* The scale's colour at x in [0, 1]. */
void walk_image_colour(double x, unsigned char rgb[3]);

#endif
