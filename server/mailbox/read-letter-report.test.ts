import { describe, expect, it } from 'vitest';
import { readLetterReport } from './read-letter-report';

const DOMAIN = 'emberandink.example';
const LETTER = '0b5f7c7e-9c1a-4d0e-8f55-3a2b1c0d9e8f';
const SUBSCRIBER = 'a1b2c3d4-e5f6-4a5b-8c7d-9e0f1a2b3c4d';
const COPY_ID = `<letter-${LETTER}.${SUBSCRIBER}@${DOMAIN}>`;

function report(reportType: string, machinePart: string, returned: string): Buffer {
  return Buffer.from(
    [
      'From: Mail Delivery System <MAILER-DAEMON@mx.example>',
      'To: studio@emberandink.example',
      'Subject: Undelivered Mail Returned to Sender',
      'MIME-Version: 1.0',
      `Content-Type: multipart/report; report-type=${reportType};`,
      '\tboundary="B0UND"',
      '',
      '--B0UND',
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      '',
      '--B0UND',
      machinePart,
      '',
      '--B0UND',
      returned,
      '',
      '--B0UND--',
      '',
    ].join('\r\n'),
  );
}

const failedStatus = (action: string) =>
  [
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example',
    '',
    'Final-Recipient: rfc822; ann@example.com',
    `Action: ${action}`,
    'Status: 5.1.1',
  ].join('\r\n');

const returnedHeaders = (messageId: string) =>
  [
    'Content-Type: text/rfc822-headers',
    '',
    'From: Ember & Ink <studio@emberandink.example>',
    `Message-ID: ${messageId}`,
    'Subject: Spring at the studio',
  ].join('\r\n');

const feedback = (type: string) =>
  ['Content-Type: message/feedback-report', '', `Feedback-Type: ${type}`, 'Version: 1'].join(
    '\r\n',
  );

describe('a report about a letter', () => {
  it("reads a failed delivery of a letter's copy as a bounce", () => {
    const source = report('delivery-status', failedStatus('failed'), returnedHeaders(COPY_ID));
    expect(readLetterReport(source, DOMAIN)).toEqual({
      kind: 'bounced',
      letterId: LETTER,
      subscriberId: SUBSCRIBER,
    });
  });

  it('reads an abuse report returning the whole message as a complaint', () => {
    const returned = [
      'Content-Type: message/rfc822',
      '',
      `Message-ID: ${COPY_ID}`,
      'Subject: Spring',
      '',
      'The letter.',
    ].join('\r\n');
    expect(
      readLetterReport(report('"feedback-report"', feedback('abuse'), returned), DOMAIN),
    ).toEqual({ kind: 'complained', letterId: LETTER, subscriberId: SUBSCRIBER });
  });

  it('ignores a delay, a not-spam report, another domain and any other mail', () => {
    const delayed = report('delivery-status', failedStatus('delayed'), returnedHeaders(COPY_ID));
    const notSpam = report('feedback-report', feedback('not-spam'), returnedHeaders(COPY_ID));
    const elsewhere = report(
      'delivery-status',
      failedStatus('failed'),
      returnedHeaders(`<letter-${LETTER}.${SUBSCRIBER}@other.example>`),
    );
    const enquiry = report(
      'delivery-status',
      failedStatus('failed'),
      returnedHeaders(`<enquiry-${LETTER}@${DOMAIN}>`),
    );
    const plain = Buffer.from(`Subject: hi\r\nMessage-ID: ${COPY_ID}\r\n\r\nHello`);
    for (const source of [delayed, notSpam, elsewhere, enquiry, plain]) {
      expect(readLetterReport(source, DOMAIN)).toBeNull();
    }
  });

  it('reads a hostile report within its bounds', () => {
    const manyParts = Buffer.from(
      `Content-Type: multipart/report; report-type=delivery-status; boundary=x\r\n\r\n${'--x\r\nContent-Type: text/plain\r\n\r\nx\r\n'.repeat(200_000)}`,
    );
    const longHeader = Buffer.from(
      `Content-Type: multipart/report; report-type=delivery-status; boundary=x${';a=b'.repeat(500_000)}\r\n\r\n--x--`,
    );
    const folded = Buffer.from(`Received: a${'\r\n b'.repeat(1_000_000)}\r\n\r\n`);
    for (const source of [manyParts, longHeader, folded]) {
      expect(readLetterReport(source, DOMAIN)).toBeNull();
    }
  });
});
