/* viewer_scene.c: the GLUT view's scene (framing, camera, overlay text) and its drawing with
 * fixed-function OpenGL. Only viewer.c talks to the window system; this file only draws. */
#include "viewer/viewer_scene.h"

#include <GL/freeglut.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rt_math.h"
#include "rt_topology.h"

static const double PI = 3.14159265358979323846;
static const double FIELD_OF_VIEW = 40.0; /* vertical, degrees */

/* Faces are drawn in rt_topology.h's vertex order: counter-clockwise seen from outside when the
 * tetrahedron is positively oriented. */

static const int WHITE[3] = {255, 255, 255};
static const int ENTER[3] = {VIEWER_ENTER_R, VIEWER_ENTER_G, VIEWER_ENTER_B};
static const int LEAVE[3] = {VIEWER_LEAVE_R, VIEWER_LEAVE_G, VIEWER_LEAVE_B};
static const int CLIPPED[3] = {VIEWER_CLIPPED_R, VIEWER_CLIPPED_G, VIEWER_CLIPPED_B};

static double length(vec3 v) { return sqrt(rt_dot(v, v)); }

static vec3 normalise(vec3 v) { return rt_scale(v, 1.0 / length(v)); }

/* Smallest sphere around the old one and p (Ritter's growth step). */
static void grow_sphere(vec3 *centre, double *radius, vec3 p)
{
    double distance = length(rt_sub(p, *centre));
    if (distance <= *radius)
        return;
    double new_radius = 0.5 * (*radius + distance);
    *centre = rt_add(*centre, rt_scale(rt_sub(p, *centre), (new_radius - *radius) / distance));
    *radius = new_radius;
}

/* The coordinate axis least aligned with u, made perpendicular to it. */
static vec3 perpendicular(vec3 u)
{
    vec3 axis = rt_v(1, 0, 0);
    if (fabs(u.y) <= fabs(u.x) && fabs(u.y) <= fabs(u.z))
        axis = rt_v(0, 1, 0);
    else if (fabs(u.z) <= fabs(u.x))
        axis = rt_v(0, 0, 1);
    return normalise(rt_sub(axis, rt_scale(u, rt_dot(axis, u))));
}

/* m = (rotation by `degrees` about the unit axis) * m, both row-major 3x3. */
static void rotate(double m[9], vec3 axis, double degrees)
{
    double a = degrees * PI / 180.0, c = cos(a), s = sin(a), k = 1.0 - c;
    double x = axis.x, y = axis.y, z = axis.z;
    double r[9] = {c + x * x * k,     x * y * k - z * s, x * z * k + y * s, y * x * k + z * s, c + y * y * k,
                   y * z * k - x * s, z * x * k - y * s, z * y * k + x * s, c + z * z * k};
    double out[9];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            out[3 * i + j] = r[3 * i] * m[j] + r[3 * i + 1] * m[3 + j] + r[3 * i + 2] * m[6 + j];
    memcpy(m, out, sizeof out);
}

/* The direction perpendicular to u in which the tetrahedron spreads most (the major axis of
 * its vertices projected on the plane perpendicular to u), so that a hit is seen broadside. */
static vec3 widest_across(const vec3 *v, vec3 centroid, vec3 u)
{
    vec3 e1 = perpendicular(u), e2 = rt_cross(u, e1);
    double xx = 0, xy = 0, yy = 0;
    for (int i = 0; i < 4; i++) {
        vec3 d = rt_sub(v[i], centroid);
        double x = rt_dot(d, e1), y = rt_dot(d, e2);
        xx += x * x;
        xy += x * y;
        yy += y * y;
    }
    double angle = 0.5 * atan2(2 * xy, xx - yy);
    return rt_add(rt_scale(e1, cos(angle)), rt_scale(e2, sin(angle)));
}

/* Start with the line running left to right across the screen and the tetrahedron spread
 * upwards (on a miss: above the line); then a slight turn so that depth shows. */
static void initial_rotation(viewer_scene *scene, vec3 u, vec3 nearest, vec3 centroid)
{
    vec3 to_tetra = rt_sub(centroid, nearest);
    vec3 up = scene->request->result->hit || length(to_tetra) < 1e-3 * scene->tetra_radius
                  ? widest_across(scene->request->pair->vert, centroid, u)
                  : normalise(to_tetra);
    vec3 toward_viewer = rt_cross(u, up);
    const double rows[9] = {u.x, u.y, u.z, up.x, up.y, up.z, toward_viewer.x, toward_viewer.y, toward_viewer.z};
    memcpy(scene->initial_rotation, rows, sizeof rows);
    rotate(scene->initial_rotation, rt_v(0, 1, 0), -25.0);
    rotate(scene->initial_rotation, rt_v(1, 0, 0), 15.0);
}

static void overlay_add(viewer_scene *scene, int kind, const char *format, ...) __attribute__((format(printf, 3, 4)));

static void overlay_add(viewer_scene *scene, int kind, const char *format, ...)
{
    if (scene->overlay_lines >= VIEWER_OVERLAY_LINES)
        return;
    va_list args;
    va_start(args, format);
    vsnprintf(scene->overlay[scene->overlay_lines], VIEWER_OVERLAY_WIDTH, format, args);
    va_end(args);
    scene->overlay_kind[scene->overlay_lines++] = kind;
}

/* The two lines of one side of a hit (`side` "enter" or "leave"): its face, t and u, or where a
 * ray or a segment clipped it (face -1, at `clipped_at`), then its point. */
static void overlay_side(viewer_scene *scene, int kind, const char *side, const char *clipped_at, int face, double t,
                         double u1, double u2, vec3 point)
{
    if (face < 0)
        overlay_add(scene, kind, "%s clipped at %s   t = %.6g", side, clipped_at, t);
    else
        overlay_add(scene, kind, "%s face F%d   t = %.6g   u1 = %.6g   u2 = %.6g", side, face, t, u1, u2);
    overlay_add(scene, kind, "      point (%.6g, %.6g, %.6g)", point.x, point.y, point.z);
}

static void overlay_text(viewer_scene *scene)
{
    const viewer_request *request = scene->request;
    const ray_tetra_result *r = request->result;
    overlay_add(scene, VIEWER_TEXT_PLAIN, "pair %zu   algorithm %s   %s", request->index, request->algorithm,
                r->hit ? "hit" : "miss");
    if (!r->hit) {
        overlay_add(scene, VIEWER_TEXT_PLAIN, "the line misses the tetrahedron");
        return;
    }
    overlay_side(scene, VIEWER_TEXT_ENTER, "enter", "P (ray or segment)", r->enter_face, r->t_enter, r->u_enter1,
                 r->u_enter2, r->enter_point);
    overlay_side(scene, VIEWER_TEXT_LEAVE, "leave", "Q (segment)", r->leave_face, r->t_leave, r->u_leave1,
                 r->u_leave2, r->leave_point);
}

void viewer_scene_init(viewer_scene *scene, const viewer_request *request)
{
    memset(scene, 0, sizeof *scene);
    scene->request = request;
    const vec3 *v = request->pair->vert;
    vec3 centroid = rt_scale(rt_add(rt_add(v[0], v[1]), rt_add(v[2], v[3])), 0.25);
    double tetra_radius = 0;
    for (int i = 0; i < 4; i++)
        tetra_radius = fmax(tetra_radius, length(rt_sub(v[i], centroid)));
    scene->tetra_radius = tetra_radius;
    scene->clockwise = rt_dot(rt_cross(rt_sub(v[1], v[0]), rt_sub(v[2], v[0])), rt_sub(v[3], v[0])) > 0;

    /* The part of the line worth framing: around its point nearest the tetrahedron, far
     * enough on both sides to show it pass by or through, plus the arrowhead beyond. */
    vec3 u = normalise(pair_direction(request->pair));
    vec3 origin = request->pair->orig;
    vec3 nearest = rt_add(origin, rt_scale(u, rt_dot(rt_sub(centroid, origin), u)));
    double arrow_length = 0.22 * tetra_radius;
    scene->arrow_base = rt_add(nearest, rt_scale(u, 1.1 * tetra_radius));
    scene->arrow_tip = rt_add(scene->arrow_base, rt_scale(u, arrow_length));
    scene->arrow_width = 0.08 * tetra_radius;
    scene->centre = centroid;
    scene->radius = tetra_radius;
    grow_sphere(&scene->centre, &scene->radius, rt_sub(nearest, rt_scale(u, 1.1 * tetra_radius)));
    grow_sphere(&scene->centre, &scene->radius, scene->arrow_tip);
    scene->line_start = rt_sub(nearest, rt_scale(u, 10 * scene->radius));
    scene->line_end = rt_add(nearest, rt_scale(u, 10 * scene->radius));

    initial_rotation(scene, u, nearest, centroid);
    overlay_text(scene);
}

void viewer_camera_reset(viewer_camera *camera, const viewer_scene *scene)
{
    memcpy(camera->rotation, scene->initial_rotation, sizeof camera->rotation);
    camera->zoom = 1.0;
}

void viewer_camera_drag(viewer_camera *camera, double dx, double dy)
{
    /* A drag turns the scene about the screen axis perpendicular to it, half a degree per
     * pixel: dragging right brings the front to the right, dragging down brings it down. */
    double pixels = sqrt(dx * dx + dy * dy);
    if (pixels == 0)
        return;
    rotate(camera->rotation, rt_v(dy / pixels, dx / pixels, 0), 0.5 * pixels);
}

void viewer_camera_zoom(viewer_camera *camera, double factor)
{
    camera->zoom = fmin(fmax(camera->zoom * factor, 0.05), 50.0);
}

/* ---- drawing ---- */

static void colour(int r, int g, int b, double alpha) { glColor4d(r / 255.0, g / 255.0, b / 255.0, alpha); }

static void colour_of(const int rgb[3], double alpha) { colour(rgb[0], rgb[1], rgb[2], alpha); }

static void vertex(vec3 p) { glVertex3d(p.x, p.y, p.z); }

static void set_camera(const viewer_scene *scene, const viewer_camera *camera, int width, int height)
{
    double aspect = (double)width / (height > 0 ? height : 1);
    double tan_vertical = tan(FIELD_OF_VIEW * PI / 360.0);
    double tan_horizontal = tan_vertical * aspect;
    /* Far enough for the framing sphere to fit the narrower angle, with a margin. */
    double half_angle = atan(fmin(tan_vertical, tan_horizontal));
    double distance = 1.08 * scene->radius / sin(half_angle) / camera->zoom;
    double near = fmax(distance - 2 * scene->radius, 0.01 * scene->radius);
    double far = distance + 12 * scene->radius;
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glFrustum(-near * tan_horizontal, near * tan_horizontal, -near * tan_vertical, near * tan_vertical, near, far);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    /* A little below the middle: the results panel covers the top of the window. */
    glTranslated(0, -0.1 * distance * tan_vertical, -distance);
    const double *m = camera->rotation;
    const double column_major[16] = {m[0], m[3], m[6], 0, m[1], m[4], m[7], 0, m[2], m[5], m[8], 0, 0, 0, 0, 1};
    glMultMatrixd(column_major);
    glTranslated(-scene->centre.x, -scene->centre.y, -scene->centre.z);
}

static void draw_edges(const vec3 *v)
{
    colour(235, 235, 240, 1.0);
    glLineWidth(2.0f);
    glBegin(GL_LINES);
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) {
            vertex(v[i]);
            vertex(v[j]);
        }
    glEnd();
}

/* The cone of the arrowhead, shaded by the angle round its axis so that it reads as 3D. */
static void draw_arrow(const viewer_scene *scene)
{
    vec3 u = normalise(rt_sub(scene->arrow_tip, scene->arrow_base));
    vec3 e1 = perpendicular(u), e2 = rt_cross(u, e1);
    const int segments = 24;
    glBegin(GL_TRIANGLES);
    for (int i = 0; i < segments; i++) {
        double a0 = 2 * PI * i / segments, a1 = 2 * PI * (i + 1) / segments;
        vec3 p0 = rt_add(scene->arrow_base, rt_add(rt_scale(e1, scene->arrow_width * cos(a0)),
                                                   rt_scale(e2, scene->arrow_width * sin(a0))));
        vec3 p1 = rt_add(scene->arrow_base, rt_add(rt_scale(e1, scene->arrow_width * cos(a1)),
                                                   rt_scale(e2, scene->arrow_width * sin(a1))));
        double shade = 0.65 + 0.35 * cos(a0 + PI / segments);
        glColor4d(1.0 * shade, 0.86 * shade, 0.24 * shade, 1.0);
        vertex(scene->arrow_tip);
        vertex(p0);
        vertex(p1);
        glColor4d(0.5, 0.43, 0.12, 1.0);
        vertex(scene->arrow_base);
        vertex(p1);
        vertex(p0);
    }
    glEnd();
}

static void draw_line(const viewer_scene *scene)
{
    colour(255, 220, 60, 1.0);
    glLineWidth(2.5f);
    glBegin(GL_LINES);
    vertex(scene->line_start);
    vertex(scene->line_end);
    glEnd();
    draw_arrow(scene);
}

static void face_colour(const ray_tetra_result *r, int face)
{
    if (r->hit && face == r->enter_face)
        colour_of(ENTER, 0.45);
    else if (r->hit && face == r->leave_face)
        colour_of(LEAVE, 0.45);
    else
        colour(170, 185, 210, 0.16);
}

/* Translucent faces of a convex body: the far faces first, then the near ones, without depth
 * writes, so that each pixel blends back to front. */
static void draw_faces(const viewer_scene *scene)
{
    const vec3 *v = scene->request->pair->vert;
    glFrontFace(scene->clockwise ? GL_CW : GL_CCW);
    glEnable(GL_CULL_FACE);
    glDepthMask(GL_FALSE);
    for (int pass = 0; pass < 2; pass++) {
        glCullFace(pass == 0 ? GL_FRONT : GL_BACK);
        glBegin(GL_TRIANGLES);
        for (int face = 0; face < 4; face++) {
            face_colour(scene->request->result, face);
            for (int k = 0; k < 3; k++)
                vertex(v[rt_face_vertices[face][k]]);
        }
        glEnd();
    }
    glDepthMask(GL_TRUE);
    glDisable(GL_CULL_FACE);
}

static void draw_marker(vec3 p, const int rgb[3])
{
    glPointSize(17.0f);
    colour(0, 0, 0, 1.0);
    glBegin(GL_POINTS);
    vertex(p);
    glEnd();
    glPointSize(12.0f);
    colour_of(rgb, 1.0);
    glBegin(GL_POINTS);
    vertex(p);
    glEnd();
}

/* Window coordinates of p under the current matrices. */
static vec3 project(vec3 p)
{
    double model[16], projection[16], clip[4], eye[4];
    GLint viewport[4];
    glGetDoublev(GL_MODELVIEW_MATRIX, model);
    glGetDoublev(GL_PROJECTION_MATRIX, projection);
    glGetIntegerv(GL_VIEWPORT, viewport);
    const double in[4] = {p.x, p.y, p.z, 1.0};
    for (int i = 0; i < 4; i++)
        eye[i] = model[i] * in[0] + model[4 + i] * in[1] + model[8 + i] * in[2] + model[12 + i] * in[3];
    for (int i = 0; i < 4; i++)
        clip[i] = projection[i] * eye[0] + projection[4 + i] * eye[1] + projection[8 + i] * eye[2] +
                  projection[12 + i] * eye[3];
    double w = clip[3] != 0 ? clip[3] : 1e-300;
    return rt_v(viewport[0] + viewport[2] * (clip[0] / w + 1) / 2, viewport[1] + viewport[3] * (clip[1] / w + 1) / 2,
                clip[2] / w);
}

/* Text at a 3D point, offset by (dx, dy) pixels, with a dark shadow so it reads on any
 * background. The raster colour is latched by glRasterPos, so the colour comes first. */
static void label(vec3 p, double dx, double dy, void *font, const char *text, const int rgb[3])
{
    for (int shadow = 1; shadow >= 0; shadow--) {
        if (shadow)
            colour(0, 0, 0, 1.0);
        else
            colour_of(rgb, 1.0);
        glRasterPos3d(p.x, p.y, p.z);
        glBitmap(0, 0, 0, 0, (GLfloat)(dx + shadow), (GLfloat)(dy - shadow), NULL);
        glutBitmapString(font, (const unsigned char *)text);
    }
}

/* Vertex labels sit outside the tetrahedron's outline, away from its projected centre, so
 * that they do not cover its edges. */
static void draw_vertices(const viewer_scene *scene)
{
    const vec3 *v = scene->request->pair->vert;
    glPointSize(7.0f);
    colour(255, 255, 255, 1.0);
    glBegin(GL_POINTS);
    for (int i = 0; i < 4; i++)
        vertex(v[i]);
    glEnd();
    vec3 screen[4], middle = rt_v(0, 0, 0);
    for (int i = 0; i < 4; i++) {
        screen[i] = project(v[i]);
        middle = rt_add(middle, rt_scale(screen[i], 0.25));
    }
    void *font = GLUT_BITMAP_HELVETICA_18;
    const double text_height = 13, gap = 12;
    for (int i = 0; i < 4; i++) {
        char name[16];
        snprintf(name, sizeof name, "V%d", i);
        double text_width = glutBitmapLength(font, (const unsigned char *)name);
        double x = screen[i].x - middle.x, y = screen[i].y - middle.y, norm = sqrt(x * x + y * y);
        /* A vertex projected onto the centre gets its label to the right. */
        x = norm > 0.5 ? x / norm : 1;
        y = norm > 0.5 ? y / norm : 0;
        label(v[i], x * gap + (x - 1) * text_width / 2, y * gap + (y - 1) * text_height / 2, font, name, WHITE);
    }
}

/* The enter and leave faces are named at their centres, in their colours; names that would
 * overlap are pushed apart on the screen. */
static void draw_face_names(const viewer_scene *scene)
{
    const ray_tetra_result *r = scene->request->result;
    if (!r->hit)
        return;
    const vec3 *v = scene->request->pair->vert;
    /* A clipped side (face -1) has no face to name: only the other one is named. */
    const int both[2] = {r->enter_face, r->leave_face};
    int faces[2], colours[2], count = 0;
    for (int i = 0; i < 2; i++)
        if (both[i] >= 0 && (count == 0 || faces[0] != both[i])) {
            faces[count] = both[i];
            colours[count++] = i;
        }
    vec3 centre[2], screen[2];
    for (int i = 0; i < count; i++) {
        centre[i] = rt_v(0, 0, 0);
        for (int k = 0; k < 3; k++)
            centre[i] = rt_add(centre[i], rt_scale(v[rt_face_vertices[faces[i]][k]], 1.0 / 3.0));
        screen[i] = project(centre[i]);
    }
    const double least = 30; /* pixels between the two names' centres */
    double shift_x = 0, shift_y = 0;
    if (count == 2) {
        double dx = screen[1].x - screen[0].x, dy = screen[1].y - screen[0].y, apart = sqrt(dx * dx + dy * dy);
        if (apart < least) {
            double ux = apart > 0.5 ? dx / apart : 1, uy = apart > 0.5 ? dy / apart : 0;
            shift_x = ux * (least - apart) / 2;
            shift_y = uy * (least - apart) / 2;
        }
    }
    void *font = GLUT_BITMAP_HELVETICA_18;
    for (int i = 0; i < count; i++) {
        char name[16];
        snprintf(name, sizeof name, "F%d", faces[i]);
        double text_width = glutBitmapLength(font, (const unsigned char *)name);
        double sign = i == 0 ? -1 : 1;
        label(centre[i], sign * shift_x - text_width / 2, sign * shift_y - 6, font, name,
              colours[i] == 0 ? ENTER : LEAVE);
    }
}

static void draw_points(const viewer_scene *scene)
{
    const ray_tetra_result *r = scene->request->result;
    if (!r->hit)
        return;
    draw_marker(r->leave_point, r->leave_face < 0 ? CLIPPED : LEAVE);
    draw_marker(r->enter_point, r->enter_face < 0 ? CLIPPED : ENTER);
}

static void text_colour(int kind)
{
    if (kind == VIEWER_TEXT_ENTER)
        colour_of(ENTER, 1.0);
    else if (kind == VIEWER_TEXT_LEAVE)
        colour_of(LEAVE, 1.0);
    else
        colour(240, 240, 240, 1.0);
}

static void panel(int x0, int y0, int x1, int y1)
{
    colour(0, 0, 0, 0.6);
    glBegin(GL_QUADS);
    glVertex2i(x0, y0);
    glVertex2i(x1, y0);
    glVertex2i(x1, y1);
    glVertex2i(x0, y1);
    glEnd();
}

/* The text overlay in window pixels (origin bottom left): results at the top left, the
 * controls at the bottom left. */
static void draw_overlay(const viewer_scene *scene, int width, int height, int show_controls)
{
    static const char CONTROLS[] = "drag: rotate   wheel, +/-: zoom   arrows: turn   r: reset   q, Esc: quit";
    const int line_height = 18, char_width = 9, margin = 8;
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, width, 0, height, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    size_t widest = 0;
    for (int i = 0; i < scene->overlay_lines; i++)
        widest = strlen(scene->overlay[i]) > widest ? strlen(scene->overlay[i]) : widest;
    int top = height - margin;
    panel(margin, top - scene->overlay_lines * line_height - 2 * margin, margin + (int)widest * char_width + 2 * margin,
          top);
    for (int i = 0; i < scene->overlay_lines; i++) {
        text_colour(scene->overlay_kind[i]);
        glRasterPos2i(2 * margin, top - margin - (i + 1) * line_height + 5);
        glutBitmapString(GLUT_BITMAP_9_BY_15, (const unsigned char *)scene->overlay[i]);
    }
    if (show_controls) {
        panel(margin, margin, margin + (int)strlen(CONTROLS) * char_width + 2 * margin, margin + line_height + 8);
        colour(200, 200, 200, 1.0);
        glRasterPos2i(2 * margin, margin + 9);
        glutBitmapString(GLUT_BITMAP_9_BY_15, (const unsigned char *)CONTROLS);
    }
}

void viewer_draw(const viewer_scene *scene, const viewer_camera *camera, int width, int height, int show_controls)
{
    glViewport(0, 0, width, height);
    glClearColor(0.11f, 0.12f, 0.15f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glEnable(GL_LINE_SMOOTH);
    glEnable(GL_POINT_SMOOTH);
    glEnable(GL_DEPTH_TEST);
    set_camera(scene, camera, width, height);
    /* Opaque parts first, so that the translucent faces tint what lies behind them. */
    draw_edges(scene->request->pair->vert);
    draw_line(scene);
    draw_faces(scene);
    /* Markers and labels stay visible from every side. */
    glDisable(GL_DEPTH_TEST);
    draw_vertices(scene);
    draw_face_names(scene);
    draw_points(scene);
    draw_overlay(scene, width, height, show_controls);
}
