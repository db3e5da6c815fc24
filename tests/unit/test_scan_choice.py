""""Scan the reply": which decoder reads the camera's pictures, and what the player is told
when the camera cannot be used (pure parts of ``ui/scan.py``)."""
import pytest

from clubtable.ui.scan import NATIVE, VENDORED, camera_problem, pick_decoder


@pytest.mark.parametrize("has, formats, decoder", [
    (True, ["aztec", "qr_code", "ean_13"], NATIVE),       # Chromium on Android or macOS, Safari 17+
    (True, [], VENDORED),                                 # the class without QR support (Chromium on Linux)
    (True, ["ean_13"], VENDORED),
    (True, None, VENDORED),                               # its formats could not be read
    (False, None, VENDORED),                              # no BarcodeDetector (Firefox, headless Chromium)
    (False, ["qr_code"], VENDORED),
])
def test_the_browsers_own_detector_only_where_it_reads_qr_codes(has, formats, decoder):
    assert pick_decoder(has, formats) == decoder


@pytest.mark.parametrize("name, key", [
    ("NotAllowedError", "scan.denied"), ("SecurityError", "scan.denied"),
    ("NotFoundError", "scan.no_camera"), ("OverconstrainedError", "scan.no_camera"),
    ("NotReadableError", "scan.busy"), ("no_api", "scan.no_api"),
    ("TypeError", "scan.failed"), ("decoder", "scan.failed"), ("", "scan.failed"),
])
def test_each_camera_failure_has_its_own_words(name, key):
    assert camera_problem(name) == key


def test_every_camera_text_is_in_the_catalogues():
    from clubtable.i18n import Translator
    keys = {camera_problem(n) for n in ("NotAllowedError", "NotFoundError", "NotReadableError", "no_api", "x")}
    keys |= {"scan.start", "scan.help", "scan.video", "scan.looking", "scan.stop", "scan.connecting",
             "scan.not_reply", "scan.is_invite"}
    for lang in ("en", "fr", "de"):
        t = Translator(lang)
        for key in keys:
            assert t(key) != key, (lang, key)
