import { readFileSync } from 'node:fs';
import postcss, { type AtRule } from 'postcss';
import { describe, expect, it } from 'vitest';
import {
  DISPLAY_FONT_FAMILY,
  DISPLAY_FONT_UNICODE_RANGE,
  DISPLAY_FONT_WEIGHT_RANGE,
} from '../../src/theme/display-font';

/** The `@font-face` styles.css declares for readers without JavaScript, descriptor by descriptor. */
function faceWithoutScripting(): Map<string, string> {
  const css = postcss.parse(readFileSync(new URL('../../src/styles.css', import.meta.url), 'utf8'));
  const faces: AtRule[] = [];
  css.walkAtRules('font-face', (face) => {
    const parent = face.parent;
    if (parent?.type === 'atrule' && /scripting:\s*none/.test((parent as AtRule).params)) {
      faces.push(face);
    }
  });
  expect(faces).toHaveLength(1);
  const descriptors = new Map<string, string>();
  faces[0]?.walkDecls((declaration) => {
    descriptors.set(declaration.prop, declaration.value.replace(/\s+/g, ' ').trim());
  });
  return descriptors;
}

describe('the display face without JavaScript', () => {
  it('is the face the page brings in by script: its family, weights and characters', () => {
    const face = faceWithoutScripting();
    expect(face.get('font-family')).toBe(`'${DISPLAY_FONT_FAMILY}'`);
    expect(face.get('font-weight')).toBe(DISPLAY_FONT_WEIGHT_RANGE);
    expect(face.get('unicode-range')).toBe(DISPLAY_FONT_UNICODE_RANGE);
    expect(face.get('font-display')).toBe('optional');
    expect(face.get('src')).toMatch(/fraunces-display\.woff2/);
  });
});
