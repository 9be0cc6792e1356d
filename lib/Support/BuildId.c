/* A shared library's build id; see BuildId.h. */
#define _GNU_SOURCE /* dl_iterate_phdr */
#include "lib/Support/BuildId.h"

#include <elf.h>
#include <link.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  const char *name; /* a part of the library's file name */
  char *id;
  size_t size;
  bool found;
} Search;

/* The NT_GNU_BUILD_ID note among an object's PT_NOTE segments (ELF gABI:
 * namesz, descsz, type, then the name and the description, each padded
 * to 4 bytes). */
static bool readBuildIdNote(const struct dl_phdr_info *info, char *id,
                            size_t size) {
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
        if (size < 5 + 2 * (size_t)n->n_descsz)
          return false;
        size_t len = (size_t)snprintf(id, size, "gnu:");
        for (unsigned j = 0; j < n->n_descsz; ++j)
          len += (size_t)snprintf(id + len, size - len, "%02x", desc[j]);
        return true;
      }
      p = next;
    }
  }
  return false;
}

/* dl_iterate_phdr's callback: stops at the library whose file name holds
 * s->name. */
static int visitObject(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  Search *s = data;
  const char *file = info->dlpi_name ? strrchr(info->dlpi_name, '/') : NULL;
  if (!file || !strstr(file, s->name))
    return 0;
  s->found = readBuildIdNote(info, s->id, s->size);
  return 1;
}

bool tileBuildIdOfLibrary(const char *name, char *id, size_t size) {
  Search s = {name, id, size, false};
  dl_iterate_phdr(visitObject, &s);
  return s.found;
}
