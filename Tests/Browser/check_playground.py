#!/usr/bin/env python3
"""Checks the playground (docs/playground) in a real browser (headless Chromium driven by Playwright).

Usage: check_playground.py MANIFEST.json OUTPUT.json [--screenshot FILE.png]

The manifest (written by BrowserPlaygroundTests):

    {"chromium": "/usr/bin/chromium",
     "root": "/…/docs/playground",                      # served over HTTP on a free local port
     "mistake": {"find": "…", "replace": "…",           # an edit of the default table that
                 "code": "C002", "line": 65, "column": 8},  # lint reports like this
     "sour_fast": {"time_s": 21}}                        # the shot's time for a fast shot

The page is served by a local HTTP server started here (module workers and fetch need HTTP);
every request elsewhere is refused (the page must need no network). The script:

 1. loads the page: the default table is in the editor and a first decision is on screen, with
    no console error; the report's styles, delivered by the engine, apply before the page's own;
 2. types the mistake into the editor: its diagnostic appears with that code at that line:column,
    its span is marked in the editor, and clicking it puts the caret there; undoing the edit
    makes it go away;
 3. picks the tastes sour (only) and a fast time in the shot form, then records the decision
    (the engine's decision JSON, `data-decision`), the explanation text and the raw shot JSON for
    the Swift test to compare with `dialrules explain` and `eval`;
 4. opens the page's own link (the URL with its fragment) in a new page: the same rules, shot,
    language, decision and explanation;
 5. drives the shot form by keyboard alone in a fresh page (Tab to the fields, type, Space on
    chips) and expects the same decision;
 6. runs axe-core (every rule it runs by default) once the map is drawn: no violation;
 9. the map marks the shot from the form ("your shot", on the chart of its situation) and the
    mark moves when the shot's time changes, without a new analysis; every region of the charts
    is focusable and named, and focusing one names it under its chart; every tick label has at
    most two decimals and no y axis title overlaps its tick labels; each rules text is analysed
    once (never twice in a row).
 7. with --screenshot, writes a picture of the page (sour, fast shot on the default table);
 8. measures: first decision after load, and a keystroke's check and decision and its analysis
    (from the page's own timings).

Writes what it saw to OUTPUT.json; prints one line per problem and exits 1 when there was any.
"""
import functools
import http.server
import json
import re
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

try:
    from axe_playwright_python.sync_playwright import Axe
except ImportError:
    Axe = None


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json"}

    def log_message(self, *args):
        pass


def serve(root):
    handler = functools.partial(QuietHandler, directory=root)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


class Session:
    """One browser context with the network refused and errors collected."""

    def __init__(self, browser, base, problems, **options):
        self.context = browser.new_context(**options)
        self.page = self.context.new_page()
        self.refused = []
        self.errors = []
        self.problems = problems
        self.base = base
        self.page.route("**/*", self.route)
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def route(self, r):
        if r.request.url.startswith(self.base):
            r.continue_()
        else:
            self.refused.append(r.request.url)
            r.abort()

    def open(self, url):
        self.page.goto(url)
        self.page.wait_for_selector("body[data-ready=true]", timeout=60000)
        self.wait_fast()

    def fast_runs(self):
        return int(self.page.evaluate("() => document.body.dataset.fastRuns || '0'"))

    def wait_fast(self, after=0):
        """Waits until the page finished a check-and-decide run after `after` runs and is idle."""
        self.page.wait_for_function(f"() => Number(document.body.dataset.fastRuns || 0) > {after}", timeout=60000)
        self.page.wait_for_timeout(50)

    def wait_analysis(self, after=0):
        self.page.wait_for_function(f"() => Number(document.body.dataset.analyses || 0) > {after}", timeout=300000)

    def placements(self):
        return int(self.page.evaluate("() => document.body.dataset.placements || '0'"))

    def wait_placed(self, after=0):
        self.page.wait_for_function(f"() => Number(document.body.dataset.placements || 0) > {after}", timeout=60000)

    def marker(self):
        return self.page.evaluate("""() => {
          const g = [...document.querySelectorAll('#map .your-shot')];
          if (g.length !== 1) return {count: g.length};
          const c = g[0].querySelector('circle.mark');
          return {count: 1, x: g[0].dataset.x, y: g[0].dataset.y, cx: c && c.getAttribute('cx'), cy: c && c.getAttribute('cy'),
                  label: g[0].getAttribute('aria-label'), figure: g[0].closest('figure').id,
                  chartLabel: g[0].closest('svg').getAttribute('aria-label'), place: document.getElementById('shot-place').textContent};
        }""")

    def analyses(self):
        return int(self.page.evaluate("() => document.body.dataset.analyses || '0'"))

    def snapshot(self):
        return self.page.evaluate("""() => ({
          rules: document.getElementById('rules').value,
          shot: document.getElementById('shot-json').value,
          lang: document.getElementById('lang').value,
          decision: document.getElementById('decision').textContent,
          decisionJSON: document.getElementById('decision').dataset.decision || null,
          explanation: document.getElementById('explanation').textContent,
        })""")

    def close(self, name):
        if self.refused:
            self.problems.append(f"{name}: the page asked for {len(self.refused)} outside resource(s): {self.refused[:3]}")
        if self.errors:
            self.problems.append(f"{name}: console errors: {self.errors[:3]}")
        self.context.close()


def set_rules(page, text):
    """Replaces the editor's text as one edit (Playwright's fill types long texts far too slowly)."""
    page.evaluate("(t) => { const a = document.getElementById('rules'); a.focus(); a.value = t;"
                  " a.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertReplacementText'})); }", text)


def set_number(page, name, value):
    page.fill(f"input[name='{name}']", str(value))


def pick_sour_fast(page, time_s):
    """Clicks the chips (as a pointer would) until only sour is picked, then types the time."""
    for tag in ["sour", "bitter", "balanced", "thin", "strong", "harsh"]:
        if page.is_checked(f"input[name=taste][value={tag}]") != (tag == "sour"):
            page.click(f"label.chip:has(input[name=taste][value={tag}]) span")
    set_number(page, "shot.time_s", time_s)


def diagnostics(page):
    return page.eval_on_selector_all(
        "#diagnostics button.diagnostic",
        "els => els.map(e => ({code: e.dataset.code, line: Number(e.dataset.line), column: Number(e.dataset.column)}))")


def main():
    manifest = json.loads(Path(sys.argv[1]).read_text())
    output_path = Path(sys.argv[2])
    screenshot = sys.argv[sys.argv.index("--screenshot") + 1] if "--screenshot" in sys.argv else None
    problems = []
    seen = {}
    if manifest.get("base_url"):  # a server already running (for working on the page)
        server, base = None, manifest["base_url"]
    else:
        server, base = serve(manifest["root"])
    url = base + "index.html"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=manifest["chromium"], args=["--no-sandbox", "--disable-gpu"])

            # 1. Load: the default table and a first decision.
            s = Session(browser, base, problems, viewport={"width": 1300, "height": 1500})
            s.open(url)
            first = s.snapshot()
            seen["default_rules"] = first["rules"]
            seen["first_decision"] = first["decision"]
            if "\ndialrules 1\n" not in first["rules"]:
                problems.append(f"load: the editor does not hold the default table: {first['rules'][:40]!r}")
            if not first["decision"] or first["decision"] in ["…", "No decision"]:
                problems.append(f"load: no first decision ({first['decision']!r})")
            if s.page.locator("#highlight span.tm-keyword").count() < 10:
                problems.append("load: the rules are not highlighted")
            timings = s.page.evaluate("() => window.playgroundTimings")
            seen["first_decision_ms"] = timings["firstDecisionMs"]
            s.wait_analysis()
            if s.page.locator("figure.map").count() < 2:
                problems.append("load: the decision map is not drawn")
            seen["map_figures"] = s.page.locator("figure.map").count()
            seen["map_cells"] = s.page.locator("figure.map .cell").count()
            # The report's styles, delivered by the engine, apply: its base style (the body's
            # type), its chart styles (a chart's panel), and the page's own sheet after them.
            styled = s.page.evaluate("""() => ({
              body: getComputedStyle(document.body).fontSize,
              figure: document.querySelector('figure.map') && getComputedStyle(document.querySelector('figure.map')).borderTopLeftRadius,
              first: document.head.querySelector('style, link[rel=stylesheet]').id,
            })""")
            seen["styles"] = styled
            if styled != {"body": "15px", "figure": "8px", "first": "engine-styles"}:
                problems.append(f"load: the engine's styles do not apply before the page's own ({styled})")
            seen["load_diagnostics"] = diagnostics(s.page)

            # 8. Budgets: a keystroke at the end of the table (a comment), then its analysis.
            for i in range(5):
                runs = s.fast_runs()
                analyses = s.analyses()
                s.page.focus("#rules")
                s.page.keyboard.press("Control+End")
                s.page.keyboard.type("#" if i % 2 == 0 else "x")
                s.wait_fast(runs)
                s.wait_analysis(analyses)
            timings = s.page.evaluate("() => window.playgroundTimings")
            seen["keystrokes"] = timings["keystrokes"][-5:]
            seen["analyses"] = timings["analyses"][-5:]
            seen["charts"] = timings["charts"][-5:]
            runs = s.fast_runs()
            set_rules(s.page, first["rules"])
            s.wait_fast(runs)

            # 2. A mistake, its diagnostic at lint's place, then fixed.
            mistake = manifest["mistake"]
            if mistake["find"] not in first["rules"]:
                problems.append(f"mistake: {mistake['find']!r} is not in the default table")
            runs = s.fast_runs()
            analyses = s.analyses()
            set_rules(s.page, first["rules"].replace(mistake["find"], mistake["replace"], 1))
            s.wait_fast(runs)
            found = diagnostics(s.page)
            seen["mistake_diagnostics"] = found
            s.wait_analysis(analyses)  # the analysis of the broken text lists the same diagnostics
            want = {"code": mistake["code"], "line": mistake["line"], "column": mistake["column"]}
            if want not in found:
                problems.append(f"mistake: expected {want} among the diagnostics, found {found[:5]}")
            else:
                if s.page.locator("#highlight mark.diag.error").count() < 1:
                    problems.append("mistake: the span is not marked in the editor")
                button = s.page.locator(f"#diagnostics button[data-code={mistake['code']}][data-line='{mistake['line']}']").first
                button.focus()
                s.page.keyboard.press("Enter")
                caret = s.page.evaluate("() => { const t = document.getElementById('rules'); return [document.activeElement === t, t.selectionStart, t.value.slice(0, t.selectionStart).split('\\n').length]; }")
                if not caret[0] or caret[2] != mistake["line"]:
                    problems.append(f"mistake: Enter on the diagnostic did not move the caret to line {mistake['line']} ({caret})")
            runs = s.fast_runs()
            before_fix = s.analyses()
            set_rules(s.page, first["rules"])
            s.wait_fast(runs)
            after = diagnostics(s.page)
            if any(d["code"] == mistake["code"] for d in after):
                problems.append(f"fixed: the diagnostic is still listed: {after[:5]}")

            # 3. Sour and fast.
            runs = s.fast_runs()
            pick_sour_fast(s.page, manifest["sour_fast"]["time_s"])
            s.wait_fast(runs)
            s.page.wait_for_timeout(400)
            s.wait_analysis(before_fix)  # the map of the fixed table is drawn again
            sour = s.snapshot()
            seen["sour_fast"] = sour
            if not sour["decisionJSON"]:
                problems.append(f"sour, fast: no decision ({sour['decision']!r})")

            # 9. The shot on the map, and the map's ticks and titles.
            s.wait_placed(0)
            s.page.wait_for_timeout(100)
            mark = s.marker()
            seen["marker"] = mark
            if mark["count"] != 1:
                problems.append(f"marker: {mark['count']} marks of the shot on the map, expected 1")
            elif "Your shot" not in (mark["label"] or "") or "Your shot" not in (mark["chartLabel"] or "") or "Your shot" not in mark["place"]:
                problems.append(f"marker: the mark is not named 'Your shot' ({mark})")
            ticks = s.page.eval_on_selector_all("#map .tick-label", "els => els.map(e => e.textContent)")
            seen["tick_labels"] = sorted(set(ticks))
            long_ticks = [t for t in ticks if re.search(r"\d\.\d{3,}", t)]
            if not ticks or long_ticks:
                problems.append(f"ticks: labels with more than two decimals: {long_ticks[:5]} (of {len(ticks)})")
            overlaps = s.page.evaluate("""() => {
              const out = [];
              for (const svg of document.querySelectorAll('#map svg.chart')) {
                const title = [...svg.querySelectorAll('text.axis-title')].find(t => (t.getAttribute('transform') || '').includes('rotate'));
                if (!title) continue;
                const t = title.getBoundingClientRect();
                for (const label of svg.querySelectorAll('text.tick-label[dy]')) {
                  const r = label.getBoundingClientRect();
                  if (r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom) out.push(label.textContent);
                }
              }
              return out;
            }""")
            if overlaps:
                problems.append(f"ticks: the y title overlaps the tick labels {sorted(set(overlaps))[:5]}")
            # Every region of the engine's charts is focusable and named; focusing one names it
            # in the line under its chart, as in the report.
            focus = s.page.evaluate("""() => {
              const cells = [...document.querySelectorAll('#map figure.map .cell')];
              if (!cells.length) return null;
              const cell = cells[0];
              cell.focus();
              const info = cell.closest('figure').querySelector('.cell-info');
              const out = {focused: document.activeElement === cell, label: cell.getAttribute('aria-label'),
                info: info && info.textContent,
                unnamed: cells.filter(c => c.getAttribute('tabindex') !== '0' || !c.getAttribute('aria-label')).length};
              cell.blur();
              return out;
            }""")
            seen["region_focus"] = focus
            if not focus or not focus["focused"] or not focus["label"] or focus["info"] != focus["label"] or focus["unnamed"]:
                problems.append(f"map: a focused region is not named under its chart, or regions are not focusable ({focus})")
            # The mark follows the shot, and no analysis runs for it.
            analyses_before = s.analyses()
            placed = s.placements()
            runs = s.fast_runs()
            set_number(s.page, "shot.time_s", manifest["sour_fast"]["time_s"] + 3)
            s.wait_fast(runs)
            s.wait_placed(placed)
            s.page.wait_for_timeout(100)
            moved = s.marker()
            seen["marker_moved"] = moved
            if moved["count"] != 1 or (moved["cx"], moved["x"]) == (mark.get("cx"), mark.get("x")):
                problems.append(f"marker: the mark did not move with the shot's time ({mark} then {moved})")
            placed = s.placements()
            runs = s.fast_runs()
            set_number(s.page, "shot.time_s", manifest["sour_fast"]["time_s"])
            s.wait_fast(runs)
            s.wait_placed(placed)
            s.page.wait_for_timeout(400)
            back = s.marker()
            if back.get("cx") != mark.get("cx"):
                problems.append(f"marker: the mark did not come back ({mark} then {back})")
            if s.analyses() != analyses_before:
                problems.append("marker: changing the shot ran the analysis again")
            if s.snapshot() != sour:
                problems.append("marker: the page differs after the shot's time went back")
            starts = s.page.evaluate("() => window.playgroundTimings.analysisStarts")
            seen["analysis_starts"] = starts
            twice = [a for a, b in zip(starts, starts[1:]) if a == b]
            if twice:
                problems.append(f"analysis: the same rules were analysed twice in a row ({len(twice)} times)")
            style = s.page.evaluate("() => document.getElementById('decision-style').dataset.outcome || null")
            seen["decision_style"] = style
            if not style:
                problems.append("decision: no outcome style (swatch) beside the decision")

            # 4. The page's link in a new page: the same state.
            s.page.wait_for_timeout(400)  # the fragment follows changes after a short pause
            link = s.page.evaluate("() => location.href")
            seen["link_length"] = len(link)
            if "#" not in link:
                problems.append("link: the URL has no fragment")
            other = Session(browser, base, problems, viewport={"width": 1300, "height": 1500})
            other.open(link)
            again = other.snapshot()
            for key in ["rules", "shot", "lang", "decision", "decisionJSON", "explanation"]:
                if again[key] != sour[key]:
                    problems.append(f"link: {key} differs in the new page: {str(again[key])[:80]!r} against {str(sour[key])[:80]!r}")
            copied = other.page.input_value("#share-link")
            if copied != link:
                problems.append("link: the share field does not hold the page's link")
            other.close("shared link")

            # 6. axe-core over the page with the map drawn and the sour shot.
            if screenshot:
                s.page.evaluate("() => window.scrollTo(0, 0)")
                s.page.wait_for_timeout(200)
                box = s.page.evaluate("() => { const f = document.querySelectorAll('figure.map'); const e = f[Math.min(f.length, 3) - 1] || document.body; return e.getBoundingClientRect().bottom + window.scrollY; }")
                s.page.screenshot(path=screenshot, full_page=True, clip={"x": 0, "y": 0, "width": 1300, "height": min(box + 16, 4000)})
            if Axe is None:
                problems.append("axe-playwright-python is not installed")
            else:
                for scheme in ["light", "dark"]:
                    s.page.emulate_media(color_scheme=scheme)
                    s.page.wait_for_timeout(100)
                    for v in Axe().run(s.page).response["violations"]:
                        nodes = [n["target"][0] if n.get("target") else "?" for n in v["nodes"][:3]]
                        problems.append(f"axe ({scheme}): {v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {v['help']} {nodes}")
                s.page.emulate_media(color_scheme="light")
            s.close("main page")

            # 5. The shot form by keyboard alone.
            k = Session(browser, base, problems, viewport={"width": 1300, "height": 1500})
            k.open(url)
            page = k.page
            page.evaluate("() => document.activeElement && document.activeElement.blur()")
            path = []

            def tab_to(selector, limit=80):
                for _ in range(limit):
                    page.keyboard.press("Tab")
                    here = page.evaluate("(s) => { const e = document.activeElement; return [e.matches(s), e.tagName + (e.name ? '[' + e.name + ']' : '') + (e.value && e.type === 'checkbox' ? '=' + e.value : '')]; }", selector)
                    path.append(here[1])
                    if here[0]:
                        return True
                problems.append(f"keyboard: Tab never reached {selector} (went {path[-12:]})")
                return False

            runs = k.fast_runs()
            if tab_to("input[name='shot.time_s']"):
                page.keyboard.press("Control+A")
                page.keyboard.type(str(manifest["sour_fast"]["time_s"]))
            if tab_to("input[name=taste][value=sour]"):
                page.keyboard.press("Space")
            if tab_to("input[name=taste][value=balanced]"):
                page.keyboard.press("Space")
                ring = page.evaluate("() => { const s = getComputedStyle(document.activeElement.nextElementSibling); return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2; }")
                if not ring:
                    problems.append("keyboard: a focused chip shows no focus ring")
            k.wait_fast(runs)
            page.wait_for_timeout(400)
            by_keys = k.snapshot()
            seen["keyboard_path"] = path
            if by_keys["decisionJSON"] != sour["decisionJSON"] or by_keys["explanation"] != sour["explanation"]:
                problems.append(f"keyboard: the decision differs from the form's: {by_keys['decision']!r} against {sour['decision']!r}")
            if json.loads(by_keys["shot"]) != json.loads(sour["shot"]):
                problems.append("keyboard: the shot JSON differs from the one picked with the mouse")
            k.close("keyboard page")
            browser.close()
    finally:
        if server:
            server.shutdown()
    seen["problems"] = problems
    output_path.write_text(json.dumps(seen, indent=1, ensure_ascii=False))
    for problem in problems:
        print(f"FAIL {problem}")
    print(f"playground: {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
