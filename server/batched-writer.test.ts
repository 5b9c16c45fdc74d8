import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createBatchedWriter } from './batched-writer';

describe('batched writer', () => {
  it('writes the lines of one event-loop turn together, in order, on the next turn', async () => {
    const chunks: string[] = [];
    const writer = createBatchedWriter((chunk) => chunks.push(chunk));
    writer.write('a\n');
    writer.write('b\n');
    expect(chunks).toEqual([]);
    await nextTurn();
    writer.write('c\n');
    await nextTurn();
    expect(chunks).toEqual(['a\nb\n', 'c\n']);
  });

  it('writes what is pending at once on flush, and nothing twice', async () => {
    const chunks: string[] = [];
    const writer = createBatchedWriter((chunk) => chunks.push(chunk));
    writer.write('last words\n');
    writer.flush();
    expect(chunks).toEqual(['last words\n']);
    await nextTurn();
    expect(chunks).toEqual(['last words\n']);
  });

  it('does not hold an unbounded backlog within one turn', () => {
    const chunks: string[] = [];
    const writer = createBatchedWriter((chunk) => chunks.push(chunk));
    const line = `${'x'.repeat(99)}\n`;
    for (let count = 0; count < 2_000; count += 1) writer.write(line);
    expect(chunks.length).toBeGreaterThan(0);
    writer.flush();
    expect(chunks.join('')).toBe(line.repeat(2_000));
  });
});
