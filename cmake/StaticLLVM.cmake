# tile-opt and tile-run link LLVM/MLIR from Debian's static archives when
# TILE_STATIC_LLVM is on. Loading libMLIR.so and libLLVM.so costs a process
# about 40 ms before main (symbol lookups, relocating ~500k pointers, static
# constructors of all of LLVM); a static, position-dependent link starts
# in about 12 ms (tile-opt --version). Everything else (the C API tests,
# the sanitizer build) keeps the shared libraries: TILE_MLIR_LIBS.
file(GLOB TILE_STATIC_MLIR_ARCHIVES ${LLVM_PREFIX}/lib/libMLIR*.a)
file(GLOB TILE_STATIC_LLVM_ARCHIVES ${LLVM_PREFIX}/lib/libLLVM*.a)
if(NOT TILE_STATIC_MLIR_ARCHIVES OR NOT TILE_STATIC_LLVM_ARCHIVES)
  message(FATAL_ERROR "TILE_STATIC_LLVM: no libMLIR*.a / libLLVM*.a under "
          "${LLVM_PREFIX}/lib (install libmlir-22-dev llvm-22-dev, or "
          "configure with -DTILE_STATIC_LLVM=OFF)")
endif()
# What the archives need from the system, as Debian's libLLVM.so has it
# (llvm-config --link-static --system-libs); by soname where Debian ships
# no development link.
set(TILE_STATIC_SYSTEM_LIBS "")
foreach(lib z3 zstd xml2 z)
  find_library(TILE_LIB_${lib} NAMES ${lib} lib${lib}.so.1 lib${lib}.so.4
               lib${lib}.so.2)
  if(TILE_LIB_${lib})
    list(APPEND TILE_STATIC_SYSTEM_LIBS ${TILE_LIB_${lib}})
  endif()
endforeach()
# The C++ runtime static too, where the compiler has its archive: linked
# dynamically, the loader binds ~19k symbol references to libstdc++.so
# before main (2.2 ms of tile-opt --version's 8.7 here).
execute_process(COMMAND ${CMAKE_C_COMPILER} -print-file-name=libstdc++.a
                OUTPUT_VARIABLE TILE_LIBSTDCXX_A OUTPUT_STRIP_TRAILING_WHITESPACE)
if(IS_ABSOLUTE "${TILE_LIBSTDCXX_A}" AND EXISTS "${TILE_LIBSTDCXX_A}")
  set(TILE_CXX_RUNTIME ${TILE_LIBSTDCXX_A} -static-libgcc)
else()
  set(TILE_CXX_RUNTIME stdc++)
endif()
# The archives reference each other in every direction; one group.
set(TILE_MLIR_STATIC_LIBS -Wl,--start-group ${TILE_MLIR_CAPI_ARCHIVES}
    ${TILE_STATIC_MLIR_ARCHIVES} ${TILE_STATIC_LLVM_ARCHIVES} -Wl,--end-group
    ${TILE_STATIC_SYSTEM_LIBS} ${TILE_CXX_RUNTIME} m rt dl pthread)

# A tool linked this way: position-dependent, and through lld when the
# machine has it (GNU ld takes ~20 s for this link, lld ~4 s).
include(CheckLinkerFlag)
check_linker_flag(C "-fuse-ld=lld" TILE_HAVE_LLD)
# With lld, the static initializers are laid out together
# (cmake/link-order.sh says why).
if(TILE_HAVE_LLD)
  set(TILE_LINK_ORDER ${CMAKE_BINARY_DIR}/link-order.txt)
  add_custom_command(
    OUTPUT ${TILE_LINK_ORDER}
    COMMAND sh ${CMAKE_SOURCE_DIR}/cmake/link-order.sh ${TILE_LINK_ORDER}
            ${TILE_STATIC_MLIR_ARCHIVES} ${TILE_STATIC_LLVM_ARCHIVES}
    DEPENDS ${CMAKE_SOURCE_DIR}/cmake/link-order.sh
    COMMENT "Listing LLVM's static initializers for the link order"
    VERBATIM)
  add_custom_target(tile_link_order DEPENDS ${TILE_LINK_ORDER})
endif()
function(tile_link_static_llvm target)
  target_link_libraries(${target} PRIVATE ${TILE_MLIR_STATIC_LIBS})
  target_link_options(${target} PRIVATE -no-pie)
  if(TILE_HAVE_LLD)
    target_link_options(${target} PRIVATE -fuse-ld=lld
                        -Wl,--symbol-ordering-file=${TILE_LINK_ORDER}
                        -Wl,--no-warn-symbol-ordering)
    add_dependencies(${target} tile_link_order)
    set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS ${TILE_LINK_ORDER})
  endif()
endfunction()
