/**
 * Euro amounts of a payload in one spelling ("40" -> "40.00") before it is sent. The purchase engine
 * keeps one Idempotency-Key per payload, and the server compares the whole body under a key: the amount
 * widget rewrites "40" as "40.00" when the field loses focus, so without this a retry of the same
 * request could go out as another payload (a new key: charged twice) or the same key with another body
 * (422). A field is a euro amount when its schema has the payload schemas' euro pattern.
 */
import { formatCents, parseCents } from '../../../shared/money';

/** The euro pattern of schemas/forms (`^\d{1,7}(\.\d{1,2})?$`), recognised by its decimal part. */
const EURO_PATTERN = /^\^\\d\{1,\d+\}\(\\\.\\d\{1,2\}\)\?\$$/;

interface PropertySchema {
  readonly type?: unknown;
  readonly pattern?: unknown;
}

export function withWireAmounts(
  schema: { readonly properties?: unknown },
  payload: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, PropertySchema | undefined>;
  const out: Record<string, unknown> = { ...payload };
  for (const [field, value] of Object.entries(payload)) {
    const pattern = properties[field]?.pattern;
    if (typeof value !== 'string' || typeof pattern !== 'string' || !EURO_PATTERN.test(pattern)) continue;
    const cents = parseCents(value);
    if (cents !== null) out[field] = formatCents(cents);
  }
  return out;
}
