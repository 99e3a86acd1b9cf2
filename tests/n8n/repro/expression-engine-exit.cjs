// n8n 2.35.7: process.exit() while the expression engine's isolate pool builds a replacement isolate
// kills Node with SIGSEGV. This does what `n8n execute` does, with n8n-workflow's own API: start the
// engine (BaseCommand.init), one execution's acquire/release (WorkflowExecute), then exit the way
// BaseCommand.finally() does, without Expression.disposeExpressionEngine(). The exit is timed to the
// replacement's runtime-bundle eval (`n8n execute` hits it by chance: finally() sleeps 100 ms and
// closes the database first). With --dispose the engine is disposed before the exit, as
// exitSuccessFully() does, and the process exits 0.
//   node --no-node-snapshot expression-engine-exit.cjs <folder holding node_modules/n8n> [--dispose]
'use strict';
const { realpathSync } = require('node:fs');
const { createRequire } = require('node:module');
const { join } = require('node:path');

const app = process.argv[2];
if (!app) throw new Error('usage: expression-engine-exit.cjs <folder holding node_modules/n8n> [--dispose]');
// Resolved from n8n's own folder (pnpm links it), so these are the modules n8n itself loads.
const fromN8n = createRequire(realpathSync(join(app, 'node_modules', 'n8n', 'package.json')));
const { Expression } = fromN8n('n8n-workflow');
const { IsolatedVmBridge } = createRequire(fromN8n.resolve('n8n-workflow'))('@n8n/expression-runtime');

// Tells when an isolate starts evaluating the runtime bundle (IsolatedVmBridge.loadVendorLibraries).
let bundleEvalStarted = () => {};
const loadVendorLibraries = IsolatedVmBridge.prototype.loadVendorLibraries;
IsolatedVmBridge.prototype.loadVendorLibraries = async function (...args) {
  // isolated-vm's Context is sealed: watch its eval through a stand-in for this one call.
  const context = this.context;
  this.context = new Proxy(context, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (key !== 'eval') return typeof value === 'function' ? value.bind(target) : value;
      return (...evalArgs) => {
        const pending = value.apply(target, evalArgs);
        if (String(evalArgs[0]).length > 100_000) bundleEvalStarted();
        return pending;
      };
    },
  });
  try {
    return await loadVendorLibraries.apply(this, args);
  } finally {
    this.context = context;
  }
};

(async () => {
  // n8n's defaults (ExpressionEngineConfig): engine vm, a pool of 1, 128 MB, 5 s.
  await Expression.initExpressionEngine({
    engine: 'vm',
    poolSize: 1,
    maxCodeCacheSize: 1024,
    bridgeTimeout: 5000,
    bridgeMemoryLimit: 128,
  });
  const expression = new Expression('UTC');
  const replacing = new Promise((done) => {
    bundleEvalStarted = done;
  });
  await expression.acquireIsolate();
  // release() disposes the used isolate and builds its replacement in the background.
  await expression.releaseIsolate();
  await replacing;
  if (process.argv.includes('--dispose')) await Expression.disposeExpressionEngine();
  if (process.argv.includes('--wait')) await Expression.vmEvaluator.waitForReplenishment();
  process.stdout.write('exiting\n');
  process.exit(0);
})();
