/* Running toolkit programs; see Tool.h. */
#define _POSIX_C_SOURCE 200809L
#include "lib/Support/Tool.h"

#include <dirent.h>
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/Runtime/File.h"

extern char **environ;

int tileScratchCreate(TileScratch *s, char *err, size_t errSize) {
  const char *tmp = getenv("TMPDIR");
  snprintf(s->dir, sizeof s->dir, "%s/tile-XXXXXX",
           tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(s->dir)) {
    snprintf(err, errSize, "cannot create a temporary folder %s: %s", s->dir,
             strerror(errno));
    s->dir[0] = '\0';
    return 1;
  }
  return 0;
}

void tileScratchPath(const TileScratch *s, const char *name, char *path,
                     size_t size) {
  snprintf(path, size, "%s/%s", s->dir, name);
}

int tileScratchWrite(const TileScratch *s, const char *name, const void *data,
                     size_t size, char *err, size_t errSize) {
  char path[512];
  tileScratchPath(s, name, path, sizeof path);
  return tileWriteFile(path, "file", data, size, err, errSize);
}

void tileScratchDestroy(TileScratch *s) {
  if (!s->dir[0])
    return;
  DIR *d = opendir(s->dir);
  if (d) {
    for (struct dirent *e; (e = readdir(d));) {
      if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
        continue;
      char path[512];
      tileScratchPath(s, e->d_name, path, sizeof path);
      unlink(path);
    }
    closedir(d);
  }
  rmdir(s->dir);
  s->dir[0] = '\0';
}

int tileRunTool(const char *const *argv, TileStrBuf *log, char *err,
                size_t errSize) {
  int fds[2];
  if (pipe(fds) != 0) {
    snprintf(err, errSize, "cannot run %s: pipe: %s", argv[0],
             strerror(errno));
    return 1;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addclose(&actions, fds[0]);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDERR_FILENO);
  posix_spawn_file_actions_addclose(&actions, fds[1]);
  pid_t pid;
  int rc = posix_spawn(&pid, argv[0], &actions, NULL, (char *const *)argv,
                       environ);
  posix_spawn_file_actions_destroy(&actions);
  close(fds[1]);
  if (rc != 0) {
    close(fds[0]);
    snprintf(err, errSize, "cannot run %s: %s", argv[0], strerror(rc));
    return 1;
  }
  /* Read until the tool closes its end, so a chatty tool never blocks. */
  char buf[4096];
  for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) != 0;) {
    if (n < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    tileStrBufAppend(log, buf, (size_t)n);
  }
  close(fds[0]);
  int status;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      snprintf(err, errSize, "%s: waitpid: %s", argv[0], strerror(errno));
      return 1;
    }
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
    return 0;
  if (WIFEXITED(status))
    snprintf(err, errSize, "%s failed with exit status %d", argv[0],
             WEXITSTATUS(status));
  else
    snprintf(err, errSize, "%s was killed by signal %d", argv[0],
             WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  return 1;
}
