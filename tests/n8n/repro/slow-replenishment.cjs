// A preload (`NODE_OPTIONS=--require`) that makes n8n's race deterministic: every isolate the
// expression engine builds after its first one (the pool's replacements) evaluates its runtime bundle
// for SLOW_REPLENISHMENT_MS longer (default 3000), so `n8n execute` always exits while the
// replacement is being built, which is what a loaded machine does by chance.
'use strict';
const Module = require('node:module');

const slowMs = Number(process.env.SLOW_REPLENISHMENT_MS ?? 3000);
const load = Module._load;
let patched = false;
Module._load = function loadAndPatch(request, parent, isMain) {
  const exports = load.call(this, request, parent, isMain);
  if (
    !patched &&
    /isolated-vm-bridge(\.js)?$/.test(request) &&
    typeof exports?.IsolatedVmBridge === 'function'
  ) {
    patched = true;
    slowAfterFirst(exports.IsolatedVmBridge);
  }
  return exports;
};

function slowAfterFirst(IsolatedVmBridge) {
  const loadVendorLibraries = IsolatedVmBridge.prototype.loadVendorLibraries;
  let built = 0;
  IsolatedVmBridge.prototype.loadVendorLibraries = async function (...args) {
    built++;
    if (built === 1) return loadVendorLibraries.apply(this, args);
    // isolated-vm's Context is sealed: lengthen its bundle eval through a stand-in for this one call.
    const context = this.context;
    this.context = new Proxy(context, {
      get(target, key) {
        const value = Reflect.get(target, key);
        if (key !== 'eval') return typeof value === 'function' ? value.bind(target) : value;
        return (code, ...rest) =>
          value.call(
            target,
            code.length > 100_000 ? `${code};{const end=Date.now()+${slowMs};while(Date.now()<end){}}` : code,
            ...rest,
          );
      },
    });
    try {
      return await loadVendorLibraries.apply(this, args);
    } finally {
      this.context = context;
    }
  };
}
