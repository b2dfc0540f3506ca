// Duktape 2.7 from Debian's duktape-dev source (/usr/share/duktape), built with an execution
// time check, which Debian's shared library leaves out, and a heap bounded by its allocator.
#define _GNU_SOURCE
#define DUK_COMPILING_DUKTAPE
#include "/usr/share/duktape/duk_config.h"
#define DUK_USE_INTERRUPT_COUNTER
#define DUK_USE_EXEC_TIMEOUT_CHECK(udata) animvid_js_timed_out(udata)
int animvid_js_timed_out(void *udata);
#include "/usr/share/duktape/duktape.c"

#include "CDuktape.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct animvid_js {
    duk_context *context;
    size_t used, limit;
    double deadline;
    /// Whether an allocation was refused during this run: the run is stopped at once then
    /// (collecting a full heap for every refused allocation is slow).
    int exhausted;
};

/// A native function's registration, kept in the function's hidden properties.
typedef struct {
    animvid_js_native native;
    void *context;
} animvid_js_binding;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

// Past the deadline: a RangeError, and a new deadline a few milliseconds on, long enough to
// build the error (a check that kept failing would fail its making too) and short enough that
// a script catching it and running on is stopped again.
int animvid_js_timed_out(void *udata) {
    animvid_js *js = udata;
    if (js == NULL || js->deadline <= 0) return 0;
    double t = now();
    if (t <= js->deadline && !js->exhausted) return 0;
    js->exhausted = 0;
    js->deadline = t + 0.005;
    return 1;
}

// Each block carries its size in front, so that the heap's total is known.
static void *bounded_alloc(void *udata, duk_size_t size) {
    animvid_js *js = udata;
    if (size == 0) return NULL;
    if (js->used + size > js->limit) {
        js->exhausted = 1;
        return NULL;
    }
    size_t *block = malloc(size + sizeof(max_align_t));
    if (block == NULL) return NULL;
    *block = size;
    js->used += size;
    return (char *)block + sizeof(max_align_t);
}

static void bounded_free(void *udata, void *pointer) {
    animvid_js *js = udata;
    if (pointer == NULL) return;
    size_t *block = (size_t *)((char *)pointer - sizeof(max_align_t));
    js->used -= *block;
    free(block);
}

static void *bounded_realloc(void *udata, void *pointer, duk_size_t size) {
    animvid_js *js = udata;
    if (pointer == NULL) return bounded_alloc(udata, size);
    if (size == 0) {
        bounded_free(udata, pointer);
        return NULL;
    }
    size_t *block = (size_t *)((char *)pointer - sizeof(max_align_t));
    size_t old = *block;
    if (size > old && js->used + (size - old) > js->limit) {
        js->exhausted = 1;
        return NULL;
    }
    size_t *grown = realloc(block, size + sizeof(max_align_t));
    if (grown == NULL) return NULL;
    js->used = js->used - old + size;
    *grown = size;
    return (char *)grown + sizeof(max_align_t);
}

// Errors outside a protected call cannot happen (every entry is protected); should one, the
// process stops rather than run on in an undefined state.
static void fatal(void *udata, const char *message) {
    (void)udata;
    fprintf(stderr, "animvid: JavaScript engine: %s\n", message ? message : "fatal error");
    abort();
}

animvid_js *animvid_js_create(size_t memory_limit) {
    animvid_js *js = calloc(1, sizeof(animvid_js));
    if (js == NULL) return NULL;
    js->limit = memory_limit;
    js->context = duk_create_heap(bounded_alloc, bounded_realloc, bounded_free, js, fatal);
    if (js->context == NULL) {
        free(js);
        return NULL;
    }
    return js;
}

void animvid_js_destroy(animvid_js *js) {
    if (js == NULL) return;
    duk_destroy_heap(js->context);
    free(js);
}

static duk_ret_t call_native(duk_context *ctx) {
    duk_push_current_function(ctx);
    duk_get_prop_string(ctx, -1, DUK_HIDDEN_SYMBOL("binding"));
    animvid_js_binding *binding = duk_get_buffer(ctx, -1, NULL);
    duk_pop_2(ctx);
    int count = duk_get_top(ctx);
    if (count > 16) count = 16;
    double args[16];
    char error[256] = "no value there";
    for (int i = 0; i < count; i++) args[i] = duk_to_number(ctx, i);
    double *results = malloc(sizeof(double) * ANIMVID_JS_MAX_RESULTS);
    if (results == NULL) return duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory");
    int written = binding->native(binding->context, args, count, results, ANIMVID_JS_MAX_RESULTS, error, (int)sizeof error);
    if (written < 0) {
        free(results);
        return duk_error(ctx, DUK_ERR_ERROR, "%s", error);
    }
    if (written == 1) {
        duk_push_number(ctx, results[0]);
        free(results);
        return 1;
    }
    duk_push_array(ctx);
    for (int i = 0; i < written; i++) {
        duk_push_number(ctx, results[i]);
        duk_put_prop_index(ctx, -2, (duk_uarridx_t)i);
    }
    free(results);
    return 1;
}

void animvid_js_define(animvid_js *js, const char *name, animvid_js_native native, void *context) {
    duk_context *ctx = js->context;
    duk_push_c_function(ctx, call_native, DUK_VARARGS);
    animvid_js_binding *binding = duk_push_fixed_buffer(ctx, sizeof(animvid_js_binding));
    binding->native = native;
    binding->context = context;
    duk_put_prop_string(ctx, -2, DUK_HIDDEN_SYMBOL("binding"));
    duk_put_global_string(ctx, name);
}

static void message(duk_context *ctx, char *error, size_t size) {
    snprintf(error, size, "%s", duk_safe_to_string(ctx, -1));
}

int animvid_js_run(animvid_js *js, const char *source, double seconds, char *error, size_t error_size) {
    js->deadline = now() + seconds;
    int failed = duk_peval_string(js->context, source) != 0;
    js->deadline = 0;
    if (failed) message(js->context, error, error_size);
    duk_pop(js->context);
    return failed ? -1 : 0;
}

static duk_ret_t call_global(duk_context *ctx, void *udata) {
    const char **call = udata;
    duk_get_global_string(ctx, call[0]);
    duk_push_string(ctx, call[1]);
    duk_call(ctx, 1);
    return 1;
}

int animvid_js_call(animvid_js *js, const char *name, const char *argument, double seconds, double *results, int max_results,
                    char *error, size_t error_size) {
    duk_context *ctx = js->context;
    const char *call[2] = {name, argument};
    js->deadline = now() + seconds;
    int failed = duk_safe_call(ctx, call_global, (void *)call, 0, 1) != 0;
    js->deadline = 0;
    int count = -1;
    if (failed) {
        message(ctx, error, error_size);
    } else if (duk_is_number(ctx, -1) || duk_is_boolean(ctx, -1)) {
        results[0] = duk_to_number(ctx, -1);
        count = 1;
    } else if (duk_is_array(ctx, -1)) {
        count = (int)duk_get_length(ctx, -1);
        if (count > max_results) count = max_results;
        for (int i = 0; i < count; i++) {
            duk_get_prop_index(ctx, -1, (duk_uarridx_t)i);
            if (!duk_is_number(ctx, -1)) {
                snprintf(error, error_size, "the expression gave a list with something other than numbers");
                count = -1;
                duk_pop(ctx);
                break;
            }
            results[i] = duk_get_number(ctx, -1);
            duk_pop(ctx);
        }
    } else {
        snprintf(error, error_size, "the expression gave %s, not a number or a list of numbers", duk_safe_to_string(ctx, -1));
    }
    duk_pop(ctx);
    return count;
}
