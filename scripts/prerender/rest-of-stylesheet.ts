import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import postcss, { type AtRule, type ChildNode, type Rule } from 'postcss';
import { removeEmptyAtRules } from './first-screen-css';

/** At-rules whose copy in the inline rules is the same thing declared twice when repeated. */
const DECLARATIONS_ONCE = new Set(['font-face', 'property', 'keyframes']);

/**
 * Properties that set one another: a shorthand and its longhands, a logical property and its
 * physical twin. Any other property conflicts with those that share its first word
 * (`padding-inline` with `padding-left`, `border-color` with `border`), which over-counts
 * (`border-radius` with `border-color`) and so only keeps more rules than needed.
 */
const ENTANGLED = [
  ['inset', 'top', 'right', 'bottom', 'left'],
  ['font', 'line'],
  ['place', 'align', 'justify'],
  ['gap', 'column', 'row', 'columns'],
  ['width', 'height', 'inline', 'block', 'aspect', 'min', 'max'],
  ['white', 'text', 'word', 'overflow'],
];

function conflictGroup(property: string): string {
  if (property.startsWith('--')) return property;
  const word = property.replace(/^-(webkit|moz)-/, '').split('-')[0] ?? property;
  const group = ENTANGLED.find((words) => words.includes(word));
  return group?.[0] ?? word;
}

function isInKeyframes(node: ChildNode): boolean {
  for (
    let parent: postcss.Node | undefined = node.parent;
    parent !== undefined;
    parent = parent.parent
  ) {
    if (parent.type === 'atrule' && /keyframes$/.test((parent as AtRule).name)) return true;
  }
  return false;
}

/** The cascade layer a rule sits in: rules of different layers never decide by order. */
function layerOf(rule: Rule): string {
  let layer = 'unlayered';
  for (
    let parent: postcss.Node | undefined = rule.parent;
    parent !== undefined;
    parent = parent.parent
  ) {
    if (parent.type === 'atrule' && (parent as AtRule).name === 'layer') {
      layer = (parent as AtRule).params;
    }
  }
  return layer;
}

/** A node with the at-rules around it, so one sheet's copy of it can be found in another. */
function identity(node: ChildNode): string {
  const around: string[] = [];
  for (
    let parent: postcss.Node | undefined = node.parent;
    parent !== undefined && parent.type !== 'root';
    parent = parent.parent
  ) {
    around.unshift(
      parent.type === 'atrule' ? `@${(parent as AtRule).name} ${(parent as AtRule).params}` : '',
    );
  }
  return `${around.join('\n')}\n${node.toString()}`;
}

function isDeclaredOnce(node: ChildNode): node is AtRule {
  return node.type === 'atrule' && DECLARATIONS_ONCE.has(node.name);
}

/** What the page's inline rules already declare: their rules, fonts, properties and keyframes. */
function inlineIdentities(inlineCss: string): Set<string> {
  const identities = new Set<string>();
  postcss.parse(inlineCss).walk((node) => {
    if ((node.type === 'rule' && !isInKeyframes(node)) || isDeclaredOnce(node)) {
      identities.add(identity(node));
    }
  });
  return identities;
}

/**
 * The landing page's linked stylesheet: the whole stylesheet less what the page's inline rules
 * (its first screen's, 0079) already declare, so that adding it restyles only what uses the
 * rules it brings, and declares no font face a second time (0124).
 *
 * The cascade ends as it did when the whole stylesheet followed the inline rules. A rule left out
 * here now precedes every rule the stylesheet keeps, so it is left out only when no kept rule
 * before it, in its cascade layer and of its importance, sets a property it sets or one
 * entangled with it: then no kept rule that could win against it by order now does.
 */
export function restOfStylesheet(wholeCss: string, inlineCss: string): string {
  const declaredInline = inlineIdentities(inlineCss);
  const root = postcss.parse(wholeCss);
  const setByKept = new Set<string>();
  root.walk((node) => {
    if (isDeclaredOnce(node)) {
      if (declaredInline.has(identity(node))) node.remove();
      return;
    }
    if (node.type !== 'rule' || isInKeyframes(node)) return;
    const layer = layerOf(node);
    const sets: string[] = [];
    node.walkDecls((declaration) => {
      sets.push(`${layer} ${conflictGroup(declaration.prop)}${declaration.important ? ' !' : ''}`);
    });
    if (declaredInline.has(identity(node)) && !sets.some((set) => setByKept.has(set))) {
      node.remove();
      return;
    }
    for (const set of sets) setByKept.add(set);
  });
  removeEmptyAtRules(root);
  return root.toString();
}

/**
 * Writes the rest of the stylesheet at `href` (less the `inlineCss` a page carries) beside it,
 * named by its content as the build names every asset, and returns its address.
 */
export async function writeRestOfStylesheet(
  clientDir: string,
  inlined: { href: string; css: string },
): Promise<string> {
  const whole = await readFile(join(clientDir, inlined.href), 'utf8');
  const rest = restOfStylesheet(whole, inlined.css);
  const hash = createHash('sha256').update(rest).digest('base64url').slice(0, 8);
  const href = inlined.href.replace(/\.css$/, `-rest-${hash}.css`);
  await writeFile(join(clientDir, href), rest);
  return href;
}
