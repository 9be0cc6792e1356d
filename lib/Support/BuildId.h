/* Which build of tile's code is running: the GNU build-id note that the
 * linker writes into the executable or shared library holding this code (a
 * hash of its contents, so any change to the code, rebuilt with or without
 * reconfiguring, gives another), or, where there is no such note, the
 * file's path, size and modification time. The compile cache puts it in
 * its compiler version, so a rebuilt compiler never reads what an older
 * one wrote. */
#ifndef TILE_SUPPORT_BUILDID_H
#define TILE_SUPPORT_BUILDID_H

/* "gnu:5f05c05adf8dbb3b", "file:/path/tile-opt:123:1732..." or NULL when
 * neither can be found. Computed once; safe from any thread. */
const char *tileBuildId(void);

#endif
