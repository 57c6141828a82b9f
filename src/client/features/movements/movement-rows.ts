/** Pure helpers of the movement rows (spec 000 §3 Movement row). */
import { messages } from '../../../../config/messages-account.it';
import { movementKindLabel, movementKinds } from '../../../../config/movement-kinds';
import type { RouteName } from '../../../../config/routes';
import { routePath } from '../../components/route-link';
import type { MovementRow } from './movements-api';

/** The object of a movement, `*****` when there is none. */
export function shownObject(value: string | null | undefined): string {
  return value == null || value.trim() === '' ? messages.movHidden : value;
}

/** Kind label from the catalogue, else the server's label. */
export function kindLabel(row: Pick<MovementRow, 'id_kind' | 'kind'>): string {
  const known = movementKinds.some((kind) => kind.id === row.id_kind);
  return known ? movementKindLabel(row.id_kind) : row.kind || String(row.id_kind);
}

/** The form that replays a purchase (kinds 1, 3, 7, 13, 14), with `id_acq_replay`; null otherwise. */
export function replayPath(row: Pick<MovementRow, 'id_kind' | 'id_acquisto'>): string | null {
  const kind = movementKinds.find((item) => item.id === row.id_kind);
  if (!kind || !('replayRoute' in kind) || row.id_acquisto == null) return null;
  return routePath(kind.replayRoute as RouteName, { id_acq_replay: String(row.id_acquisto) });
}
