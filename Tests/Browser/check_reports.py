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
                "doc": {"from": "#legend", "to": "#situation-6", "file": "x.png"},  # with --screenshots
                "layout": {"widths": [390, 1280],            # at each width, light and dark:
                           "chart_text": "svg.bean-chart",   #   text in these SVGs >= min_text px
                           "min_text": 11,
                           "axe": true,                      #   axe-core finds no violation
                           "focus": true}}]}                 #   Tab shows a visible focus ring

For every page: it loads from file:// with every other request refused (a report must need no
network), fails on any console error or uncaught exception, takes a screenshot in the light
scheme, in the dark scheme and for print, and requires each to be far from blank (the variance of
pixel brightness and the share of pixels unlike the background). Then it asserts on the DOM after
the page's script ran. With "layout", it loads the page again at each width (a 390 px phone, a
1280 px desktop) in the light and the dark scheme and requires: no horizontal scroll, chart text at
least "min_text" px as rendered (font size times the SVG's scale), no violation of axe-core's
rules (axe-playwright-python, every rule axe runs by default), and a visible focus ring on the
first element Tab reaches; screenshots of each go to DIR/NAME-WIDTH-SCHEME.png. Prints one line
per page and a closing 'N passed, N failed' line; exits 1 when anything failed.
"""
import base64
import json
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

try:
    from axe_playwright_python.sync_playwright import Axe
except ImportError:  # reported as a failure by any page that asks for an audit
    Axe = None


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


CHART_TEXT = """(selector) => {
  let least = Infinity, where = '';
  for (const svg of document.querySelectorAll(selector)) {
    const box = svg.getBoundingClientRect();
    const view = svg.viewBox && svg.viewBox.baseVal;
    if (!box.width || !box.height || !view || !view.width) continue;
    const scale = Math.min(box.width / view.width, box.height / view.height);
    for (const t of svg.querySelectorAll('text, tspan')) {
      if (!t.textContent.trim() || !t.getClientRects().length) continue;
      const size = parseFloat(getComputedStyle(t).fontSize) * scale;
      if (size < least) { least = size; where = (svg.getAttribute('class') || 'svg') + ': ' + t.textContent.trim().slice(0, 40); }
    }
  }
  return [least === Infinity ? null : least, where];
}"""

FOCUS_RING = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return 'nothing took the focus';
  const s = getComputedStyle(e);
  const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
  const fill = e.querySelector && e.querySelector('.fill');
  const stroke = fill && parseFloat(getComputedStyle(fill).strokeWidth) >= 2;
  return outline || stroke ? '' : 'no visible focus ring on ' + e.tagName.toLowerCase() + ' ' + (e.textContent || '').trim().slice(0, 30);
}"""


def check_layout(browser, page_spec, screenshots):
    """The page at each width in each scheme: no horizontal scroll, chart text large enough,
    no axe-core violation, a visible focus ring."""
    layout = page_spec["layout"]
    problems = []
    for width in layout.get("widths", [390, 1280]):
        for scheme in ["light", "dark"]:
            label = f"{width} px {scheme}"
            context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
            page = context.new_page()
            page.route("**/*", lambda r: r.continue_() if r.request.url.startswith("file://") else r.abort())
            page.goto(Path(page_spec["file"]).resolve().as_uri())
            page.wait_for_load_state("load")
            if screenshots:
                Path(screenshots, f"{page_spec['name']}-{width}-{scheme}.png").write_bytes(page.screenshot(full_page=True))
            scroll, client = page.evaluate(
                "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
            if scroll > client:
                wide = page.evaluate(
                    "(w) => [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > w + 1)"
                    ".slice(0, 3).map(e => e.tagName.toLowerCase() + '.' + (e.getAttribute('class') || ''))", client)
                problems.append(f"{label}: scrolls sideways ({scroll} px of content in {client} px; widest: {wide})")
            selector = layout.get("chart_text")
            if selector:
                least, where = page.evaluate(CHART_TEXT, selector)
                minimum = layout.get("min_text", 11)
                if least is None:
                    problems.append(f"{label}: no chart text found in {selector}")
                elif least < minimum - 0.01:
                    problems.append(f"{label}: chart text {least:.1f} px, under {minimum} px ({where})")
            if layout.get("axe"):
                if Axe is None:
                    problems.append("axe-playwright-python is not installed")
                else:
                    found = Axe().run(page).response["violations"]
                    for v in found:
                        nodes = [n["target"][0] if n.get("target") else "?" for n in v["nodes"][:3]]
                        problems.append(f"{label}: axe {v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {v['help']} {nodes}")
            if layout.get("focus"):
                page.keyboard.press("Tab")
                missing = page.evaluate(FOCUS_RING)
                if missing:
                    problems.append(f"{label}: {missing}")
            context.close()
    return problems


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
            if page_spec.get("layout"):
                problems += check_layout(browser, page_spec, screenshots)
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
