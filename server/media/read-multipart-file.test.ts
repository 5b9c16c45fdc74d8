import { describe, expect, it } from 'vitest';
import { multipartBoundary, readMultipartFile } from './read-multipart-file';

/** A multipart body exactly as undici's FormData writes it, with its boundary. */
async function encode(form: FormData): Promise<{ body: Buffer; boundary: string }> {
  const request = new Request('http://x/', { method: 'POST', body: form });
  const boundary = multipartBoundary(request.headers.get('content-type'));
  if (boundary === null) throw new Error('no boundary');
  return { body: Buffer.from(await request.arrayBuffer()), boundary };
}

describe('readMultipartFile', () => {
  it('finds the file among other fields, as a view of the body', async () => {
    const bytes = Buffer.from([0, 13, 10, 45, 45, 255, 1, 2]);
    const form = new FormData();
    form.set('note', 'before');
    form.set('file', new Blob([bytes]), 'a "quoted" name.jpg');
    form.set('after', new Blob([Buffer.from('other')]), 'other.jpg');
    const { body, boundary } = await encode(form);
    const file = readMultipartFile(body, boundary, 'file');
    expect(file).toEqual(bytes);
    expect(file?.buffer).toBe(body.buffer);
  });

  it('refuses a missing file, a plain field of that name, a file sent twice and a cut body', async () => {
    const plain = new FormData();
    plain.set('file', 'not a file');
    const twice = new FormData();
    twice.append('file', new Blob(['a']), 'a.jpg');
    twice.append('file', new Blob(['b']), 'b.jpg');
    const whole = new FormData();
    whole.set('file', new Blob(['abc']), 'a.jpg');
    for (const form of [new FormData(), plain, twice]) {
      const { body, boundary } = await encode(form);
      expect(readMultipartFile(body, boundary, 'file')).toBeNull();
    }
    const { body, boundary } = await encode(whole);
    expect(readMultipartFile(body.subarray(0, body.length - 10), boundary, 'file')).toBeNull();
    expect(readMultipartFile(Buffer.from('garbage'), boundary, 'file')).toBeNull();
  });

  it('reads the boundary, quoted or not, from multipart/form-data only', () => {
    expect(multipartBoundary('multipart/form-data; boundary=abc')).toBe('abc');
    expect(multipartBoundary('Multipart/Form-Data; charset=x; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('multipart/mixed; boundary=abc')).toBeNull();
    expect(multipartBoundary('application/json')).toBeNull();
    expect(multipartBoundary(null)).toBeNull();
  });
});
