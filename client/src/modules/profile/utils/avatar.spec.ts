import { avatarFileError, nameInitials } from './avatar';

describe('nameInitials', () => {
  it.each([
    ['Maria da Silva', 'MD'],
    ['  ana  ', 'A'],
    ['élio souza', 'ÉS'],
    ['', '?'],
    [null, '?'],
  ])('%j → %s', (name, expected) => {
    expect(nameInitials(name)).toBe(expected);
  });
});

describe('avatarFileError', () => {
  it('accepts an image up to 5 MB (5242880 bytes)', () => {
    expect(avatarFileError({ type: 'image/png', size: 5_242_880 })).toBeNull();
  });
  it('refuses a larger image with the spec message', () => {
    expect(avatarFileError({ type: 'image/jpeg', size: 5_242_881 })).toBe(
      'Imagem muito grande. O tamanho máximo é 5MB.',
    );
  });
  it('refuses anything that is not an image', () => {
    expect(avatarFileError({ type: 'application/pdf', size: 10 })).toBe(
      'O arquivo selecionado não é uma imagem válida.',
    );
    expect(avatarFileError({ type: '', size: 10 })).toBe('O arquivo selecionado não é uma imagem válida.');
  });
});
