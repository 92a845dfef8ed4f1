import { isPermanentMailError } from './mail-errors';

const smtpError = (responseCode: number, code = 'EENVELOPE') =>
  Object.assign(new Error(`${responseCode} resposta`), { code, responseCode });

describe('isPermanentMailError: retry temporary failures only', () => {
  it('a 5xx reply (unknown mailbox, refused login) is permanent', () => {
    expect(isPermanentMailError(smtpError(550))).toBe(true);
    expect(isPermanentMailError(smtpError(535, 'EAUTH'))).toBe(true);
  });

  it('a 4xx reply (greylisting, busy mailbox) and connection errors are temporary', () => {
    expect(isPermanentMailError(smtpError(451))).toBe(false);
    expect(isPermanentMailError(smtpError(421, 'EMESSAGE'))).toBe(false);
    expect(isPermanentMailError(Object.assign(new Error('recusada'), { code: 'ECONNECTION' }))).toBe(false);
    expect(isPermanentMailError(Object.assign(new Error('tempo'), { code: 'ETIMEDOUT' }))).toBe(false);
    expect(isPermanentMailError(new Error('qualquer'))).toBe(false);
  });

  it('a configuration error is permanent', () => {
    expect(isPermanentMailError(Object.assign(new Error('config'), { code: 'ECONFIG' }))).toBe(true);
  });
});
