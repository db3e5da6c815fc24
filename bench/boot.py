"""Boot benchmark: this page against a bare PyScript-on-Pyodide page served from the same
vendored files (stock PyScript: the build patches only the page's copy), in one run.  Prints
first paint, time to interactive and bytes, cold (a new browser profile) and warm (a reload
in the same profile), and the ratios page/bare.

    python3 build.py dist && python3 bench/boot.py [--runs 3]

Both pages are served as `build.py serve` serves them (precompressed files with their
Content-Encoding); the page's Python starts from the build's snapshot when there is one.

Interactive is read in the page: the moment `body[data-ready]` is set, on the page's own clock
(from the start of its navigation), as first paint is.  The wall time from the harness's
`goto`/`reload` to seeing it is printed too: on a reload it also holds the unloading of the
page before (hundreds of MB of WebAssembly memory), which a player opening the site does not
wait for.  The warm load is the returning player's: it waits until the page's offline service
worker has installed and controls the page (a player comes back after that, not half a second
later), so it is answered from the worker's copy; the bare page has no worker.
"""
import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, __import__("os").path.dirname(__file__))
from _harness import ARGS, CHROMIUM, DIST, ROOT, build, serve  # noqa: E402

BARE = """<!doctype html><html><head><meta charset="utf-8"><title>bare</title>
<link rel="stylesheet" href="./pyscript/core.css">
<script type="module" src="./pyscript/core.js"></script></head>
<body><h1>bare</h1><script type="py" config="./bare.toml">
from pyscript import document
document.body.setAttribute("data-ready", "1")
</script></body></html>"""
BARE_TOML = 'interpreter = "./pyodide/pyodide.mjs"\n'

MEASURE = """() => {
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  const res = performance.getEntriesByType('resource');
  const nav = performance.getEntriesByType('navigation')[0];
  const bytes = res.reduce((a, r) => a + (r.transferSize || 0), 0) + (nav ? nav.transferSize : 0);
  const marks = Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]));
  return {fcp: paint ? paint.startTime : null, bytes, requests: res.length + 1, marks,
          ready: window.__benchReady ?? null, mode: document.documentElement.dataset.pythonBoot || null};
}"""
# When the page marks itself ready, on its own clock (installed before any script of the page).
READY_CLOCK = """new MutationObserver((changes, observer) => {
  if (document.body && document.body.dataset.ready === '1') { window.__benchReady = performance.now(); observer.disconnect(); }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-ready']});"""
WORKER_IN_CONTROL = "() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)"


def emulate(ctx, page, phone):
    """Chromium's emulation of a slower device on ``page`` (``phone``: cpu rate, down and up in
    Mbit/s, latency in ms), kept across reloads; returns the bytes of every response over the
    wire (CDP's encodedDataLength), by request, as they finish."""
    cdp = ctx.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": phone["latency"],
        "downloadThroughput": phone["down"] * 1e6 / 8, "uploadThroughput": phone["up"] * 1e6 / 8})
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": phone["cpu"]})
    wire = {}
    cdp.on("Network.loadingFinished", lambda e: wire.__setitem__(e["requestId"], e["encodedDataLength"]))
    return wire


def measure(pw, url, profile, worker, ready="body[data-ready='1']", phone=None):
    ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS, headless=True)
    try:
        page = ctx.new_page()
        page.add_init_script(READY_CLOCK)
        wire = emulate(ctx, page, phone) if phone else None
        out = {}
        for kind in ("cold", "warm"):
            if wire is not None:
                wire.clear()
            t0 = time.perf_counter()
            if kind == "cold":
                page.goto(url)
            else:
                page.reload()
            page.wait_for_selector(ready, timeout=120_000)
            wall = (time.perf_counter() - t0) * 1000
            m = page.evaluate(MEASURE)
            out[kind] = {"fcp_ms": m["fcp"], "tti_ms": m["ready"], "wall_ms": wall, "bytes": m["bytes"],
                         "requests": m["requests"], "mode": m["mode"], "marks": m["marks"],
                         "wire_bytes": sum(wire.values()) if wire is not None else None}
            if kind == "cold" and worker:   # a returning player finds the offline worker installed
                page.wait_for_function(WORKER_IN_CONTROL, timeout=120_000)
            time.sleep(0.5)  # let the code cache settle before the warm load
        return out
    finally:
        ctx.close()


def load_average():
    loadavg = Path("/proc/loadavg")
    return " ".join(loadavg.read_text().split()[:3]) if loadavg.exists() else "?"


def bare_site():
    """dist/bench-bare/: the bare PyScript page, from the same vendored files (removed by the caller)."""
    bare_dir = DIST / "bench-bare"
    bare_dir.mkdir(exist_ok=True)
    (bare_dir / "index.html").write_text(BARE)
    (bare_dir / "bare.toml").write_text(BARE_TOML)
    # The stock runtime, precompressed: the page's own vendored files, except that the page
    # serves the standard library re-zipped (stored entries); the bare page gets Pyodide's own.
    runtime = bare_dir / "pyodide"
    runtime.mkdir(exist_ok=True)
    for f in (DIST / "static" / "vendor" / "pyodide").iterdir():
        if not f.name.startswith(("python_stdlib", "snapshot", build.ASM_SCRIPT)):
            shutil.copy(f, runtime / f.name)
    # and Pyodide's own files where dist has its own: the stock standard library, and the
    # Emscripten module as the ES module Pyodide loads (dist has it as a classic script)
    for name in ("python_stdlib.zip", "pyodide.asm.mjs"):
        shutil.copy(ROOT / "static" / "vendor" / "pyodide" / name, runtime / name)
    build.compress(runtime)                          # their twins (cached by content)
    # Stock PyScript, as vendored from npm: the page's copy carries the build's patches (no
    # wait for its package cache, no start-up import of its package, ...), which are the
    # page's own doing, not the runtime's.
    shutil.copytree(ROOT / "static" / "vendor" / "pyscript", bare_dir / "pyscript", dirs_exist_ok=True)
    build.compress(bare_dir / "pyscript")            # precompressed like the page's (cached by content)
    return bare_dir


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--all", action="store_true", help="print every run, not only the medians")
    args = ap.parse_args()
    bare_dir = bare_site()
    server, base = serve()
    load_before = load_average()
    from playwright.sync_api import sync_playwright
    results = {"page": [], "bare": []}
    try:
        with sync_playwright() as pw:
            for _ in range(args.runs):
                for name, url in (("bare", base + "bench-bare/"), ("page", base)):
                    profile = tempfile.mkdtemp(prefix="clubtable-bench-")
                    try:
                        results[name].append(measure(pw, url, profile, worker=name == "page"))
                    finally:
                        shutil.rmtree(profile, ignore_errors=True)
    finally:
        server.shutdown()
        shutil.rmtree(bare_dir, ignore_errors=True)

    def med(name, kind, key):
        vals = [r[kind][key] for r in results[name] if r[kind][key] is not None]
        return statistics.median(vals) if vals else float("nan")

    print(f"boot benchmark, {args.runs} runs each, medians (Chromium headless, loopback), "
          f"load before {load_before}, after {load_average()}")
    print(f"{'':6}{'':6}{'first paint ms':>16}{'interactive ms':>16}{'(wall ms)':>11}{'bytes':>12}{'requests':>10}")
    for kind in ("cold", "warm"):
        for name in ("bare", "page"):
            print(f"{kind:6}{name:6}{med(name, kind, 'fcp_ms'):16.0f}{med(name, kind, 'tti_ms'):16.0f}"
                  f"{med(name, kind, 'wall_ms'):11.0f}{med(name, kind, 'bytes'):12.0f}{med(name, kind, 'requests'):10.0f}")
        for key, label in (("fcp_ms", "first paint"), ("tti_ms", "interactive"), ("wall_ms", "wall"),
                           ("bytes", "bytes")):
            b = med("bare", kind, key)
            p = med("page", kind, key)
            ratio = p / b if b else float("nan")
            print(f"  ratio page/bare {kind} {label}: {ratio:.2f}")
    if args.all:
        for name in ("bare", "page"):
            for r in results[name]:
                print(name, {k: {m: round(v) if isinstance(v, float) else v for m, v in r[k].items()} for k in r})
    modes = sorted({r[k]["mode"] for r in results["page"] for k in ("cold", "warm")})
    bare_cold = med("bare", "cold", "tti_ms")
    checks = [
        ("first paint cold <= 300 ms", med("page", "cold", "fcp_ms") <= 300),
        ("interactive cold <= 0.4 x bare cold", med("page", "cold", "tti_ms") <= 0.4 * bare_cold),
        ("interactive warm <= 0.2 x bare cold", med("page", "warm", "tti_ms") <= 0.2 * bare_cold),
        ("bytes cold <= 1.6 x bare cold", med("page", "cold", "bytes") <= 1.6 * med("bare", "cold", "bytes")),
    ]
    print(f"python start: {', '.join(str(m) for m in modes)}")
    for label, ok in checks:
        print(f"  {'met   ' if ok else 'MISSED'} {label}")


if __name__ == "__main__":
    main()
