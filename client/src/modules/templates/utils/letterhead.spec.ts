import { TEMPLATE_DEFAULT_ORGANIZATION } from '@contracts';
import { printsLetterhead } from './letterhead';

describe('printsLetterhead', () => {
  const blank = TEMPLATE_DEFAULT_ORGANIZATION;

  it('prints for html and hybrid when the organisation has a name, a logo or a contact', () => {
    for (const format of ['html', 'hybrid'] as const) {
      expect(printsLetterhead(format, blank)).toBe(false);
      expect(printsLetterhead(format, { ...blank, name: '  ' })).toBe(false);
      expect(printsLetterhead(format, { ...blank, name: 'Prefeitura' })).toBe(true);
      expect(printsLetterhead(format, { ...blank, logo: 'a.png' })).toBe(true);
      expect(printsLetterhead(format, { ...blank, phone: '(11) 4000-1234' })).toBe(true);
    }
  });

  it('never for docx: its PDF is the filled Word file', () => {
    expect(printsLetterhead('docx', { ...blank, name: 'Prefeitura', logo: 'a.png' })).toBe(false);
  });
});
