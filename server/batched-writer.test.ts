import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createBatchedRecords, createBatchedWriter } from './batched-writer';

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

describe('batched records', () => {
  it('writes one turn as one batch, one batch at a time, in order', async () => {
    const written: number[][] = [];
    let release = (): void => undefined;
    const records = createBatchedRecords<number>({
      maxPending: 10,
      record: async (batch) => {
        // The first write is slow: the second batch must wait for it, not overtake it.
        if (written.length === 0) await new Promise<void>((resolve) => (release = resolve));
        written.push(batch);
      },
    });
    records.add(1);
    records.add(2);
    await nextTurn();
    records.add(3);
    await nextTurn();
    expect(written).toEqual([]);
    release();
    await records.flush();
    expect(written).toEqual([[1, 2], [3]]);
  });

  it('refuses what does not fit in the backlog, and takes again once it is written', async () => {
    const written: string[][] = [];
    const records = createBatchedRecords<string>({
      maxPending: 2,
      record: (batch) => {
        written.push(batch);
        return Promise.resolve();
      },
    });
    expect([records.add('a'), records.add('b'), records.add('c')]).toEqual([true, true, false]);
    expect(records.hasRoomFor(1)).toBe(false);
    await records.flush();
    expect(records.hasRoomFor(2)).toBe(true);
    expect(written).toEqual([['a', 'b']]);
  });
});
