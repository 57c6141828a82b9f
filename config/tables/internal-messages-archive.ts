/** The archive of what the company sent (route office-mess-interna): the sent messages' table on the `_archivio` call. */
import { internalMessagesTable } from './internal-messages';
import type { TableDeclaration } from './types';

export const internalMessagesArchiveTable = {
  ...internalMessagesTable,
  name: 'internal-messages-archive',
  caption: 'messArchiveTableCaption',
  source: { path: '/comunicazioni_interne_inviate_archivio', rows: 'results' },
} as const satisfies TableDeclaration;
