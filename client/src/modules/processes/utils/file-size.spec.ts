import { sizeInKb } from './file-size';

describe('sizeInKb', () => {
  it('shows KB with one pt-BR decimal, also for large files', () => {
    expect(sizeInKb(1536)).toBe('1,5 KB');
    expect(sizeInKb(0)).toBe('0,0 KB');
    expect(sizeInKb(5 * 1024 * 1024)).toBe('5.120,0 KB');
    expect(sizeInKb(null)).toBe('0,0 KB');
  });
});
