/**
 * The detail of an item (config/showcases `open.kind` `detail` or `purchase`): image, price, the
 * description (HTML sanitized with DOMPurify), the links, and for a purchase Buy and Cancel. A price
 * above the purchase's balance shows the declared text in place of Buy (001 §2). A modal declared not
 * closable closes only with its buttons (no backdrop, Escape or header close).
 */
import { Alert, Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import type { ShowcaseCard, ShowcaseDetail } from '../../../../config/showcases/types';
import { messages } from '../../../shared/catalogues/account';
import { formatWireEuro } from '../../../shared/money';
import { ModalActions } from '../../components/modal-actions';
import { SafeHtml } from '../../components/safe-html';
import { ItemLinks } from './showcase-card';
import { readField, textOf, type Item } from './query';

export interface ShowcaseModalProps {
  item: Item | null;
  card: ShowcaseCard;
  detail: ShowcaseDetail;
  /** For a purchase: whether the balance covers the price, the text otherwise, and Buy. */
  purchase?: { affordable: boolean; insufficient: string; buyLabel: string; onBuy: () => void };
  onClose: () => void;
}

export function ShowcaseModal({ item, card, detail, purchase, onClose }: ShowcaseModalProps) {
  const title = item ? textOf(item, card.title) : '';
  const image = item ? textOf(item, card.image) : '';
  const price = item && card.price ? readField(item, card.price) : undefined;
  const description = item && detail.description ? textOf(item, detail.description) : '';
  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      title={title}
      centered
      size="lg"
      closeOnClickOutside={detail.closable}
      closeOnEscape={detail.closable}
      withCloseButton={detail.closable}
    >
      {item && (
        <Stack gap="md" data-testid="showcase-detail">
          {card.image && image && <Image src={image} alt="" h={120} fit="contain" />}
          {typeof price === 'string' && (
            <Group justify="space-between" wrap="nowrap">
              <Text>{messages.amount}</Text>
              <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                {formatWireEuro(price)}
              </Text>
            </Group>
          )}
          {description &&
            (detail.html ? <SafeHtml html={description} /> : <Text size="sm">{description}</Text>)}
          <ItemLinks item={item} links={detail.links} />
          {purchase && !purchase.affordable && (
            <Alert color="red" role="alert" data-testid="showcase-insufficient">
              {purchase.insufficient}
            </Alert>
          )}
          <ModalActions>
            <Button variant="default" onClick={onClose}>
              {purchase ? messages.cancel : messages.close}
            </Button>
            {purchase?.affordable && <Button onClick={purchase.onBuy}>{purchase.buyLabel}</Button>}
          </ModalActions>
        </Stack>
      )}
    </Modal>
  );
}
