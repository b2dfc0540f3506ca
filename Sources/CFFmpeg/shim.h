#ifndef ANIMVID_CFFMPEG_SHIM_H
#define ANIMVID_CFFMPEG_SHIM_H

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavutil/avutil.h>
#include <libavutil/imgutils.h>
#include <libavutil/md5.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>
#include <libavutil/channel_layout.h>
#include <malloc.h>

/// AVERROR(EAGAIN) and AVERROR_EOF are macros Swift cannot import.
static inline int cffmpeg_error_again(void) { return AVERROR(EAGAIN); }
static inline int cffmpeg_error_eof(void) { return AVERROR_EOF; }

/// Hands freed memory back to the system (glibc's malloc_trim over every arena).
static inline void cffmpeg_release_freed_memory(void) { malloc_trim(0); }

#endif
