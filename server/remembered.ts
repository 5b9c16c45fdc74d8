/**
 * `compute`, its answer for each key remembered, in memory only, for up to `limit` keys; past
 * that the memory starts over, so it never holds more. For answers that depend on the key
 * alone and never change while the process runs.
 */
export function remembered<Answer>(
  compute: (key: string) => Answer,
  options: { limit: number },
): (key: string) => Answer {
  const answers = new Map<string, Answer>();
  return (key) => {
    if (answers.has(key)) return answers.get(key) as Answer;
    const answer = compute(key);
    if (answers.size >= options.limit) answers.clear();
    answers.set(key, answer);
    return answer;
  };
}
