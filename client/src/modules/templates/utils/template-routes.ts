/** docs/templates.md#documents: a card's 'Use Template' opens the document editor with the template. */
export const newDocumentFromTemplateHref = (templateId: string) =>
  `/documents/new?templateId=${encodeURIComponent(templateId)}`;
