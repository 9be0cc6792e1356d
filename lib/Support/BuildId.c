/* The running build's identity; see BuildId.h. */
#define _GNU_SOURCE /* dl_iterate_phdr, dladdr */
#include "lib/Support/BuildId.h"

#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static char buildId[600];

typedef struct {
  uintptr_t address; /* an address inside the object we look for */
  bool found;
} Search;

/* The NT_GNU_BUILD_ID note among an object's PT_NOTE segments (ELF gABI:
 * namesz, descsz, type, then the name and the description, each padded
 * to 4 bytes). */
static bool readBuildIdNote(const struct dl_phdr_info *info) {
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_NOTE)
      continue;
    const uint8_t *p = (const uint8_t *)(info->dlpi_addr + ph->p_vaddr);
    const uint8_t *end = p + ph->p_memsz;
    while (p + sizeof(ElfW(Nhdr)) <= end) {
      const ElfW(Nhdr) *n = (const ElfW(Nhdr) *)p;
      const uint8_t *name = p + sizeof *n;
      const uint8_t *desc = name + ((n->n_namesz + 3) & ~3u);
      const uint8_t *next = desc + ((n->n_descsz + 3) & ~3u);
      if (next > end)
        break;
      if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 &&
          memcmp(name, "GNU", 4) == 0 && n->n_descsz > 0 &&
          n->n_descsz <= 64) {
        size_t len = (size_t)snprintf(buildId, sizeof buildId, "gnu:");
        for (unsigned j = 0; j < n->n_descsz; ++j)
          len += (size_t)snprintf(buildId + len, sizeof buildId - len,
                                  "%02x", desc[j]);
        return true;
      }
      p = next;
    }
  }
  return false;
}

/* dl_iterate_phdr's callback: stops at the object whose loaded segments
 * hold the address. */
static int visitObject(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  Search *s = data;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    uintptr_t start = info->dlpi_addr + ph->p_vaddr;
    if (ph->p_type == PT_LOAD && s->address >= start &&
        s->address < start + ph->p_memsz) {
      s->found = readBuildIdNote(info);
      return 1;
    }
  }
  return 0;
}

static void findBuildId(void) {
  Search s = {(uintptr_t)&findBuildId, false};
  dl_iterate_phdr(visitObject, &s);
  if (s.found)
    return;
  /* No note (a linker told --build-id=none): the file itself. */
  Dl_info where;
  struct stat st;
  if (dladdr((void *)&findBuildId, &where) && where.dli_fname &&
      where.dli_fname[0] && stat(where.dli_fname, &st) == 0)
    snprintf(buildId, sizeof buildId, "file:%s:%lld:%lld.%09ld",
             where.dli_fname, (long long)st.st_size,
             (long long)st.st_mtim.tv_sec, (long)st.st_mtim.tv_nsec);
}

static pthread_once_t once = PTHREAD_ONCE_INIT;

const char *tileBuildId(void) {
  pthread_once(&once, findBuildId);
  return buildId[0] ? buildId : NULL;
}
