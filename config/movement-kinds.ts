/**
 * Movement kinds (spec 000 §3, "Movement row") and credit source types, tipo fonte (spec 002 §9).
 * Plain data shared by the portal (labels, replay targets) and the server (ledger checks, seed).
 */

export interface MovementKind {
  readonly id: number;
  readonly label: string;
  /**
   * The kind offers replay (spec 000 §3), and this form replays a purchase of it that does not name the
   * form it was sent through (`replayRouteOf`; a request names it since issue 25).
   */
  readonly replayRoute?: string;
}

export const movementKinds = [
  { id: 1, label: 'Rimborso', replayRoute: 'rimb-spese' },
  { id: 2, label: 'Hype' },
  { id: 3, label: 'Rimborso interessi', replayRoute: 'rimb-interessi' },
  { id: 4, label: 'Preventivo' },
  { id: 5, label: 'Buono' },
  { id: 6, label: 'Convenzione' },
  { id: 7, label: 'Previdenza integrativa', replayRoute: 'conv-previdenza-integrativa' },
  { id: 8, label: 'Assistenza sanitaria integrativa' },
  { id: 9, label: 'Piattapasto' },
  { id: 10, label: 'Trasferimento credito' },
  { id: 11, label: 'Preventivo Art51c3' },
  { id: 12, label: 'Bonus' },
  { id: 13, label: 'Rimborso Bollette', replayRoute: 'rimb-bollette' },
  { id: 14, label: 'Rimborso Affitto/Mutuo', replayRoute: 'rimb-aff-mutui' },
] as const satisfies readonly MovementKind[];

export type MovementKindId = (typeof movementKinds)[number]['id'];

export const movementKindIds = movementKinds.map((k) => k.id) as readonly MovementKindId[];

export function movementKindLabel(id: number): string {
  return movementKinds.find((k) => k.id === id)?.label ?? String(id);
}

/**
 * The form of a kind (`replayRoute`): only the fallback for a purchase that does not name the form it
 * was sent through (purchases.form_route, issue 25: older requests, an operator's debit).
 */
export function kindReplayRoute(id: number): string | undefined {
  const kind: MovementKind | undefined = movementKinds.find((k) => k.id === id);
  return kind?.replayRoute;
}

/**
 * The form a purchase's replay opens ("Ripeti", `id_acq_replay`): offered for the kinds that have a
 * replay form (spec 000 §3: 1, 3, 7, 13, 14), towards the form the request was sent through, or, when
 * the purchase names none, the form of its kind. Null for the other kinds.
 */
export function replayRouteOf(id: number, formRoute: string | null | undefined): string | null {
  const byKind = kindReplayRoute(id);
  if (byKind === undefined) return null;
  return formRoute ?? byKind;
}

export interface CreditSource {
  readonly id: number;
  readonly nome: string;
}

/** Tipo fonte 1-7 (spec 002 §9), the origin of a credit line. */
export const creditSources = [
  { id: 1, nome: 'Welfare puro da CCNL' },
  { id: 2, nome: 'Welfare puro da regolamento aziendale' },
  { id: 3, nome: 'Welfare puro da accordo aziendale' },
  { id: 4, nome: 'Welfare da conversione premio di risultato (accordo aziendale)' },
  { id: 5, nome: 'Welfare da conversione premio di risultato (accordo territoriale)' },
  { id: 6, nome: 'Welfare puro da regolamento non vincolante o volontario' },
  { id: 7, nome: 'Indicazione art. 51 c.3' },
] as const satisfies readonly CreditSource[];

export type CreditSourceId = (typeof creditSources)[number]['id'];

export const creditSourceIds = creditSources.map((s) => s.id) as readonly CreditSourceId[];
