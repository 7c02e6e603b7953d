// The playground page: the rules editor (highlighted by the TextMate grammar), the diagnostics as
// you type, the shot form and its JSON, the decision and its explanation, the decision map, and
// the whole state in the URL fragment. Every answer comes from the engine (dialrules.wasm through
// engine.js, in two Web Workers: one for the per-keystroke check and decision, one for the slower
// analysis); this file only shows what the engine says.
import { compileGrammar, tokenize, renderLines, offsetOf } from './highlight.js';
import { encodeLink, decodeLink } from './link.js';

const $ = (id) => document.getElementById(id);
const rulesArea = $('rules');
const highlight = $('highlight');
const shotArea = $('shot-json');
const form = $('shot-form');
const langSelect = $('lang');

/**
 * Timings for the budgets (docs/playground.md), read by the browser tests: per change, from the
 * input event to the page updated (`ms`) with the engine's own time (`engine`) and the page's
 * part after the answer (`render`); per analysis its time; `analysisStarts` a key of the rules
 * text of every analysis started (the same text is never analysed twice in a row); per drawing
 * of the charts of one slice, the engine's time (`charts`).
 */
const timings = { firstDecisionMs: null, keystrokes: [], analyses: [], charts: [], analysisStarts: [], placements: 0 };
window.playgroundTimings = timings;

// ---------------------------------------------------------------------------------------------
// The engine, in workers.

/** One worker running engine.js: `call(op, ...args)` resolves to the engine's text. */
class EngineWorker {
  constructor(module) {
    this.module = module;
    this.start();
  }

  start() {
    this.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    this.pending = new Map();
    this.nextId = 1;
    this.ready = new Promise((resolve, reject) => {
      this.worker.onmessage = (event) => {
        const m = event.data;
        if (m.loaded !== undefined) {
          if (m.loaded) resolve(); else reject(new Error(m.error));
          return;
        }
        const waiting = this.pending.get(m.id);
        if (!waiting) return;
        this.pending.delete(m.id);
        if (m.ok) waiting.resolve({ text: m.result, ms: m.ms }); else waiting.reject(new Error(m.error));
      };
      this.worker.onerror = (event) => reject(new Error(event.message || 'the engine worker failed'));
    });
    this.worker.postMessage({ load: this.module });
  }

  call(op, ...args) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, op, args });
    });
  }

  /** Stops whatever runs (an analysis of rules that changed since) and starts afresh. */
  restart() {
    this.worker.terminate();
    for (const waiting of this.pending.values()) waiting.reject(new Error('superseded'));
    this.start();
  }

  get busy() { return this.pending.size > 0; }
}

/**
 * The report's styles and the outcomes' patterns, from the engine (PageStyle.base and
 * DecisionMap.css, OutcomeStyle.patterns): before the page's own sheet, so its rules come after
 * them, as a report's own rules do.
 */
function applyStyles(styles) {
  const style = document.createElement('style');
  style.id = 'engine-styles';
  style.textContent = styles.css;
  document.head.insertBefore(style, document.querySelector('link[rel=stylesheet]'));
  $('outcome-patterns').innerHTML = styles.patterns;
}

async function compileEngine() {
  const url = new URL('./dialrules.wasm', import.meta.url);
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(`cannot load dialrules.wasm (${error.message})`);
  }
  if (!response.ok) {
    throw new Error('dialrules.wasm is missing: build it with Tests/Playground/build.sh (see docs/playground.md)');
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

// ---------------------------------------------------------------------------------------------
// State and the URL fragment.

const state = { rules: '', shot: '', lang: 'en' };
let defaultRules = '';
let defaultShot = '';

async function encodeState() { return encodeLink(state, defaultRules); }
const decodeState = decodeLink;

let fragmentTimer = 0;
function scheduleFragment() {
  clearTimeout(fragmentTimer);
  fragmentTimer = setTimeout(updateFragment, 250);
}

async function updateFragment() {
  const fragment = await encodeState();
  const url = new URL(location.href);
  url.hash = fragment;
  history.replaceState(null, '', url);
  $('share-link').value = url.href;
}

// ---------------------------------------------------------------------------------------------
// The rules editor.

let grammar = null;
let rulesMarks = [];

let rendered = { text: null, marks: null };

function renderEditor() {
  const text = rulesArea.value;
  // Only when the text or the marks changed: a check that finds what the editor shows already
  // costs no second highlighting.
  const marks = JSON.stringify(rulesMarks);
  if (rendered.text === text && rendered.marks === marks) return;
  rendered = { text, marks };
  const closed = [];
  const tokens = grammar ? tokenize(grammar, text, closed) : [];
  const html = renderLines(text, tokens, rulesMarks, closed, lineCache);
  // Only the lines that changed are replaced: the same first and last lines stay as they are.
  if (lineElements.length === 0) highlight.replaceChildren();
  let start = 0;
  while (start < html.length && start < lineHTML.length && html[start] === lineHTML[start]) start++;
  let endNew = html.length;
  let endOld = lineHTML.length;
  while (endNew > start && endOld > start && html[endNew - 1] === lineHTML[endOld - 1]) { endNew--; endOld--; }
  const after = lineElements[endOld] ?? null;
  for (let i = start; i < endOld; i++) lineElements[i].remove();
  const fresh = [];
  for (let i = start; i < endNew; i++) {
    const line = document.createElement('span');
    line.innerHTML = html[i];
    fresh.push(line);
    highlight.insertBefore(line, after);
  }
  lineElements.splice(start, endOld - start, ...fresh);
  lineHTML = html;
  timings.highlightedLines = endNew - start;
  syncScroll();
}

/** The editor's highlighting, one element per line, and each line's HTML. */
let lineElements = [];
let lineHTML = [];
const lineCache = new Map();

function syncScroll() {
  highlight.scrollTop = rulesArea.scrollTop;
  highlight.scrollLeft = rulesArea.scrollLeft;
}

/** The diagnostics' spans in `text`, as offsets. */
function marksFor(text, diagnostics) {
  return diagnostics.filter((d) => d.line).map((d, index) => {
    const start = offsetOf(text, d.line, d.column);
    let end = offsetOf(text, d.end_line ?? d.line, d.end_column ?? d.column);
    if (end <= start) {
      // An empty span (a missing token) is marked on the character there, or the line's end.
      end = Math.min(text.length, start + 1);
    }
    return { start, end, severity: d.severity, index };
  });
}

/** Puts the caret on a diagnostic's span in `area` and scrolls it into view. */
function moveCaret(area, d) {
  const text = area.value;
  const start = offsetOf(text, d.line, d.column);
  const end = Math.max(start, offsetOf(text, d.end_line ?? d.line, d.end_column ?? d.column));
  if (area === shotArea) $('raw-details').open = true;
  area.focus();
  area.setSelectionRange(start, end);
  const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 19.5;
  area.scrollTop = Math.max(0, (d.line - 4) * lineHeight);
  if (area === rulesArea) syncScroll();
}

// ---------------------------------------------------------------------------------------------
// Diagnostics.

function diagnosticItem(d, area) {
  const li = document.createElement('li');
  if (!d.code) {
    li.className = 'plain';
    li.textContent = d.message;
    return li;
  }
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `diagnostic ${d.severity}`;
  button.dataset.code = d.code;
  button.dataset.line = d.line;
  button.dataset.column = d.column;
  const code = document.createElement('span');
  code.className = 'code';
  code.textContent = d.code;
  const where = document.createElement('span');
  where.className = 'where';
  where.textContent = `${d.line}:${d.column}`;
  button.append(code, ' ', where, ` ${d.severity}: ${d.message}`);
  if (d.name) button.title = `${d.code}: ${d.name}`;
  for (const note of d.notes ?? []) {
    const n = document.createElement('span');
    n.className = 'help';
    n.textContent = `note: ${note.message}` + (note.line ? ` (${note.line}:${note.column})` : '');
    button.append(n);
  }
  if (d.help) {
    const help = document.createElement('span');
    help.className = 'help';
    help.textContent = `help: ${d.help}`;
    button.append(help);
  }
  button.addEventListener('click', () => moveCaret(area, d));
  li.append(button);
  return li;
}

let checkedRules = null;
let checkDiagnostics = [];
let analysedRules = null;
let analysis = null;

function showRulesDiagnostics() {
  const current = rulesArea.value;
  // The analysis lists every diagnostic the check does and its findings; it is shown while the
  // rules are the ones it analysed.
  const fromAnalysis = analysis && analysedRules === current && analysis.lint;
  const list = fromAnalysis ? analysis.lint.files[0].diagnostics : checkDiagnostics;
  const ul = $('diagnostics');
  // The same list again (the analysis confirming the check) is left as it is, so a focused
  // diagnostic keeps the focus.
  const key = JSON.stringify(list);
  if (ul.dataset.key !== key) {
    ul.replaceChildren(...list.map((d) => diagnosticItem(d, rulesArea)));
    ul.dataset.key = key;
  }
  const count = (s) => list.filter((d) => d.severity === s).length;
  const e = count('error');
  const w = count('warning');
  const i = count('info');
  let summary = `${e} error${e === 1 ? '' : 's'}, ${w} warning${w === 1 ? '' : 's'}, ${i} info`;
  if (!fromAnalysis && e === 0) summary += analysing ? ' (analysing…)' : ' (analysis pending)';
  $('diagnostics-summary').textContent = summary;
  rulesMarks = marksFor(current, list);
  renderEditor();
}

// ---------------------------------------------------------------------------------------------
// The shot form and its JSON.

const TASTES = ['sour', 'bitter', 'balanced', 'thin', 'strong', 'harsh'];
const FLOWS = ['channeling', 'gushing', 'choked'];
let shotObject = null;

function field(name) { return form.elements.namedItem(name); }

function numberOf(name) {
  const v = field(name).value.trim();
  if (v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

function setOrDelete(object, key, value) {
  if (value === undefined) delete object[key]; else object[key] = value;
}

/** The shot the form describes, keeping whatever else the JSON held. */
function formToShot() {
  const shot = structuredClone(shotObject ?? {});
  shot.format = 'dialrules-shot';
  shot.version = 1;
  shot.recipe = typeof shot.recipe === 'object' && shot.recipe ? shot.recipe : {};
  shot.shot = typeof shot.shot === 'object' && shot.shot ? shot.shot : {};
  for (const key of ['dose_g', 'yield_g', 'time_s']) setOrDelete(shot.recipe, key, numberOf(`recipe.${key}`));
  for (const key of ['dose_g', 'yield_g', 'time_s', 'first_drop_s']) setOrDelete(shot.shot, key, numberOf(`shot.${key}`));
  const checked = (name) => [...form.querySelectorAll(`input[name=${name}]:checked`)].map((i) => i.value);
  setOrDelete(shot.shot, 'taste', field('taste-unknown').checked ? undefined : checked('taste'));
  setOrDelete(shot.shot, 'flow', field('flow-unknown').checked ? undefined : checked('flow'));
  const type = field('previous.type').value;
  if (type) {
    const adjustment = { type };
    if (type === 'grind') {
      adjustment.direction = field('previous.direction').value;
      adjustment.steps = numberOf('previous.steps') ?? 1;
    } else if (type === 'yield') {
      adjustment.delta_g = numberOf('previous.delta_g') ?? 0;
    } else if (type === 'temperature') {
      adjustment.delta_c = numberOf('previous.delta_c') ?? 0;
    }
    shot.previous = typeof shot.previous === 'object' && shot.previous ? shot.previous : {};
    shot.previous.adjustment = adjustment;
  } else if (shot.previous && typeof shot.previous === 'object') {
    delete shot.previous.adjustment;
    if (Object.keys(shot.previous).length === 0) delete shot.previous;
  }
  return shot;
}

function showPreviousFields() {
  const type = field('previous.type').value;
  for (const label of form.querySelectorAll('label[data-for]')) label.hidden = label.dataset.for !== type;
}

/** Fills the form from a parsed shot (what it does not show stays in the JSON). */
function shotToForm(shot) {
  const get = (object, key) => (object && typeof object === 'object' && typeof object[key] === 'number' ? String(object[key]) : '');
  for (const key of ['dose_g', 'yield_g', 'time_s']) field(`recipe.${key}`).value = get(shot.recipe, key);
  for (const key of ['dose_g', 'yield_g', 'time_s', 'first_drop_s']) field(`shot.${key}`).value = get(shot.shot, key);
  const tags = (name, list) => {
    const value = shot.shot && Array.isArray(shot.shot[name]) ? shot.shot[name] : null;
    for (const tag of list) form.querySelector(`input[name=${name}][value=${tag}]`).checked = !!value?.includes(tag);
    field(`${name}-unknown`).checked = value === null;
  };
  tags('taste', TASTES);
  tags('flow', FLOWS);
  const adjustment = shot.previous && typeof shot.previous === 'object' ? shot.previous.adjustment : null;
  const type = adjustment && typeof adjustment === 'object' ? adjustment.type : '';
  field('previous.type').value = ['grind', 'yield', 'temperature', 'no_change'].includes(type) ? type : '';
  if (type === 'grind') {
    field('previous.direction').value = adjustment.direction === 'coarser' ? 'coarser' : 'finer';
    field('previous.steps').value = get(adjustment, 'steps');
  }
  if (type === 'yield') field('previous.delta_g').value = get(adjustment, 'delta_g');
  if (type === 'temperature') field('previous.delta_c').value = get(adjustment, 'delta_c');
  showPreviousFields();
}

function setShotText(text, { fromForm = false } = {}) {
  state.shot = text;
  if (!fromForm) {
    try {
      shotObject = JSON.parse(text);
      shotToForm(shotObject);
      $('shot-json-note').textContent = '';
    } catch {
      $('shot-json-note').textContent = 'This is not JSON the form can read; the form keeps its values and the problems are listed below.';
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The decision and its explanation.

let shownExplanation = null;

function showExplanation(result) {
  // A keystroke that changes nothing the decision shows (a comment, a rule that does not match)
  // costs no re-rendering of it.
  const key = JSON.stringify(result);
  if (key === shownExplanation) return;
  shownExplanation = key;
  const decision = $('decision');
  const by = $('decided-by');
  const shotDiagnostics = result.diagnostics.filter((d) => !d.path || d.path === 'shot.json');
  $('shot-diagnostics').replaceChildren(...result.diagnostics.filter((d) => d.path === 'shot.json' || !d.code)
    .map((d) => diagnosticItem(d, shotArea)));
  if (result.decision) {
    decision.dataset.decision = JSON.stringify(result.decision);
    decision.textContent = result.decision.decision.text;
    decision.className = 'decision' + (result.decision.decision.kind === 'insufficient_evidence' ? ' abstain' : '');
    const ids = result.decision.decided_by;
    by.textContent = ids.length ? `decided by ${ids.join(', ')}` : "decided by 'otherwise'";
    if (result.decision.missing.length) by.textContent += `; missing: ${result.decision.missing.join(', ')}`;
  } else {
    delete decision.dataset.decision;
    decision.textContent = 'No decision';
    decision.className = 'decision abstain';
    const first = shotDiagnostics[0] ?? result.diagnostics[0];
    by.textContent = first ? (first.code ? `${first.code} at ${first.path} ${first.line}:${first.column}: ${first.message}` : first.message) : '';
  }
  $('explanation').textContent = result.text ?? '';
  // The decision as the map shows it (the engine's OutcomeStyle): the same fill, pattern and name.
  const style = $('decision-style');
  if (result.style) {
    const s = result.style;
    style.innerHTML = `<svg class="swatch" viewBox="0 0 30 20" aria-hidden="true"><rect class="o-${s.family}" x="1" y="1" width="28" height="18"/><rect fill="url(#p-${s.family})" x="1" y="1" width="28" height="18"/><rect class="swatch-frame" x="1" y="1" width="28" height="18"/></svg>`;
    const b = document.createElement('b');
    b.textContent = s.label;
    style.append('On the map: ', b, ` (${s.words})`);
    style.dataset.outcome = s.key;
  } else {
    style.replaceChildren();
    delete style.dataset.outcome;
  }  // The mark's words name the decision: renewed with it (the place itself waits for the engine).
  if (placement && placement.shot === state.shot) showPlacement();
}

// ---------------------------------------------------------------------------------------------
// The fast path: check and decide on every change; the slow path: the analysis.

let fast = null;
let slow = null;
let fastRunning = false;
let fastAgain = false;
let inputAt = null;
let analysing = false;
let analysisTimer = 0;

async function runFast() {
  if (fastRunning) { fastAgain = true; return; }
  fastRunning = true;
  try {
    do {
      fastAgain = false;
      const started = inputAt ?? performance.now();
      inputAt = null;
      const rules = state.rules;
      const shot = state.shot;
      const lang = state.lang;
      // One round trip: the check and the decision together when the rules changed (the engine
      // compiles them once), the decision alone when only the shot or the language did.
      const withCheck = rules !== checkedRules;
      const answer = await fast.call(withCheck ? 'update' : 'explain', rules, shot, lang);
      const answered = performance.now();
      const result = JSON.parse(answer.text);
      const explained = withCheck ? result.explain : result;
      if (withCheck) {
        checkedRules = rules;
        checkDiagnostics = result.check.files[0].diagnostics;
        if (rules === rulesArea.value) showRulesDiagnostics();
      }
      showExplanation(explained);
      const done = performance.now();
      // From the start of navigation: what a visitor waits for.
      if (timings.firstDecisionMs === null) timings.firstDecisionMs = done;
      timings.keystrokes.push({ ms: done - started, engine: answer.ms, render: done - answered, check: withCheck });
      document.body.dataset.fastRuns = String(timings.keystrokes.length);
    } while (fastAgain);
  } catch (error) {
    setStatus(`The engine failed: ${error.message}`, true);
  } finally {
    fastRunning = false;
  }
}

function scheduleAnalysis() {
  clearTimeout(analysisTimer);
  analysisTimer = setTimeout(runAnalysis, 350);
}

let analysingRules = null;
/**
 * The analyses asked of the slow worker, and which of them the page shows: the worker draws the
 * charts of its last analysis' map, so they are asked for only while that is the map shown.
 */
let postedAnalyses = 0;
let analysedGeneration = 0;

/** A short key of a text (FNV-1a), for the timings. */
function textKey(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16);
}

async function runAnalysis() {
  const rules = state.rules;
  // Each rules text is analysed once: not again when it is analysed already or on its way.
  if (rules === analysedRules || rules === analysingRules) return;
  if (slow.busy) slow.restart();
  analysing = true;
  analysingRules = rules;
  timings.analysisStarts.push(textKey(rules));
  $('analysis-status').textContent = 'Analysing the table…';
  showRulesDiagnostics();
  const started = performance.now();
  const generation = ++postedAnalyses;
  let answer;
  try {
    answer = await slow.call('analyse', rules);
  } catch (error) {
    if (error.message !== 'superseded') {
      $('analysis-status').textContent = `The analysis failed: ${error.message}`;
      analysing = false;
      analysingRules = null;
    }
    return;
  }
  if (analysingRules === rules) analysingRules = null;
  if (rules !== state.rules) return;  // a newer analysis is on its way
  analysing = false;
  analysedRules = rules;
  analysedGeneration = generation;
  placement = null;
  analysis = JSON.parse(answer.text);
  timings.analyses.push({ ms: performance.now() - started, engine: answer.ms });
  showRulesDiagnostics();
  const lint = analysis.lint.files[0];
  if (!analysis.map) {
    $('analysis-status').textContent = 'The rules do not check, so there is nothing to analyse yet.';
    $('map').replaceChildren();
    showPlacement();
  } else {
    const a = lint.analysis;
    $('analysis-status').textContent = `Analysed ${a.cells} cells${a.complete ? '' : ' (incomplete)'} in ${Math.round(answer.ms)} ms.`;
    // The map (its charts from the engine) is drawn before the analysis counts as shown.
    await drawMap(analysis.map);
    placeShot();
  }
  document.body.dataset.analyses = String(timings.analyses.length);
}

/** Something changed; `at` is when its input event happened (`event.timeStamp`). */
function changed({ rules = false, at = null } = {}) {
  inputAt = inputAt ?? at ?? performance.now();
  runFast();
  if (rules) scheduleAnalysis(); else placeShot();
  scheduleFragment();
}

// ---------------------------------------------------------------------------------------------
// The shot on the map: placed by the engine on the map of its last analysis (the slow worker
// keeps it), so a shot that changes needs no new analysis.

/** `{shot, result}`: the engine's placement of the shot JSON `shot` on the drawn map. */
let placement = null;
let placing = false;
let placeAgain = false;

async function placeShot() {
  // Placed once the map of these rules is drawn (runAnalysis places it then).
  if (!slow || analysing || !analysis?.map || analysedRules !== state.rules) return;
  if (placing) { placeAgain = true; return; }
  placing = true;
  try {
    do {
      placeAgain = false;
      const shot = state.shot;
      const rules = analysedRules;
      let answer;
      try {
        answer = await slow.call('place', shot);
      } catch (error) {
        if (error.message !== 'superseded') setStatus(`The engine failed: ${error.message}`, true);
        return;
      }
      if (rules !== analysedRules || shot !== state.shot) continue;
      placement = { shot, result: JSON.parse(answer.text) };
      timings.placements += 1;
      showPlacement();
    } while (placeAgain);
  } finally {
    placing = false;
  }
}

/** The shot's mark on its chart and its place in words, or why it is on none. */
function showPlacement() {
  for (const e of document.querySelectorAll('#map .your-shot, #map .shot-note')) e.remove();
  // A chart that named the shot names only itself again.
  for (const svg of document.querySelectorAll('#map svg.chart[data-label]')) svg.setAttribute('aria-label', svg.dataset.label);
  const where = $('shot-place');
  const map = analysis?.map;
  if (!placement || !map || !map.situations.length || analysedRules !== state.rules) {
    where.textContent = '';
    document.body.dataset.placements = String(timings.placements);
    return;
  }
  const p = placement.result;
  if (!p.placed) {
    where.textContent = `Your shot is on no chart: ${p.reason}.`;
    document.body.dataset.placements = String(timings.placements);
    return;
  }
  const situation = map.situations[p.situation];
  const figure = document.getElementById(situation.id);
  const values = [p.x && `${map.x.label} = ${p.x.text}`, p.y && `${map.y.label} = ${p.y.text}`].filter(Boolean).join(', ');
  const beyond = (p.x && p.x.side !== 0) || (p.y && p.y.side !== 0) ? ' (beyond the drawn range, shown at its edge)' : '';
  const decision = $('decision').textContent;
  // A shot without a slice axis's value (no first drop recorded) is marked in the slice shown.
  const unknown = p.slice === null ? ` (${p.unknown_slice_axes.join(', ')} not recorded: marked in the slice shown)` : '';
  const sliceText = map.slices.length > 1 && p.slice !== null ? ` — ${map.slices[p.slice].text}` : '';
  where.replaceChildren(`Your shot (${values || 'this situation'}${beyond}) is in chart ${p.situation + 1}, `);
  const link = document.createElement('a');
  link.href = `#${situation.id}`;
  link.textContent = situation.title + sliceText;
  where.append(link, `${unknown}: ${decision}.`);
  if (!figure) return;
  const note = document.createElement('p');
  note.className = 'shot-note';
  if (p.slice !== null && p.slice !== currentSlice) {
    note.textContent = `Your shot is in this situation, in “${map.slices[p.slice].text}”: pick that above to see it.`;
  } else {
    note.textContent = `Your shot is marked on this chart: ${values}${beyond}${unknown}.`;
    // The chart is the engine's (DecisionMapChart); the mark goes where the engine placed the
    // shot (its pixel in the chart), its crosshair across the chart's frame.
    const svg = figure.querySelector('svg.chart');
    const frame = svg?.querySelector('rect.frame');
    if (svg && frame) markShot(svg, frame, map, p, `Your shot: ${values}${beyond}; ${decision}`);
  }
  figure.querySelector('figcaption').after(note);
  document.body.dataset.placements = String(timings.placements);
}

/** The shot's mark on `svg` (a dot with a crosshair across the chart's `frame`), named `label`. */
function markShot(svg, frame, map, p, label) {
  const [fx, fy, fw, fh] = ['x', 'y', 'width', 'height'].map((a) => Number(frame.getAttribute(a)));
  const px = p.pixel.x, py = p.pixel.y;
  const g = el('g', { class: 'your-shot', 'data-x': p.x?.value ?? '', 'data-y': p.y?.value ?? '', 'aria-label': label, role: 'img' });
  el('title', {}, g).textContent = label;
  if (map.x) el('line', { class: 'crosshair', x1: px, y1: fy, x2: px, y2: fy + fh }, g);
  if (map.y) el('line', { class: 'crosshair', x1: fx, y1: py, x2: fx + fw, y2: py }, g);
  el('circle', { class: 'ring', cx: px, cy: py, r: 7 }, g);
  el('circle', { class: 'mark', cx: px, cy: py, r: 6 }, g);
  // The label on the side with room.
  const right = px < fx + fw - 90;
  const above = py > fy + 22;
  el('text', { class: 'your-shot-label', x: n1(px + (right ? 10 : -10)), y: n1(py + (above ? -10 : 20)), 'text-anchor': right ? 'start' : 'end' }, g)
    .textContent = 'your shot';
  svg.append(g);
  svg.dataset.label ??= svg.getAttribute('aria-label');
  svg.setAttribute('aria-label', `${svg.dataset.label}. ${label}`);
}

function setStatus(text, error = false) {
  const status = $('status');
  status.textContent = text;
  status.className = 'status' + (error ? ' error' : '');
}

// ---------------------------------------------------------------------------------------------
// The decision map: the legend, the slice selector and the figures from the analysis' data
// (DecisionMap.jsonValue); every chart drawn by the engine (DecisionMapChart, the report's own
// drawer: rectangles filled by outcome and pattern, exact edges solid or dashed, labels, ticks,
// each region focusable and named in words), and every region in words under it.

const SVG = 'http://www.w3.org/2000/svg';
let currentSlice = 0;

/** An SVG element with `attributes`, appended to `parent` (the shot's mark). */
function el(name, attributes = {}, parent = null) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, String(v));
  if (parent) parent.append(e);
  return e;
}

const n1 = (x) => String(Math.round(x * 10) / 10);

/**
 * The engine's charts of the shown map in `slice` (one SVG text per situation), or null when they
 * cannot be had for it: the worker has analysed other rules since, or was restarted.
 */
async function chartsOf(map, slice) {
  if (postedAnalyses !== analysedGeneration) return null;  // a newer map is on its way
  let answer;
  try {
    answer = await slow.call('charts', slice);
  } catch (error) {
    if (error.message !== 'superseded') setStatus(`The engine failed: ${error.message}`, true);
    return null;
  }
  if (analysis?.map !== map || postedAnalyses !== analysedGeneration) return null;
  timings.charts.push({ engine: answer.ms, bytes: answer.text.length });
  const svgs = JSON.parse(answer.text);
  return svgs.length === map.situations.length ? svgs : null;
}

/** Names the region (or point) under the pointer or focus in the line under its chart. */
function describeRegion(event) {
  const target = event.target instanceof Element ? event.target.closest('.cell, .point') : null;
  const info = target?.closest('figure')?.querySelector('.cell-info');
  if (info) info.textContent = target.getAttribute('aria-label');
}

async function drawMap(map) {
  const root = $('map');
  const parts = [];
  if (map.situations.length === 0) {
    const p = document.createElement('p');
    p.className = 'warning';
    p.textContent = `The map is not drawn: ${map.incomplete ?? 'the table distinguishes no situations'}.`;
    root.replaceChildren(p);
    return;
  }
  if (currentSlice >= map.slices.length) currentSlice = 0;
  // The charts first, so the map is replaced at once.
  const svgs = await chartsOf(map, currentSlice);
  if (!svgs) return;
  // Legend: each outcome drawn, in the report's order.
  const legend = document.createElement('section');
  legend.className = 'legend';
  legend.setAttribute('aria-label', 'Legend');
  const styles = new Map();
  map.situations.forEach((s, i) => {
    for (const cells of s.cells) for (const c of cells) {
      const a = map.answers[c.answer];
      if (!styles.has(a.key)) styles.set(a.key, { answer: a, charts: new Set() });
      styles.get(a.key).charts.add(i);
    }
  });
  const ul = document.createElement('ul');
  ul.className = 'swatches';
  for (const { answer, charts } of [...styles.values()].sort((a, b) => a.answer.order - b.answer.order || (a.answer.key < b.answer.key ? -1 : 1))) {
    const li = document.createElement('li');
    li.dataset.legend = answer.key;
    li.innerHTML = `<svg class="swatch" viewBox="0 0 30 20" aria-hidden="true"><rect class="o-${answer.family}" x="1" y="1" width="28" height="18"/><rect fill="url(#p-${answer.family})" x="1" y="1" width="28" height="18"/><rect class="swatch-frame" x="1" y="1" width="28" height="18"/></svg>`;
    const span = document.createElement('span');
    const b = document.createElement('b');
    b.textContent = answer.label;
    const muted = document.createElement('span');
    muted.className = 'muted';
    muted.textContent = ` (in ${charts.size} of ${map.situations.length} charts)`;
    span.append(b, ` — ${answer.words}`, muted);
    li.append(span);
    ul.append(li);
  }
  legend.append(ul);
  const edges = document.createElement('p');
  edges.className = 'muted small';
  edges.textContent = 'A solid edge: the boundary value belongs to the region on that side (≤, ≥); a dashed edge: it does not (<, >).';
  legend.append(edges);
  if (map.abstentions.length) {
    const h = document.createElement('h3');
    h.textContent = 'Why the table abstains';
    const ol = document.createElement('ol');
    ol.className = 'reasons';
    for (const r of map.abstentions) {
      const li = document.createElement('li');
      const code = document.createElement('code');
      code.textContent = r.id;
      li.append(code, `: ${r.reason}`);
      ol.append(li);
    }
    const note = document.createElement('p');
    note.className = 'muted small';
    note.innerHTML = 'A region labelled <i>why: 2</i> abstains for the second reason here.';
    legend.append(h, ol, note);
  }
  if (map.x) {
    const p = document.createElement('p');
    p.className = 'muted axes-note';
    p.textContent = `Across: ${map.x.title}${map.x.legend ? ` (${map.x.legend})` : ''}` +
      (map.y ? `; up: ${map.y.title}${map.y.legend ? ` (${map.y.legend})` : ''}` : '') +
      '. Each chart is one situation; every shot in it with those values gets the decision drawn there.';
    legend.append(p);
  }
  parts.push(legend);
  if (map.slices.length > 1) {
    const fieldset = document.createElement('fieldset');
    fieldset.className = 'slices';
    const lg = document.createElement('legend');
    lg.textContent = `Show the charts for ${map.slice_axes.map((a) => a.words === a.label ? a.label : `${a.label} (${a.words})`).join(', ')}:`;
    fieldset.append(lg);
    map.slices.forEach((slice, i) => {
      const label = document.createElement('label');
      const input = document.createElement('input');
      input.type = 'radio';
      input.name = 'slice';
      input.value = String(i);
      input.checked = i === currentSlice;
      input.addEventListener('change', async () => {
        if (!input.checked) return;
        currentSlice = i;
        const charts = await chartsOf(map, i);
        if (charts && currentSlice === i) drawFigures(map, charts);
      });
      label.append(input, ` ${slice.text}`);
      if (slice.typical) {
        const m = document.createElement('span');
        m.className = 'muted';
        m.textContent = ' (the usual case)';
        label.append(m);
      }
      fieldset.append(label);
    });
    parts.push(fieldset);
  }
  const figures = document.createElement('div');
  figures.className = 'maps';
  figures.id = 'map-figures';
  parts.push(figures);
  if (map.incomplete) {
    const p = document.createElement('p');
    p.className = 'warning';
    p.textContent = `Not everything is drawn: ${map.incomplete}.`;
    parts.push(p);
  }
  root.replaceChildren(...parts);
  drawFigures(map, svgs);
}

/** One figure per situation, with its chart (`svgs`, the engine's, in the slice shown). */
function drawFigures(map, svgs) {
  const figures = $('map-figures');
  const list = [];
  map.situations.forEach((situation, s) => {
    const figure = document.createElement('figure');
    figure.className = 'map';
    figure.id = situation.id;
    const caption = document.createElement('figcaption');
    const h = document.createElement('h3');
    const num = document.createElement('span');
    num.className = 'num';
    num.textContent = `${s + 1}.`;
    h.append(num, ` ${situation.title}`);
    const detail = document.createElement('p');
    detail.className = 'detail muted';
    detail.textContent = situation.detail;
    caption.append(h, detail);
    figure.append(caption);
    if (map.slices.length > 1) {
      const p = document.createElement('p');
      p.className = 'slice-caption muted';
      p.textContent = map.slices[currentSlice].text;
      figure.append(p);
    }
    const holder = document.createElement('div');
    holder.className = 'slice';
    holder.dataset.slice = String(currentSlice);
    holder.innerHTML = svgs[s];
    figure.append(holder);
    const info = document.createElement('p');
    info.className = 'cell-info';
    info.setAttribute('aria-live', 'polite');
    info.textContent = 'Point at or tab to a region for its decision.';
    figure.append(info);
    // Every region in words, for screen readers and keyboards (the chart names them on hover).
    const details = document.createElement('details');
    const summary = document.createElement('summary');
    summary.textContent = `The ${situation.cells[currentSlice].length} regions in words`;
    const ol = document.createElement('ol');
    ol.className = 'region-list';
    for (const cell of situation.cells[currentSlice]) {
      const li = document.createElement('li');
      li.textContent = `${cell.bounds}: ${map.answers[cell.answer].sentence}`;
      ol.append(li);
    }
    details.append(summary, ol);
    figure.append(details);
    list.push(figure);
  });
  figures.replaceChildren(...list);
  showPlacement();
}

// ---------------------------------------------------------------------------------------------
// Wiring.

function initialShot() {
  return JSON.stringify({
    format: 'dialrules-shot', version: 1,
    recipe: { dose_g: 18, yield_g: 36, time_s: 28 },
    shot: { dose_g: 18, yield_g: 36, time_s: 28, taste: ['balanced'], flow: [] },
  }, null, 2);
}

async function main() {
  let module;
  try {
    module = await compileEngine();
  } catch (error) {
    setStatus(error.message, true);
    return;
  }
  fast = new EngineWorker(module);
  slow = new EngineWorker(module);
  const grammarLoad = fetch(new URL('./dialrules.tmLanguage.json', import.meta.url)).then((r) => r.json()).then((g) => { grammar = compileGrammar(g); })
    .catch(() => { grammar = null; });
  try {
    await fast.ready;
    // Both asked at once: one wait for the worker instead of two before the first decision.
    const [rules, styles] = await Promise.all([fast.call('defaultRules'), fast.call('styles')]);
    defaultRules = rules.text;
    applyStyles(JSON.parse(styles.text));
  } catch (error) {
    setStatus(`The engine did not start: ${error.message}`, true);
    return;
  }
  defaultShot = initialShot();
  let restored = null;
  try {
    restored = await decodeState(location.hash);
  } catch (error) {
    setStatus(`The link could not be read (${error.message}); showing the default table.`, true);
  }
  state.rules = restored?.rules ?? defaultRules;
  state.lang = restored?.lang ?? 'en';
  rulesArea.value = state.rules;
  langSelect.value = state.lang;
  shotArea.value = restored?.shot ?? defaultShot;
  setShotText(shotArea.value);
  await grammarLoad;
  renderEditor();
  if (!$('status').classList.contains('error')) setStatus('Ready: the engine runs in this page.');
  document.body.dataset.ready = 'true';
  changed({ rules: true });
  await updateFragment();

  rulesArea.addEventListener('input', (event) => {
    state.rules = rulesArea.value;
    // The engine first (it runs in its worker meanwhile), then the highlighting.
    changed({ rules: true, at: event.timeStamp });
    renderEditor();
  });
  rulesArea.addEventListener('scroll', syncScroll);
  // The line under a chart names the region under the pointer or focus, as in the report.
  $('map').addEventListener('focusin', describeRegion);
  $('map').addEventListener('mouseover', describeRegion);
  form.addEventListener('input', (event) => {
    const target = event.target;
    if (target === langSelect) {
      state.lang = langSelect.value;
      changed({ at: event.timeStamp });
      return;
    }
    // "not recorded" clears the tags; a tag clears "not recorded".
    for (const name of ['taste', 'flow']) {
      if (target.name === `${name}-unknown` && target.checked) form.querySelectorAll(`input[name=${name}]`).forEach((i) => { i.checked = false; });
      if (target.name === name && target.checked) field(`${name}-unknown`).checked = false;
    }
    showPreviousFields();
    shotObject = formToShot();
    shotArea.value = JSON.stringify(shotObject, null, 2);
    setShotText(shotArea.value, { fromForm: true });
    $('shot-json-note').textContent = '';
    changed({ at: event.timeStamp });
  });
  form.addEventListener('submit', (event) => event.preventDefault());
  shotArea.addEventListener('input', (event) => {
    setShotText(shotArea.value);
    changed({ at: event.timeStamp });
  });
  $('reset-rules').addEventListener('click', () => {
    rulesArea.value = defaultRules;
    state.rules = defaultRules;
    renderEditor();
    changed({ rules: true });
  });
  $('copy-link').addEventListener('click', async () => {
    await updateFragment();
    const link = $('share-link');
    try {
      await navigator.clipboard.writeText(link.value);
      $('copy-status').textContent = 'The link is copied.';
    } catch {
      link.focus();
      link.select();
      $('copy-status').textContent = 'Copying was not allowed here: the link is selected, copy it with Ctrl+C.';
    }
  });
  window.addEventListener('hashchange', async () => {
    const current = await encodeState();
    if (location.hash.slice(1) === current) return;
    try {
      const next = await decodeState(location.hash);
      if (!next) return;
      state.rules = next.rules ?? defaultRules;
      state.lang = next.lang;
      rulesArea.value = state.rules;
      langSelect.value = state.lang;
      shotArea.value = next.shot ?? defaultShot;
      setShotText(shotArea.value);
      renderEditor();
      changed({ rules: true });
    } catch (error) {
      setStatus(`The link could not be read (${error.message}).`, true);
    }
  });
}

main();
