/* Running toolkit programs; see Tool.h. */
#define _POSIX_C_SOURCE 200809L
#include "lib/Support/Tool.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/Support/Error.h"
#include "lib/Support/File.h"

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

int tileToolStart(const char *const *argv, const char *logPath,
                  TileToolRun *run, char *err, size_t errSize) {
  memset(run, 0, sizeof *run);
  run->logFd = -1;
  snprintf(run->tool, sizeof run->tool, "%s", argv[0]);
  /* A file, not a pipe: nobody reads while the tool runs, and a chatty
   * tool must never block on a full pipe. */
  int fd = open(logPath, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0)
    return tileFail(err, errSize, "cannot run %s: %s: %s", argv[0], logPath,
                    strerror(errno));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fd, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, fd, STDERR_FILENO);
  pid_t pid;
  int rc = posix_spawn(&pid, argv[0], &actions, NULL, (char *const *)argv,
                       environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) {
    close(fd);
    return tileFail(err, errSize, "cannot run %s: %s", argv[0], strerror(rc));
  }
  run->pid = (int)pid;
  run->logFd = fd;
  return 0;
}

/* Appends what the tool wrote to its log file. */
static void readLog(int fd, TileStrBuf *log) {
  if (!log || lseek(fd, 0, SEEK_SET) != 0)
    return;
  char buf[4096];
  for (ssize_t n; (n = read(fd, buf, sizeof buf)) != 0;) {
    if (n < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    tileStrBufAppend(log, buf, (size_t)n);
  }
}

int tileToolFinish(TileToolRun *run, TileStrBuf *log, char *err,
                   size_t errSize) {
  if (run->pid == 0)
    return 0;
  int status = 0, failed = 0;
  while (waitpid((pid_t)run->pid, &status, 0) < 0) {
    if (errno != EINTR) {
      snprintf(err, errSize, "%s: waitpid: %s", run->tool, strerror(errno));
      failed = 1;
      break;
    }
  }
  run->pid = 0;
  readLog(run->logFd, log);
  close(run->logFd);
  run->logFd = -1;
  if (failed || (WIFEXITED(status) && WEXITSTATUS(status) == 0))
    return failed;
  if (WIFEXITED(status))
    snprintf(err, errSize, "%s failed with exit status %d", run->tool,
             WEXITSTATUS(status));
  else
    snprintf(err, errSize, "%s was killed by signal %d", run->tool,
             WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  return 1;
}

int tileRunTool(const char *const *argv, const char *logPath,
                TileStrBuf *log, char *err, size_t errSize) {
  TileToolRun run;
  return tileToolStart(argv, logPath, &run, err, errSize) ||
         tileToolFinish(&run, log, err, errSize);
}
