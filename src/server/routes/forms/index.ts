/**
 * The request forms' calls (spec 001 §2-9): reference data, static links, one request endpoint per
 * declared form (config/forms plus the extra declarations handed to buildApp), the purchase read back
 * for replay and the pension information acceptance. Documents are routes/documents.
 */
import type { FastifyInstance } from 'fastify';
import { forms } from '../../../../config/forms';
import type { FormDeclaration } from '../../../../config/forms/types';
import { loadFormSchemas } from '../../plugins/schemas';
import type { RegisteredForm } from '../../services/form-requests';
import linkRoutes from './links';
import referenceRoutes from './reference';
import requestRoutes from './requests';

export interface FormRoutesOptions {
  extraForms: readonly RegisteredForm[];
}

/** The declared forms with their payload schemas; a declaration without its schema is a startup error. */
export function registeredForms(extra: readonly RegisteredForm[] = []): RegisteredForm[] {
  const schemas = loadFormSchemas();
  const declared = (forms as readonly FormDeclaration[]).map((declaration) => {
    const schema = schemas.find((s) => s.$id === declaration.schemaId);
    if (!schema) throw new Error(`schemas/forms: manca lo schema ${declaration.schemaId}`);
    return { declaration, schema };
  });
  const all = [...declared, ...extra];
  const names = new Set<string>();
  for (const { declaration } of all) {
    if (names.has(declaration.route_name)) throw new Error(`modulo ripetuto: ${declaration.route_name}`);
    names.add(declaration.route_name);
  }
  return all;
}

export default async function formRoutes(app: FastifyInstance, options: FormRoutesOptions): Promise<void> {
  const all = registeredForms(options.extraForms);
  const sets = all.flatMap(({ declaration }) => (declaration.categories ? [declaration.categories.set] : []));
  await app.register(referenceRoutes, { sets });
  await app.register(linkRoutes);
  await app.register(requestRoutes, { forms: all });
}
