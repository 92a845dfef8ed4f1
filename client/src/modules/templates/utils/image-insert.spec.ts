import { imageAttributes, imagePercent } from './image-insert';

describe('image insertion (docs/templates.md#editor)', () => {
  it('maps the preset sizes to 30, 50 and 80 %', () => {
    expect(imagePercent({ size: 'small', customPercent: '' })).toBe(30);
    expect(imagePercent({ size: 'medium', customPercent: '99' })).toBe(50);
    expect(imagePercent({ size: 'large', customPercent: '' })).toBe(80);
  });

  it('accepts a custom percentage from 1 to 100, with a comma or a % sign', () => {
    expect(imagePercent({ size: 'custom', customPercent: '65' })).toBe(65);
    expect(imagePercent({ size: 'custom', customPercent: '12,5%' })).toBe(12.5);
    expect(imagePercent({ size: 'custom', customPercent: ' 100 ' })).toBe(100);
    for (const bad of ['', '0', '0,5', '101', 'abc', '-5', '5e1', '50px']) {
      expect(imagePercent({ size: 'custom', customPercent: bad })).toBeNull();
    }
  });

  it('turns the choice into the width style and the paragraph alignment', () => {
    expect(imageAttributes({ size: 'small', customPercent: '', alignment: 'right' })).toEqual({
      width: '30%',
      textAlign: 'right',
    });
    expect(imageAttributes({ size: 'custom', customPercent: '42', alignment: 'center' })).toEqual({
      width: '42%',
      textAlign: 'center',
    });
    expect(imageAttributes({ size: 'custom', customPercent: '', alignment: 'left' })).toBeNull();
  });
});
