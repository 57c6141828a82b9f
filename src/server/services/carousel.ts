/**
 * The home carousel (spec 000 §2, §3; ARCHITECTURE.md §7): the slides of the user's customer, their
 * images, their declared actions (config/carousel-actions.ts) handed out signed, and the clicks.
 *
 * Images live in src/server/assets/carousel/ (small optimised SVGs), read once, and are served by
 * `GET /api/carosello_img/{file_name}`; `img_path` carries a content hash (`?v=`) so they can be cached
 * for a year. `click_action` = `<base64url JSON {slide_id, type, target, exp}>.<HMAC-SHA256>` with a key
 * derived from TICKET_SECRET (services/signed-links.ts, purpose carousel-action), valid 12 hours (a
 * session's longest life).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import {
  carouselActions,
  type CarouselActionName,
  type CarouselActionRule,
} from '../../../config/carousel-actions';
import { constants } from '../../../config/constants';
import { routes, type RouteRule } from '../../../config/routes';
import type { DB } from '../db/schema';
import { readSignedData, signData } from './signed-links';
import type { CarouselSlide } from '../../../schemas/wire-types.gen';

const ASSETS_DIR = fileURLToPath(new URL('../assets/carousel/', import.meta.url));

/** File names the image route accepts (the same rule as the CHECK of carousel_slides.file_name). */
export const CAROUSEL_FILE_NAME = /^[a-z0-9][a-z0-9-]{0,62}\.svg$/;

/** Public path of the images (`/api/carosello_img/<file_name>`). */
export const CAROUSEL_IMAGE_PREFIX = '/api/carosello_img/';

export interface CarouselImage {
  body: Buffer;
  /** First 16 hex digits of the SHA-256 of the file: the `v` of img_path and the ETag. */
  version: string;
}

let images: Map<string, CarouselImage> | undefined;

/** The images of the carousel folder, read once. */
export function carouselImages(): ReadonlyMap<string, CarouselImage> {
  images ??= new Map(
    readdirSync(ASSETS_DIR)
      .filter((name) => CAROUSEL_FILE_NAME.test(name))
      .sort()
      .map((name) => {
        const body = readFileSync(`${ASSETS_DIR}${name}`);
        return [name, { body, version: createHash('sha256').update(body).digest('hex').slice(0, 16) }];
      }),
  );
  return images;
}

export interface CarouselAction {
  type: CarouselActionName;
  target: string | null;
}

const routeTable = routes as Record<string, RouteRule>;

/** True when `type` is declared and `target` fits its rule (config/carousel-actions.ts). */
export function isDeclaredAction(type: unknown, target: unknown): type is CarouselActionName {
  if (typeof type !== 'string' || !Object.hasOwn(carouselActions, type)) return false;
  const rule: CarouselActionRule = carouselActions[type as CarouselActionName];
  switch (rule.target) {
    case 'none':
      return target === null;
    case 'menu-key':
      return (
        typeof target === 'string' &&
        target.length > (rule.prefix?.length ?? 0) &&
        target.length <= 100 &&
        target.startsWith(rule.prefix ?? '') &&
        /^[a-z0-9-]+$/.test(target)
      );
    case 'route': {
      if (typeof target !== 'string' || !Object.hasOwn(routeTable, target)) return false;
      const route = routeTable[target];
      if (!route || route.access !== 'login') return false;
      if (rule.groups && !rule.groups.includes(route.group)) return false;
      if (rule.excludeGroups?.includes(route.group)) return false;
      return true;
    }
  }
}

/** Signed action of a slide, as handed to the portal. */
export function signCarouselAction(
  slideId: number,
  action: CarouselAction,
  secret: string,
  now = new Date(),
): string {
  const exp = Math.floor(now.getTime() / 1000) + constants.sessionAbsoluteHours * 3600;
  return signData(
    { slide_id: slideId, type: action.type, target: action.target, exp },
    secret,
    'carousel-action',
  );
}

export type ActionCheck =
  | { ok: true; action: CarouselAction }
  | {
      ok: false;
      reason: 'malformed' | 'signature' | 'expired' | 'slide-mismatch' | 'undeclared-type' | 'invalid-target';
    };

/**
 * The action of a click: the token must be well-formed, signed with our key, not expired, for this
 * slide, of a declared type with a target that fits it.
 */
export function checkCarouselAction(
  token: string,
  slideId: number,
  secret: string,
  now = new Date(),
): ActionCheck {
  const read = readSignedData(token, secret, 'carousel-action', now);
  if (!read.ok) return read;
  const { slide_id: slide, type, target } = read.payload;
  if (slide !== slideId) return { ok: false, reason: 'slide-mismatch' };
  if (typeof type !== 'string' || !Object.hasOwn(carouselActions, type)) {
    return { ok: false, reason: 'undeclared-type' };
  }
  if (!isDeclaredAction(type, target)) return { ok: false, reason: 'invalid-target' };
  return { ok: true, action: { type, target: target as string | null } };
}

export type PlaylistSlide = CarouselSlide;

/**
 * The active slides of a customer by position, with their signed action. A slide whose image is
 * missing or whose stored action is no longer declared (a route removed from config/routes.ts) is
 * left out rather than shown broken.
 */
export async function playlist(
  db: Kysely<DB>,
  customerId: number,
  secret: string,
  now = new Date(),
): Promise<PlaylistSlide[]> {
  const rows = await db
    .selectFrom('carousel_slides')
    .select(['id', 'file_name', 'title', 'subtitle', 'body', 'cta_label', 'action_type', 'action_target'])
    .where('customer_id', '=', customerId)
    .where('active', '=', true)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const files = carouselImages();
  const slides: PlaylistSlide[] = [];
  for (const row of rows) {
    const image = files.get(row.file_name);
    if (!image || !isDeclaredAction(row.action_type, row.action_target)) continue;
    const action: CarouselAction = { type: row.action_type, target: row.action_target };
    const rule: CarouselActionRule = carouselActions[action.type];
    slides.push({
      id: row.id,
      img_path: `${CAROUSEL_IMAGE_PREFIX}${row.file_name}?v=${image.version}`,
      file_name: row.file_name,
      title: row.title,
      subtitle: row.subtitle,
      text: row.body,
      cta: row.cta_label,
      click_action: signCarouselAction(row.id, action, secret, now),
      route_name: rule.target === 'route' ? action.target : null,
      menu_key: rule.target === 'menu-key' ? action.target : null,
    });
  }
  return slides;
}

/** The slide if it exists and belongs to the customer, else undefined. */
export async function findSlide(db: Kysely<DB>, slideId: number, customerId: number) {
  return db
    .selectFrom('carousel_slides')
    .select(['id', 'action_type', 'action_target'])
    .where('id', '=', slideId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

/** Counts a click of a user on a slide. */
export async function recordClick(
  db: Kysely<DB>,
  click: { slideId: number; userId: number; withAction: boolean; at?: Date },
): Promise<void> {
  await db
    .insertInto('carousel_clicks')
    .values({
      slide_id: click.slideId,
      user_id: click.userId,
      with_action: click.withAction,
      clicked_at: click.at ?? new Date(),
    })
    .execute();
}
