type SocialIconProps = { network: 'instagram' | 'linkedin' | 'dribbble' | 'x'; className?: string };

/** Simple line glyphs for the social networks; decorative, the link carries the name. */
const PATHS: Record<SocialIconProps['network'], string> = {
  instagram:
    'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-2.2a.9.9 0 1 0 0 1.8.9.9 0 0 0 0-1.8',
  linkedin:
    'M4 9h3.5v11H4Zm1.75-5.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4ZM10 9h3.4v1.6c.6-1 1.9-1.9 3.8-1.9 3.6 0 4.3 2.3 4.3 5.4V20H18v-5.2c0-1.4-.1-3-1.9-3-1.9 0-2.2 1.4-2.2 2.9V20H10Z',
  dribbble:
    'M12 2.5a9.5 9.5 0 1 0 0 19 9.5 9.5 0 0 0 0-19ZM4.6 9.4c3.7.1 7.4-.5 10.2-2.4M8.2 3.8c2 2.5 4.5 7.6 5.9 16.9M3.2 13.6c4.2-2.4 9.6-3 17.6-.7M6.6 19.2c1.5-3.3 5.6-6.6 11.3-6.1',
  x: 'M4 4l16 16M20 4 4 20',
};

export function SocialIcon({ network, className }: SocialIconProps) {
  const isFilled = network === 'linkedin';
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={className}
      fill={isFilled ? 'currentColor' : 'none'}
      stroke={isFilled ? 'none' : 'currentColor'}
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[network]} />
    </svg>
  );
}
