#!/usr/bin/env python3
"""Checks HTML reports in a real browser (headless Chromium driven by Playwright).

Usage: check_reports.py MANIFEST.json [--screenshots DIR]

The manifest lists pages and what each must show:

    {"chromium": "/usr/bin/chromium",
     "pages": [{"file": "/tmp/x/report.html", "name": "rules-report",
                "count": {".cell": 120, "[data-legend]": 12},   # exact counts of elements
                "at_least": {"[data-point=fixture]": 1},         # minimum counts
                "texts": ["Legend", "sour, not bitter"],         # in the rendered text
                "focus": ".cell",                                # focus one, expect its name shown
                "slices": true,                                  # the selector switches charts (and
                                                                 # without script all are shown)
                "screenshot": {"width": 1300, "height": 2400, "full_page": false},
                "doc": {"from": "#legend", "to": "#situation-6", "file": "x.png"}}]}  # with --screenshots

For every page: it loads from file:// with every other request refused (a report must need no
network), fails on any console error or uncaught exception, takes a screenshot in the light
scheme, in the dark scheme and for print, and requires each to be far from blank (the variance of
pixel brightness and the share of pixels unlike the background). Then it asserts on the DOM after
the page's script ran. Prints one line per page and a closing 'N passed, N failed' line; exits 1
when anything failed.
"""
import base64
import json
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright


STATS = """async (b64) => {
  const img = new Image();
  img.src = 'data:image/png;base64,' + b64;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = img.width; canvas.height = img.height;
  const g = canvas.getContext('2d');
  g.drawImage(img, 0, 0);
  const d = g.getImageData(0, 0, img.width, img.height).data;
  let n = 0, sum = 0, sq = 0, different = 0;
  const bg = (d[0] * 299 + d[1] * 587 + d[2] * 114) / 1000;
  for (let i = 0; i < d.length; i += 8) {
    const v = (d[i] * 299 + d[i + 1] * 587 + d[i + 2] * 114) / 1000;
    n++; sum += v; sq += v * v;
    if (Math.abs(v - bg) > 24) different++;
  }
  const mean = sum / n;
  return [sq / n - mean * mean, mean, different / n];
}"""


def brightness_stats(browser, data):
    """Variance of brightness, mean brightness, and the share of pixels unlike the top-left pixel,
    computed by the browser itself from the PNG (so no image library is needed)."""
    page = browser.new_page()
    try:
        return page.evaluate(STATS, base64.b64encode(data).decode("ascii"))
    finally:
        page.close()


def check_page(browser, page_spec, screenshots):
    problems = []
    shot = page_spec.get("screenshot", {})
    width = shot.get("width", 1300)
    height = shot.get("height", 1600)
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=shot.get("scale", 1))
    page = context.new_page()
    refused = []

    def route(r):
        if r.request.url.startswith("file://"):
            r.continue_()
        else:
            refused.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(Path(page_spec["file"]).resolve().as_uri())
    page.wait_for_load_state("load")

    def screenshot(label):
        data = page.screenshot(full_page=shot.get("full_page", False))
        if screenshots:
            Path(screenshots, f"{page_spec['name']}-{label}.png").write_bytes(data)
        variance, mean, different = brightness_stats(browser, data)
        if variance < 150 or different < 0.03:
            problems.append(f"{label} screenshot looks blank (variance {variance:.0f}, {different:.1%} unlike the background)")
        return mean

    light = screenshot("light")
    doc = page_spec.get("doc")
    if doc and screenshots:
        # A picture for the docs: from the top of one element to the bottom of another.
        box = page.evaluate(
            "([a, b]) => { const r = document.querySelector(a).getBoundingClientRect();"
            " const s = document.querySelector(b).getBoundingClientRect();"
            " return [r.top + window.scrollY, s.bottom + window.scrollY]; }", [doc["from"], doc["to"]])
        top = max(0, box[0] - 8)
        clip = {"x": 0, "y": top, "width": width, "height": box[1] - top + 8}
        Path(screenshots, doc["file"]).write_bytes(page.screenshot(full_page=True, clip=clip))
    for selector, expected in page_spec.get("count", {}).items():
        found = page.locator(selector).count()
        if found != expected:
            problems.append(f"expected {expected} × {selector}, found {found}")
    for selector, expected in page_spec.get("at_least", {}).items():
        found = page.locator(selector).count()
        if found < expected:
            problems.append(f"expected at least {expected} × {selector}, found {found}")
    text = page.inner_text("body")
    for needle in page_spec.get("texts", []):
        if needle not in text:
            problems.append(f"text {needle!r} not on the page")
    for selector in page_spec.get("titled", []):
        untitled = page.eval_on_selector_all(
            selector, "els => els.filter(e => !e.getAttribute('aria-label') || !e.querySelector('title')).length")
        if untitled:
            problems.append(f"{untitled} × {selector} without an aria-label and a <title>")
    focus = page_spec.get("focus")
    if focus:
        element = page.locator(focus).first
        element.focus()
        label = element.get_attribute("aria-label") or ""
        info = page.evaluate(
            "(s) => { const e = document.activeElement; const f = e && e.closest('figure');"
            " const i = f && f.querySelector('.cell-info'); return i ? i.textContent : ''; }", focus)
        if not label or info != label:
            problems.append(f"focusing {focus} did not show its name (label {label[:60]!r}, info {info[:60]!r})")
    if page_spec.get("slices"):
        hidden_before = page.locator(".slice[data-slice='1']").first.is_hidden()
        page.locator("input[name=slice][value='1']").check()
        shown_after = page.locator(".slice[data-slice='1']").first.is_visible()
        hidden_first = page.locator(".slice[data-slice='0']").first.is_hidden()
        if not (hidden_before and shown_after and hidden_first):
            problems.append("the slice selector does not switch the charts")
        page.locator("input[name=slice][value='0']").check()
    page.emulate_media(color_scheme="dark")
    dark = screenshot("dark")
    if not dark < light - 40:
        problems.append(f"the dark scheme is not dark (mean brightness {dark:.0f} against {light:.0f})")
    page.emulate_media(color_scheme="light", media="print")
    screenshot("print")
    shown = page.eval_on_selector_all(".no-print", "els => els.filter(e => getComputedStyle(e).display !== 'none').length")
    if shown:
        problems.append(f"{shown} × .no-print still shown for print")
    page.emulate_media(media="screen")
    if refused:
        problems.append(f"the page asked for {len(refused)} non-file resource(s): {refused[:3]}")
    if errors:
        problems.append(f"console errors: {errors[:3]}")
    context.close()
    if page_spec.get("slices"):
        # Without script every slice is shown, each captioned: nothing is lost.
        bare = browser.new_context(java_script_enabled=False, viewport={"width": width, "height": height})
        plain = bare.new_page()
        plain.goto(Path(page_spec["file"]).resolve().as_uri())
        slices = plain.locator(".slice")
        hidden = sum(1 for i in range(slices.count()) if slices.nth(i).is_hidden())
        if hidden:
            problems.append(f"without script {hidden} of {slices.count()} slices are hidden")
        bare.close()
    return problems


def main():
    manifest = json.loads(Path(sys.argv[1]).read_text())
    screenshots = None
    if "--screenshots" in sys.argv:
        screenshots = sys.argv[sys.argv.index("--screenshots") + 1]
        Path(screenshots).mkdir(parents=True, exist_ok=True)
    passed = failed = 0
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=manifest["chromium"], args=["--no-sandbox", "--disable-gpu"])
        for page_spec in manifest["pages"]:
            problems = check_page(browser, page_spec, screenshots)
            if problems:
                failed += 1
                print(f"FAIL {page_spec['name']}")
                for problem in problems:
                    print(f"  {problem}")
            else:
                passed += 1
                print(f"ok   {page_spec['name']}")
        browser.close()
    print(f"browser: {passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
