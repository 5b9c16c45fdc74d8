/** Tiny SVG string builders: enough structure to keep compositions readable. */
export type Attrs = Record<string, string | number>;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

function escape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

export function el(tag: string, attrs: Attrs = {}, children: string | string[] = ''): string {
  const attrText = Object.entries(attrs)
    .map(([name, value]) => ` ${name}="${escape(String(value))}"`)
    .join('');
  const inner = Array.isArray(children) ? children.join('') : children;
  return inner ? `<${tag}${attrText}>${inner}</${tag}>` : `<${tag}${attrText}/>`;
}

export function group(attrs: Attrs, ...children: string[]): string {
  return el('g', attrs, children);
}

export function rect(box: Box, fill: string, attrs: Attrs = {}): string {
  return el('rect', { x: box.x, y: box.y, width: box.w, height: box.h, fill, ...attrs });
}

export function circle(cx: number, cy: number, r: number, fill: string, attrs: Attrs = {}): string {
  return el('circle', { cx, cy, r, fill, ...attrs });
}

export function path(d: string, fill: string, attrs: Attrs = {}): string {
  return el('path', { d, fill, ...attrs });
}

export function text(x: number, y: number, content: string, attrs: Attrs): string {
  return el('text', { x, y, ...attrs }, escape(content));
}

export function box(x: number, y: number, w: number, h: number): Box {
  return { x, y, w, h };
}

/** Shrinks a box by a margin on every side. */
export function inset(outer: Box, margin: number): Box {
  return box(outer.x + margin, outer.y + margin, outer.w - margin * 2, outer.h - margin * 2);
}

type Stop = readonly [offset: number, color: string, opacity?: number];

function stops(list: readonly Stop[]): string[] {
  return list.map(([offset, color, opacity = 1]) =>
    el('stop', { offset, 'stop-color': color, 'stop-opacity': opacity }),
  );
}

/** A linear gradient; the angle is in degrees, 90 runs top to bottom. */
export function linearGradient(id: string, list: readonly Stop[], angle = 90): string {
  const radians = (angle * Math.PI) / 180;
  const dx = Math.cos(radians) / 2;
  const dy = Math.sin(radians) / 2;
  return el(
    'linearGradient',
    { id, x1: 0.5 - dx, y1: 0.5 - dy, x2: 0.5 + dx, y2: 0.5 + dy },
    stops(list),
  );
}

export function radialGradient(
  id: string,
  list: readonly Stop[],
  cx = 0.5,
  cy = 0.5,
  r = 0.5,
): string {
  return el('radialGradient', { id, cx, cy, r }, stops(list));
}

export function clip(id: string, shape: string): string {
  return el('clipPath', { id }, shape);
}

/** Placeholder copy: rounded bars that read as text without being legible. */
export function textLines(
  x: number,
  y: number,
  widths: readonly number[],
  fill: string,
  height = 8,
  gap = 14,
): string {
  return widths
    .map((w, index) =>
      rect(box(x, y + index * (height + gap), w, height), fill, { rx: height / 2 }),
    )
    .join('');
}

let nextId = 0;

/** Unique ids for clip paths and gradients; generation order is fixed, so ids are stable. */
export function uid(prefix: string): string {
  nextId += 1;
  return `${prefix}-${nextId}`;
}

/**
 * Places a drawing made in a local coordinate system `localWidth` units wide into a box.
 * Returns the group and the local height, so mock-ups can be drawn at one fixed scale.
 */
export function placed(
  target: Box,
  localWidth: number,
  draw: (localHeight: number) => string,
): string {
  const scale = target.w / localWidth;
  return group(
    { transform: `translate(${target.x} ${target.y}) scale(${scale})` },
    draw(target.h / scale),
  );
}

/** Clips children to a rounded rectangle. */
export function clipped(area: Box, radius: number, ...children: string[]): string {
  const id = uid('clip');
  return group(
    {},
    el('defs', {}, clip(id, rect(area, '#000', { rx: radius }))),
    group({ 'clip-path': `url(#${id})` }, ...children),
  );
}
