/* PLACEHOLDER until the viewer lands */
#include "viewer.h"
int viewer_show(const viewer_request *r, error_text *err) { (void)r; return error_set(err, "viewer not built"); }
