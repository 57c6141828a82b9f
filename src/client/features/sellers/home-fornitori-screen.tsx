/**
 * The conventions home (home-fornitori, spec 002 §2.1): the disclaimer until accepted, the categories
 * (the `categorie-fornitori` showcase), then the suppliers of the chosen category (`fornitori-categoria`,
 * or `fornitori-aziendali` with the first-name-and-surname filter for category 8) with the province
 * filter (default `no_prov`) and the way back to the categories; buttons to gestione-pin and
 * stato-voucher. The category and province live in the URL (`?id_categoria&provincia`).
 */
import { Button, Card, Container, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconKey, IconTicket } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { constants } from '../../../../config/constants';
import { screenConstants } from '../../../../config/screen-constants';
import { formMessages } from '../../../../config/messages-forms.it';
import { messages } from '../../../../config/messages-account.it';
import {
  categorieFornitori,
  fornitoriAziendali,
  fornitoriCategoria,
} from '../../../../config/showcases/sellers';
import { ButtonLink } from '../../components/button-link';
import { ShowcaseGrid } from '../../engine/showcase';
import { DisclaimerGate } from './disclaimer-modal';
import { categoriesQueryOptions, provincesQueryOptions } from './sellers-api';

export interface SellersHomeSearch {
  id_categoria?: number;
  provincia: string;
}

export interface HomeFornitoriScreenProps {
  search: SellersHomeSearch;
  onSearchChange: (next: SellersHomeSearch) => void;
}

export function HomeFornitoriScreen({ search, onSearchChange }: HomeFornitoriScreenProps) {
  const categories = useQuery(categoriesQueryOptions());
  const provinces = useQuery({ ...provincesQueryOptions(), enabled: search.id_categoria !== undefined });
  const category = categories.data?.find((item) => item.id === search.id_categoria);
  const company = search.id_categoria === screenConstants.sellersCompanyCategoryId;

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      <DisclaimerGate />
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4}>
            <Title order={1} size="h2">
              {category?.nome ?? messages.titleConventions}
            </Title>
            {search.id_categoria === undefined && <Text c="dimmed">{formMessages.formSellersIntro}</Text>}
          </Stack>
          <Group gap="sm">
            <ButtonLink
              to="/$group/$page"
              params={{ group: 'sellers', page: 'gestione-pin' }}
              variant="light"
              leftSection={<IconKey size={18} aria-hidden="true" />}
            >
              {formMessages.formSellersPinButton}
            </ButtonLink>
            <ButtonLink
              to="/$group/$page"
              params={{ group: 'sellers', page: 'stato-voucher' }}
              variant="light"
              leftSection={<IconTicket size={18} aria-hidden="true" />}
            >
              {formMessages.formSellersVouchersButton}
            </ButtonLink>
          </Group>
        </Group>

        {search.id_categoria === undefined ? (
          <Card withBorder radius="lg" padding="lg" shadow="xs">
            <Stack gap="md">
              <Title order={2} size="h4">
                {formMessages.formSellersCategories}
              </Title>
              <ShowcaseGrid
                declaration={categorieFornitori}
                onSelect={(item) =>
                  onSearchChange({
                    id_categoria: Number(item.id),
                    provincia: constants.sellersNoProvince,
                  })
                }
              />
            </Stack>
          </Card>
        ) : (
          <Card withBorder radius="lg" padding="lg" shadow="xs">
            <Stack gap="md">
              <Group justify="space-between" align="flex-end" gap="sm">
                <Button
                  variant="default"
                  leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
                  onClick={() => onSearchChange({ provincia: constants.sellersNoProvince })}
                  data-testid="sellers-back"
                >
                  {formMessages.formSellersBackToCategories}
                </Button>
                <Select
                  label={formMessages.formSellersProvince}
                  data={[
                    { value: constants.sellersNoProvince, label: formMessages.formSellersAllProvinces },
                    ...(provinces.data ?? []).map((p) => ({ value: p.sigla, label: p.nome })),
                  ]}
                  value={search.provincia}
                  allowDeselect={false}
                  searchable
                  w={{ base: '100%', xs: 260 }}
                  onChange={(value) =>
                    onSearchChange({ ...search, provincia: value ?? constants.sellersNoProvince })
                  }
                  data-testid="sellers-province"
                />
              </Group>
              <ShowcaseGrid
                key={company ? 'company' : 'category'}
                declaration={company ? fornitoriAziendali : fornitoriCategoria}
                params={{ id_categoria: String(search.id_categoria), provincia: search.provincia }}
              />
            </Stack>
          </Card>
        )}
      </Stack>
    </Container>
  );
}
