#ifndef ANIMVID_CPROCESSOR_SHIM_H
#define ANIMVID_CPROCESSOR_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

/// Asks the processor to fetch the cache line holding `address` before it is written (a hint:
/// it changes no result). Swift has no prefetch of its own.
static inline void animvid_prefetch_for_writing(const void *address) { __builtin_prefetch(address, 1, 3); }

/// Whether this processor runs x86-64-v3 code (AVX2, BMI1/2, FMA, F16C, LZCNT, MOVBE: Haswell,
/// Excavator and later), for which the rasterizer's inner loops are built a second time. Always
/// 0 on other architectures.
static inline int animvid_processor_runs_x86_64_v3(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("x86-64-v3");
#else
    return 0;
#endif
}

/// Writes `word` into `count` 32-bit words from `destination`: the C library's wmemset (wchar_t is
/// 32 bits on Linux), whose stores are chosen for the processor and the size.
static inline void animvid_fill_words(void *destination, uint32_t word, size_t count) {
    wmemset((wchar_t *)destination, (wchar_t)word, count);
}

#endif
