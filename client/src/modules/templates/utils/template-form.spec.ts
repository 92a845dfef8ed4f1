import type { TemplateView } from '@contracts';
import {
  emptyTemplateForm,
  hasErrors,
  TEMPLATE_FORM_MESSAGES,
  templateFormErrors,
  templateFormFrom,
  templateRequest,
} from './template-form';

describe('template form', () => {
  it('starts with the docs/templates.md#defaults defaults', () => {
    const form = emptyTemplateForm();
    expect(form.formatting).toEqual({
      pageSize: 'A4',
      margins: { top: 2.5, bottom: 2.5, left: 3, right: 2 },
      headerHeight: 2,
      footerHeight: 1.5,
    });
    expect(form.organization.colors).toEqual({ primary: '#003366', secondary: '#0066cc', accent: '#ff6600' });
    expect(form.organization.fonts).toEqual({ title: 'Times New Roman', body: 'Arial' });
    // A fresh copy each time: editing one form never changes the defaults.
    form.formatting.margins.top = 9;
    expect(emptyTemplateForm().formatting.margins.top).toBe(2.5);
  });

  it('requires a title and content (an empty editor or blank text is no content; an image is)', () => {
    const form = emptyTemplateForm();
    expect(templateFormErrors({ ...form, title: '  ', content: '<p></p>' })).toEqual({
      title: TEMPLATE_FORM_MESSAGES.titleRequired,
      content: TEMPLATE_FORM_MESSAGES.contentRequired,
      margins: undefined,
    });
    expect(templateFormErrors({ ...form, title: 'x'.repeat(201), content: '<p>&nbsp;</p>' }).title).toBe(
      TEMPLATE_FORM_MESSAGES.titleTooLong,
    );
    const ok = templateFormErrors({ ...form, title: 'Ofício', content: '<p><img src="/uploads/a.png"></p>' });
    expect(hasErrors(ok)).toBe(false);
  });

  it('refuses negative margins and margins that leave no page', () => {
    const form = { ...emptyTemplateForm(), title: 'T', content: '<p>x</p>' };
    const withMargins = (top: number) => ({
      ...form,
      formatting: { ...form.formatting, margins: { ...form.formatting.margins, top } },
    });
    expect(templateFormErrors(withMargins(-0.1)).margins).toBe(TEMPLATE_FORM_MESSAGES.marginInvalid);
    expect(templateFormErrors(withMargins(10.1)).margins).toBe(TEMPLATE_FORM_MESSAGES.marginInvalid);
    expect(templateFormErrors(withMargins(0)).margins).toBeUndefined();
  });

  it('sends the API payload; an html template keeps no DOCX base', () => {
    const template = {
      ...emptyTemplateForm(),
      id: 't1',
      title: ' Ofício ',
      content: '<p>x</p>',
      documentFormat: 'hybrid',
      baseDocument: 'base.docx',
    } as unknown as TemplateView;
    const form = templateFormFrom(template);
    expect(templateRequest(form)).toMatchObject({
      title: 'Ofício',
      documentFormat: 'hybrid',
      baseDocument: 'base.docx',
    });
    expect(templateRequest({ ...form, documentFormat: 'html' }).baseDocument).toBeNull();
  });
});
