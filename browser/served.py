"""What the browser checks share: a temporary folder served over HTTP on loopback (so pages may
read their videos' pixels), and Debian's Chromium launched headless through Playwright."""
import contextlib
import functools
import http.server
import shutil
import sys
import tempfile
import threading


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@contextlib.contextmanager
def served_folder():
    """A temporary folder and the http://127.0.0.1:PORT/ address that serves it; both go at the end."""
    folder = tempfile.mkdtemp(prefix="animvid-browser-")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield folder, f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        shutil.rmtree(folder, ignore_errors=True)


def launch(playwright, script):
    """Headless Chromium that plays media without a gesture; exits naming `script` when there is none."""
    chromium = shutil.which("chromium") or sys.exit(f"{script}: no chromium (make browser-test installs it)")
    return playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--autoplay-policy=no-user-gesture-required"])
