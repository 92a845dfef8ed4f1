const oneDecimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** An attachment size in KB with one decimal, always in KB (docs/processes.md#details): 1536 -> '1,5 KB'. */
export function sizeInKb(bytes: number | null | undefined): string {
  return `${oneDecimal.format(Math.max(0, bytes ?? 0) / 1024)} KB`;
}
