/// The style every HTML page of the project starts with: the HTML reports (`HTMLDocument`) and
/// the browser playground, which gets it from its engine (`Playground.styles`).
///
/// Colours are variables, so the dark scheme (`prefers-color-scheme`) and print only swap values.
package enum PageStyle {
  /// The base style: colours, type, tables (and their reflow on a phone), focus rings, print.
  package static let base = """
    :root { color-scheme: light dark; --bg: #ffffff; --fg: #1c1c21; --muted: #595966; --line: #c8c8d0;
      --panel: #f4f4f7; --edge: #1c1c21; --accent: #1f5fbf; --halo: rgba(255,255,255,0.85);
      --pattern: rgba(0,0,0,0.32); --grid: rgba(0,0,0,0.10); --good: #1d6b3f; --bad: #b03025; }
    @media (prefers-color-scheme: dark) {
      :root { --bg: #141418; --fg: #e9e9ee; --muted: #a4a4b0; --line: #3b3b46; --panel: #202027;
        --edge: #f2f2f6; --accent: #86b4ff; --halo: rgba(20,20,24,0.85); --pattern: rgba(255,255,255,0.32);
        --grid: rgba(255,255,255,0.12); --good: #6fd39a; --bad: #ff8f80; }
    }
    * { box-sizing: border-box; }
    body { margin: 0 auto; max-width: 1240px; padding: 20px 24px 56px; background: var(--bg); color: var(--fg);
      font: 15px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", "Liberation Sans", sans-serif; }
    @media (max-width: 600px) { body { padding: 12px 12px 40px; } }
    h1, h2, h3, h4, p, li, dd, summary, figcaption { overflow-wrap: anywhere; }
    td, th { overflow-wrap: break-word; }
    h1 { font-size: 1.6em; margin: 0.2em 0 0.3em; }
    h2 { font-size: 1.25em; margin: 1.8em 0 0.5em; border-bottom: 1px solid var(--line); padding-bottom: 0.2em; }
    h3 { font-size: 1.02em; margin: 0 0 0.2em; }
    a { color: var(--accent); }
    code, .mono { font-family: "DejaVu Sans Mono", "Liberation Mono", ui-monospace, monospace; font-size: 0.92em; }
    .muted { color: var(--muted); }
    table { border-collapse: collapse; margin: 0.4em 0; }
    th, td { text-align: left; padding: 3px 10px 3px 0; border-bottom: 1px solid var(--line); vertical-align: top; }
    th { font-weight: 600; }
    td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
    /* A table of class "reflow" becomes one block per row on a phone, each cell led by its
       column's name (its data-label, or a page's own td:nth-child rule), so nothing scrolls
       sideways. */
    @media (max-width: 699px) {
      table.reflow, table.reflow tbody, table.reflow tr, table.reflow td { display: block; width: 100%; }
      table.reflow thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
      table.reflow tr { border-bottom: 1px solid var(--line); padding: 6px 0; }
      table.reflow td, table.reflow td:nth-child(n) { border: none; padding: 1px 0 1px 7em; text-align: left;
        position: relative; overflow-wrap: anywhere; white-space: normal; min-width: 0; }
      table.reflow td[data-label]::before { content: attr(data-label); }
      table.reflow td::before { color: var(--muted); position: absolute; left: 0;
        width: 6.5em; overflow-wrap: anywhere; }
      table.reflow td:empty { display: none; }
    }
    svg text { fill: var(--fg); font-family: inherit; }
    :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
    @media print {
      :root { --bg: #ffffff; --fg: #000000; --muted: #333333; --line: #999999; --panel: #ffffff; --edge: #000000;
        --accent: #000000; --halo: rgba(255,255,255,0.9); --pattern: rgba(0,0,0,0.45); --grid: rgba(0,0,0,0.15);
        --good: #000000; --bad: #000000; }
      body { max-width: none; padding: 0; font-size: 10.5pt; }
      .no-print { display: none !important; }
      figure, section.finding, tr { break-inside: avoid; }
      a { text-decoration: none; }
    }

    """
}
