#ifndef ANIMVID_CDUKTAPE_H
#define ANIMVID_CDUKTAPE_H

#include <stddef.h>

/// A JavaScript engine (Debian's Duktape, built from the source its duktape-dev package ships)
/// whose every run is bounded: a heap of at most `memory_limit` bytes, and a time limit per
/// call. Values cross as numbers and JSON text.
typedef struct animvid_js animvid_js;

/// The most numbers a native function or a call gives back (a path of 1,365 vertices).
#define ANIMVID_JS_MAX_RESULTS 8192

/// A native function scripts may call: `args` numbers in, up to `max_results` numbers out;
/// returns how many it wrote, or -1 to throw an error with the message it wrote to `error`.
typedef int (*animvid_js_native)(void *context, const double *args, int count, double *results, int max_results,
                                 char *error, int error_size);

/// A new engine, or NULL when out of memory.
animvid_js *animvid_js_create(size_t memory_limit);
void animvid_js_destroy(animvid_js *js);

/// Defines the global function `name(...)` calling `native` with `context` (numbers only).
void animvid_js_define(animvid_js *js, const char *name, animvid_js_native native, void *context);

/// Runs `source` as a script within `seconds`; 0 on success, else an error message is written to `error`.
int animvid_js_run(animvid_js *js, const char *source, double seconds, char *error, size_t error_size);

/// Calls the global function `name` with one string argument within `seconds`, its result (a
/// number or an array of numbers) written to `results`; returns how many numbers, or -1 with a
/// message in `error` (also when the result is not numbers).
int animvid_js_call(animvid_js *js, const char *name, const char *argument, double seconds, double *results, int max_results,
                    char *error, size_t error_size);

#endif
