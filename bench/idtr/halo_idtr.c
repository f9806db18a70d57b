/* 1-row halos of an N x N f64 matrix in balanced row blocks through
 * _idtr_update_halo_f64 + _idtr_wait (bounding box = own rows + one row on
 * each side). Timed per call over -k calls (default 100). The key promises
 * the widths, as distc passes it for a stencil's constant widths (idtr.h,
 * idtr_halo_key): no agreement per call. BENCH_HALO_NO_KEY=1 passes -1
 * instead (the runtime then agrees with the team on every call).
 * bytes = 2 * N * 8 (the halo rows a rank receives). */
#include "../common/halo_geometry.h"
#include "idtr_bench.h"

typedef struct {
  int64_t g[2], lo[2], bbo[2], bbs[2];
  md2 in, lh, rh;
  int64_t key;
} ctx_t;

static void run(void *arg) {
  ctx_t *c = (ctx_t *)arg;
  idtr_index_array_t g = idtr_index_array(c->g, 2), lo = idtr_index_array(c->lo, 2),
                     bbo = idtr_index_array(c->bbo, 2), bbs = idtr_index_array(c->bbs, 2);
  int64_t h = _idtr_update_halo_f64(BENCH_TEAM, 1, &g, 1, &lo, 2, &c->in, 1, &bbo, 1, &bbs, 2,
                                    &c->lh, 2, &c->rh, c->key);
  _idtr_wait(h);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  bench_opts o = bench_parse(argc, argv, 2048);
  int P = bench_size(), p = bench_rank();
  int64_t n = o.n;
  halo_geom hg = halo_make(n, P, p);
  halo_data d = halo_alloc(n, hg);
  ctx_t c = {{n, n},
             {hg.r0, 0},
             {hg.r0 - hg.lrows, 0},
             {hg.m + hg.lrows + hg.rrows, n},
             md2_make(d.A, hg.m, n),
             md2_make(d.L, hg.lrows, n),
             md2_make(d.R, hg.rrows, n),
             getenv("BENCH_HALO_NO_KEY") ? -1 : idtr_halo_key(0, 1, 1)};
  run(&c);
  int bad = halo_finish(&o, "idtr", n, hg, d, run, &c);
  MPI_Finalize();
  return bad;
}
