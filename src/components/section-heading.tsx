type SectionHeadingProps = {
  id: string;
  eyebrow: string;
  title: string;
  intro?: string;
  align?: 'start' | 'center';
};

/** The eyebrow, heading and intro every section opens with; `id` labels the section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  align = 'center',
}: SectionHeadingProps) {
  const alignment = align === 'center' ? 'mx-auto text-center' : '';
  return (
    <div className={`max-w-2xl ${alignment}`}>
      <p className="text-sm font-semibold tracking-[0.18em] text-ember uppercase">{eyebrow}</p>
      <h2
        id={id}
        className="mt-3 font-display text-4xl leading-tight font-semibold tracking-tight text-balance sm:text-5xl"
      >
        {title}
      </h2>
      {intro ? <p className="mt-5 text-lg leading-relaxed text-ink-muted">{intro}</p> : null}
    </div>
  );
}
