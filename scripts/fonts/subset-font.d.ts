/** The parts of subset-font 2.9 this project calls (the package ships no types). */
declare module 'subset-font' {
  type AxisRange = number | { min: number; max: number; default?: number };
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: 'woff2' | 'woff' | 'sfnt';
      variationAxes?: Record<string, AxisRange>;
    },
  ): Promise<Buffer>;
}
