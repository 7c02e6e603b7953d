// Times the playground engine's `analyse` (findings and decision map of a table) in node, for the
// budgets of docs/playground.md. With two modules, the runs alternate (A B A B …) and the outputs
// must be byte-identical; a benchmark, never a test:
//
//   node Tests/Playground/time-analyse.mjs [--runs N] [--rules FILE] [--edit FILE] [--cold] WASM [WASM2]
//
// A module keeps what one analysis found for the next (`AnalysisCache`: the playground analyses
// keystroke after keystroke), so the runs time an analysis after another of the same table, as
// after a keystroke in a comment. `--cold` times each run in a freshly loaded module instead
// (the first analysis after the page loads); loading is not timed. `--edit FILE` alternates the
// rules with FILE from run to run, as edits that change the table (a threshold moved) would.
//
// Prints each module's size, its analyse times in ms (median, min, max over N runs, 7 by default,
// after one run to warm up), its memory after the runs (a module's memory only grows) and, with
// two modules, whether their outputs are identical. The rules
// are the module's default table unless --rules names a file. Exit status 0, 1 when the two
// modules' outputs differ, 2 on bad arguments or a module that cannot be loaded.
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { Engine } from '../../docs/playground/engine.js';

const usage = 'usage: time-analyse.mjs [--runs N] [--rules FILE] [--edit FILE] [--cold] WASM [WASM2]';

function parse(argv) {
  const options = { runs: 7, rules: null, edit: null, cold: false, modules: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--cold') {
      options.cold = true;
    } else if (arg === '--runs' || arg === '--rules' || arg === '--edit') {
      const value = argv[++i];
      if (value === undefined) throw new Error(`${arg} needs a value\n${usage}`);
      if (arg === '--runs') {
        options.runs = Number.parseInt(value, 10);
        if (!(options.runs >= 1)) throw new Error(`--runs: not a positive count: ${value}`);
      } else if (arg === '--rules') {
        options.rules = value;
      } else {
        options.edit = value;
      }
    } else if (arg.startsWith('--')) {
      throw new Error(`unknown option ${arg}\n${usage}`);
    } else {
      options.modules.push(arg);
    }
  }
  if (options.modules.length < 1 || options.modules.length > 2) throw new Error(usage);
  return options;
}

function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  return `median ${median.toFixed(1)} ms (${sorted[0].toFixed(1)}–${sorted[sorted.length - 1].toFixed(1)})`;
}

async function main() {
  let options;
  try {
    options = parse(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`time-analyse: ${error.message}\n`);
    return 2;
  }
  const modules = [];
  for (const path of options.modules) {
    const bytes = await readFile(path);
    modules.push({ path, bytes, size: bytes.length, engine: await Engine.load(bytes), times: [], output: null });
  }
  const rules = options.rules ? await readFile(options.rules, 'utf8') : modules[0].engine.defaultRules();
  const edited = options.edit ? await readFile(options.edit, 'utf8') : null;
  for (const m of modules) m.output = m.engine.analyse(rules); // warm-up, and the output compared
  for (let run = 0; run < options.runs; run++) {
    const text = edited !== null && run % 2 === 0 ? edited : rules;
    for (const m of modules) {
      if (options.cold) m.engine = await Engine.load(m.bytes);
      const start = performance.now();
      m.engine.analyse(text);
      m.times.push(performance.now() - start);
    }
  }
  for (const m of modules) {
    const memory = (m.engine.memoryBytes / (1024 * 1024)).toFixed(1);
    process.stdout.write(
      `${m.path}: ${m.size} bytes; analyse${options.cold ? ' (cold)' : ''}${edited !== null ? ' (edits)' : ''} ${summary(m.times)} over ${options.runs} runs; memory ${memory} MiB\n`);
  }
  if (modules.length === 2) {
    const same = modules[0].output === modules[1].output;
    process.stdout.write(same ? 'outputs identical\n' : 'outputs DIFFER\n');
    return same ? 0 : 1;
  }
  return 0;
}

main().then(
  (status) => process.exit(status),
  (error) => {
    process.stderr.write(`time-analyse: ${error.stack ?? error}\n`);
    process.exit(2);
  });
