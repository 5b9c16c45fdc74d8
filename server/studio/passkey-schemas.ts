import * as z from 'zod/mini';

/** Base64url as WebAuthn encodes its binary fields; bounded so a hostile body stays small. */
const base64url = (maxLength: number) =>
  z.string().check(z.minLength(1), z.maxLength(maxLength), z.regex(/^[A-Za-z0-9_-]+={0,2}$/));

const credentialFields = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
  clientExtensionResults: z.object({}),
};

/** @simplewebauthn/browser's RegistrationResponseJSON, checked field by field. */
export const RegistrationBodySchema = z.object({
  response: z.object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url(4096),
      attestationObject: base64url(16_384),
      authenticatorData: z.optional(base64url(16_384)),
      transports: z.optional(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(10))),
      publicKeyAlgorithm: z.optional(z.number().check(z.int())),
      publicKey: z.optional(base64url(4096)),
    }),
  }),
  name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
});

/** @simplewebauthn/browser's AuthenticationResponseJSON, checked field by field. */
export const AuthenticationBodySchema = z.object({
  response: z.object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url(4096),
      authenticatorData: base64url(16_384),
      signature: base64url(4096),
      userHandle: z.optional(base64url(512)),
    }),
  }),
});
