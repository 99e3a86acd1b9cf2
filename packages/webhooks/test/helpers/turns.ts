/**
 * Runs `work` and counts the turns of the event loop it let go meanwhile: a chain of setImmediate
 * callbacks advances once per turn, and not at all while `work` holds the thread.
 */
export async function turnsLetGo<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let working = true;
  const tick = () => {
    if (!working) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return { value: await work(), turns };
  } finally {
    working = false;
  }
}
