// A Web Worker running the engine (engine.js), so neither a keystroke's check nor the slower
// analysis ever blocks the page. Messages in: {load: module-or-url} once, then
// {id, op, args}; messages out: {id, ok, result, ms} or {id, ok: false, error}.
import { Engine } from './engine.js';

let engine = null;
let loading = null;

self.onmessage = async (event) => {
  const message = event.data;
  if (message.load !== undefined) {
    loading = Engine.load(message.load).then((e) => { engine = e; });
    try {
      await loading;
      self.postMessage({ loaded: true });
    } catch (error) {
      self.postMessage({ loaded: false, error: String(error?.message ?? error) });
    }
    return;
  }
  const { id, op, args } = message;
  try {
    if (!engine) await loading;
    const started = performance.now();
    let result;
    switch (op) {
      case 'check': result = engine.check(args[0]); break;
      case 'analyse': result = engine.analyse(args[0]); break;
      case 'explain': result = engine.explain(args[0], args[1], args[2]); break;
      case 'update': result = engine.update(args[0], args[1], args[2]); break;
      case 'place': result = engine.place(args[0]); break;
      case 'charts': result = engine.charts(args[0]); break;
      case 'styles': result = engine.styles(); break;
      case 'evaluate': result = engine.evaluate(args[0], args[1]); break;
      case 'defaultRules': result = engine.defaultRules(); break;
      default: throw new Error(`unknown operation ${op}`);
    }
    self.postMessage({ id, ok: true, result, ms: performance.now() - started });
  } catch (error) {
    self.postMessage({ id, ok: false, error: String(error?.message ?? error) });
  }
};
