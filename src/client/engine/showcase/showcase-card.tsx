/** One item of a showcase: image, title, subtitle, price and links, as the declaration's card says. */
import { Anchor, Card, Group, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ShowcaseCard as CardSpec, ShowcaseLink } from '../../../../config/showcases/types';
import { formMessages } from '../../../../config/messages-forms.it';
import { formatWireEuro } from '../../../shared/money';
import { readField, textOf, type Item } from './query';
import classes from './showcase.module.css';

/** The item's links whose field holds an http(s) address. */
export function ItemLinks({ item, links }: { item: Item; links: readonly ShowcaseLink[] | undefined }) {
  const shown = (links ?? []).filter((link) => /^https?:\/\//i.test(textOf(item, link.field)));
  if (shown.length === 0) return null;
  return (
    <Group gap="sm">
      {shown.map((link) => (
        <Anchor
          key={link.field}
          href={textOf(item, link.field)}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
        >
          {formMessages[link.label]}
        </Anchor>
      ))}
    </Group>
  );
}

export interface ShowcaseCardProps {
  item: Item;
  card: CardSpec;
  /** The address a route click opens (a real link: a new tab works). */
  href?: string;
  /** Absent: the card opens nothing. */
  onOpen?: () => void;
}

/** Up to two initials of a title (`Buono Spesa Demo` is `BS`), for an item with no image. */
function initialsOf(title: string): string {
  const words = title.split(/\s+/).filter((word) => /\p{L}|\d/u.test(word.charAt(0)));
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toLocaleUpperCase('it'))
    .join('');
}

export function ShowcaseCard({ item, card, href, onOpen }: ShowcaseCardProps) {
  const title = textOf(item, card.title);
  const image = textOf(item, card.image);
  const subtitle = textOf(item, card.subtitle);
  const price = card.price ? readField(item, card.price) : undefined;
  const body = (
    <Stack gap={6} align="center" ta="center">
      {card.image &&
        (image ? (
          <Image src={image} alt="" h={96} w="100%" fit="contain" className={classes.image} />
        ) : (
          // An item with no image keeps the grid's rhythm with a tile of its initials, not an empty box.
          <div className={classes.imageless} aria-hidden="true">
            {initialsOf(title)}
          </div>
        ))}
      <Text fw={600} size="sm" lineClamp={2} className={classes.title}>
        {title}
      </Text>
      {subtitle && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {subtitle}
        </Text>
      )}
      {typeof price === 'string' && (
        <Text fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="showcase-price">
          {formatWireEuro(price)}
        </Text>
      )}
    </Stack>
  );
  const testId = `showcase-item-${textOf(item, card.key)}`;
  return (
    <Card withBorder radius="md" padding="sm" className={classes.card} data-testid={testId}>
      {onOpen && href !== undefined ? (
        <UnstyledButton
          component="a"
          href={href}
          className={classes.open}
          aria-label={title}
          onClick={(event) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
            event.preventDefault();
            onOpen();
          }}
        >
          {body}
        </UnstyledButton>
      ) : onOpen ? (
        <UnstyledButton className={classes.open} aria-label={title} onClick={onOpen}>
          {body}
        </UnstyledButton>
      ) : (
        body
      )}
      {card.links && (
        <Group justify="center" mt="xs">
          <ItemLinks item={item} links={card.links} />
        </Group>
      )}
    </Card>
  );
}
