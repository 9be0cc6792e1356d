/* tile-run: will run tile kernels on the CPU (ExecutionEngine) and on NVIDIA
 * GPUs (CUDA Driver API). Neither backend exists yet, so this tool refuses
 * honestly instead of pretending: every run request is an error that says
 * what is missing. It builds without MLIR (TILE_ENABLE_COMPILER=OFF). */
#include <stdio.h>
#include <string.h>

static void printHelp(void) {
  printf("OVERVIEW: tile-run: run a tile kernel on the CPU or an NVIDIA GPU\n\n"
         "USAGE: tile-run FILE.mlir --kernel NAME --grid X[,Y[,Z]]\n"
         "                [--target cpu|cuda] --arg SPEC ... [--out INDEX=PATH.npy ...]\n\n"
         "STATUS: not implemented yet. The CPU path (TileToCPU and the\n"
         "ExecutionEngine) and the CUDA path (cubin packages and the driver\n"
         "launcher) are still to be built; until then tile-run runs nothing\n"
         "and exits with status 1.\n\n"
         "  --help      Show this help\n"
         "  --version   Show the version\n");
}

int main(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      printHelp();
      return 0;
    }
    if (strcmp(argv[i], "--version") == 0) {
      printf("tile-run %s\n", TILE_VERSION);
      return 0;
    }
  }
  if (argc < 2) {
    fprintf(stderr, "tile-run: no kernel file given (see tile-run --help)\n");
    return 2;
  }
  fprintf(stderr,
          "tile-run: cannot run kernels yet: neither the CPU backend nor the "
          "CUDA backend is implemented in this version\n");
  return 1;
}
