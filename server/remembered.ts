/**
 * `compute`, its answer for each key remembered, in memory only, for up to `limit` keys; past
 * that the memory starts over, so it never holds more. For answers that depend on the key
 * alone and never change while the process runs. `keeps` may refuse to hold a key (one too
 * long to be worth its memory): its answer is then computed every time.
 */
export function remembered<Answer>(
  compute: (key: string) => Answer,
  options: { limit: number; keeps?: (key: string) => boolean },
): (key: string) => Answer {
  const answers = new Map<string, Answer>();
  return (key) => {
    if (answers.has(key)) return answers.get(key) as Answer;
    const answer = compute(key);
    if (options.keeps?.(key) ?? true) {
      if (answers.size >= options.limit) answers.clear();
      answers.set(key, answer);
    }
    return answer;
  };
}
