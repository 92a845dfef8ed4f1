/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nProvider } from 'react-aria-components';
import { DateField } from './DateField';
import { MoneyField } from './MoneyField';
import { NumberField } from './NumberField';
import { AMBIGUOUS_NUMBER, isAmbiguousNumber } from './number-entry';
import { stubBrowser } from './testing/jsdom-stubs';

beforeAll(() => stubBrowser());

/** jsdom's navigator says en-US: the fields must still read pt-BR under the app's provider. */
function Money({ onValue }: { onValue: (value: number) => void }) {
  const [value, setValue] = useState(0);
  return (
    <I18nProvider locale="pt-BR">
      <MoneyField
        label="Valor estimado (R$)"
        value={value}
        onChange={(v) => {
          setValue(v);
          onValue(v);
        }}
      />
      <button type="button">outro</button>
    </I18nProvider>
  );
}

describe('isAmbiguousNumber', () => {
  it.each([
    ['1250,50', 2, false],
    ['1.250,50', 2, false],
    ['R$ 1.250,50', 2, false],
    ['1.250', 2, false],
    ['12.345.678,9', 2, false],
    ['1250.50', 2, true],
    ['1.25', 2, true],
    ['1,250.50', 2, true],
    ['1,250', 2, true],
    ['1,5', 0, true],
    ['3', 0, false],
  ])('%s with %i decimals → %s', (text, digits, ambiguous) => {
    expect(isAmbiguousNumber(text, digits)).toBe(ambiguous);
  });
});

describe('MoneyField', () => {
  it('reads 1250,50 as R$ 1.250,50 in an en-US browser', async () => {
    expect(navigator.language).toBe('en-US');
    const onValue = jest.fn();
    render(<Money onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Valor estimado (R$)' });
    await userEvent.clear(input);
    await userEvent.type(input, '1250,50');
    await userEvent.click(screen.getByRole('button', { name: 'outro' }));
    expect(onValue).toHaveBeenLastCalledWith(1250.5);
    expect(input).toHaveProperty('value', 'R$\u00a01.250,50');
    expect(screen.queryByText(AMBIGUOUS_NUMBER)).toBeNull();
  });

  it('refuses 1250.50 instead of guessing, and says how to type it', async () => {
    const onValue = jest.fn();
    render(<Money onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Valor estimado (R$)' });
    await userEvent.clear(input);
    await userEvent.type(input, '1250.50');
    await userEvent.click(screen.getByRole('button', { name: 'outro' }));
    expect(onValue).toHaveBeenLastCalledWith(NaN);
    expect(onValue).not.toHaveBeenCalledWith(125050);
    expect(screen.getByText(AMBIGUOUS_NUMBER)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(input);
    await userEvent.type(input, '1.250,50{Enter}');
    expect(onValue).toHaveBeenLastCalledWith(1250.5);
    expect(screen.queryByText(AMBIGUOUS_NUMBER)).toBeNull();
  });
});

describe('NumberField', () => {
  it('shows thousands the pt-BR way', () => {
    render(
      <I18nProvider locale="pt-BR">
        <NumberField label="Quantidade" value={12500} onChange={jest.fn()} />
      </I18nProvider>,
    );
    expect(screen.getByRole('textbox', { name: 'Quantidade' })).toHaveProperty('value', '12.500');
  });
});

describe('DateField', () => {
  it('shows and takes dd/mm/aaaa in an en-US browser', async () => {
    const onChange = jest.fn();
    render(
      <I18nProvider locale="pt-BR">
        <DateField label="Data inicial" value="2026-07-03" onChange={onChange} />
      </I18nProvider>,
    );
    const segments = screen.getAllByRole('spinbutton');
    expect(segments.map((s) => s.getAttribute('aria-label'))).toEqual(['dia, ', 'mês, ', 'ano, ']);
    expect(segments.map((s) => s.textContent)).toEqual(['03', '07', '2026']);
    await userEvent.click(segments[0]);
    await userEvent.keyboard('25');
    expect(onChange).toHaveBeenLastCalledWith('2026-07-25');
  });
});
