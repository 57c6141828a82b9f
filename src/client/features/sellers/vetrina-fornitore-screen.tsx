/** A supplier's showcase (vetrina-fornitore, spec 002 §2.2): the declared `vetrina-fornitore` grid. */
import { Card, Container } from '@mantine/core';
import { vetrinaFornitore } from '../../../../config/showcases/sellers';
import { ShowcaseGrid } from '../../engine/showcase';

export function VetrinaFornitoreScreen({ idFornitore }: { idFornitore: string }) {
  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      <Card withBorder radius="lg" padding="lg" shadow="xs">
        <ShowcaseGrid declaration={vetrinaFornitore} params={{ id_fornitore: idFornitore }} />
      </Card>
    </Container>
  );
}
