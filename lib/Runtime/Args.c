/* Command-line helpers; see Args.h. */
#include "lib/Runtime/Args.h"

#include <string.h>

bool tileFlagValue(const char *arg, const char *name, int *i, int argc,
                   char **argv, const char **value, bool *missing) {
  size_t n = strlen(name);
  if (strncmp(arg, name, n) != 0)
    return false;
  if (arg[n] == '=') {
    *value = arg + n + 1;
    return true;
  }
  if (arg[n] != '\0')
    return false;
  if (*i + 1 >= argc) {
    *missing = true;
    return true;
  }
  *value = argv[++*i];
  return true;
}
