#ifndef ANIMVID_CPROCESSOR_SHIM_H
#define ANIMVID_CPROCESSOR_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>
#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#endif

/// Asks the processor to fetch the cache line holding `address` before it is written (a hint:
/// it changes no result). Swift has no prefetch of its own.
static inline void animvid_prefetch_for_writing(const void *address) { __builtin_prefetch(address, 1, 3); }

/// Whether this processor and its operating system run the code of RasterCore's second build
/// (`-target-cpu haswell`): what the compiler emits on its own there, AVX, AVX2, FMA, BMI1, BMI2,
/// F16C, LZCNT, MOVBE, POPCNT and SSE4.1/4.2 (x86-64-v3), asked of the processor with cpuid, and
/// the 256-bit registers' state saved by the operating system (xgetbv). Always 0 on other
/// architectures.
static inline int animvid_processor_runs_x86_64_v3(void) {
#if defined(__x86_64__)
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    // Leaf 1, ecx: FMA 12, SSE4.1 19, SSE4.2 20, MOVBE 22, POPCNT 23, OSXSAVE 27, AVX 28, F16C 29.
    const unsigned leaf1 = 1u << 12 | 1u << 19 | 1u << 20 | 1u << 22 | 1u << 23 | 1u << 27 | 1u << 28 | 1u << 29;
    if ((c & leaf1) != leaf1) return 0;
    // XCR0: the SSE (bit 1) and AVX (bit 2) register state enabled by the operating system.
    unsigned low, high;
    __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    if ((low & 6) != 6) return 0;
    // Leaf 7, ebx: BMI1 3, AVX2 5, BMI2 8.
    if (__get_cpuid_max(0, 0) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    const unsigned leaf7 = 1u << 3 | 1u << 5 | 1u << 8;
    if ((b & leaf7) != leaf7) return 0;
    // Leaf 0x80000001, ecx: LZCNT 5.
    if (!__get_cpuid(0x80000001, &a, &b, &c, &d) || !(c & 1u << 5)) return 0;
    return 1;
#else
    return 0;
#endif
}

#if defined(__x86_64__)
/// Four doubles in one vector register: Swift's SIMD4<Double>.
typedef double animvid_double4 __attribute__((ext_vector_type(4)));

/// The square roots of four doubles taken in single precision (vcvtpd2ps, vsqrtps, vcvtps2pd): the
/// correctly rounded root of each double rounded to a float, as Swift's `Float(x).squareRoot()`
/// gives it lane by lane. For RasterCore's x86-64-v3 build only: the instructions need AVX.
static inline __attribute__((target("avx"))) animvid_double4 animvid_single_precision_roots(animvid_double4 values) {
    return (animvid_double4)_mm256_cvtps_pd(_mm_sqrt_ps(_mm256_cvtpd_ps((__m256d)values)));
}

/// Four 64-bit indices in one vector register: Swift's SIMD4<UInt64>.
typedef uint64_t animvid_index4 __attribute__((ext_vector_type(4)));
/// Four 32-bit words: Swift's SIMD4<UInt32>.
typedef uint32_t animvid_word4 __attribute__((ext_vector_type(4)));

/// The words of `table` at four indices in one instruction (vpgatherqd); Swift reads them one
/// at a time, each moved out of the vector and back (a fifth slower on a file of full-frame
/// ramps). For RasterCore's x86-64-v3 build only: the instruction needs AVX2.
static inline __attribute__((target("avx2"))) animvid_word4 animvid_table_words(const uint32_t *table, animvid_index4 indices) {
    return (animvid_word4)_mm256_i64gather_epi32((const int *)table, (__m256i)indices, 4);
}
#endif

_Static_assert(sizeof(wchar_t) == 4, "animvid_fill_words takes wchar_t for a 32-bit word (Linux)");

/// Writes `word` into `count` 32-bit words from `destination`: the C library's wmemset (wchar_t is
/// 32 bits on Linux), whose stores are chosen for the processor and the size.
static inline void animvid_fill_words(void *destination, uint32_t word, size_t count) {
    wmemset((wchar_t *)destination, (wchar_t)word, count);
}

#endif
