"""Start-up on a mid-range phone: this page against the bare PyScript page (bench/boot.py's,
from the same vendored files), side by side in one run, in Chromium emulating the phone (CDP:
``Emulation.setCPUThrottlingRate`` and ``Network.emulateNetworkConditions``).  Prints first
paint, interactive and bytes over the wire, cold (a new profile) and warm (a reload once the
page's offline worker controls it), the ratios page/bare and the targets, and where the page's
start spent its time (the phases static/boot.mjs and the app mark); then a guest's click
to the host's screen at a DODGY table of two tabs, both throttled (bench/rtt.py's measure).

    python3 build.py dist && python3 bench/phone.py [--runs 3] [--profile mid|slow|desktop]
        [--cpu 4 --down 20 --up 5 --latency 60] [--clicks 30] [--moves [phone_moves' flags]]

Bytes are CDP's ``encodedDataLength`` of every response of the page's load (headers included):
what the emulated line carries.  ``--moves`` then runs bench/phone_moves.py (a move's click to
the screen and the computers' decisions in every game, at the same CPU rate) when it exists.
"""
import argparse
import importlib
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _harness import ARGS, CHROMIUM, ROOT, serve, summary  # noqa: E402
import boot  # noqa: E402
import rtt  # noqa: E402

# cpu: Chromium's slow-down factor; down/up: Mbit/s; latency: ms added to each request.
PROFILES = {
    "mid": {"cpu": 4, "down": 20, "up": 5, "latency": 60},       # a mid-range phone on 4G / good Wi-Fi
    "slow": {"cpu": 6, "down": 5, "up": 1, "latency": 150},      # an older phone on a weak line
    "desktop": {"cpu": 1, "down": 100, "up": 20, "latency": 10},
}


def med(results, name, kind, key):
    vals = [r[kind][key] for r in results[name] if r[kind][key] is not None]
    return statistics.median(vals) if vals else float("nan")


def start_up(pw, base, phone, runs):
    results = {"page": [], "bare": []}
    for _ in range(runs):
        for name, url in (("bare", base + "bench-bare/"), ("page", base)):
            profile = tempfile.mkdtemp(prefix="clubtable-phone-")
            try:
                results[name].append(boot.measure(pw, url, profile, worker=name == "page", phone=phone))
            finally:
                shutil.rmtree(profile, ignore_errors=True)
    return results


def report_start_up(results, phone):
    print(f"{'':6}{'':6}{'first paint ms':>16}{'interactive ms':>16}{'(wall ms)':>11}{'bytes':>12}{'requests':>10}")
    for kind in ("cold", "warm"):
        for name in ("bare", "page"):
            print(f"{kind:6}{name:6}{med(results, name, kind, 'fcp_ms'):16.0f}{med(results, name, kind, 'tti_ms'):16.0f}"
                  f"{med(results, name, kind, 'wall_ms'):11.0f}{med(results, name, kind, 'wire_bytes'):12.0f}"
                  f"{med(results, name, kind, 'requests'):10.0f}")
        for key, label in (("tti_ms", "interactive"), ("wire_bytes", "bytes")):
            b, p = med(results, "bare", kind, key), med(results, "page", kind, key)
            print(f"  ratio page/bare {kind} {label}: {p / b if b else float('nan'):.2f}")
    modes = sorted({r[k]["mode"] for r in results["page"] for k in ("cold", "warm")})
    print(f"python start: {', '.join(str(m) for m in modes)}")
    if phone == PROFILES["mid"]:        # the targets are the mid-range phone's
        bare_tti, bare_bytes = med(results, "bare", "cold", "tti_ms"), med(results, "bare", "cold", "wire_bytes")
        for label, ok in (
                ("interactive cold <= 0.35 x bare cold", med(results, "page", "cold", "tti_ms") <= 0.35 * bare_tti),
                ("bytes cold <= 1.4 x bare cold", med(results, "page", "cold", "wire_bytes") <= 1.4 * bare_bytes),
                ("interactive warm <= 1500 ms", med(results, "page", "warm", "tti_ms") <= 1500),
                ("first paint cold <= 500 ms", med(results, "page", "cold", "fcp_ms") <= 500)):
            print(f"  {'met   ' if ok else 'MISSED'} {label}")


def report_phases(results):
    """The page's start, phase by phase: the median time (ms from navigation) at which each of its
    marks (``performance.mark``: "boot:*" in static/boot.mjs, "py:*" in the app) was reached,
    and the median time since the mark before it."""
    for kind in ("cold", "warm"):
        runs = [r[kind]["marks"] for r in results["page"] if r[kind].get("marks")]
        if not runs:
            continue
        names = sorted({n for marks in runs for n in marks}, key=lambda n: statistics.median(m.get(n, 0) for m in runs))
        print(f"{kind} start of the page, by phase (ms; median at / median since the one before):")
        before = None
        for name in names:
            at = statistics.median(m[name] for m in runs if name in m)
            since = statistics.median(m[name] - m[before] for m in runs if name in m and before in m) if before else at
            print(f"  {name:24}{at:8.0f}{since:8.0f}")
            before = name


def clicks(pw, base, phone, samples):
    """A guest's click to the host's screen (and to its own), both tabs at the phone's CPU rate."""
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    sessions = []

    def throttle(host, guest):
        for page in (host, guest):
            cdp = page.context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": phone["cpu"]})
            sessions.append(cdp)
    try:
        actions, others, _, games, _ = rtt.sample(browser.new_context(), base, samples, on_table=throttle)
    finally:
        browser.close()
    a = summary(actions)
    print(f"DODGY, two tabs at CPU {phone['cpu']}x ({games} games, loopback WebRTC):")
    print(f"  guest click -> guest screen: n={a['n']:4d}  p50={a['p50']:7.2f} ms  p99={a['p99']:7.2f} ms")
    if others:
        o = summary(others)
        print(f"  guest click -> host screen : n={o['n']:4d}  p50={o['p50']:7.2f} ms  p99={o['p99']:7.2f} ms")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--profile", choices=sorted(PROFILES), default="mid")
    for key, unit in (("cpu", "slow-down factor"), ("down", "Mbit/s"), ("up", "Mbit/s"), ("latency", "ms")):
        ap.add_argument(f"--{key}", type=float, help=f"{unit} (overrides the profile's)")
    ap.add_argument("--clicks", type=int, default=30, help="guest clicks timed at CPU rate (0: none)")
    ap.add_argument("--moves", action="store_true",
                    help="then run bench/phone_moves.py at the same CPU rate (further flags go to it)")
    ap.add_argument("--all", action="store_true", help="print every run, not only the medians")
    args, rest = ap.parse_known_args(argv)
    if rest and not args.moves:
        ap.error(f"unknown arguments: {' '.join(rest)}")
    phone = dict(PROFILES[args.profile])
    phone.update({k: getattr(args, k) for k in phone if getattr(args, k) is not None})
    bare_dir = boot.bare_site()
    server, base = serve()
    load_before = boot.load_average()
    from playwright.sync_api import sync_playwright
    try:
        with sync_playwright() as pw:
            results = start_up(pw, base, phone, args.runs)
            shutil.rmtree(bare_dir, ignore_errors=True)
            print(f"phone benchmark: CPU {phone['cpu']:g}x, {phone['down']:g}/{phone['up']:g} Mbit/s, "
                  f"{phone['latency']:g} ms; {args.runs} runs each, medians; load before {load_before}, "
                  f"after {boot.load_average()}")
            report_start_up(results, phone)
            report_phases(results)
            if args.all:
                for name in ("bare", "page"):
                    for r in results[name]:
                        print(name, {k: {m: round(v) if isinstance(v, float) else v for m, v in r[k].items()} for k in r})
            if args.clicks:
                clicks(pw, base, phone, args.clicks)
    finally:
        server.shutdown()
        shutil.rmtree(bare_dir, ignore_errors=True)
    if args.moves:
        if not (ROOT / "bench" / "phone_moves.py").exists():
            print("--moves: bench/phone_moves.py is not in this checkout")
            return
        importlib.import_module("phone_moves").main(["--rate", f"{phone['cpu']:g}", *rest])


if __name__ == "__main__":
    main()
