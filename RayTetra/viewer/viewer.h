/* viewer.h: the GLUT view of one intersection (RayTetra -d, docs/SPECIFICATION.md section 5). */
#ifndef RAYTETRA_VIEWER_H
#define RAYTETRA_VIEWER_H

#include <stddef.h>

#include "error.h"
#include "pairs.h"

typedef struct viewer_request {
    const ray_tetra_pair *pair;
    size_t index;                   /* pair number in the input */
    const char *algorithm;          /* name shown in the overlay */
    const ray_tetra_result *result; /* what the algorithm computed */
    const char *snapshot_path;      /* not NULL: render one frame to this PNG and return */
    int width, height;              /* window or snapshot size */
} viewer_request;

/* Show the pair; returns when the window is closed (or the snapshot is written). Fails with a
 * clear message when there is no display or the suite was built without the viewer. */
int viewer_show(const viewer_request *request, error_text *err);

#endif
