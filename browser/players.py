"""The Lottie players the browser checks compare animvid with, drawn the same way for each
check: lottie-web (pylottie's copy, its SVG renderer, in headless Chromium), ThorVG
(thorvg-python), and pictures composited over white to compare on R, G and B."""
import io
import os

import numpy as np
from PIL import Image

import pylottie
import thorvg_python as thorvg
from served import launch

DRAW = """async ([data, frame, width, height]) => {
  document.body.innerHTML = "";
  const holder = document.createElement("div");
  holder.id = "holder";
  holder.style.width = width + "px"; holder.style.height = height + "px"; holder.style.background = "#ffffff";
  document.body.appendChild(holder);
  const animation = lottie.loadAnimation({container: holder, renderer: "svg", loop: false, autoplay: false, animationData: data});
  // A file that needs no fonts loads at once, before a listener could hear it.
  if (!animation.isLoaded) await new Promise(done => animation.addEventListener("DOMLoaded", done));
  animation.goToAndStop(frame, true);
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
}"""


def lottie_web_page(playwright, script):
    """Headless Chromium (launched for `script`) and a blank page with lottie-web loaded."""
    player = open(os.path.join(os.path.dirname(pylottie.__file__), "lottie.html"), encoding="utf-8").read()
    browser = launch(playwright, script)
    page = browser.new_page(device_scale_factor=1)
    page.set_content("<html><body style='margin:0'></body></html>")
    page.add_script_tag(content=player[player.index("<script>") + len("<script>"):player.index("</script>")])
    return browser, page


def lottie_web_frame(page, data, frame, width, height):
    """lottie-web's SVG drawing of `frame` (the file's frame ip + frame) at width × height."""
    page.evaluate(DRAW, [data, frame, width, height])
    return Image.open(io.BytesIO(page.locator("#holder").screenshot()))


def thorvg_frame(engine, path, frame, width, height):
    """ThorVG's drawing of `frame` of the file at `path`, straight RGBA."""
    canvas = thorvg.SwCanvas(engine)
    canvas.set_target(width, height, cs=thorvg.Colorspace.ABGR8888S)  # straight alpha, as the others
    animation = thorvg.LottieAnimation(engine)
    picture = animation.get_picture()
    picture.load(path)
    picture.set_size(width, height)
    canvas.add(picture)
    animation.set_frame(frame)
    canvas.update()
    canvas.draw(True)
    canvas.sync()
    image = canvas.get_pillow().convert("RGBA")
    canvas.destroy()
    return image


def over_white(image):
    """A PIL image's straight RGBA over white, as RGB floats (h, w, 3)."""
    rgba = np.asarray(image.convert("RGBA"), dtype=np.float64)
    alpha = rgba[..., 3:4] / 255.0
    return rgba[..., :3] * alpha + 255.0 * (1 - alpha)
