// Runs the playground's engine (docs/playground/dialrules.wasm) in node through the page's own
// wrapper, docs/playground/engine.js, and prints what it returns, for the differential test
// (Tests/DialRulesCommandsTests/Playground/WasmDifferentialTests.swift), which compares it byte
// for byte with the native `dialrules`:
//
//   node Tests/Playground/differential.mjs eval WASM RULES SHOTS   # engine.evaluate: `dialrules eval RULES SHOTS`'s stdout
//   node Tests/Playground/differential.mjs default-rules WASM      # engine.defaultRules()
//   node Tests/Playground/differential.mjs update WASM RULES SHOT LANG  # engine.update
//   node Tests/Playground/differential.mjs place WASM RULES SHOT  # engine.analyse, a newline, engine.place
//   node Tests/Playground/differential.mjs charts WASM RULES       # engine.analyse, then engine.charts(slice)
//                                                                  # for every slice and one past them, one a line
//   node Tests/Playground/differential.mjs styles WASM             # engine.styles()
//
// Files are read as UTF-8 text (as the page reads what is typed or dropped into it); the output
// is written as UTF-8 to standard output, nothing else is. Exit status 0, or 2 with a message on
// standard error when the module cannot be loaded or traps.
import { readFile } from 'node:fs/promises';
import { Engine } from '../../docs/playground/engine.js';

const [command, wasmPath, ...rest] = process.argv.slice(2);
const usage = 'usage: differential.mjs eval WASM RULES SHOTS | default-rules WASM | update WASM RULES SHOT LANG'
  + ' | place WASM RULES SHOT | charts WASM RULES | styles WASM';

async function main() {
  if (!wasmPath) throw new Error(usage);
  const engine = await Engine.load(await readFile(wasmPath));
  let output;
  switch (command) {
    case 'eval': {
      if (rest.length !== 2) throw new Error(usage);
      const [rules, shots] = await Promise.all(rest.map((path) => readFile(path, 'utf8')));
      output = engine.evaluate(rules, shots);
      break;
    }
    case 'default-rules':
      output = engine.defaultRules();
      break;
    case 'update': {
      if (rest.length !== 3) throw new Error(usage);
      const [rules, shot] = await Promise.all(rest.slice(0, 2).map((path) => readFile(path, 'utf8')));
      output = engine.update(rules, shot, rest[2]);
      break;
    }
    case 'place': {
      if (rest.length !== 2) throw new Error(usage);
      const [rules, shot] = await Promise.all(rest.map((path) => readFile(path, 'utf8')));
      output = engine.analyse(rules) + '\n' + engine.place(shot);
      break;
    }
    case 'charts': {
      if (rest.length !== 1) throw new Error(usage);
      const map = JSON.parse(engine.analyse(await readFile(rest[0], 'utf8'))).map;
      const slices = map ? map.slices.length : 0;
      output = Array.from({ length: slices + 1 }, (_, slice) => engine.charts(slice)).join('\n');
      break;
    }
    case 'styles':
      output = engine.styles();
      break;
    default:
      throw new Error(usage);
  }
  await new Promise((resolve, reject) => process.stdout.write(output, (error) => (error ? reject(error) : resolve())));
}

main().catch((error) => {
  process.stderr.write(`differential.mjs: ${error?.stack ?? error}\n`);
  process.exitCode = 2;
});
