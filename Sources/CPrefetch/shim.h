#ifndef ANIMVID_CPREFETCH_SHIM_H
#define ANIMVID_CPREFETCH_SHIM_H

/// Asks the processor to fetch the cache line holding `address` before it is written (a hint:
/// it changes no result). Swift has no prefetch of its own.
static inline void animvid_prefetch_for_writing(const void *address) { __builtin_prefetch(address, 1, 3); }

#endif
