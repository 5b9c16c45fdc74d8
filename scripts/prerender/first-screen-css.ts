import postcss, { type AtRule, type Declaration, type Root, type Rule } from 'postcss';

/**
 * Classes the page sets after it is served, on elements of the first screen: `js`/`no-js` and
 * `dark` on <html> (the head's theme script), `block` on the phone menu when it opens.
 */
const CLASSES_SET_BY_SCRIPT = ['js', 'no-js', 'dark', 'block'];

const CLASS_TOKEN = /\.((?:\\.|[\w-])+)/g;

/** `@media (scripting: none)`, however the minifier spaces it. */
const WITHOUT_SCRIPTING = /^\(\s*scripting\s*:\s*none\s*\)$/;

function classesIn(html: string): Set<string> {
  const classes = new Set(CLASSES_SET_BY_SCRIPT);
  for (const [, list = ''] of html.matchAll(/\bclass="([^"]*)"/g)) {
    for (const name of list.split(/\s+/)) if (name !== '') classes.add(name);
  }
  return classes;
}

/** A selector can match in the first screen when every class it names is used there. */
function canMatch(selector: string, classes: ReadonlySet<string>): boolean {
  for (const [, escaped = ''] of selector.matchAll(CLASS_TOKEN)) {
    if (!classes.has(escaped.replace(/\\(.)/g, '$1'))) return false;
  }
  return true;
}

function isInKeyframes(rule: Rule): boolean {
  return rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name);
}

/** Tailwind's fallback for browsers without `@property`: every custom property's first value. */
function isPropertiesFallback(declaration: Declaration): boolean {
  let node: postcss.Node | undefined = declaration.parent;
  while (node !== undefined && !(node.type === 'atrule' && (node as AtRule).name === 'layer')) {
    node = node.parent;
  }
  return node !== undefined && (node as AtRule).params === 'properties';
}

/**
 * Drops the `@property` rules, and their fallback values, of custom properties no kept rule
 * reads: with the rules that read them left for the linked stylesheet, they register a name
 * nothing on the first screen uses (decision 0082). The stylesheet registers them all again.
 */
function dropUnreadProperties(root: Root): void {
  const read = new Set<string>();
  root.walkDecls((declaration) => {
    if (isPropertiesFallback(declaration)) return;
    for (const [name] of declaration.value.matchAll(/--[\w-]+/g)) read.add(name);
  });
  root.walkAtRules('property', (atRule) => {
    if (!read.has(atRule.params)) atRule.remove();
  });
  root.walkDecls((declaration) => {
    if (!isPropertiesFallback(declaration) || read.has(declaration.prop)) return;
    const rule = declaration.parent;
    declaration.remove();
    if (rule?.nodes?.length === 0) rule.remove();
  });
}

/** Removes every at-rule left without rules, and those that held only such at-rules. */
export function removeEmptyAtRules(root: Root): void {
  let removed = true;
  while (removed) {
    removed = false;
    root.walkAtRules((atRule) => {
      if (atRule.nodes !== undefined && atRule.nodes.length === 0) {
        atRule.remove();
        removed = true;
      }
    });
  }
}

/**
 * The rules of `css` the first screen can use: every rule a class of `firstScreenHtml` (or one a
 * script sets there) could make apply, in their order, with every at-rule they sit in; rules
 * without a class (the reset, the theme's custom properties, keyframes, fonts) all stay, but
 * for those that apply only without scripting. The
 * rest of the page waits for the whole stylesheet, linked after the first screen, which repeats
 * these rules in the same order, so the cascade ends exactly as with the one stylesheet (0079).
 */
export function firstScreenCss(css: string, firstScreenHtml: string): string {
  const classes = classesIn(firstScreenHtml);
  const root = postcss.parse(css);
  // What applies only without JavaScript (the display face's declaration, 0085) can wait for
  // the linked stylesheet: with JavaScript it never applies, and every view of / carries the
  // inline rules.
  root.walkAtRules('media', (atRule) => {
    if (WITHOUT_SCRIPTING.test(atRule.params)) atRule.remove();
  });
  root.walkRules((rule) => {
    if (isInKeyframes(rule)) return;
    const kept = rule.selectors.filter((selector) => canMatch(selector, classes));
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  });
  dropUnreadProperties(root);
  // An at-rule left without rules (a breakpoint no first-screen class uses) goes too.
  removeEmptyAtRules(root);
  return root.toString();
}
