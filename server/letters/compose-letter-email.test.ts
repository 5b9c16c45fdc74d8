import { describe, expect, it } from 'vitest';
import { composeLetterEmail, type LetterEmailInput } from './compose-letter-email';

const SITE = 'https://emberandink.example';

function inputFor(subscriberId: string, body = 'Hello.'): LetterEmailInput {
  return {
    letter: {
      id: 'l1',
      slug: 'spring-2027',
      subject: 'Spring at the studio',
      preview: 'Three new brands & a bakery',
      body,
    },
    recipient: { subscriberId, email: `${subscriberId}@example.com` },
    siteUrl: `${SITE}/`,
    mailDomain: 'mail.emberandink.example',
    unsubscribeUrl: `${SITE}/newsletter/unsubscribe?token=${subscriberId}-token&x=1`,
  };
}

describe("a letter's email", () => {
  it('names the copy by letter and subscriber and offers one-click unsubscribe', () => {
    const email = composeLetterEmail(inputFor('s1'));
    expect(email.messageId).toBe('<letter-l1.s1@mail.emberandink.example>');
    expect(email.subject).toBe('Spring at the studio');
    expect(email.headers).toEqual({
      'List-Unsubscribe': `<${SITE}/newsletter/unsubscribe?token=s1-token&x=1>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': '<letters.mail.emberandink.example>',
    });
    expect(email.text).toContain(`Unsubscribe: ${SITE}/newsletter/unsubscribe?token=s1-token&x=1`);
    expect(email.html).toContain(`href="${SITE}/newsletter/unsubscribe?token=s1-token&amp;x=1"`);
  });

  it("differs between two recipients only in each one's own parts", () => {
    const first = composeLetterEmail(inputFor('s1'));
    const second = composeLetterEmail(inputFor('s2'));
    const anonymous = (text: string, id: string) => text.replaceAll(`${id}-token`, 'TOKEN');
    expect(anonymous(second.html, 's2')).toBe(anonymous(first.html, 's1'));
    expect(anonymous(second.text, 's2')).toBe(anonymous(first.text, 's1'));
    expect(second.html).not.toContain('s1-token');
  });

  it('marks every link to the site with the campaign, keeping its query and fragment', () => {
    const email = composeLetterEmail(
      inputFor(
        's1',
        'See [our work](/work?tab=2#top) and [elsewhere](https://example.org/?a=1).\n\n[→ Book a call](https://emberandink.example/book)',
      ),
    );
    const campaign = 'utm_source=newsletter&utm_medium=email&utm_campaign=spring-2027';
    expect(email.text).toContain(`our work (${SITE}/work?tab=2&${campaign}#top)`);
    expect(email.text).toContain('elsewhere (https://example.org/?a=1)');
    expect(email.text).toContain(`Book a call: ${SITE}/book?${campaign}`);
    expect(email.text).toContain(`${SITE}/letters/spring-2027?${campaign}`);
    expect(email.html).toContain(
      `href="${SITE}/work?tab=2&amp;${campaign.replaceAll('&', '&amp;')}#top"`,
    );
    expect(email.html).toContain('href="https://example.org/?a=1"');
    expect(email.html).toMatch(
      /<a class="letter-button" href="[^"]+\/book\?utm_source=newsletter[^"]*"[^>]*>Book a call<\/a>/,
    );
  });

  it('draws light and dark, hides the preview as preheader text, and tracks nobody', () => {
    const email = composeLetterEmail(inputFor('s1', '![Sign](/media/abc-800.jpg)'));
    expect(email.html).toContain('<meta name="color-scheme" content="light dark">');
    expect(email.html).toContain('@media (prefers-color-scheme: dark)');
    expect(email.html).toMatch(/<div style="display:none[^"]*">Three new brands &amp; a bakery/);
    // The only image is the letter's own, from the site's media.
    expect([...email.html.matchAll(/<img src="([^"]+)"/g)].map((match) => match[1])).toEqual([
      `${SITE}/media/abc-800.jpg`,
    ]);
  });

  it('shows hostile Markdown as harmless text', () => {
    const email = composeLetterEmail(
      inputFor('s1', '<img src=x onerror=alert(1)> [go](javascript:alert(1)) "quoted"'),
    );
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt; go) &quot;quoted&quot;');
    expect(email.html).not.toContain('javascript:');
  });

  it('draws a changed letter again under the same id', () => {
    composeLetterEmail(inputFor('s1', 'First words.'));
    const changed = composeLetterEmail(inputFor('s1', 'Second words.'));
    expect(changed.text).toContain('Second words.');
    expect(changed.text).not.toContain('First words.');
  });
});
