/* Compiling a tuner's candidates in parallel threads; see Steps.h. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/Runtime/Package.h"
#include "lib/Support/Clock.h"
#include "lib/Tuning/KernelText.h"
#include "lib/Tuning/Steps.h"

void tileTuneCompileOne(const TileTuner *t, TileTuneCandidate *c) {
  TileKernelText k;
  char err[2048];
  err[0] = '\0';
  int failed = 1;
  if (!tileKernelTextParse(&k, c->text, c->len, t->r.sourceName)) {
    TilePackage pkg;
    memset(&pkg, 0, sizeof pkg);
    failed = tileGpuCompile(k.module, t->kernel, &c->gpu, TILE_EMIT_PACKAGE,
                            NULL, NULL, &pkg, err, sizeof err) ||
             tilePackageWriteMemory(&pkg, &c->package, &c->packageSize, err,
                                    sizeof err);
    tilePackageFree(&pkg);
  }
  if (failed)
    tileTuneNote(c, TILE_TUNER_REFUSED, "does not compile: %s",
                 k.firstError[0] ? k.firstError : err);
  tileKernelTextFree(&k);
}

typedef struct {
  TileTuner *t;
  int *todo;
  int numTodo;
  int next;
  pthread_mutex_t lock;
} Pool;

static void *worker(void *arg) {
  Pool *p = arg;
  for (;;) {
    pthread_mutex_lock(&p->lock);
    int i = p->next < p->numTodo ? p->todo[p->next++] : -1;
    pthread_mutex_unlock(&p->lock);
    if (i < 0)
      return NULL;
    tileTuneCompileOne(p->t, &p->t->c[i]);
  }
}

/* The first alone (it sets up what a process compiles with once), the
 * rest on as many threads as there are processors. */
void tileTuneCompileAll(TileTuner *t) {
  int *todo = calloc((size_t)t->n + 1, sizeof *todo);
  int numTodo = 0;
  for (int i = 0; todo && i < t->n; ++i)
    if (!t->c[i].done)
      todo[numTodo++] = i;
  if (!numTodo) {
    free(todo);
    return;
  }
  double start = tileNowMs();
  tileTuneLog(t, "tune: compiling %d candidate%s", numTodo,
              numTodo == 1 ? "" : "s");
  tileTuneCompileOne(t, &t->c[todo[0]]);
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  int threads = cpus < 1 ? 1 : cpus > 64 ? 64 : (int)cpus;
  if (threads > numTodo - 1)
    threads = numTodo - 1;
  Pool pool = {t, todo, numTodo, 1, PTHREAD_MUTEX_INITIALIZER};
  pthread_t ids[64];
  int started = 0;
  for (; started < threads; ++started)
    if (pthread_create(&ids[started], NULL, worker, &pool) != 0)
      break;
  if (!started)
    worker(&pool);
  for (int i = 0; i < started; ++i)
    pthread_join(ids[i], NULL);
  int failed = 0;
  for (int i = 0; i < numTodo; ++i)
    if (t->c[todo[i]].result.failed) {
      ++failed;
      tileTuneRecord(t, &t->c[todo[i]]);
    }
  tileTuneLog(t,
              "tune: compiled %d candidate%s in %.2f s on %d thread%s%s",
              numTodo, numTodo == 1 ? "" : "s", (tileNowMs() - start) / 1e3,
              started ? started : 1, started > 1 ? "s" : "",
              failed ? "; some do not compile (below)" : "");
  free(todo);
}
