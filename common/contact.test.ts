import { describe, expect, it } from 'vitest';
import { toFieldErrors } from './api';
import { CONTACT_SERVICES, ContactRequestSchema } from './contact';
import { NewsletterSignupSchema } from './newsletter';

const valid = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  service: 'Brand Strategy',
  message: 'A new identity for our bakery.',
};

function fieldErrorsOf(input: unknown) {
  const result = ContactRequestSchema.safeParse(input);
  if (result.success) throw new Error('expected the input to be refused');
  return toFieldErrors(result.error);
}

describe('ContactRequestSchema', () => {
  it('trims and NFC-normalises every field', () => {
    const result = ContactRequestSchema.parse({
      ...valid,
      name: '  Zoe\u0301  ',
      email: ' ann@example.com ',
      message: '\n Cafe\u0301 \n',
    });
    expect(result.name).toBe('Zoé');
    expect(result.email).toBe('ann@example.com');
    expect(result.message).toBe('Café');
  });

  it('accepts exactly the eight services', () => {
    expect(CONTACT_SERVICES).toHaveLength(8);
    for (const service of CONTACT_SERVICES) {
      expect(ContactRequestSchema.safeParse({ ...valid, service }).success).toBe(true);
    }
    expect(fieldErrorsOf({ ...valid, service: 'brand strategy' }).service).toBeDefined();
    expect(fieldErrorsOf({ ...valid, service: '' }).service).toBeDefined();
  });

  it('refuses line breaks in single-line fields', () => {
    expect(fieldErrorsOf({ ...valid, name: 'Ann\r\nBcc: x@example.com' }).name).toBe(
      'not_single_line',
    );
    expect(
      fieldErrorsOf({ ...valid, email: 'ann@example.com\nBcc: x@example.com' }).email,
    ).toBeDefined();
  });

  it('enforces the length limits', () => {
    expect(ContactRequestSchema.safeParse({ ...valid, name: 'a'.repeat(100) }).success).toBe(true);
    expect(fieldErrorsOf({ ...valid, name: 'a'.repeat(101) }).name).toBe('too_long');
    expect(fieldErrorsOf({ ...valid, message: 'a'.repeat(5001) }).message).toBe('too_long');
    expect(fieldErrorsOf({ ...valid, email: `${'a'.repeat(250)}@x.io` }).email).toBeDefined();
  });

  it('refuses several addresses, blank fields, other types and NUL bytes', () => {
    expect(fieldErrorsOf({ ...valid, email: 'a@x.com, b@y.com' }).email).toBeDefined();
    expect(fieldErrorsOf({ ...valid, message: '   ' }).message).toBe('required');
    expect(fieldErrorsOf({ ...valid, name: 42 }).name).toBe('not_text');
    expect(fieldErrorsOf({ ...valid, message: 'a\u0000b' }).message).toBe('forbidden_characters');
    expect(fieldErrorsOf({ ...valid, email: 'a@x.com, b@y.com' }).email).toBe('invalid_email');
    expect(fieldErrorsOf({ ...valid, service: 'Cooking' }).service).toBe('unknown_service');
    expect(fieldErrorsOf({ name: 'Ann' }).email).toBe('required');
  });

  it('refuses unknown keys, including prototype keys', () => {
    expect(ContactRequestSchema.safeParse({ ...valid, admin: true }).success).toBe(false);
    expect(ContactRequestSchema.safeParse(JSON.parse('{"__proto__": {"x": 1}}')).success).toBe(
      false,
    );
  });

  it('keeps the honeypot optional', () => {
    expect(ContactRequestSchema.parse({ ...valid, website: 'spam.example' }).website).toBe(
      'spam.example',
    );
  });
});

describe('NewsletterSignupSchema', () => {
  it('accepts one address and refuses anything else', () => {
    expect(NewsletterSignupSchema.parse({ email: ' Ann@Example.com ' })).toEqual({
      email: 'Ann@Example.com',
    });
    expect(NewsletterSignupSchema.safeParse({ email: 'nope' }).success).toBe(false);
    expect(NewsletterSignupSchema.safeParse({}).success).toBe(false);
  });
});
