/**
 * A store's decisions written once, its I/O handed in (sans-I/O, as in h11): a plan is a
 * generator that yields the operations it needs, `{ op, args }`, and is resumed with each result.
 * SQLite runs a plan synchronously inside its group commit; PostgreSQL awaits each step inside a
 * transaction. Both run the same plan, so the two stores cannot decide differently.
 */
// biome-ignore lint/suspicious/noExplicitAny: each store's operations table is checked where it is written.
type Ops<O = any> = { [K in keyof O]: (...args: any[]) => unknown };

export type Step<O extends Ops<O>> = { [K in keyof O]: { op: K; args: Parameters<O[K]> } }[keyof O];

export type Plan<O extends Ops<O>, R> = Generator<Step<O>, R, unknown>;

/** Operations as an asynchronous store provides them. */
export type AsyncOps<O extends Ops<O>> = {
  [K in keyof O]: (...args: Parameters<O[K]>) => Promise<ReturnType<O[K]>>;
};

/** One operation inside a plan: `const id = yield* ask<IngestOps, 'insertAlert'>('insertAlert', ...)`. */
export function* ask<O extends Ops<O>, K extends keyof O>(
  op: K,
  ...args: Parameters<O[K]>
): Plan<O, ReturnType<O[K]>> {
  return (yield { op, args } as Step<O>) as ReturnType<O[K]>;
}

export function runPlan<O extends Ops<O>, R>(plan: Plan<O, R>, ops: O): R {
  let step = plan.next();
  while (!step.done) step = plan.next(ops[step.value.op]!(...step.value.args));
  return step.value;
}

export async function runPlanAsync<O extends Ops<O>, R>(plan: Plan<O, R>, ops: AsyncOps<O>): Promise<R> {
  let step = plan.next();
  while (!step.done) step = plan.next(await ops[step.value.op]!(...step.value.args));
  return step.value;
}

/**
 * Operations that run for many plans at once: each takes the arguments of every plan asking for
 * it (in plan order) and returns their results in the same order, in one statement.
 */
export type BatchOps<O extends Ops<O>> = {
  [K in keyof O]?: (calls: Array<Parameters<O[K]>>) => Promise<Array<ReturnType<O[K]>>>;
};

/**
 * Runs plans side by side, step by step: at each step, the plans asking for the same operation
 * ask once, set-based, where `batch` has that operation (else one by one, in plan order; a
 * batch operation may also stand for one that takes two statements one by one). The
 * plans must not depend on each other's writes (the caller runs only independent plans together):
 * then the outcome is the one they would have had run one after the other.
 */
export async function runPlansTogether<O extends Ops<O>, R>(
  plans: Array<Plan<O, R>>,
  ops: AsyncOps<O>,
  batch: BatchOps<O>,
): Promise<R[]> {
  const steps = plans.map((p) => p.next());
  for (;;) {
    const byOp = new Map<keyof O, number[]>();
    for (const [i, step] of steps.entries()) {
      if (step.done) continue;
      const waiting = byOp.get(step.value.op);
      if (waiting) waiting.push(i);
      else byOp.set(step.value.op, [i]);
    }
    if (byOp.size === 0) return steps.map((s) => s.value as R);
    for (const [op, indices] of byOp) {
      const together = batch[op];
      if (together) {
        const calls = indices.map((i) => (steps[i]!.value as Step<O>).args);
        const results = await together(calls as never);
        for (const [k, i] of indices.entries()) steps[i] = plans[i]!.next(results[k]);
      } else {
        for (const i of indices) {
          const { args } = steps[i]!.value as Step<O>;
          steps[i] = plans[i]!.next(await ops[op]!(...args));
        }
      }
    }
  }
}
