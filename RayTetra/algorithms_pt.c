/* algorithms_pt.c: the Plücker and STP forms 0-2 with the original contract. Their code lives
 * in rt_algorithms.h, which the OpenCL kernels include as well. */
#include "algorithms.h"
#include "rt_algorithms.h"

static bool export_hit(int hit, const rt_hit *h, int *enterFace, int *leaveFace, vec3 *enterPoint, vec3 *leavePoint,
                       double *uEnter1, double *uEnter2, double *uLeave1, double *uLeave2, double *tEnter,
                       double *tLeave)
{
    *enterFace = h->enter_face;
    *leaveFace = h->leave_face;
    if (!hit)
        return false;
    *enterPoint = h->enter_point;
    *leavePoint = h->leave_point;
    *uEnter1 = h->u_enter1;
    *uEnter2 = h->u_enter2;
    *uLeave1 = h->u_leave1;
    *uLeave2 = h->u_leave2;
    *tEnter = h->t_enter;
    *tLeave = h->t_leave;
    return true;
}

#define PT_ALGORITHM(name, stp, form)                                                                          \
    RAY_TETRA_ALGORITHM(name)                                                                                  \
    {                                                                                                          \
        rt_hit h;                                                                                              \
        int hit = rt_intersect(*orig, *dir, vert[0], vert[1], vert[2], vert[3], stp, form, &h);                \
        return export_hit(hit, &h, enterFace, leaveFace, enterPoint, leavePoint, uEnter1, uEnter2, uLeave1, \
                          uLeave2, tEnter, tLeave);                                                            \
    }

PT_ALGORITHM(pluecker0, 0, 0)
PT_ALGORITHM(pluecker1, 0, 1)
PT_ALGORITHM(pluecker2, 0, 2)
PT_ALGORITHM(stp0, 1, 0)
PT_ALGORITHM(stp1, 1, 1)
PT_ALGORITHM(stp2, 1, 2)
