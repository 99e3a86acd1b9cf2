// Preloaded into every n8n process of the tests (`NODE_OPTIONS=--require`, harness.ts).
// n8n 2.35.7's one-shot commands (`n8n execute`) end in BaseCommand.finally(), which calls
// process.exit() while the expression engine's isolate pool may still be building the isolate that
// replaces the one the execution used (on an isolated-vm thread). isolated-vm cannot outlive Node's
// platform: an exit under a busy isolate is a SIGSEGV after the output is printed
// (tests/n8n/repro/README.md). This holds finally()'s exit until the pool is replenished, the fix
// n8n needs. It does not dispose the isolates: isolated-vm tears a disposed isolate down on its own
// thread, which an exit right after races the same way. Nothing else of n8n changes; `n8n start`'s
// finally() does not exit, so it passes through untouched.
'use strict';
const Module = require('node:module');

const load = Module._load;
let patched = false;
Module._load = function loadAndPatch(request, parent, isMain) {
  const exports = load.call(this, request, parent, isMain);
  if (
    !patched &&
    /(^|[\\/])base-command(\.js)?$/.test(request) &&
    typeof exports?.BaseCommand === 'function'
  ) {
    const filename = Module._resolveFilename(request, parent, isMain);
    if (/[\\/]n8n[\\/]dist[\\/]commands[\\/]base-command\.js$/.test(filename)) {
      patched = true;
      patch(exports.BaseCommand, Module.createRequire(filename)('n8n-workflow').Expression);
    }
  }
  return exports;
};

function patch(BaseCommand, Expression) {
  const original = BaseCommand.prototype.finally;
  BaseCommand.prototype.finally = async function finallyAfterReplenishment(error) {
    const exit = process.exit;
    let requested;
    // finally() closes the database, then exits: hold that exit.
    process.exit = (code) => {
      requested ??= { code };
    };
    try {
      await original.call(this, error);
    } finally {
      process.exit = exit;
    }
    if (requested === undefined) return;
    try {
      await Expression.vmEvaluator?.waitForReplenishment();
    } catch (failure) {
      process.stderr.write(`exit-after-replenishment: ${failure?.stack ?? failure}\n`);
    }
    exit.call(process, requested.code);
  };
}
