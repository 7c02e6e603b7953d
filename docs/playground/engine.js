// The dialrules engine in WebAssembly (dialrules.wasm, built by Tests/Playground/build.sh from
// Sources/DialRulesPlayground with Embedded Swift), as an ES module for a browser page, a Web
// Worker and node. Every function takes and returns text; the engine decides everything, this
// file only moves bytes across the module's memory.
//
//   const engine = await Engine.load(new URL('dialrules.wasm', import.meta.url));  // or the bytes
//   engine.check(rules)                    // lint --format json --no-analysis
//   engine.analyse(rules)                  // {"lint": lint --format json, "map": the decision map}
//   engine.explain(rules, shotJSON, lang)  // {"decision", "text", "diagnostics", "style"}
//   engine.update(rules, shotJSON, lang)   // {"check": check(rules), "explain": explain(…)}, one compile
//   engine.place(shotJSON)                 // where the shot falls on the last analysis' map
//   engine.styles()                        // {"css", "patterns"}: how outcomes look on the map
//   engine.evaluate(rules, shotsText)      // what `dialrules eval` prints
//   engine.defaultRules()                  // rules/espresso.dialrules
//
// The interface of the module (Sources/DialRulesPlayground/WasmExports.swift): dr_alloc(size) and
// dr_free(ptr) manage blocks of its memory; dr_check, dr_analyse, dr_explain, dr_update, dr_place,
// dr_eval take (pointer, length) pairs of UTF-8 text and dr_default_rules and dr_styles none; each returns a block holding a
// 4-byte little-endian length and that many UTF-8 bytes, which the caller frees.

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');

/** Reads a URL (http(s), or file: under node) into bytes. */
async function readBytes(source) {
  const url = source instanceof URL ? source : new URL(String(source), globalThis.location?.href ?? 'file:///');
  if (url.protocol === 'file:' && typeof process !== 'undefined' && process.versions?.node) {
    const fs = await import('node:fs/promises');
    return new Uint8Array(await fs.readFile(url));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`cannot load ${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * Functions the module may import. An Embedded Swift module for wasm32-unknown-none needs none
 * when its build links everything in; whatever it does import gets a stand-in that fails loudly
 * when called, so a missing piece shows as an error, never as a wrong answer.
 */
function importsFor(module, printed) {
  const imports = {};
  for (const entry of WebAssembly.Module.imports(module)) {
    imports[entry.module] ??= {};
    if (entry.kind !== 'function') continue;
    let fn;
    if (entry.name === 'putchar') {
      fn = (c) => { printed.push(c & 0xff); if (printed.length > 1 << 16) printed.splice(0, printed.length - 4096); return c; };
    } else {
      fn = () => { throw new Error(`dialrules.wasm called the unprovided import ${entry.module}.${entry.name}`); };
    }
    imports[entry.module][entry.name] = fn;
  }
  return imports;
}

/** The engine: one instance of the module, renewed after a trap. */
export class Engine {
  /**
   * Loads the module from its bytes (ArrayBuffer, typed array), a URL (string or URL object) or
   * a compiled `WebAssembly.Module`.
   * @returns {Promise<Engine>}
   */
  static async load(source) {
    let module;
    if (source instanceof WebAssembly.Module) {
      module = source;  // compiled already (a page hands its module to its workers)
    } else {
      const bytes = (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) ? source : await readBytes(source);
      module = await WebAssembly.compile(bytes);
    }
    const engine = new Engine(module);
    await engine.#instantiate();
    return engine;
  }

  #module;

  /** The compiled module, to hand to another worker. */
  get module() { return this.#module; }
  #exports = null;
  #printed = [];

  constructor(module) { this.#module = module; }

  async #instantiate() {
    const instance = await WebAssembly.instantiate(this.#module, importsFor(this.#module, this.#printed));
    this.#setUp(instance);
  }

  #instantiateNow() {
    this.#setUp(new WebAssembly.Instance(this.#module, importsFor(this.#module, this.#printed)));
  }

  #setUp(instance) {
    const e = instance.exports;
    for (const name of ['memory', 'dr_alloc', 'dr_free', 'dr_check', 'dr_analyse', 'dr_explain', 'dr_update', 'dr_place', 'dr_charts', 'dr_eval', 'dr_default_rules', 'dr_styles']) {
      if (!(name in e)) throw new Error(`dialrules.wasm does not export ${name}`);
    }
    if (typeof e._initialize === 'function') e._initialize();
    this.#exports = e;
  }

  /** The module's byte length of memory (for budgets and tests). */
  get memoryBytes() { return this.#exports.memory.buffer.byteLength; }

  /** Copies `text` into a fresh block: [pointer, length]. */
  #put(text) {
    const bytes = encoder.encode(text);
    const pointer = this.#exports.dr_alloc(bytes.length);
    if (pointer === 0 && bytes.length > 0) throw new Error('dialrules.wasm: out of memory');
    new Uint8Array(this.#exports.memory.buffer, pointer, bytes.length).set(bytes);
    return [pointer, bytes.length];
  }

  /** Reads and frees a result block. */
  #take(block) {
    if (block === 0) throw new Error('dialrules.wasm returned no result');
    const memory = this.#exports.memory.buffer;
    const length = new DataView(memory).getUint32(block, true);
    const text = decoder.decode(new Uint8Array(memory, block + 4, length));
    this.#exports.dr_free(block);
    return text;
  }

  /**
   * Calls `name` with the texts (a number goes as it is), returns its text; a trap renews the
   * instance and throws.
   */
  #call(name, ...texts) {
    const args = [];
    const blocks = [];
    try {
      for (const t of texts) {
        if (typeof t === 'number') {
          args.push(t);
          continue;
        }
        const [pointer, length] = this.#put(t);
        blocks.push(pointer);
        args.push(pointer, length);
      }
      const result = this.#take(this.#exports[name](...args));
      for (const b of blocks) this.#exports.dr_free(b);
      return result;
    } catch (error) {
      const printed = decoder.decode(new Uint8Array(this.#printed.splice(0)));
      this.#instantiateNow();
      const detail = printed.trim() ? ` (${printed.trim()})` : '';
      throw new Error(`dialrules.wasm failed in ${name}: ${error.message}${detail}`);
    }
  }

  /** `dialrules lint --format json --no-analysis` of `rules`. */
  check(rules) { return this.#call('dr_check', rules); }
  /** `{"lint": …lint --format json…, "map": …the decision map…}` of `rules`. */
  analyse(rules) { return this.#call('dr_analyse', rules); }
  /** `{"decision": …, "text": …explain --lang lang…, "diagnostics": […], "style": …}` of one shot. */
  explain(rules, shotJSON, lang) { return this.#call('dr_explain', rules, shotJSON, lang); }
  /** `{"check": …check(rules)…, "explain": …explain(rules, shotJSON, lang)…}`, compiling once. */
  update(rules, shotJSON, lang) { return this.#call('dr_update', rules, shotJSON, lang); }
  /**
   * Where the shot falls on the map of this engine's last `analyse` (`{"placed": true, "situation",
   * "slice", "x", "y", "pixel"}` or `{"placed": false, "reason"}`); needs no new analysis. A trap
   * forgets the map (the instance is renewed): then the shot is "not analysed" until the next
   * `analyse`.
   */
  place(shotJSON) { return this.#call('dr_place', shotJSON); }
  /**
   * `["<svg …", …]`: the chart of every situation of the last `analyse`'s map in slice `slice`,
   * as `dialrules report` draws it; `[]` without a map.
   */
  charts(slice) { return this.#call('dr_charts', slice | 0); }
  /** `{"css": …, "patterns": …}`: the report's styles and the outcomes' SVG patterns. */
  styles() { return this.#call('dr_styles'); }
  /** What `dialrules eval` prints for a JSON Lines text of shots. */
  evaluate(rules, shotsText) { return this.#call('dr_eval', rules, shotsText); }
  /** The shipped default table. */
  defaultRules() { return this.#call('dr_default_rules'); }
}

export default Engine;
