/**
 * Access as structure (ARCHITECTURE.md §4 "Route gating", §7): every API call declares who may make
 * it, and the server applies the portal's own rule (src/shared/access/route-access.ts over
 * config/routes.ts) to that declaration.
 *
 * - `config: { public: true }`: no session (sign-in, skins, images, demo outbox);
 * - `config: { access: 'login' }`: any live session (shell, the user's own documents and lookups);
 * - `config: { route: '<route name>' }`: the screen the call serves; refused with 403 when the user
 *   lacks that route's permission, profile, `threshold_ok` or payment-provider registration;
 * - back-office calls (a route of the `backoffice-refazi` group, or `backOffice: true`) live only in
 *   the back-office plugin (routes/backoffice), which marks its context with `markBackOfficeContext`.
 *
 * The declarations are checked when a route is registered, so a call that forgets to say, names an
 * unknown route or sits outside the back office stops `buildApp` instead of running ungated.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { routes, type RouteRule } from '../../../config/routes';
import { checkRouteAccess, type RouteTable } from '../../shared/access/route-access';
import { ApiError } from '../errors';
import type { SessionAccess } from '../services/sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No session needed (login, skins, demo outbox). */
    public?: boolean;
    /** Any logged user: the call serves no one screen (shell, own documents, form lookups). */
    access?: 'login';
    /** The route name (config/routes.ts) of the screen the call serves: its gating applies. */
    route?: string;
    /** A referent back-office call: only inside the back-office plugin (implied there). */
    backOffice?: boolean;
    /**
     * Set by the operator console's plugin on each of its calls (routes/operator): the only calls an
     * operator's session may make, besides those that say `operatorToo` (sign-out, password change).
     */
    operatorConsole?: boolean;
    /** A call outside the console that an operator's session may make too (sign-out, password). */
    operatorToo?: boolean;
  }
  interface FastifyInstance {
    /** The route rules the server applies: config/routes.ts plus the routes of extra forms. */
    routeRules: RouteTable;
  }
  interface FastifyRequest {
    /** The company a back-office call acts for, set by the back-office plugin (else null). */
    company: number | null;
  }
}

/**
 * A request form without an entry in config/routes.ts (a form handed to buildApp by a test) is gated
 * by its route name as permission, as the portal's own declaration would be.
 */
export function formRouteRule(routeName: string): RouteRule {
  return {
    path: `/base-request/${routeName}/{-$id_acq_replay}`,
    group: 'base-request',
    access: 'login',
    permission: routeName,
  };
}

/**
 * config/routes.ts plus the routes declared besides it (`extraRouteRules`, tests), and a rule for every
 * extra form route neither declares.
 */
export function buildRouteTable(
  formRouteNames: readonly string[],
  extraRouteRules: Readonly<Record<string, RouteRule>> = {},
): RouteTable {
  const table: Record<string, RouteRule> = { ...routes, ...extraRouteRules };
  for (const name of formRouteNames) if (!Object.hasOwn(table, name)) table[name] = formRouteRule(name);
  return table;
}

// ---------------------------------------------------------------------------------------------
// The back-office context: one per app, marked by a symbol only this module can hand out.

const BACK_OFFICE = Symbol('back-office-context');
const markedServers = new WeakSet<object>();

/** Called once by the back-office plugin on its own (encapsulated) context. */
export function markBackOfficeContext(app: FastifyInstance): void {
  if (markedServers.has(app.server)) {
    throw new Error('Il back office si registra in un solo plugin (routes/backoffice).');
  }
  markedServers.add(app.server);
  app.decorate(BACK_OFFICE, true);
}

export function isBackOfficeContext(instance: FastifyInstance): boolean {
  return instance.hasDecorator(BACK_OFFICE);
}

// The operator console's context (issue 26), marked the same way.
const OPERATOR_CONSOLE = Symbol('operator-console-context');
const markedConsoles = new WeakSet<object>();

export function markOperatorContext(app: FastifyInstance): void {
  if (markedConsoles.has(app.server)) {
    throw new Error('La console operatore si registra in un solo plugin (routes/operator).');
  }
  markedConsoles.add(app.server);
  app.decorate(OPERATOR_CONSOLE, true);
}

export function isOperatorContext(instance: FastifyInstance): boolean {
  return instance.hasDecorator(OPERATOR_CONSOLE);
}

/** A call of the operator console: it names a route of the `operatore` group. */
export function isOperatorCall(table: RouteTable, route: Declared): boolean {
  const name = route.config?.route;
  return name !== undefined && Object.hasOwn(table, name) && table[name]?.group === 'operatore';
}

type Declared = Pick<RouteOptions, 'url' | 'method' | 'config'>;

const describe = (route: Declared) => `${[route.method].flat().join(',')} ${route.url}`;

/** A call is back office when it names a back-office route or says so. */
export function isBackOfficeCall(table: RouteTable, route: Declared): boolean {
  const config = route.config ?? {};
  if (config.backOffice) return true;
  const name = config.route;
  return name !== undefined && Object.hasOwn(table, name) && table[name]?.group === 'backoffice-refazi';
}

/** A back-office call registered outside the back-office plugin stops the start. */
export function checkBackOfficePlacement(
  table: RouteTable,
  route: Declared,
  insideBackOffice: boolean,
): void {
  if (isBackOfficeCall(table, route) && !insideBackOffice) {
    throw new Error(
      `${describe(route)}: le chiamate del back office si registrano solo nel plugin routes/backoffice.`,
    );
  }
}

/**
 * Start-time check of one API call's declaration: exactly one of public, login-only or a route
 * name; the route name exists; a back-office call is inside the back-office context.
 */
export function checkRouteDeclaration(
  table: RouteTable,
  route: Declared,
  insideBackOffice: boolean,
  insideOperatorConsole = false,
): void {
  const config = route.config ?? {};
  const declared = [config.public === true, config.access === 'login', config.route !== undefined];
  if (declared.filter(Boolean).length !== 1) {
    throw new Error(
      `${describe(route)}: dichiarare esattamente uno tra config.public, config.access = 'login' e config.route.`,
    );
  }
  if (config.route !== undefined && !Object.hasOwn(table, config.route)) {
    throw new Error(`${describe(route)}: la route "${config.route}" non esiste in config/routes.ts.`);
  }
  checkBackOfficePlacement(table, route, insideBackOffice);
  if (isOperatorCall(table, route) !== insideOperatorConsole) {
    throw new Error(
      insideOperatorConsole
        ? `${describe(route)}: nella console operatore ogni chiamata nomina una route del gruppo operatore.`
        : `${describe(route)}: le chiamate della console operatore si registrano solo nel plugin routes/operator.`,
    );
  }
}

/**
 * The shared rule applied to a call that names its route: the session's facts in the shape the
 * portal's guard reads. A refusal is 403; the threshold refusal carries the spec's text.
 */
export function authorizeCall(
  request: FastifyRequest,
  session: SessionAccess,
  // The caller may hand it in: `request.routeOptions` builds a new object on every read.
  routeName: string | undefined = request.routeOptions.config.route,
): void {
  if (routeName === undefined) return;
  // Fails closed: a session read without its permissions cannot pass a route's gating.
  if (session.perms === null) throw ApiError.of(403, 'apiForbidden');
  const access = checkRouteAccess(
    routeName,
    {
      isLogged: true,
      userPerms: session.perms,
      user: {
        profile: session.profile,
        threshold_ok: session.thresholdOk,
        ollipay_status: { reg_status: session.ollipayRegistered },
      },
    },
    request.server.routeRules,
  );
  if (!access.ok) throw ApiError.of(403, access.alert ?? 'apiForbidden');
}

/** The company of a back-office call (the back-office plugin sets it; anything else fails closed). */
export function actingCompany(request: FastifyRequest): number {
  if (request.company === null) throw ApiError.of(403, 'apiForbidden');
  return request.company;
}

export interface AccessPluginOptions {
  /** Route names of the extra request forms (tests); those config/routes.ts lacks get `formRouteRule`. */
  formRouteNames: readonly string[];
  /** Routes declared besides config/routes.ts (tests). */
  extraRouteRules?: Readonly<Record<string, RouteRule>>;
}

export const accessPlugin = fp<AccessPluginOptions>(
  async (app: FastifyInstance, options) => {
    app.decorate('routeRules', buildRouteTable(options.formRouteNames, options.extraRouteRules));
    app.decorateRequest('company', null);
    // Anywhere in the app (not only under /api): a back-office call outside its plugin stops the start.
    app.addHook('onRoute', function (this: FastifyInstance, route) {
      checkBackOfficePlacement(app.routeRules, route, isBackOfficeContext(this));
    });
  },
  { name: 'access' },
);
