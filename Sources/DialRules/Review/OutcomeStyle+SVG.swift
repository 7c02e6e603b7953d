extension OutcomeStyle {
  /// Every family with its pattern, as SVG `<defs>`; drawn once per page and referenced by id.
  /// The one definition: the HTML report writes it, the playground gets it from its engine
  /// (`Playground.styles`).
  package static let patterns = """
    <pattern id="p-finer" width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="7" class="pat"/></pattern>
    <pattern id="p-coarser" width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)"><line x1="0" y1="0" x2="0" y2="7" class="pat"/></pattern>
    <pattern id="p-yield-up" width="8" height="8" patternUnits="userSpaceOnUse"><circle cx="4" cy="4" r="1.5" class="pat-dot"/></pattern>
    <pattern id="p-yield-down" width="8" height="8" patternUnits="userSpaceOnUse"><line x1="0" y1="4" x2="8" y2="4" class="pat"/></pattern>
    <pattern id="p-temp-up" width="8" height="8" patternUnits="userSpaceOnUse"><line x1="4" y1="0" x2="4" y2="8" class="pat"/></pattern>
    <pattern id="p-temp-down" width="8" height="8" patternUnits="userSpaceOnUse"><line x1="4" y1="0" x2="4" y2="8" class="pat"/><circle cx="0" cy="4" r="1.2" class="pat-dot"/></pattern>
    <pattern id="p-same" width="8" height="8" patternUnits="userSpaceOnUse"></pattern>
    <pattern id="p-abstain" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="8" class="pat"/><line x1="0" y1="0" x2="8" y2="0" class="pat"/></pattern>
    <pattern id="p-conflict" width="10" height="8" patternUnits="userSpaceOnUse"><path d="M0 6 L2.5 2 L5 6 L7.5 2 L10 6" class="pat"/></pattern>
    <pattern id="p-no-rule" width="12" height="12" patternUnits="userSpaceOnUse"><circle cx="6" cy="6" r="2.4" class="pat"/></pattern>
    <pattern id="p-incomplete" width="12" height="12" patternUnits="userSpaceOnUse"><path d="M6 2 L6 8 M6 10 L6 11" class="pat"/></pattern>
    """

  /// Fills per family, light and dark, and the pattern strokes.
  package static let css = """
    .o-finer { fill: #86aeea; } .o-coarser { fill: #eaa964; } .o-yield-up { fill: #8fd39d; }
    .o-yield-down { fill: #c8aaea; } .o-temp-up { fill: #f0a0ad; } .o-temp-down { fill: #9fd6e2; }
    .o-same { fill: #e4eed6; } .o-abstain { fill: #c6c6ce; } .o-conflict { fill: #f19083; }
    .o-no-rule { fill: #fcfcfc; } .o-incomplete { fill: #f3e08a; }
    @media (prefers-color-scheme: dark) {
      .o-finer { fill: #30599a; } .o-coarser { fill: #94571d; } .o-yield-up { fill: #2e7442; }
      .o-yield-down { fill: #634790; } .o-temp-up { fill: #8e3a4a; } .o-temp-down { fill: #2b6a78; }
      .o-same { fill: #3b4832; } .o-abstain { fill: #4a4a54; } .o-conflict { fill: #96382e; }
      .o-no-rule { fill: #1c1c22; } .o-incomplete { fill: #7a6a1e; }
    }
    @media print {
      .o-finer { fill: #86aeea; } .o-coarser { fill: #eaa964; } .o-yield-up { fill: #8fd39d; }
      .o-yield-down { fill: #c8aaea; } .o-temp-up { fill: #f0a0ad; } .o-temp-down { fill: #9fd6e2; }
      .o-same { fill: #e4eed6; } .o-abstain { fill: #c6c6ce; } .o-conflict { fill: #f19083; }
      .o-no-rule { fill: #ffffff; } .o-incomplete { fill: #f3e08a; }
    }
    .pat { stroke: var(--pattern); stroke-width: 1.3; fill: none; }
    .pat-dot { fill: var(--pattern); }

    """
}
