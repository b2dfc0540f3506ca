import Foundation

/// The page `animvid preview` writes: one self-contained HTML file with the clip as a small
/// WebM (VP9 with a key frame a second, the soundtrack as Opus in it), a player (play with
/// sound, scrubber, frame stepping, time and frame number), the knobs, and the last error; and
/// beside it a one-line script whose version the open page polls, reloading itself when it
/// changes, at the frame it showed and still playing if it was.
struct PreviewPage {
    /// A rendering of the clip: its video and what the page says about it.
    struct Clip {
        var title: String
        var width: Int, height: Int
        var fps: Double
        /// The scene time of the first frame.
        var start: Double
        var frameCount: Int
        /// The frame a page opens on when it has none to come back to.
        var openingFrame: Int
        /// The WebM file.
        var video: Data
        var hasSound: Bool
        var knobs: [Knob]
        /// Whether the clip keeps transparency, shown over a checkerboard.
        var transparent: Bool
    }

    /// A knob as the page lists it.
    struct Knob {
        var name: String, type: String, value: String, summary: String
    }

    /// Where the page's knobs are edited: on this page (served by the preview, with the token its
    /// edits carry, and the flags that make the edits so far), or at the served page's address.
    enum Editing {
        case here(token: String, edits: [String])
        case elsewhere(String)
    }

    /// The first line of every page, by which a later run knows the file is its own.
    static let marker = "<!doctype html><!-- animvid preview: written by `animvid preview`; edits are lost -->"

    /// The page for `file`: `NAME.preview.html` beside it.
    static func path(for file: String) -> String {
        (file as NSString).deletingPathExtension + ".preview.html"
    }

    /// The version script beside `page`.
    static func versionScript(for page: String) -> String {
        String(page.dropLast(".html".count)) + ".js"
    }

    /// The page's HTML: `clip` (the last good rendering, if any) and `error` (the last failure,
    /// shown above the player), with `version` for the reload check.
    static func html(source: String, clip: Clip?, error: String?, version: String, renderedAt: String, editing: Editing? = nil) -> String {
        let script = URL(fileURLWithPath: versionScript(for: path(for: source))).lastPathComponent
        let title = clip?.title ?? URL(fileURLWithPath: source).lastPathComponent
        var meta = escape(source)
        if let clip {
            let seconds = Double(clip.frameCount) / clip.fps
            meta += " · \(clip.width)x\(clip.height) · \(format(clip.fps)) fps · \(format(seconds)) s (\(clip.frameCount) frames)"
                + (clip.hasSound ? " · with sound" : "") + " · \((clip.video.count + 1023) / 1024) KiB"
        }
        meta += " · rendered \(renderedAt)"
        var token: String?, edited: [String] = [], elsewhere: String?
        switch editing {
        case .here(let secret, let edits)?: (token, edited) = (secret, edits)
        case .elsewhere(let address)?: elsewhere = address
        case nil: break
        }
        let knobs = (clip?.knobs ?? []).map { knob in
            let value = token == nil ? escape(knob.value) : "<input name=\"\(escape(knob.name))\" value=\"\(escape(knob.value))\" size=\"28\">"
            return "<tr><td>\(escape(knob.name))</td><td>\(escape(knob.type))</td><td>\(value)</td><td>\(escape(knob.summary))</td></tr>"
        }.joined(separator: "\n")
        let knobNote = token != nil
            ? "<p id=\"edited\">" + (edited.isEmpty ? "Change a value and press Enter: the clip renders again."
                                      : "Edited here, as flags: <code>" + escape(edited.joined(separator: " ")) + "</code>") + "</p>"
            : elsewhere.map { "<p>Edit the knobs at <a href=\"\(escape($0))\">\(escape($0))</a> while the preview runs.</p>" } ?? ""
        let video = clip.map { "data:video/webm;base64," + $0.video.base64EncodedString() } ?? ""
        return """
        \(marker)
        <html lang="en"><head><meta charset="utf-8"><title>\(escape(title)) — animvid preview</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1c1c1e; background: #f2f2f7; }
        h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 24px 0 8px; }
        #meta { color: #636366; margin: 0 0 16px; }
        #error { background: #ffe5e5; border: 1px solid #ff3b30; border-radius: 8px; padding: 8px 12px; margin-bottom: 16px; }
        #error pre { white-space: pre-wrap; margin: 0; font: 13px/1.4 ui-monospace, monospace; }
        #stage { display: inline-block; line-height: 0; border-radius: 6px; overflow: hidden; box-shadow: 0 1px 4px #0003; }
        #stage.checker { background: repeating-conic-gradient(#ccc 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        #controls { display: flex; gap: 8px; align-items: center; margin-top: 8px; }
        #scrub { flex: 1; max-width: 480px; } #status { font-variant-numeric: tabular-nums; }
        table { border-collapse: collapse; } td, th { text-align: left; padding: 3px 12px 3px 0; vertical-align: top; }
        </style></head>
        <body>
        <h1>\(escape(title))</h1>
        <p id="meta">\(meta)</p>
        <div id="error"\(error == nil ? " hidden" : "")><pre>\(escape(error ?? ""))</pre></div>
        <main\(clip == nil ? " hidden" : "")>
        <div id="stage"\(clip?.transparent == true ? " class=\"checker\"" : "")><video id="clip" width="\(clip?.width ?? 0)" height="\(clip?.height ?? 0)" preload="auto" loop playsinline src="\(video)"></video></div>
        <div id="controls">
        <button id="play">Play</button><button id="prev" title="previous frame (←)">◀</button><button id="next" title="next frame (→)">▶</button>
        <input id="scrub" type="range" min="0" max="\(max((clip?.frameCount ?? 1) - 1, 0))" value="0"><span id="status"></span>
        </div>
        <p id="note" hidden></p>
        </main>
        <h2>Knobs</h2>
        \(knobNote)
        <table id="knobs"><tr><th>knob</th><th>type</th><th>value</th><th>what it does</th></tr>
        \(knobs)
        </table>
        <script>
        const count = \(clip?.frameCount ?? 0), opening = \(clip?.openingFrame ?? 0);
        const fps = \(clip?.fps ?? 1), start = \(clip?.start ?? 0), version = \(jsonString(version));
        const video = document.getElementById("clip"), scrub = document.getElementById("scrub");
        const status = document.getElementById("status"), play = document.getElementById("play"), note = document.getElementById("note");
        let current = 0;
        // Frame n is shown from n / fps to (n + 1) / fps: a seek lands in its middle.
        const frameAt = time => Math.max(0, Math.min(count - 1, Math.floor(time * fps + 1e-6)));
        function update() {
          scrub.value = current;
          status.textContent = "frame " + (current + 1) + " / " + count + " · " + (start + current / fps).toFixed(3) + " s";
          play.textContent = video.paused ? "Play" : "Pause";
        }
        function show(n) {
          if (count === 0) return;
          current = (n % count + count) % count;
          video.pause();
          video.currentTime = (current + 0.5) / fps;
          update();
        }
        function follow(now, frame) {
          if (!video.paused) { current = frameAt(frame.mediaTime); update(); }
          video.requestVideoFrameCallback(follow);
        }
        if (video.requestVideoFrameCallback) video.requestVideoFrameCallback(follow);
        video.addEventListener("timeupdate", () => { if (!video.paused) { current = frameAt(video.currentTime); update(); } });
        video.addEventListener("pause", update);
        function resume() {
          video.play().catch(() => {
            // A page that reloads itself may not start sound on its own: it plays muted until a click.
            video.muted = true;
            note.hidden = false;
            note.textContent = "Playing muted after the reload: click the clip for sound.";
            video.play().then(update);
          });
          update();
        }
        function toggle() { if (video.paused) resume(); else video.pause(); }
        video.onclick = () => { if (video.muted) { video.muted = false; note.hidden = true; } else toggle(); };
        play.onclick = toggle;
        document.getElementById("prev").onclick = () => show(current - 1);
        document.getElementById("next").onclick = () => show(current + 1);
        scrub.oninput = () => show(Number(scrub.value));
        document.addEventListener("keydown", event => {
          // Typing in a knob's field is typing; elsewhere, handled here, not also by a focused scrubber or button.
          if (event.target.tagName === "INPUT" && event.target.type !== "range") return;
          if (event.key === "ArrowLeft") show(current - 1);
          else if (event.key === "ArrowRight") show(current + 1);
          else if (event.key === " ") toggle();
          else return;
          event.preventDefault();
        });
        // Served by the preview: an edited knob is sent to it, which renders again (the page then reloads).
        const token = \(token.map(jsonString) ?? "null");
        if (token) document.querySelectorAll("#knobs input").forEach(input => input.addEventListener("change", () => {
          note.hidden = false;
          note.textContent = "Rendering with " + input.name + " = " + input.value + "…";
          fetch("knobs", {method: "POST", headers: {"X-Animvid-Token": token}, body: input.name + "=" + input.value})
            .then(answer => { if (!answer.ok) note.textContent = "The preview refused the edit (" + answer.status + ")."; })
            .catch(() => { note.textContent = "The preview is not running: start animvid preview again."; });
        }));
        // A reload carries the frame and whether it played in its address (not in session storage:
        // a reloaded page in a new renderer process can read that before the old page's write lands).
        const carried = new URLSearchParams(location.search);
        const frame = carried.has("frame") ? Number(carried.get("frame")) : NaN;
        show(Number.isInteger(frame) ? frame : opening);
        if (carried.has("playing")) resume();
        // The preview command rewrites the version script beside this page after each rendering;
        // a new version reloads the page.
        window.animvidPreviewVersion = seen => {
          if (seen === version) return;
          location.replace(location.pathname + "?frame=" + current + (video.paused ? "" : "&playing"));
        };
        setInterval(() => {
          const check = document.createElement("script");
          check.src = encodeURIComponent(\(jsonString(script))) + "?" + Date.now();
          check.onload = check.onerror = () => check.remove();
          document.head.appendChild(check);
        }, 500);
        </script>
        </body></html>

        """
    }

    /// The version script's text.
    static func versionScriptText(_ version: String) -> String {
        scriptMarker + "(\"\(version)\");\n"
    }

    /// How the version script starts: what marks it as animvid's.
    static let scriptMarker = "animvidPreviewVersion"

    /// `text` as a JavaScript string literal: JSON, with "/" and "<" escaped, so neither
    /// "</script>" nor "<!--" in it changes how the page's script element is read.
    static func jsonString(_ text: String) -> String {
        guard let data = try? JSONEncoder().encode(text) else { return "\"\"" }
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "<", with: "\\u003C")
    }

    /// `text` with the characters HTML gives a meaning escaped.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    private static func format(_ x: Double) -> String {
        x == x.rounded() ? String(Int(x)) : String(format: "%.3g", x)
    }
}
