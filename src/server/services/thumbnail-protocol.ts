/** What the server and the thumbnail drawing process say to each other (base64: plain JSON over IPC). */
import type { DocumentMime } from '../db/schema';

/** Width of a thumbnail in pixels; the height follows the page or the image (at most 2x the width). */
export const THUMB_WIDTH = 160;
export const MAX_HEIGHT = THUMB_WIDTH * 2;

export interface DrawRequest {
  id: number;
  mime: DocumentMime;
  content: string;
}

export type DrawReply =
  { id: number; png: string; error?: undefined } | { id: number; error: string; png?: undefined };
