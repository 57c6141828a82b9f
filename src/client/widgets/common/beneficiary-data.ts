/**
 * The beneficiary fields of a request (spec 001 §3): `me_stesso` and, for a family member, tax code,
 * name and relation, plus the family document (`file_kind` doc_fam). Written by the beneficiary block
 * and by the category widget (a category may force the user as beneficiary, 001 §6).
 */
import type { FormEngineContext } from '../../form-kit';
import { slotsOf } from '../../../shared/forms/kinds';

export const BENEFICIARY_FIELDS = ['cod_fisc_ben', 'nome_ben', 'id_relazione_ben'] as const;

/** The patch that makes the user the beneficiary (or a family member still to be filled in). */
export function clearedBeneficiary(meStesso: boolean): Record<string, unknown> {
  return { me_stesso: meStesso, cod_fisc_ben: undefined, nome_ben: undefined, id_relazione_ben: undefined };
}

/** Makes the user the beneficiary: clears the family fields and drops the family document (001 §4). */
export function switchToMyself(context: FormEngineContext, extra: Record<string, unknown> = {}): void {
  context.setFields({ ...extra, ...clearedBeneficiary(true) });
  for (const slot of slotsOf(context.declaration)) {
    if (slot.file_kind === 'doc_fam') context.setSlotDocument(slot.name, undefined);
  }
}
