/**
 * The regulations table (site-normativa): each expense type with its limit, the legal figures of the
 * current tax year in Rome (config/legal-constants.ts through src/shared/legal-figures.ts).
 */
import { Card, Stack, Table, Text } from '@mantine/core';
import type { ContentBlock } from '../../../../config/content-pages';
import { legalFigures, taxYear } from '../../../shared/legal-figures';
import { euro, formatEuro } from '../../../shared/money';
import { textOf } from '../../../../config/texts';
import { formatMessage, messages } from '../../../shared/catalogues/account';

type LegalTable = Extract<ContentBlock, { kind: 'legal-table' }>;

export function LegalTableBlock({ caption, rows }: Pick<LegalTable, 'caption' | 'rows'>) {
  const year = taxYear();
  const figures = legalFigures(year);
  const limitOf = (row: LegalTable['rows'][number]) => {
    const amount = row.orFigure
      ? formatMessage('contentLegalOr', { a: euro(figures[row.figure]), b: euro(figures[row.orFigure]) })
      : formatEuro(figures[row.figure]);
    return row.unit ? `${amount} ${textOf(messages, row.unit)}` : amount;
  };
  const title = textOf(messages, caption).replace('{year}', String(year));
  return (
    <Card withBorder radius="lg" padding={0} shadow="xs">
      <Table verticalSpacing="sm" horizontalSpacing="md" captionSide="top" data-testid="legal-table">
        <Table.Caption>{title}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{messages.contentLegalType}</Table.Th>
            <Table.Th scope="col">{messages.contentLegalLimit}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={textOf(messages, row.label)} data-testid="legal-row">
              <Table.Th scope="row" fw={400} style={{ verticalAlign: 'top' }}>
                <Stack gap={2}>
                  <Text size="sm" fw={600}>
                    {textOf(messages, row.label)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {textOf(messages, row.note)}
                  </Text>
                </Stack>
              </Table.Th>
              <Table.Td style={{ verticalAlign: 'top' }}>
                <Text size="sm" fw={600} data-testid="legal-limit">
                  {limitOf(row)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
