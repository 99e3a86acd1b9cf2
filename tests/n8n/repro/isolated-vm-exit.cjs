// isolated-vm alone: process.exit() while an isolate works on isolated-vm's thread pool kills Node
// with SIGSEGV (sometimes SIGABRT). Node disposes its V8 platform in process.exit(); the pool thread,
// still in V8, then calls into the freed platform (Heap::MonotonicallyIncreasingTimeInMs, or
// CppgcPlatformAdapter::GetForegroundTaskRunner during an isolate's teardown).
//   node --no-node-snapshot isolated-vm-exit.cjs <path to isolated-vm> busy|disposed|idle
// busy:     an async eval is running at the exit            -> SIGSEGV
// disposed: an idle isolate is disposed right before exit   -> SIGSEGV about every other run
//           (dispose() hands the isolate's teardown to the pool thread and returns)
// idle:     an idle isolate is left alone at the exit       -> exit 0
'use strict';
const [, , ivmPath, mode = 'busy'] = process.argv;
if (!ivmPath || !['busy', 'disposed', 'idle'].includes(mode)) {
  throw new Error('usage: isolated-vm-exit.cjs <path to isolated-vm> busy|disposed|idle');
}
const ivm = require(ivmPath);

(async () => {
  const isolate = new ivm.Isolate({ memoryLimit: 128 });
  const context = await isolate.createContext();
  await context.eval('globalThis.items = []; for (let i = 0; i < 200000; i++) items.push({ i });');
  if (mode === 'busy') {
    context
      .eval('let a = []; for (let i = 0; i < 5e7; i++) { a.push({ i }); if (a.length > 1e5) a = []; }')
      .catch(() => {});
    await new Promise((done) => setTimeout(done, 50));
  }
  if (mode === 'disposed') isolate.dispose();
  process.exit(0);
})();
