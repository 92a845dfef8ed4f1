import { findSoffice } from './libreoffice.service';

describe('findSoffice', () => {
  it('finds soffice in the first PATH directory that has it', () => {
    const exists = (file: string) => file === '/opt/lo/bin/soffice' || file === '/usr/bin/soffice';
    expect(findSoffice('/usr/local/bin:/opt/lo/bin:/usr/bin', exists)).toBe('/opt/lo/bin/soffice');
  });

  it('is undefined when no PATH directory has it', () => {
    expect(findSoffice('/bin:/usr/bin', () => false)).toBeUndefined();
    expect(findSoffice('', () => true)).toBeUndefined();
  });
});
