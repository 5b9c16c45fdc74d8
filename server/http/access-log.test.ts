import { describe, expect, it } from 'vitest';
import { formatRequestLine, pathOf } from './access-log';

describe('the logged path', () => {
  it.each([
    ['/', '/'],
    ['/contact?email=someone@example.com', '/contact'],
    ['/a/b?x=1?y=2', '/a/b'],
    ['http://emberandink.example/robots.txt?utm=1', '/robots.txt'],
    ['*', '*'],
  ])('of %s is %s', (target, expected) => {
    expect(pathOf(target)).toBe(expected);
  });
});

describe('the access log line', () => {
  const line = {
    time: '2026-11-21T05:00:00.000Z',
    method: 'GET',
    path: '/a "quoted" \\ path/\u00e9\u2028',
    status: 200,
    ms: 0.4,
    aborted: false,
  };

  it("is one JSON object on one line, the client's strings escaped", () => {
    const text = formatRequestLine(line);
    expect(text.endsWith('\n')).toBe(true);
    expect(text.slice(0, -1)).not.toMatch(/[\n\r]/);
    expect(JSON.parse(text)).toStrictEqual({
      time: line.time,
      level: 'info',
      msg: 'request',
      method: 'GET',
      path: line.path,
      status: 200,
      ms: 0.4,
    });
  });

  it('says when the client left before the answer was handed over', () => {
    expect(JSON.parse(formatRequestLine({ ...line, aborted: true }))).toMatchObject({
      aborted: true,
    });
  });
});
