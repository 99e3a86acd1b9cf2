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
