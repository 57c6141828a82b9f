/** The user's multi-use vouchers (stato-voucher, spec 002 §2.5): the declared `stato-voucher` table. */
import { Card, Container, Stack, Text, Title } from '@mantine/core';
import { constants } from '../../../../config/constants';
import { formMessages } from '../../../../config/messages-forms.it';
import { voucherStatusTable } from '../../../../config/tables/stato-voucher';
import { ButtonLink } from '../../components/button-link';
import { DataTable } from '../../engine/table';

export function StatoVoucherScreen() {
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {formMessages.formSellersVouchersTitle}
          </Title>
          <Text c="dimmed">{formMessages.formSellersVouchersIntro}</Text>
        </Stack>
        <Card withBorder radius="lg" padding="lg" shadow="xs">
          <DataTable table={voucherStatusTable} />
        </Card>
        <div>
          <ButtonLink
            to="/sellers/home-fornitori"
            search={{ provincia: constants.sellersNoProvince }}
            variant="default"
          >
            {formMessages.formSellersBackToSuppliers}
          </ButtonLink>
        </div>
      </Stack>
    </Container>
  );
}
