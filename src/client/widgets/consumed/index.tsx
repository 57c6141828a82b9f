/**
 * `consumed` (ui:field): a field rendered by a block on another field (the beneficiary block renders
 * `cod_fisc_ben`, `nome_ben`, `id_relazione_ben`; the loan calculator its five fields; the fund search
 * `istituto` and `nome`). It renders nothing; its value and errors belong to the block.
 */
import type { FieldProps } from '@rjsf/utils';

export function ConsumedField(_props: FieldProps) {
  return null;
}
