import { TEMPLATE_DEFAULT_FORMATTING } from '@contracts';
import { pageGeometry } from './page-preview';

describe('pageGeometry', () => {
  it('draws an A4 page with its margins as shares of the width', () => {
    const geometry = pageGeometry(TEMPLATE_DEFAULT_FORMATTING);
    expect(geometry.aspectRatio).toBe('21 / 29.7');
    // top 2.5, right 2, bottom 2.5, left 3 cm of 21 cm.
    expect(geometry.padding).toBe('11.905% 9.524% 11.905% 14.286%');
    // 12 pt = 0.4233 cm of 21 cm.
    expect(geometry.fontSize).toBe('2.016cqw');
  });

  it('follows Letter and Legal sizes', () => {
    const margins = { top: 0, bottom: 0, left: 0, right: 0 };
    expect(pageGeometry({ ...TEMPLATE_DEFAULT_FORMATTING, pageSize: 'Letter', margins }).aspectRatio).toBe(
      '21.59 / 27.94',
    );
    expect(pageGeometry({ ...TEMPLATE_DEFAULT_FORMATTING, pageSize: 'Legal', margins }).padding).toBe(
      '0.000% 0.000% 0.000% 0.000%',
    );
  });
});
