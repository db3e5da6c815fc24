"""Reading a QR code with the device's camera: the host's "Scan the reply".

The decoder is the browser's own ``BarcodeDetector`` where it has one that reads QR codes
(Chromium on Android and macOS, Safari 17+), else jsQR, vendored from npm by ``build.py``
(``static/vendor/jsqr/jsQR.js``, pinned with its integrity) and loaded only when a player
taps Scan: a page that never scans never downloads it.  :func:`pick_decoder` and
:func:`camera_problem` are pure (tested under CPython); :class:`Scanner` is the browser part,
imported only when a player scans.

Each frame is decoded in the browser (the video frame drawn on a canvas, its pixels handed
to jsQR, or the video element to the detector); Python only sees the decoded text.
"""
from __future__ import annotations

import asyncio
from typing import Callable, Optional

NATIVE, VENDORED = "native", "vendored"
JSQR = "static/vendor/jsqr/jsQR.js"
SCAN_EVERY_S = 0.2          # five looks a second: a steady hand is read within a second
MAX_SIDE = 640              # pixels handed to jsQR: a larger frame costs time and reads no better


def pick_decoder(has_detector: bool, formats) -> str:
    """``NATIVE`` when the browser has a ``BarcodeDetector`` that lists ``qr_code`` among its
    supported formats (some have the class and no QR support: Chromium on Linux and
    Windows), else ``VENDORED`` (jsQR)."""
    if has_detector and formats is not None and "qr_code" in [str(f) for f in formats]:
        return NATIVE
    return VENDORED


def camera_problem(error_name: str) -> str:
    """The shell's text key for a camera the page could not open, from the ``name`` of the
    error ``getUserMedia`` gave (or ``no_api`` when the page has no camera access at all:
    plain http on a network address, or a frame that was not allowed the camera)."""
    if error_name in ("NotAllowedError", "SecurityError", "PermissionDeniedError"):
        return "scan.denied"
    if error_name in ("NotFoundError", "DevicesNotFoundError", "OverconstrainedError"):
        return "scan.no_camera"
    if error_name in ("NotReadableError", "TrackStartError", "AbortError"):
        return "scan.busy"
    if error_name == "no_api":
        return "scan.no_api"
    return "scan.failed"


_script: dict = {}          # the vendored decoder's <script>: loaded once per page


async def _load_jsqr() -> bool:
    """Add jsQR's ``<script>`` to the page (once) and wait until it ran."""
    from .browser import create_proxy, document, window
    if getattr(window, "jsQR", None) is not None:
        return True
    fut = _script.get("loaded")
    if fut is None or (fut.done() and not fut.result()):
        fut = _script["loaded"] = asyncio.get_event_loop().create_future()
        el = document.createElement("script")
        el.src = JSQR
        done = create_proxy(lambda e: fut.done() or fut.set_result(str(e.type) == "load"))
        _script["proxy"] = done
        el.addEventListener("load", done)
        el.addEventListener("error", done)
        document.head.appendChild(el)
    return await fut


def _error_name(exc) -> str:
    name = getattr(exc, "name", None)
    if isinstance(name, str) and name and name != "JsException":
        return name
    return str(exc).split(":", 1)[0].strip()


class Scanner:
    """The camera shown in the ``<video id=video_id>`` element (``owned`` in the screen's
    tree) until :meth:`stop`; every text it reads goes to ``on_text``, which answers True
    when that was the code it waited for (the camera then stops).  ``on_problem(key)`` when
    the camera cannot be used (:func:`camera_problem`'s keys)."""

    def __init__(self, video_id: str, on_text: Callable[[str], bool], on_problem: Callable[[str], None]) -> None:
        self.video_id = video_id
        self.on_text = on_text
        self.on_problem = on_problem
        self.stream = None
        self.running = False
        self.decoder: Optional[str] = None

    async def start(self) -> None:
        from .browser import document, to_js, window
        from .browser.sharing import allowed
        self.running = True
        media = getattr(window.navigator, "mediaDevices", None)
        if media is None or getattr(media, "getUserMedia", None) is None or not allowed("camera"):
            self._fail("no_api")
            return
        try:
            self.stream = await media.getUserMedia(to_js(
                {"video": {"facingMode": "environment"}, "audio": False}, dict_converter=window.Object.fromEntries))
        except Exception as exc:
            self._fail(_error_name(exc))
            return
        if not self.running:                  # stopped while the browser asked the player
            self._release()
            return
        video = document.getElementById(self.video_id)
        if not video:
            self.stop()
            return
        video.muted = True
        video.setAttribute("playsinline", "")
        video.srcObject = self.stream
        try:
            await video.play()
        except Exception:
            pass                              # a paused video still gives its frames
        detector = getattr(window, "BarcodeDetector", None)
        formats = None
        if detector is not None:
            try:
                formats = list(await detector.getSupportedFormats())
            except Exception:
                formats = None
        self.decoder = pick_decoder(detector is not None, formats)
        if self.decoder == NATIVE:
            read = self._native(detector.new(to_js({"formats": ["qr_code"]},
                                                   dict_converter=window.Object.fromEntries)), video)
        else:
            if not await _load_jsqr():
                self._fail("decoder")
                return
            read = self._vendored(video)
        while self.running:
            try:
                text = await read()
            except Exception as exc:          # one bad frame: look again
                print("scan: frame not read", repr(exc))
                text = None
            if text and self.running and self.on_text(text):
                self.stop()
                return
            await asyncio.sleep(SCAN_EVERY_S)

    def _native(self, detector, video):
        async def read():
            if int(video.readyState) < 2:
                return None
            for found in await detector.detect(video):
                return str(found.rawValue)
            return None
        return read

    def _vendored(self, video):
        from .browser import document, to_js, window
        canvas = document.createElement("canvas")
        cx = canvas.getContext("2d", to_js({"willReadFrequently": True}, dict_converter=window.Object.fromEntries))
        options = to_js({"inversionAttempts": "dontInvert"}, dict_converter=window.Object.fromEntries)

        async def read():
            w, h = int(video.videoWidth), int(video.videoHeight)
            if int(video.readyState) < 2 or not w or not h:
                return None
            k = min(1.0, MAX_SIDE / max(w, h))
            w, h = max(1, int(w * k)), max(1, int(h * k))
            if canvas.width != w or canvas.height != h:
                canvas.width, canvas.height = w, h
            cx.drawImage(video, 0, 0, w, h)
            found = window.jsQR(cx.getImageData(0, 0, w, h).data, w, h, options)
            return str(found.data) if found else None
        return read

    def _fail(self, name: str) -> None:
        self.running = False
        self._release()
        self.on_problem(camera_problem(name))

    def _release(self) -> None:
        if self.stream is not None:
            for track in self.stream.getTracks():
                track.stop()
            self.stream = None

    def stop(self) -> None:
        self.running = False
        self._release()
