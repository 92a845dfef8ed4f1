import { signerStates, signingTurn } from './signing-turns';

const s = (userId: string, position: number, state: 'pending' | 'waiting' | 'signed' | 'refused' = 'waiting') => ({
  userId,
  position,
  state,
});

describe('signing turns', () => {
  it('gives the turn to the first signer still to sign in order, to everybody in parallel', () => {
    const signers = [s('c', 2), s('a', 0, 'signed'), s('b', 1, 'pending')];
    expect(signerStates('sequential', signers).map((x) => [x.userId, x.state])).toEqual([
      ['a', 'signed'],
      ['b', 'pending'],
      ['c', 'waiting'],
    ]);
    expect(signerStates('parallel', signers).map((x) => x.state)).toEqual(['signed', 'pending', 'pending']);
    expect(signerStates('sequential', [s('a', 0, 'signed'), s('b', 1, 'signed')]).map((x) => x.state)).toEqual([
      'signed',
      'signed',
    ]);
  });

  it('lets the pending signer sign, tells a later one to wait, and the creator signs alone without a request', () => {
    const open = [s('a', 0, 'pending'), s('b', 1)];
    const draft = { status: 'draft', createdBy: 'c' };
    expect(signingTurn(draft, open, [], 'a')).toBe('sign');
    expect(signingTurn(draft, open, [], 'b')).toBe('wait');
    expect(signingTurn(draft, open, [], 'c')).toBe('none');
    expect(signingTurn(draft, null, [], 'c')).toBe('sign');
    expect(signingTurn(draft, null, ['c'], 'c')).toBe('none');
    expect(signingTurn({ status: 'signed', createdBy: 'c' }, open, [], 'a')).toBe('none');
  });
});
