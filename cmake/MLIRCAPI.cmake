# The MLIR C API is not inside libMLIR.so: link libMLIR.so plus the
# libMLIRCAPI*.a archives we use. Linking by path (not through MLIR's imported
# targets) keeps the static per-component libraries out, which would otherwise
# duplicate MLIR's globals next to libMLIR.so.
set(TILE_MLIR_CAPI_COMPONENTS
    IR IRDL Func Arith Math SCF Tensor MemRef Transforms Conversion
    GPU NVGPU NVVM LLVM Vector Linalg Bufferization ControlFlow Index Target
    RegisterEverything)
set(TILE_MLIR_CAPI_ARCHIVES "")
foreach(component ${TILE_MLIR_CAPI_COMPONENTS})
  set(archive ${LLVM_PREFIX}/lib/libMLIRCAPI${component}.a)
  if(NOT EXISTS ${archive})
    message(FATAL_ERROR "MLIR C API archive missing: ${archive} (install libmlir-22-dev)")
  endif()
  list(APPEND TILE_MLIR_CAPI_ARCHIVES ${archive})
endforeach()
# The archives reference each other; let the linker revisit them.
set(TILE_MLIR_LIBS -Wl,--start-group ${TILE_MLIR_CAPI_ARCHIVES} -Wl,--end-group
    ${LLVM_PREFIX}/lib/libMLIR.so ${LLVM_PREFIX}/lib/libLLVM.so stdc++ m)
