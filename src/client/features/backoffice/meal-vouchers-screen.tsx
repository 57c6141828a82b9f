/**
 * Meal vouchers (route office-ref-azi-buoni-pasto, spec 002 §2.8, §9): cards with documents (PDFs of
 * public/docs/) and one with the order spreadsheet, and this tax year's exemption limits read from
 * config/legal-constants.ts (2026: 10,00 € a day electronic, 4,00 € paper).
 */
import { Alert, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf, IconInfoCircle } from '@tabler/icons-react';
import { formatTableMessage, messages, type TableMessageKey } from '../../../shared/catalogues/tables';
import { legalParams, taxYear } from '../../../shared/legal-figures';
import { BackOfficePage } from './back-office-page';

const base = (import.meta.env.BASE_URL ?? '/').replace(/\/$/, '');

interface VoucherCard {
  title: TableMessageKey;
  text: TableMessageKey;
  href: string;
  kind: 'pdf' | 'sheet';
}

const CARDS: readonly VoucherCard[] = [
  {
    title: 'boVoucherRulesTitle',
    text: 'boVoucherRulesText',
    href: '/docs/buoni-pasto-normativa.pdf',
    kind: 'pdf',
  },
  {
    title: 'boVoucherGuideTitle',
    text: 'boVoucherGuideText',
    href: '/docs/buoni-pasto-guida-ordine.pdf',
    kind: 'pdf',
  },
  {
    title: 'boVoucherFormTitle',
    text: 'boVoucherFormText',
    href: '/docs/buoni-pasto-modulo-adesione.pdf',
    kind: 'pdf',
  },
  {
    title: 'boVoucherSheetTitle',
    text: 'boVoucherSheetText',
    href: '/docs/buoni-pasto-riepilogo-ordini.xlsx',
    kind: 'sheet',
  },
];

export function MealVouchersScreen() {
  const year = taxYear();
  return (
    <BackOfficePage title={messages.boVouchersTitle} intro={messages.boVouchersIntro}>
      <Stack gap="lg">
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle aria-hidden="true" />}
          data-testid="meal-voucher-limits"
        >
          {formatTableMessage('boVouchersLimits', { year, ...legalParams(year) })}
        </Alert>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {CARDS.map((card) => {
            const Icon = card.kind === 'pdf' ? IconFileTypePdf : IconFileSpreadsheet;
            return (
              <Card key={card.href} withBorder radius="lg" padding="lg" data-testid="meal-voucher-card">
                <Stack gap="xs" h="100%">
                  <Title order={2} size="h4">
                    {messages[card.title]}
                  </Title>
                  <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
                    {messages[card.text]}
                  </Text>
                  <Button
                    component="a"
                    href={`${base}${card.href}`}
                    {...(card.kind === 'pdf' ? { target: '_blank', rel: 'noopener' } : { download: true })}
                    variant="light"
                    leftSection={<Icon size={18} aria-hidden="true" />}
                    aria-label={`${messages[card.kind === 'pdf' ? 'boOpenPdf' : 'boOpenSheet']}: ${messages[card.title]}`}
                  >
                    {messages[card.kind === 'pdf' ? 'boOpenPdf' : 'boOpenSheet']}
                  </Button>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      </Stack>
    </BackOfficePage>
  );
}
