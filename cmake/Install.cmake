# `cmake --install BUILD --prefix P`: the tools, the public headers
# (include/tile-c, with the generated Version.h), the libraries, a CMake
# package (P/lib/cmake/tile: find_package(tile) gives tile::runtime and,
# where the compiler is built, tile::compiler) and pkg-config files
# (tile-runtime.pc, tile.pc). docs/embedding.md.
include(CMakePackageConfigHelpers)

file(STRINGS ${CMAKE_SOURCE_DIR}/include/tile-c/Runtime.h _tile_format_line
     REGEX "^#define TILE_PACKAGE_FORMAT_VERSION [0-9]+")
string(REGEX REPLACE ".* ([0-9]+)$" "\\1" TILE_PACKAGE_FORMAT_VERSION
       "${_tile_format_line}")

set(_tile_targets tile_runtime)
set(_tile_tools tile-run tile-package)
set(_tile_headers ${CMAKE_SOURCE_DIR}/include/tile-c/Runtime.h
                  ${CMAKE_BINARY_DIR}/include/tile-c/Version.h)
if(TILE_ENABLE_COMPILER)
  list(APPEND _tile_targets tile)
  list(APPEND _tile_tools tile-opt)
  list(APPEND _tile_headers
       ${CMAKE_SOURCE_DIR}/include/tile-c/Compile.h
       ${CMAKE_SOURCE_DIR}/include/tile-c/CpuRun.h
       ${CMAKE_SOURCE_DIR}/include/tile-c/Dialect.h
       ${CMAKE_SOURCE_DIR}/include/tile-c/Ops.h
       ${CMAKE_SOURCE_DIR}/include/tile-c/Passes.h
       ${CMAKE_SOURCE_DIR}/include/tile-c/Tune.h)
endif()

install(TARGETS ${_tile_tools} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS ${_tile_targets} EXPORT tileTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES ${_tile_headers}
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/tile-c)

set(_tile_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/tile)
install(EXPORT tileTargets NAMESPACE tile:: DESTINATION ${_tile_cmake_dir})
configure_package_config_file(
  ${CMAKE_SOURCE_DIR}/cmake/install/tileConfig.cmake.in
  ${CMAKE_BINARY_DIR}/install/tileConfig.cmake
  INSTALL_DESTINATION ${_tile_cmake_dir})
# 0.x releases promise nothing across minor versions.
write_basic_package_version_file(
  ${CMAKE_BINARY_DIR}/install/tileConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/install/tileConfig.cmake
              ${CMAKE_BINARY_DIR}/install/tileConfigVersion.cmake
        DESTINATION ${_tile_cmake_dir})

# pkg-config: the prefix is the one given at configure time; the
# `--prefix` of `cmake --install` rewrites it (install(CODE) below).
configure_file(${CMAKE_SOURCE_DIR}/cmake/install/tile-runtime.pc.in
               ${CMAKE_BINARY_DIR}/install/tile-runtime.pc.in @ONLY)
set(_tile_pc_files tile-runtime)
if(TILE_ENABLE_COMPILER)
  set(TILE_PC_MLIR_ARCHIVES "")
  foreach(component ${TILE_MLIR_CAPI_COMPONENTS})
    string(APPEND TILE_PC_MLIR_ARCHIVES
           " \${llvmprefix}/lib/libMLIRCAPI${component}.a")
  endforeach()
  string(STRIP "${TILE_PC_MLIR_ARCHIVES}" TILE_PC_MLIR_ARCHIVES)
  configure_file(${CMAKE_SOURCE_DIR}/cmake/install/tile.pc.in
                 ${CMAKE_BINARY_DIR}/install/tile.pc.in @ONLY)
  list(APPEND _tile_pc_files tile)
endif()
foreach(pc ${_tile_pc_files})
  install(CODE "
    file(READ \"${CMAKE_BINARY_DIR}/install/${pc}.pc.in\" _pc)
    string(REPLACE \"prefix=${CMAKE_INSTALL_PREFIX}\" \"prefix=\${CMAKE_INSTALL_PREFIX}\" _pc \"\${_pc}\")
    file(WRITE \"${CMAKE_BINARY_DIR}/install/${pc}.pc\" \"\${_pc}\")")
  install(FILES ${CMAKE_BINARY_DIR}/install/${pc}.pc
          DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endforeach()
