/* Wall-clock time for the timings tile reports (compile stages, module
 * loads): milliseconds since an arbitrary start, for durations of a few
 * milliseconds and up. */
#ifndef TILE_SUPPORT_CLOCK_H
#define TILE_SUPPORT_CLOCK_H

double tileNowMs(void);

#endif
