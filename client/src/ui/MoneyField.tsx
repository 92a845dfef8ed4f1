import { NumberField, type NumberFieldProps } from './NumberField';

const BRL: Intl.NumberFormatOptions = { style: 'currency', currency: 'BRL' };

/** Reais typed and shown as 1.250,50 (R$), never below zero. */
export function MoneyField(props: Omit<NumberFieldProps, 'formatOptions' | 'hideSteppers'>) {
  return <NumberField minValue={0} {...props} formatOptions={BRL} hideSteppers />;
}
