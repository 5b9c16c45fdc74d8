import { brand } from '../palette';
import { CYLINDER, SHADOW } from '../scene';
import { box, clipped, el, group, path, rect, type Box } from '../svg';

type Art = (area: Box) => string;

/** A drinks can: body, label art and a shaded aluminium rim. */
export function can(area: Box, body: string, label: Art): string {
  const { x, y, w, h } = area;
  const rim = w * 0.09;
  const shape = `M${x} ${y + rim} Q${x} ${y} ${x + w * 0.12} ${y} H${x + w * 0.88} Q${x + w} ${y} ${x + w} ${y + rim} V${y + h - rim} Q${x + w} ${y + h} ${x + w * 0.88} ${y + h} H${x + w * 0.12} Q${x} ${y + h} ${x} ${y + h - rim} Z`;
  const inner = box(x, y + rim, w, h - rim * 2);
  return group(
    { filter: SHADOW.md },
    path(shape, body),
    clipped(inner, 0, rect(inner, body), label(inner)),
    rect(box(x, y, w, rim * 1.1), '#d9d4cc', { rx: rim / 2 }),
    rect(box(x, y + h - rim * 0.9, w, rim * 0.9), '#c9c3ba', { rx: rim / 2 }),
    path(shape, CYLINDER),
  );
}

/** A glass dropper bottle with a ribbed cap. */
export function dropperBottle(area: Box, glass: string, cap: string, label: Art): string {
  const { x, y, w, h } = area;
  const capH = h * 0.26;
  const neckH = h * 0.05;
  const body = box(x, y + capH + neckH, w, h - capH - neckH);
  const labelArea = box(x + w * 0.12, body.y + body.h * 0.28, w * 0.76, body.h * 0.48);
  const ribs = Array.from({ length: 6 }, (_, i) =>
    rect(box(x + w * 0.3 + i * w * 0.07, y + capH * 0.38, w * 0.025, capH * 0.55), '#000', {
      opacity: 0.12,
    }),
  );
  return group(
    { filter: SHADOW.md },
    path(`M${x + w * 0.4} ${y + capH * 0.3} q${w * 0.1} ${-capH * 0.5} ${w * 0.2} 0 Z`, cap),
    rect(box(x + w * 0.26, y + capH * 0.3, w * 0.48, capH * 0.72), cap, { rx: w * 0.06 }),
    ...ribs,
    rect(box(x + w * 0.3, y + capH, w * 0.4, neckH + 4), cap),
    rect(body, glass, { rx: w * 0.16 }),
    rect(labelArea, brand.paper, { rx: 4 }),
    label(labelArea),
    rect(body, CYLINDER, { rx: w * 0.16 }),
  );
}

/** A squat cosmetics jar with a lid. */
export function jar(area: Box, body: string, lid: string, label: Art): string {
  const { x, y, w, h } = area;
  const lidH = h * 0.34;
  const bodyBox = box(x, y + lidH - 4, w, h - lidH + 4);
  return group(
    { filter: SHADOW.md },
    rect(bodyBox, body, { rx: w * 0.08 }),
    label(box(x + w * 0.1, bodyBox.y + bodyBox.h * 0.2, w * 0.8, bodyBox.h * 0.6)),
    rect(bodyBox, CYLINDER, { rx: w * 0.08 }),
    rect(box(x - w * 0.02, y, w * 1.04, lidH), lid, { rx: w * 0.06 }),
    rect(box(x - w * 0.02, y, w * 1.04, lidH), CYLINDER, { rx: w * 0.06 }),
  );
}

/** A squeeze tube standing on its cap. */
export function tube(area: Box, body: string, cap: string, label: Art): string {
  const { x, y, w, h } = area;
  const capH = h * 0.16;
  const bodyPath = `M${x} ${y} H${x + w} L${x + w * 0.86} ${y + h - capH} H${x + w * 0.14} Z`;
  return group(
    { filter: SHADOW.md },
    path(bodyPath, body),
    rect(box(x, y, w, h * 0.05), '#000', { opacity: 0.08 }),
    label(box(x + w * 0.2, y + h * 0.2, w * 0.6, h * 0.45)),
    path(bodyPath, CYLINDER),
    rect(box(x + w * 0.2, y + h - capH, w * 0.6, capH), cap, { rx: 6 }),
    rect(box(x + w * 0.2, y + h - capH, w * 0.6, capH), CYLINDER, { rx: 6 }),
  );
}

/** A carton in two-point-ish view: front, side and top faces. */
export function carton(
  area: Box,
  depth: number,
  colors: { front: string; side: string; top: string },
  label: Art,
): string {
  const { x, y, w, h } = area;
  const d = depth;
  return group(
    { filter: SHADOW.md },
    path(`M${x + w} ${y} l${d} ${-d * 0.55} v${h} l${-d} ${d * 0.55} Z`, colors.side),
    path(`M${x} ${y} l${d} ${-d * 0.55} h${w} l${-d} ${d * 0.55} Z`, colors.top),
    rect(area, colors.front),
    clipped(area, 0, label(area)),
  );
}

/** A stand-up pouch with a tear notch and a resealable strip. */
export function pouch(area: Box, body: string, label: Art): string {
  const { x, y, w, h } = area;
  const shape = `M${x + w * 0.04} ${y} H${x + w * 0.96} L${x + w} ${y + h * 0.92} Q${x + w / 2} ${y + h * 1.02} ${x} ${y + h * 0.92} Z`;
  return group(
    { filter: SHADOW.md },
    path(shape, body),
    rect(box(x + w * 0.06, y + h * 0.08, w * 0.88, 3), '#000', { opacity: 0.15 }),
    label(box(x + w * 0.12, y + h * 0.26, w * 0.76, h * 0.5)),
    path(shape, CYLINDER, { opacity: 0.7 }),
  );
}

/** A takeaway coffee cup with a lid and a sleeve for the mark. */
export function coffeeCup(area: Box, cup: string, sleeve: string, lid: string, mark: Art): string {
  const { x, y, w, h } = area;
  const lidH = h * 0.12;
  const taper = w * 0.12;
  const cupPath = `M${x} ${y + lidH} H${x + w} L${x + w - taper} ${y + h} H${x + taper} Z`;
  const sleeveTop = y + h * 0.38;
  const sleeveBottom = y + h * 0.72;
  const at = (yy: number) => (taper * (yy - y - lidH)) / (h - lidH);
  const sleevePath = `M${x + at(sleeveTop)} ${sleeveTop} H${x + w - at(sleeveTop)} L${x + w - at(sleeveBottom)} ${sleeveBottom} H${x + at(sleeveBottom)} Z`;
  return group(
    { filter: SHADOW.md },
    path(cupPath, cup),
    path(sleevePath, sleeve),
    mark(
      box(
        x + w * 0.3,
        sleeveTop + (sleeveBottom - sleeveTop) * 0.15,
        w * 0.4,
        (sleeveBottom - sleeveTop) * 0.7,
      ),
    ),
    path(cupPath, CYLINDER),
    rect(box(x - w * 0.04, y + lidH * 0.35, w * 1.08, lidH * 0.75), lid, { rx: lidH * 0.3 }),
    rect(box(x + w * 0.06, y, w * 0.88, lidH * 0.5), lid, { rx: lidH * 0.25 }),
    el('rect', {
      x: x - w * 0.04,
      y: y + lidH * 0.35,
      width: w * 1.08,
      height: lidH * 0.75,
      rx: lidH * 0.3,
      fill: CYLINDER,
    }),
  );
}
