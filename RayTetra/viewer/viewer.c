/* viewer.c: RayTetra -d, the GLUT view of one pair and its result (docs/SPECIFICATION.md section 5): a window
 * to turn and zoom, or with --snapshot one frame written as a PNG. The suite also builds
 * without freeglut; -d then reports that the viewer was not built. */
#include "viewer/viewer.h"

#ifdef RAYTETRA_HAVE_VIEWER

#include <GL/freeglut.h>
#include <GL/glx.h>
#include <X11/Xlib.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "viewer/viewer_png.h"
#include "viewer/viewer_scene.h"

typedef struct viewer_state {
    viewer_scene scene;
    viewer_camera camera;
    const char *snapshot_path; /* NULL: interactive */
    int requested_width, requested_height;
    int width, height;         /* as the window system last reported */
    int dragging, last_x, last_y;
    int snapshot_done;
    int status;
    error_text *err;
} viewer_state;

/* GLUT callbacks carry no user pointer, so the one open view is reached through this. */
static viewer_state *current;

/* freeglut exits the process when it cannot open the display, so look before glutInit. The
 * connection is returned open: closing it before freeglut has its own would leave the server
 * without clients, and a server that resets then (Xvfb, xvfb-run) refuses freeglut meanwhile. */
static Display *check_display(error_text *err)
{
    const char *name = getenv("DISPLAY");
    if (!name || !*name) {
        error_set(err, "-d needs an X display and DISPLAY is not set (without a screen, run it under xvfb-run with "
                       "--snapshot FILE.png)");
        return NULL;
    }
    Display *display = XOpenDisplay(NULL);
    if (!display) {
        error_set(err, "-d: cannot open the X display '%s' (without a screen, run it under xvfb-run with "
                       "--snapshot FILE.png)",
                  name);
        return NULL;
    }
    if (!glXQueryExtension(display, NULL, NULL)) {
        XCloseDisplay(display);
        error_set(err, "-d: the X display '%s' has no OpenGL (GLX extension)", name);
        return NULL;
    }
    return display;
}

/* freeglut cannot go on after one of its errors (without this handler it exits on its own), so
 * report it in the suite's one-line form and stop. */
_Noreturn static void on_glut_error(const char *format, va_list args)
{
    fputs("RayTetra: error: -d: OpenGL window: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    exit(1);
}

static void take_snapshot(viewer_state *s)
{
    int width = s->requested_width, height = s->requested_height;
    if (s->width != width || s->height != height) {
        s->status = error_set(s->err, "--snapshot: the window manager made the window %dx%d instead of %dx%d",
                              s->width, s->height, width, height);
        return;
    }
    unsigned char *pixels = malloc((size_t)width * (size_t)height * 3);
    if (!pixels) {
        s->status = error_set(s->err, "--snapshot: not enough memory for a %dx%d image", width, height);
        return;
    }
    glFinish();
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels);
    GLenum gl_error = glGetError();
    if (gl_error != GL_NO_ERROR)
        s->status = error_set(s->err, "--snapshot: reading the frame failed (OpenGL error 0x%04x)", gl_error);
    else
        s->status = viewer_png_write(s->snapshot_path, pixels, width, height, s->err);
    free(pixels);
}

static void on_display(void)
{
    viewer_state *s = current;
    if (s->snapshot_done)
        return;
    viewer_draw(&s->scene, &s->camera, s->width, s->height, s->snapshot_path == NULL);
    if (s->snapshot_path) {
        /* The back buffer holds the finished frame; no need to show it. */
        take_snapshot(s);
        s->snapshot_done = 1;
        glutLeaveMainLoop();
        return;
    }
    glutSwapBuffers();
}

static void on_reshape(int width, int height)
{
    current->width = width;
    current->height = height;
    glutPostRedisplay();
}

static void zoom(double factor)
{
    viewer_camera_zoom(&current->camera, factor);
    glutPostRedisplay();
}

static void on_keyboard(unsigned char key, int x, int y)
{
    (void)x;
    (void)y;
    switch (key) {
    case 'q':
    case 'Q':
    case 27: /* Esc */
        glutLeaveMainLoop();
        break;
    case '+':
    case '=':
        zoom(1.15);
        break;
    case '-':
    case '_':
        zoom(1 / 1.15);
        break;
    case 'r':
    case 'R':
        viewer_camera_reset(&current->camera, &current->scene);
        glutPostRedisplay();
        break;
    default:
        break;
    }
}

/* Arrow keys turn the view by 5 degrees, as a 10-pixel drag would. */
static void on_special(int key, int x, int y)
{
    (void)x;
    (void)y;
    double dx = key == GLUT_KEY_LEFT ? -10 : key == GLUT_KEY_RIGHT ? 10 : 0;
    double dy = key == GLUT_KEY_UP ? -10 : key == GLUT_KEY_DOWN ? 10 : 0;
    if (dx != 0 || dy != 0) {
        viewer_camera_drag(&current->camera, dx, dy);
        glutPostRedisplay();
    }
}

static void on_mouse(int button, int state, int x, int y)
{
    if (button != GLUT_LEFT_BUTTON)
        return;
    current->dragging = state == GLUT_DOWN;
    current->last_x = x;
    current->last_y = y;
}

static void on_motion(int x, int y)
{
    if (!current->dragging)
        return;
    viewer_camera_drag(&current->camera, x - current->last_x, y - current->last_y);
    current->last_x = x;
    current->last_y = y;
    glutPostRedisplay();
}

static void on_wheel(int wheel, int direction, int x, int y)
{
    (void)wheel;
    (void)x;
    (void)y;
    zoom(direction > 0 ? 1.1 : 1 / 1.1);
}

int viewer_show(const viewer_request *request, error_text *err)
{
    if (request->width <= 0 || request->height <= 0)
        return error_set(err, "-d: the window size %dx%d is not positive", request->width, request->height);
    Display *display = check_display(err);
    if (!display)
        return -1;
    viewer_state state = {0};
    viewer_scene_init(&state.scene, request);
    viewer_camera_reset(&state.camera, &state.scene);
    state.snapshot_path = request->snapshot_path;
    state.requested_width = state.width = request->width;
    state.requested_height = state.height = request->height;
    state.err = err;
    current = &state;

    /* Our own argv: the user's arguments are not freeglut options. */
    char program[] = "RayTetra";
    char *argv[] = {program, NULL};
    int argc = 1;
    glutInitErrorFunc(on_glut_error);
    glutInit(&argc, argv);
    XCloseDisplay(display);
    glutSetOption(GLUT_ACTION_ON_WINDOW_CLOSE, GLUT_ACTION_GLUTMAINLOOP_RETURNS);
    glutInitDisplayMode(GLUT_RGBA | GLUT_DOUBLE | GLUT_DEPTH);
    glutInitWindowSize(request->width, request->height);
    char title[160];
    snprintf(title, sizeof title, "RayTetra: pair %zu, %s, %s", request->index, request->algorithm,
             request->result->hit ? "hit" : "miss");
    glutCreateWindow(title);
    glutDisplayFunc(on_display);
    glutReshapeFunc(on_reshape);
    glutKeyboardFunc(on_keyboard);
    glutSpecialFunc(on_special);
    glutMouseFunc(on_mouse);
    glutMotionFunc(on_motion);
    glutMouseWheelFunc(on_wheel);
    /* Returns when the window closes or a callback leaves; freeglut then releases everything. */
    glutMainLoop();
    current = NULL;
    return state.status;
}

#else /* built without freeglut, OpenGL, libpng or X11 */

int viewer_show(const viewer_request *request, error_text *err)
{
    (void)request;
    return error_set(err, "-d: this RayTetra was built without the viewer (building it needs the freeglut, "
                          "OpenGL, libpng and X11 development files: see scripts/setup.sh)");
}

#endif
