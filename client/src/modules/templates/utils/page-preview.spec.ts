import { TEMPLATE_DEFAULT_FORMATTING } from '@contracts';
import { pageGeometry } from './page-preview';

describe('pageGeometry', () => {
  it('draws an A4 page as the worker lays it out, in shares of the width', () => {
    const geometry = pageGeometry(TEMPLATE_DEFAULT_FORMATTING);
    expect(geometry.aspectRatio).toBe('21 / 29.7');
    // 12 pt = 0.4233 cm of 21 cm.
    expect(geometry.fontSize).toBe('2.016cqw');
    // Margins top 2.5, bottom 2.5, left 3, right 2 cm; header 2 cm, footer 1.5 cm.
    expect(geometry.header).toEqual({ top: '11.905cqw', height: '9.524cqw', left: '14.286cqw', right: '9.524cqw' });
    expect(geometry.body).toEqual({ top: '21.429cqw', bottom: '19.048cqw', left: '14.286cqw', right: '9.524cqw' });
    expect(geometry.footer).toEqual({ bottom: '11.905cqw', height: '7.143cqw', left: '14.286cqw', right: '9.524cqw' });
  });

  it('follows Letter and Legal sizes and zero margins', () => {
    const formatting = { ...TEMPLATE_DEFAULT_FORMATTING, margins: { top: 0, bottom: 0, left: 0, right: 0 } };
    expect(pageGeometry({ ...formatting, pageSize: 'Letter' }).aspectRatio).toBe('21.59 / 27.94');
    const legal = pageGeometry({ ...formatting, pageSize: 'Legal', headerHeight: 0 });
    expect(legal.aspectRatio).toBe('21.59 / 35.56');
    expect(legal.body.top).toBe('0.000cqw');
    expect(legal.header.height).toBe('0.000cqw');
  });
});
