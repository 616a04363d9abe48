/* viewer_scene.h: what the GLUT view draws (RayTetra -d): the scene built from one pair and its
 * result, the camera the user turns and zooms, and the OpenGL drawing of both. */
#ifndef RAYTETRA_VIEWER_SCENE_H
#define RAYTETRA_VIEWER_SCENE_H

#include "vec3.h"
#include "viewer/viewer.h"

/* Colours (0-255 RGB). The enter and leave point markers are drawn opaque in exactly these, so
 * that a snapshot can be checked for them (tests/test_viewer.sh uses the same numbers); the
 * faces use them translucent. Blue and orange stay distinct for colour-blind readers. */
#define VIEWER_ENTER_R 40
#define VIEWER_ENTER_G 140
#define VIEWER_ENTER_B 255
#define VIEWER_LEAVE_R 255
#define VIEWER_LEAVE_G 120
#define VIEWER_LEAVE_B 0
/* An end clipped by a ray or a segment (face -1: the point is P or Q, docs/SPECIFICATION.md
 * section 9) is marked in this colour instead of the enter or leave colour. */
#define VIEWER_CLIPPED_R 230
#define VIEWER_CLIPPED_G 40
#define VIEWER_CLIPPED_B 230

#define VIEWER_OVERLAY_LINES 6
#define VIEWER_OVERLAY_WIDTH 128

/* Colour of an overlay line. */
enum { VIEWER_TEXT_PLAIN, VIEWER_TEXT_ENTER, VIEWER_TEXT_LEAVE };

typedef struct viewer_scene {
    const viewer_request *request;
    vec3 centre;        /* framing sphere: the tetrahedron and the part of the line beside it */
    double radius;
    vec3 line_start;    /* the line as drawn, far beyond the framing sphere on both sides */
    vec3 line_end;
    vec3 arrow_tip;     /* arrowhead just past the tetrahedron, pointing along L */
    vec3 arrow_base;
    double arrow_width;
    double initial_rotation[9]; /* row-major world-to-camera rotation that `r` returns to */
    double tetra_radius;
    int clockwise;      /* faces wound clockwise from outside (a negatively oriented input) */
    char overlay[VIEWER_OVERLAY_LINES][VIEWER_OVERLAY_WIDTH];
    int overlay_kind[VIEWER_OVERLAY_LINES];
    int overlay_lines;
} viewer_scene;

typedef struct viewer_camera {
    double rotation[9]; /* row-major, world to camera */
    double zoom;        /* > 1 comes closer */
} viewer_camera;

void viewer_scene_init(viewer_scene *scene, const viewer_request *request);

void viewer_camera_reset(viewer_camera *camera, const viewer_scene *scene);

/* Turn the camera as a drag of (dx, dy) window pixels asks (y grows downwards, as in GLUT). */
void viewer_camera_drag(viewer_camera *camera, double dx, double dy);

/* Multiply the zoom by `factor`, within limits that keep the scene in view. */
void viewer_camera_zoom(viewer_camera *camera, double factor);

/* Draw one frame into the current GL context's viewport of width x height pixels; the
 * controls line is shown when `show_controls` (not in snapshots). */
void viewer_draw(const viewer_scene *scene, const viewer_camera *camera, int width, int height, int show_controls);

#endif
