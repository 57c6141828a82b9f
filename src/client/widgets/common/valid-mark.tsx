/** The "valid" mark of the tax code, VAT and IBAN inputs (001 §4: empty neutral, valid ok, invalid error). */
import { IconCheck } from '@tabler/icons-react';

export function ValidMark({ label }: { label: string }) {
  return <IconCheck size={18} color="var(--mantine-color-green-7)" role="img" aria-label={label} />;
}
