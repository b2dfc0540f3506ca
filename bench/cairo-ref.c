/*
 * cairo-ref: the Cairo reference for animvid's rasterizer benchmark.
 *
 * Reads a display list written by bench/make-shapes.py, draws it with Cairo's image backend
 * (ARGB32, default anti-aliasing) onto an opaque white frame FRAMES times after one untimed
 * warm-up frame, and prints one line ending in "median X ms/frame ..." (bench/raster.sh reads
 * that phrase). The median is taken as raster-bench takes it: the middle time, or the mean of
 * the two middle times for an even count. Single-threaded. With OUT.png it writes the last frame.
 *
 *   cc -O2 -o cairo-ref bench/cairo-ref.c $(pkg-config --cflags --libs cairo) -lm
 *   cairo-ref LIST [FRAMES [OUT.png]]          (FRAMES defaults to 30)
 */
#include <cairo.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum kind { CIRCLE, RRECT, STROKE };

/* One draw: its kind and its numbers in the order of the list's line, colour last. */
struct draw {
    enum kind kind;
    double v[11];
};

struct list {
    int width, height;
    struct draw *draws;
    size_t count, capacity;
};

static void fail(const char *path, long line, const char *what) {
    fprintf(stderr, "cairo-ref: %s:%ld: %s\n", path, line, what);
    exit(2);
}

/* Parses the whole file; any malformed line stops the program with its line number. */
static void read_list(const char *path, struct list *out) {
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "cairo-ref: %s: %s\n", path, strerror(errno));
        exit(2);
    }
    memset(out, 0, sizeof *out);
    char buf[1024];
    long line = 0;
    while (fgets(buf, sizeof buf, f)) {
        line++;
        if (!strchr(buf, '\n') && !feof(f)) fail(path, line, "line too long");
        char *p = buf, *end;
        char word[16];
        int used = 0;
        if (sscanf(p, "%15s%n", word, &used) != 1) continue; /* blank line */
        p += used;

        double v[11];
        int n = 0;
        for (;;) {
            double x = strtod(p, &end);
            if (end == p) break;
            if (n == 11) fail(path, line, "too many numbers");
            v[n++] = x;
            p = end;
        }
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
        if (*p) fail(path, line, "not a number");

        if (!strcmp(word, "size")) {
            if (n != 2 || v[0] < 1 || v[1] < 1 || v[0] > 32767 || v[1] > 32767) fail(path, line, "size takes W H");
            out->width = (int)v[0];
            out->height = (int)v[1];
            continue;
        }
        struct draw d;
        int want;
        if (!strcmp(word, "circle")) d.kind = CIRCLE, want = 7;
        else if (!strcmp(word, "rrect")) d.kind = RRECT, want = 10;
        else if (!strcmp(word, "stroke")) d.kind = STROKE, want = 11;
        else fail(path, line, "unknown draw (circle, rrect, stroke or size)");
        if (n != want) fail(path, line, "wrong count of numbers for this draw");
        memcpy(d.v, v, sizeof v);

        if (out->count == out->capacity) {
            out->capacity = out->capacity ? 2 * out->capacity : 4096;
            out->draws = realloc(out->draws, out->capacity * sizeof *out->draws);
            if (!out->draws) fail(path, line, "out of memory");
        }
        out->draws[out->count++] = d;
    }
    fclose(f);
    if (!out->width) fail(path, line, "no size line");
}

/* A w x h rect centred on the origin with corners of radius r: four quarter arcs, clockwise
 * in y-down coordinates from the top right corner, the straight sides joining them. */
static void rounded_rect_path(cairo_t *cr, double w, double h, double r) {
    double l = -w / 2, t = -h / 2, rt = w / 2, b = h / 2;
    cairo_new_sub_path(cr);
    cairo_arc(cr, rt - r, t + r, r, -M_PI / 2, 0);
    cairo_arc(cr, rt - r, b - r, r, 0, M_PI / 2);
    cairo_arc(cr, l + r, b - r, r, M_PI / 2, M_PI);
    cairo_arc(cr, l + r, t + r, r, M_PI, 3 * M_PI / 2);
    cairo_close_path(cr);
}

/* The control point two thirds of the way from an end point a towards the quadratic's control c:
 * a quadratic is the cubic with these two control points. */
static double two_thirds(double a, double c) { return a + 2.0 / 3 * (c - a); }

static void draw_frame(cairo_t *cr, const struct list *list) {
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    for (size_t i = 0; i < list->count; i++) {
        const double *v = list->draws[i].v;
        switch (list->draws[i].kind) {
        case CIRCLE:
            cairo_arc(cr, v[0], v[1], v[2], 0, 2 * M_PI);
            cairo_set_source_rgba(cr, v[3], v[4], v[5], v[6]);
            cairo_fill(cr);
            break;
        case RRECT: {
            double r = fmin(v[4], fmin(v[2], v[3]) / 2);
            /* The path is built in the rotated frame; restoring keeps the points where they are. */
            cairo_save(cr);
            cairo_translate(cr, v[0], v[1]);
            cairo_rotate(cr, v[5] * (M_PI / 180));
            rounded_rect_path(cr, v[2], v[3], r);
            cairo_restore(cr);
            cairo_set_source_rgba(cr, v[6], v[7], v[8], v[9]);
            cairo_fill(cr);
            break;
        }
        case STROKE:
            cairo_move_to(cr, v[0], v[1]);
            cairo_curve_to(cr, two_thirds(v[0], v[2]), two_thirds(v[1], v[3]),
                           two_thirds(v[4], v[2]), two_thirds(v[5], v[3]), v[4], v[5]);
            cairo_set_line_width(cr, v[6]);
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
            cairo_set_source_rgba(cr, v[7], v[8], v[9], v[10]);
            cairo_stroke(cr);
            break;
        }
    }
}

static double milliseconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    if (argc < 2 || argc > 4) {
        fprintf(stderr, "usage: %s LIST [FRAMES [OUT.png]]\n", argv[0]);
        return 2;
    }
    int frames = 30;
    if (argc > 2) {
        char *end;
        long n = strtol(argv[2], &end, 10);
        if (*end || n < 1 || n > 1000000) {
            fprintf(stderr, "cairo-ref: FRAMES must be a whole number from 1\n");
            return 2;
        }
        frames = (int)n;
    }
    struct list list;
    read_list(argv[1], &list);

    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, list.width, list.height);
    cairo_t *cr = cairo_create(surface);
    if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
        fprintf(stderr, "cairo-ref: %s\n", cairo_status_to_string(cairo_status(cr)));
        return 1;
    }
    double *times = malloc(frames * sizeof *times);
    if (!times) return 1;

    draw_frame(cr, &list); /* warm-up: caches, page faults */
    cairo_surface_flush(surface);
    for (int i = 0; i < frames; i++) {
        double start = milliseconds();
        draw_frame(cr, &list);
        cairo_surface_flush(surface);
        times[i] = milliseconds() - start;
    }
    qsort(times, frames, sizeof *times, by_value);
    double median = frames % 2 ? times[frames / 2] : (times[frames / 2 - 1] + times[frames / 2]) / 2;
    printf("cairo %s: %zu draws, %dx%d, median %.2f ms/frame (min %.2f, max %.2f) over %d frames\n",
           cairo_version_string(), list.count, list.width, list.height, median, times[0], times[frames - 1],
           frames);

    int status = 0;
    if (argc > 3) {
        cairo_status_t s = cairo_surface_write_to_png(surface, argv[3]);
        if (s != CAIRO_STATUS_SUCCESS) {
            fprintf(stderr, "cairo-ref: %s: %s\n", argv[3], cairo_status_to_string(s));
            status = 1;
        }
    }
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    free(times);
    free(list.draws);
    return status;
}
