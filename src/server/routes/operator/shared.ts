/** What the operator console's route files share: their error answers, id parameter and tag. */
import { errorResponses } from '../../plugins/schemas';

export const consoleErrors = errorResponses(400, 401, 403, 404, 409, 429);

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } },
  additionalProperties: false,
} as const;

export const CONSOLE_TAG = ['console operatore'];
