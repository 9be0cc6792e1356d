/* The code every ahead-of-time C source shares (EmitC.h), as C text with
 * @P@ where the pair's prefix goes: lib/Target/AotTemplates/NAME.c.in,
 * embedded at build time (CMakeLists.txt, cmake/Embed.cmake) so that it
 * reads and diffs as the C it is. */
#ifndef TILE_TARGET_AOTTEMPLATES_H
#define TILE_TARGET_AOTTEMPLATES_H

/* Both modes: the failure helper, argument descriptions and checks. */
extern const char tileAotCommonTemplate[];
/* --emit=c: loading and launching through tile's runtime library. */
extern const char tileAotRuntimeTemplate[];
/* --emit=c-driver: the CUDA driver's loader and the parameter packing. */
extern const char tileAotDriverTemplate[];

#endif
