import { suggestUsername } from './username-suggestion';

describe('suggestUsername', () => {
  it.each([
    ['Maria da Conceição Souza', 'maria.souza'],
    ['JOSÉ', 'jose'],
    ['  Ana   Luíza  ', 'ana.luiza'],
    ['João Antônio Gonçalves Müller', 'joao.muller'],
    ["Pedro D'Ávila", 'pedro.avila'],
    ['', ''],
    ['   ', ''],
  ])('%j → %j', (name, expected) => {
    expect(suggestUsername(name)).toBe(expected);
  });
});
