// compare_2012_thesis.cpp: runs the 2012 thesis program's own Plücker ("Segura") and STP forms
// for compare_2012.c, compiled against a checkout of the thesis' code (THESIS_SRC: its
// RayTetra/RayTetraAlgorithms.hpp and Common/NpVector.hpp). Not part of RayTetra: `make
// compare-2012` builds it only when asked (docs/PERFORMANCE.md, "Against the 2012 program").
//
// The timed loop is the thesis' Bench's: the algorithm called through its function pointer for
// each pair, the direction Q - P computed in the loop, every output written to the same
// variables and discarded (store 0). With store 1 the outputs go to the pair's record instead,
// for comparing the answers (and for timing the thesis' code doing what RayTetra's loop does).
#include "RayTetraAlgorithms.hpp"
#include "NpVector.hpp"

#include <cstddef>

extern "C" {
#include "pairs.h"
}

static NpVector np(const vec3 &v) { return NpVector(v.x, v.y, v.z); }

static void store_vec(vec3 &out, const NpVector &v)
{
    out.x = v.x;
    out.y = v.y;
    out.z = v.z;
}

extern "C" void thesis_run(int stp, int form, int store, const ray_tetra_pair *pairs, ray_tetra_result *results,
                           size_t count)
{
    static const RayTetraAlgo FORMS[2][3] = {{RayTetraSegura0, RayTetraSegura1, RayTetraSegura2},
                                             {RayTetraSTP0, RayTetraSTP1, RayTetraSTP2}};
    RayTetraAlgo algorithm = FORMS[stp][form];
    if (!store) {
        int enterFace, leaveFace;
        NpVector enterPoint, leavePoint;
        double ue1, ue2, ul1, ul2, tEnter, tLeave;
        bool result = false;
        for (size_t i = 0; i < count; ++i) {
            const ray_tetra_pair &p = pairs[i];
            NpVector vert[4] = {np(p.vert[0]), np(p.vert[1]), np(p.vert[2]), np(p.vert[3])};
            result = algorithm(np(p.orig), np(p.far) - np(p.orig), vert, enterFace, leaveFace, enterPoint, leavePoint,
                               ue1, ue2, ul1, ul2, tEnter, tLeave);
        }
        if (count)
            results[0].hit = result;
        return;
    }
    for (size_t i = 0; i < count; ++i) {
        const ray_tetra_pair &p = pairs[i];
        ray_tetra_result &r = results[i];
        NpVector orig = np(p.orig), dir = np(p.far) - orig;
        NpVector vert[4] = {np(p.vert[0]), np(p.vert[1]), np(p.vert[2]), np(p.vert[3])};
        NpVector enter, leave;
        r.hit = algorithm(orig, dir, vert, r.enter_face, r.leave_face, enter, leave, r.u_enter1, r.u_enter2,
                          r.u_leave1, r.u_leave2, r.t_enter, r.t_leave);
        store_vec(r.enter_point, enter);
        store_vec(r.leave_point, leave);
    }
}
