import { describe, expect, it } from 'vitest';
import { createDeviceCookies, deriveDeviceKey } from './device-cookie';

const cookies = createDeviceCookies({ key: deriveDeviceKey('a'.repeat(64)), isHttps: true });
const pairOf = (setCookie: string) => setCookie.split(';')[0] ?? '';

describe('device cookies', () => {
  it('recognise a cookie this server issued, for its own account only', () => {
    const issued = cookies.issue('owner@studio.example');
    expect(issued).toMatch(
      /^__Host-studio_device=[\w-]{22}\.[\w-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Strict; Secure$/,
    );
    const header = `other=1; ${pairOf(issued)}`;
    expect(cookies.read(header, 'owner@studio.example')).toMatch(/^[\w-]{22}$/);
    expect(cookies.read(header, 'someone@studio.example')).toBeNull();
  });

  it('refuse a forged, altered or foreign-key cookie', () => {
    const pair = pairOf(cookies.issue('owner@studio.example'));
    const other = createDeviceCookies({ key: deriveDeviceKey('b'.repeat(64)), isHttps: true });
    expect(other.read(pair, 'owner@studio.example')).toBeNull();
    const altered = pair.replace(/\.(.)/, (_, first: string) => `.${first === 'A' ? 'B' : 'A'}`);
    expect(cookies.read(altered, 'owner@studio.example')).toBeNull();
    expect(cookies.read('__Host-studio_device=x.y', 'owner@studio.example')).toBeNull();
    expect(cookies.read(null, 'owner@studio.example')).toBeNull();
  });
});
