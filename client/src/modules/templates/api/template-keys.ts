/** TanStack Query keys of the templates resource: every key starts with `templateKeys.all`. */
export const templateKeys = {
  all: ['templates'] as const,
  lists: () => [...templateKeys.all, 'list'] as const,
  /** The templates offered to one user (docs/templates.md#manager: the list reloads when the user changes). */
  list: (userId: string) => [...templateKeys.lists(), userId] as const,
  /** Organisation logos uploaded earlier (the editor's 'Carregar logos anteriores'). */
  logos: () => [...templateKeys.all, 'logos'] as const,
};
