extension DecisionMap {
  /// The decision map's styles on top of the base page style (`PageStyle.base`): the outcomes'
  /// fills (`OutcomeStyle.css`) and the charts' own. The one definition: the HTML reports write
  /// it, the playground gets it from its engine (`Playground.styles`).
  package static let css = OutcomeStyle.css + chartCSS

  /// The charts' own styles: figures, regions, edges, labels, ticks, points, the legend, the slice
  /// selector and the index.
  package static let chartCSS = """
    .maps { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(380px, 100%), 1fr)); gap: 18px 22px; }
    figure.map { margin: 0; padding: 10px 12px 8px; background: var(--panel); border-radius: 8px; }
    figure.map:target { outline: 3px solid var(--accent); }
    figure.map h3 .num { color: var(--muted); font-weight: 500; }
    figure.map .detail { font-size: 0.8em; margin: 0 0 4px; }
    .slice-caption { font-size: 0.8em; margin: 4px 0 0; }
    svg.chart { width: 100%; height: auto; display: block; overflow: visible; }
    .cell .hatch { pointer-events: none; }
    .cell:hover .fill, .cell:focus .fill { filter: brightness(0.9); }
    .cell:focus { outline: none; }
    .cell:focus .fill { stroke: var(--accent); stroke-width: 3; }
    .edge { stroke: var(--edge); stroke-width: 1.6; }
    .edge.open { stroke-dasharray: 4 3; }
    .labels { pointer-events: none; }
    .cell-label { font-size: 13px; paint-order: stroke; stroke: var(--halo); stroke-width: 3px; stroke-linejoin: round; }
    .cell-label .lead { font-weight: 700; }
    .cell-label tspan { fill: var(--fg); }
    .unchanged { opacity: 0.38; }
    .change-mark { fill: none; stroke: var(--fg); stroke-width: 3.5; }
    .frame { fill: none; stroke: var(--line); }
    .tick { stroke: var(--muted); } .tick.strong { stroke: var(--fg); stroke-width: 1.5; }
    .tick-label { font-size: 13px; }
    .axis-title { font-size: 13px; font-weight: 600; }
    .axis-hint { font-size: 13px; fill: var(--muted); }
    .p-fixture circle, .p-shot path, .p-witness rect { stroke: var(--fg); stroke-width: 1.6; }
    .p-fixture circle { fill: var(--bg); }
    .p-shot path { fill: var(--fg); fill-opacity: 0.7; }
    .p-witness rect { fill: #ffd34d; }
    .beyond { fill: var(--fg); stroke: none; }
    .point-label, .point-count { font-size: 13px; font-weight: 700; paint-order: stroke; stroke: var(--halo); stroke-width: 3px; }
    .cell-info { min-height: 2.8em; font-size: 0.85em; margin: 4px 0 0; }
    .legend .swatches { list-style: none; padding: 0; margin: 0.4em 0; display: grid;
      grid-template-columns: repeat(auto-fill, minmax(min(330px, 100%), 1fr)); gap: 4px 18px; }
    .legend .swatches li { display: flex; align-items: center; gap: 8px; }
    .legend .swatches.small { font-size: 0.88em; }
    svg.swatch { width: 34px; height: 22px; flex: none; }
    .swatch-frame { fill: none; stroke: var(--muted); }
    .reasons { margin: 0.2em 0 0.2em; padding-left: 1.6em; font-size: 0.92em; }
    p.small { font-size: 0.85em; margin: 0 0 0.6em; }
    fieldset.slices { border: 1px solid var(--line); border-radius: 6px; margin: 1em 0; padding: 6px 12px 8px; }
    fieldset.slices label { margin-right: 1.4em; display: inline-block; }
    details.index { margin: 0.6em 0 1em; }
    details.index summary { cursor: pointer; font-weight: 600; }
    details.index ol { columns: 3 260px; font-size: 0.9em; margin: 0.2em 0 0; }
    .warning { border-left: 4px solid #d0453a; padding: 4px 10px; background: var(--panel); }
    svg.defs { position: absolute; }
    @media print {
      .maps { grid-template-columns: repeat(2, 1fr); gap: 10px; }
      figure.map { background: none; border: 1px solid #999; }
      .cell-info { display: none; }
      .unchanged { opacity: 0.5; }
    }

    """
}
