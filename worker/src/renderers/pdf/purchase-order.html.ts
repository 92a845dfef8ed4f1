import {
  PURCHASE_ORDER_PRIORITY_LABELS,
  PURCHASE_ORDER_STATUS_LABELS,
  type PurchaseOrderView,
} from '#server/contracts/purchase-orders';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
/** A calendar day (YYYY-MM-DD) as dd/mm/aaaa, without any time-zone shift. */
const day = (iso: string) => iso.split('-').reverse().join('/');

const row = (label: string, value: string) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`;

/** A purchase order as printable HTML: header, items, value in BRL, justification, history; times in `timeZone`. */
export function purchaseOrderHtml(order: PurchaseOrderView, timeZone: string, printedAt = new Date()): string {
  const dateTime = new Intl.DateTimeFormat('pt-BR', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone,
  });
  const items = order.items
    .map(
      (item, index) => `<tr>
        <td class="n">${index + 1}</td>
        <td>${escapeHtml(item.materialItem.name)}</td>
        <td>${escapeHtml(item.materialItem.category)}</td>
        <td class="n">${item.quantity.toLocaleString('pt-BR')}</td>
        <td>${escapeHtml(item.materialItem.unit)}</td>
        <td>${escapeHtml(item.observation || '—')}</td>
      </tr>`,
    )
    .join('');
  const history = order.history
    .map(
      (entry) => `<tr>
        <td class="nowrap">${escapeHtml(dateTime.format(new Date(entry.date)))}</td>
        <td class="nowrap">${escapeHtml(entry.from ? `${PURCHASE_ORDER_STATUS_LABELS[entry.from]} → ` : '')}${escapeHtml(PURCHASE_ORDER_STATUS_LABELS[entry.to])}</td>
        <td>${escapeHtml(`${entry.userName} (${entry.userDepartment})`)}</td>
        <td>${escapeHtml(entry.reviewComments || '—')}</td>
      </tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Pedido de Material ${escapeHtml(order.orderNumber)}</title>
<style>
  @page { size: A4; margin: 20mm 18mm 22mm 18mm; }
  body { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; font-size: 10pt; color: #111; }
  h1 { font-size: 15pt; margin: 0 0 4pt; }
  h2 { font-size: 11.5pt; margin: 14pt 0 6pt; border-bottom: 1px solid #999; padding-bottom: 2pt; }
  p.sub { margin: 0 0 10pt; color: #444; }
  table { width: 100%; border-collapse: collapse; }
  table.grid th, table.grid td { border: 1px solid #bbb; padding: 3pt 5pt; text-align: left; vertical-align: top; }
  table.grid th { background: #eee; }
  table.facts th { text-align: left; width: 34%; padding: 2pt 6pt 2pt 0; font-weight: 600; }
  table.facts td { padding: 2pt 0; }
  td.n { text-align: right; }
  td.nowrap { white-space: nowrap; }
  .text { white-space: pre-wrap; word-wrap: break-word; }
  .total { font-size: 12pt; font-weight: 700; margin-top: 6pt; }
  .signatures { margin-top: 36pt; display: flex; gap: 30pt; }
  .signatures div { flex: 1; border-top: 1px solid #333; padding-top: 3pt; text-align: center; }
  footer { margin-top: 18pt; color: #666; font-size: 8pt; }
</style></head>
<body>
<h1>Pedido de Material ${escapeHtml(order.orderNumber)}</h1>
<p class="sub">Sistema de Gestão Municipal — Pedidos de Materiais</p>
<table class="facts">
  ${row('Setor solicitante', order.department)}
  ${row('Solicitado por', `${order.requestedBy.name} <${order.requestedBy.email}>`)}
  ${row('Data do pedido', dateTime.format(new Date(order.createdAt)))}
  ${row('Status', PURCHASE_ORDER_STATUS_LABELS[order.status])}
  ${row('Prioridade', PURCHASE_ORDER_PRIORITY_LABELS[order.priority])}
  ${row('Entrega prevista', order.deliveryExpected ? day(order.deliveryExpected) : 'Não informada')}
  ${order.reviewedBy ? row('Analisado por', `${order.reviewedBy.name}${order.reviewedAt ? ` em ${dateTime.format(new Date(order.reviewedAt))}` : ''}`) : ''}
</table>
<h2>Itens</h2>
<table class="grid">
  <thead><tr><th>#</th><th>Material</th><th>Categoria</th><th>Quantidade</th><th>Unidade</th><th>Observação</th></tr></thead>
  <tbody>${items}</tbody>
</table>
<p class="total">Valor estimado: ${escapeHtml(brl.format(order.estimatedTotal))}</p>
<h2>Justificativa</h2>
<div class="text">${escapeHtml(order.justification)}</div>
${order.observations ? `<h2>Observações</h2><div class="text">${escapeHtml(order.observations)}</div>` : ''}
${order.reviewComments ? `<h2>Comentários da análise</h2><div class="text">${escapeHtml(order.reviewComments)}</div>` : ''}
<h2>Histórico</h2>
<table class="grid">
  <thead><tr><th>Data</th><th>Status</th><th>Responsável</th><th>Comentários</th></tr></thead>
  <tbody>${history}</tbody>
</table>
<div class="signatures"><div>Solicitante</div><div>Responsável pela aprovação</div></div>
<footer>Impresso em ${escapeHtml(dateTime.format(printedAt))}.</footer>
</body></html>`;
}
