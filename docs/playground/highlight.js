// Syntax highlighting from the project's TextMate grammar (docs/editors/dialrules.tmLanguage.json,
// the one editors use): a small interpreter of its `match` and `begin`/`end` rules, `include`s,
// `captures` and nested `patterns`, with JavaScript regular expressions. Lines are tokenized one
// by one, a begin/end rule staying open across lines as TextMate's do. The result is a list of
// tokens (offsets into the text and a scope name); `scopeClass` turns a scope into a CSS class.

/** Compiles a grammar (the parsed JSON) into the form `tokenize` runs. */
export function compileGrammar(grammar) {
  const repository = grammar.repository ?? {};
  const cache = new Map();
  function regex(source) {
    // Oniguruma and JavaScript agree on everything the grammar uses (\b, \s, lookahead, classes);
    // `$` means the end of the line, which is the end of the string handed to the regex.
    return new RegExp(source, 'dgu');
  }
  function rule(raw) {
    if (cache.has(raw)) return cache.get(raw);
    const r = {};
    cache.set(raw, r);
    if (raw.include) {
      const target = raw.include.startsWith('#') ? repository[raw.include.slice(1)] : raw.include === '$self' ? grammar : null;
      if (!target) throw new Error(`grammar: unknown include ${raw.include}`);
      r.include = rule(target);
      return r;
    }
    r.name = raw.name ?? null;
    if (raw.match) {
      r.match = regex(raw.match);
      r.captures = raw.captures ?? {};
    } else if (raw.begin) {
      r.begin = regex(raw.begin);
      r.end = raw.end;  // compiled per use: it may refer to the begin's captures (\1), unused here
      r.endRegex = regex(raw.end);
      r.beginCaptures = raw.beginCaptures ?? raw.captures ?? {};
      r.endCaptures = raw.endCaptures ?? raw.captures ?? {};
      r.contentName = raw.contentName ?? null;
    }
    if (raw.patterns) r.patterns = raw.patterns.map(rule);
    return r;
  }
  return { root: rule(grammar) };
}

/** The rules a list of patterns stands for, includes resolved, in order. */
function flatten(patterns, out = [], seen = new Set()) {
  for (const p of patterns ?? []) {
    if (p.include) {
      if (seen.has(p.include)) continue;
      seen.add(p.include);
      if (p.include.match || p.include.begin) out.push(p.include);
      else flatten(p.include.patterns, out, seen);
    } else if (p.match || p.begin) {
      out.push(p);
    } else {
      flatten(p.patterns, out, seen);
    }
  }
  return out;
}

function search(re, line, from) {
  re.lastIndex = from;
  const m = re.exec(line);
  return m;
}

/** Tokens for captured groups of `m` (offsets relative to the line start `base`). */
function captureTokens(m, captures, base, tokens) {
  for (const [group, spec] of Object.entries(captures)) {
    const span = m.indices?.[Number(group)];
    if (!span || !spec.name || span[0] === span[1]) continue;
    tokens.push({ start: base + span[0], end: base + span[1], scope: spec.name });
  }
}

/**
 * Tokenizes `text`: `[{start, end, scope}]`, offsets in UTF-16 code units, sorted by start; nested
 * tokens (a capture inside a named match) come after their parent.
 */
export function tokenize(compiled, text, closedLines = null) {
  const tokens = [];
  // The open begin/end rules, innermost last.
  let stack = [];
  const rootPatterns = compiled.rootPatterns ??= flatten(compiled.root.patterns);
  // Lines that start and end outside every begin/end rule tokenize the same wherever they are:
  // their tokens are kept by text, so a keystroke re-reads only the line it changed.
  const memo = compiled.memo ??= new Map();
  let base = 0;
  let index = 0;
  for (const line of text.split('\n')) {
    // `closedLines[i]`: whether line i starts outside every open rule (its tokens then depend on
    // its text alone).
    if (closedLines) closedLines[index] = stack.length === 0;
    index += 1;
    const known = stack.length === 0 ? memo.get(line) : undefined;
    if (known) {
      for (const t of known) tokens.push({ start: base + t.start, end: base + t.end, scope: t.scope });
      base += line.length + 1;
      continue;
    }
    const first = tokens.length;
    const wasClosed = stack.length === 0;
    stack = tokenizeLine(line, base, stack, rootPatterns, tokens);
    if (wasClosed && stack.length === 0) {
      if (memo.size > 20000) memo.clear();
      memo.set(line, tokens.slice(first).map((t) => ({ start: t.start - base, end: t.end - base, scope: t.scope })));
    }
    base += line.length + 1;
  }
  // Rules still open at the end of the text cover it to the end.
  for (const open of stack) {
    if (open.rule.name) tokens.push({ start: open.start, end: text.length, scope: open.rule.name });
  }
  tokens.sort((a, b) => a.start - b.start || b.end - a.end);
  return tokens;
}

/** Tokenizes one line starting at offset `base` inside the open rules `stack`; returns the stack after it. */
function tokenizeLine(line, base, stack, rootPatterns, tokens) {
  stack = [...stack];
  // Each regex's next match from some earlier place stays its next match from any later place
  // up to where it was found, so it is searched again only once passed.
  const found = new Map();
  function next(re, pos) {
    const hit = found.get(re);
    if (hit !== undefined && (hit === null || hit.index >= pos)) return hit;
    const m = search(re, line, pos);
    found.set(re, m);
    return m;
  }
  let pos = 0;
  let guard = 0;
  while (pos <= line.length && guard++ < 10000) {
    const open = stack[stack.length - 1];
    const patterns = open ? open.patterns : rootPatterns;
    let best = null;
    let bestRule = null;
    let isEnd = false;
    if (open) {
      const m = next(open.rule.endRegex, pos);
      if (m) { best = m; isEnd = true; }
    }
    for (const r of patterns) {
      const m = next(r.match ?? r.begin, pos);
      if (m && (!best || m.index < best.index)) { best = m; bestRule = r; isEnd = false; }
    }
    if (!best) break;
    const start = best.index;
    const end = start + best[0].length;
    if (isEnd) {
      if (open.rule.name) tokens.push({ start: open.start, end: base + end, scope: open.rule.name });
      captureTokens(best, open.rule.endCaptures, base, tokens);
      stack.pop();
    } else if (bestRule.match) {
      if (bestRule.name && end > start) tokens.push({ start: base + start, end: base + end, scope: bestRule.name });
      captureTokens(best, bestRule.captures, base, tokens);
    } else {
      captureTokens(best, bestRule.beginCaptures, base, tokens);
      stack.push({ rule: bestRule, start: base + start, patterns: bestRule.flat ??= flatten(bestRule.patterns) });
    }
    // An empty match (an end at `$`, a lookahead) must still move on, unless it closed a rule
    // (the enclosing rules get their turn at the same place).
    if (end > pos) pos = end;
    else if (!isEnd) pos += 1;
    if (pos > line.length) break;
  }
  return stack;
}

/** `keyword.control.rule.dialrules` → `tm-keyword tm-keyword-control`. */
export function scopeClass(scope) {
  const parts = scope.replace(/\.dialrules$/, '').split('.');
  return `tm-${parts[0]}` + (parts.length > 1 ? ` tm-${parts[0]}-${parts[1]}` : '');
}

function escapeHTML(s) {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * HTML for `text` with `tokens` as spans and `marks` (`[{start, end, severity, index}]`, the
 * diagnostics' spans) as `<mark>`s over them: the text is cut at every boundary, and each piece
 * gets the classes of the innermost token and the marks covering it.
 */
export function renderHTML(text, tokens, marks = []) {
  const cuts = new Set([0, text.length]);
  for (const t of tokens) { cuts.add(t.start); cuts.add(t.end); }
  for (const m of marks) { cuts.add(m.start); cuts.add(m.end); }
  const points = [...cuts].filter((c) => c >= 0 && c <= text.length).sort((a, b) => a - b);
  let out = '';
  // A sweep over the cuts: the tokens and marks open at each piece (both lists are short).
  const byStart = [...tokens].sort((x, y) => x.start - y.start);
  const marksByStart = [...marks].sort((x, y) => x.start - y.start);
  let nextToken = 0;
  let nextMark = 0;
  let active = [];
  let activeMarks = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i];
    const b = points[i + 1];
    while (nextToken < byStart.length && byStart[nextToken].start <= a) active.push(byStart[nextToken++]);
    while (nextMark < marksByStart.length && marksByStart[nextMark].start <= a) activeMarks.push(marksByStart[nextMark++]);
    active = active.filter((t) => t.end > a);
    activeMarks = activeMarks.filter((m) => m.end > a);
    let token = null;
    for (const t of active) if (b <= t.end && (!token || t.end - t.start <= token.end - token.start)) token = t;
    const covering = activeMarks.filter((m) => b <= m.end);
    let piece = escapeHTML(text.slice(a, b));
    if (token) piece = `<span class="${scopeClass(token.scope)}">${piece}</span>`;
    if (covering.length) {
      const severity = covering.some((m) => m.severity === 'error') ? 'error' : covering.some((m) => m.severity === 'warning') ? 'warning' : 'info';
      piece = `<mark class="diag ${severity}" data-diagnostic="${covering[0].index}">${piece}</mark>`;
    }
    out += piece;
  }
  // A final newline needs a character after it to take up its line in a <pre>.
  return out + '\n';
}

/**
 * The UTF-16 offset in `text` of a 1-based line and column as dialrules counts them (columns in
 * Unicode scalars; lines end at LF, CRLF or a lone CR — a browser's textarea only has LF).
 */
export function offsetOf(text, line, column) {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', offset);
    if (next < 0) return text.length;
    offset = next + 1;
  }
  for (let c = 1; c < column && offset < text.length && text[offset] !== '\n'; c++) {
    const code = text.charCodeAt(offset);
    offset += code >= 0xd800 && code < 0xdc00 ? 2 : 1;
  }
  return offset;
}

/**
 * `renderHTML` line by line: one HTML string per line of `text`, each ending in its newline, so
 * a page can replace only the lines that changed. Tokens and marks over several lines are cut at
 * the line ends; the pieces read exactly as `renderHTML` of the whole text.
 */
export function renderLines(text, tokens, marks = [], closedLines = null, cache = null) {
  const lines = text.split('\n');
  if (cache && cache.size > 20000) cache.clear();
  const out = new Array(lines.length);
  const sortedMarks = [...marks].sort((a, b) => a.start - b.start);
  let nextToken = 0;
  let nextMark = 0;
  let activeTokens = [];
  let activeMarks = [];
  let base = 0;
  for (let i = 0; i < lines.length; i++) {
    const end = base + lines[i].length + 1;  // with the newline
    while (nextToken < tokens.length && tokens[nextToken].start < end) activeTokens.push(tokens[nextToken++]);
    while (nextMark < sortedMarks.length && sortedMarks[nextMark].start < end) activeMarks.push(sortedMarks[nextMark++]);
    activeTokens = activeTokens.filter((t) => t.end > base);
    activeMarks = activeMarks.filter((m) => m.end > base);
    // A line that starts outside every open rule and has no mark reads the same wherever it is:
    // its HTML is kept by its text (`cache`), so a keystroke renders only the line it changed.
    const plain = cache && closedLines?.[i] && activeMarks.length === 0 && activeTokens.every((t) => t.start >= base);
    const known = plain ? cache.get(lines[i]) : undefined;
    if (known !== undefined) {
      out[i] = known;
      base = end;
      continue;
    }
    const clip = (x) => ({ ...x, start: Math.max(x.start, base) - base, end: Math.min(x.end, end) - base });
    const lineTokens = activeTokens.map(clip).filter((t) => t.end > t.start);
    const lineMarks = activeMarks.map(clip).filter((m) => m.end > m.start);
    // renderHTML ends its text with a newline of its own: the line's newline is already in it.
    const html = renderHTML(lines[i] + '\n', lineTokens, lineMarks);
    out[i] = html.slice(0, -1);
    if (plain) cache.set(lines[i], out[i]);
    base = end;
  }
  return out;
}
