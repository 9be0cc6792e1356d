# The fuzzing build (TILE_FUZZ=ON): every object gets libFuzzer's coverage
# instrumentation, ASan and UBSan; the harnesses in fuzz/ add libFuzzer's
# main. Needs clang (-fsanitize=fuzzer); configure a build of its own:
#   cmake -G Ninja -S . -B build-fuzz -DCMAKE_C_COMPILER=clang -DTILE_FUZZ=ON
include(CheckCSourceCompiles)
set(CMAKE_REQUIRED_FLAGS -fsanitize=fuzzer,address)
set(CMAKE_REQUIRED_LINK_OPTIONS -fsanitize=fuzzer,address)
check_c_source_compiles([[
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }
]] TILE_HAVE_LIBFUZZER)
unset(CMAKE_REQUIRED_FLAGS)
unset(CMAKE_REQUIRED_LINK_OPTIONS)
if(NOT TILE_HAVE_LIBFUZZER)
  message(FATAL_ERROR "TILE_FUZZ needs a C compiler with libFuzzer "
          "(-fsanitize=fuzzer): configure with -DCMAKE_C_COMPILER=clang "
          "(Debian: apt install clang)")
endif()
add_compile_options(-fsanitize=fuzzer-no-link,address,undefined
                    -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
add_link_options(-fsanitize=address,undefined)
