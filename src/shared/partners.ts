/**
 * Rules of the partner declarations (config/partners.ts) shared by the server (checked at start: a wrong
 * declaration stops it) and the config tests.
 */
import type {
  PartnerCallName,
  PartnerDeclaration,
  PartnerHandoff,
  PartnerProvider,
} from '../../config/partners';

/** What each call answers (001 §3 "SSO responses"). */
export type PartnerAnswerShape = 'enc-data' | 'link' | 'bonusx';

export function partnerAnswerShape(call: PartnerCallName): PartnerAnswerShape {
  switch (call) {
    case 'sso_login_partner':
    case 'sso_login_buoni':
    case 'partner_login':
      return 'enc-data';
    case 'wishlist_login':
    case 'salabam_login':
      return 'link';
    case 'bonusx_login':
      return 'bonusx';
  }
}

/** The hand-offs each answer allows: a hidden form needs `enc_data`; a link or window needs `login_url` alone. */
function handoffFits(handoff: PartnerHandoff, shape: PartnerAnswerShape): boolean {
  switch (handoff.kind) {
    case 'form-post':
      return shape === 'enc-data';
    case 'link':
    case 'blank-window':
      return shape === 'link';
    case 'bonusx':
      return shape === 'bonusx';
  }
}

/** The body fields each call takes (001 §7). */
const BODY_FIELDS: Record<PartnerCallName, readonly string[]> = {
  sso_login_partner: ['service', 'cluster', 'comp_credito'],
  sso_login_buoni: ['service'],
  wishlist_login: [],
  partner_login: [],
  salabam_login: ['service'],
  bonusx_login: [],
};

/** Problems of a declaration list against its providers (empty = fine). */
export function partnerDeclarationProblems(
  declarations: readonly PartnerDeclaration[],
  providers: readonly PartnerProvider[],
): string[] {
  const problems: string[] = [];
  const routes = new Set<string>();
  const ids = new Set<string>();
  for (const provider of providers) {
    if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(provider.id)) problems.push(`${provider.id}: id non valido`);
    if (ids.has(provider.id)) problems.push(`${provider.id}: partner ripetuto`);
    ids.add(provider.id);
    if (provider.demoKey.length < 32) problems.push(`${provider.id}: chiave demo sotto i 32 caratteri`);
  }
  for (const partner of declarations) {
    const name = partner.route_name;
    if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) problems.push(`${name}: nome di route non in kebab-case`);
    if (routes.has(name)) problems.push(`${name}: dichiarata due volte`);
    routes.add(name);
    if (!ids.has(partner.provider)) problems.push(`${name}: partner ${partner.provider} inesistente`);
    const shape = partnerAnswerShape(partner.call.name);
    if (!handoffFits(partner.handoff, shape)) {
      problems.push(
        `${name}: il passaggio ${partner.handoff.kind} non usa la risposta di ${partner.call.name}`,
      );
    }
    const expected = BODY_FIELDS[partner.call.name];
    const given = Object.keys(partner.call.body ?? {});
    if (given.length !== expected.length || !expected.every((field) => given.includes(field))) {
      problems.push(`${name}: il corpo di ${partner.call.name} è ${expected.join(', ') || 'vuoto'}`);
    }
    const comp = partner.call.body?.comp_credito;
    if (comp !== undefined && comp !== partner.balance) {
      problems.push(`${name}: comp_credito diverso dal credito offerto`);
    }
    const service = partner.call.body?.service;
    if (partner.call.name === 'sso_login_buoni' && service !== 200 && service !== 100) {
      problems.push(`${name}: il portale buoni accetta service 200 o 100`);
    }
    if (partner.handoff.kind === 'bonusx' && partner.conditions) {
      problems.push(`${name}: la pagina bonusx non ha la casella delle condizioni`);
    }
  }
  return problems;
}
