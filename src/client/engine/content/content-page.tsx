/**
 * The content engine (ARCHITECTURE.md §4 "Content pages"; spec 002 §2.7): renders a page of
 * config/content-pages by its route name, block by block. No page has a screen of its own.
 */
import { Container, Stack, Text, Title } from '@mantine/core';
import {
  findContentPage,
  type ContentBlock,
  type ContentPage,
  type ContentRouteName,
} from '../../../../config/content-pages';
import { textOf, type TextRef } from '../../../../config/texts';
import { messages, type MessageKey } from '../../../shared/catalogues/account';
import { ArticlesBlock } from './articles-block';
import { FaqFrameBlock } from './faq-frame-block';
import { LegalTableBlock } from './legal-table-block';
import { LinkGroupsBlock } from './link-groups-block';
import { VideosBlock } from './videos-block';

export type ContentPageScreenProps = (
  | { readonly route: ContentRouteName; readonly page?: undefined }
  /** A declaration given whole (a page of the registry, config/pages.ts). */
  | { readonly page: ContentPage; readonly route?: undefined }
) & {
  /** site-documentazione: the group opened on arrival (`group_to_show`). */
  readonly groupToShow?: string;
};

/** A declared text of a page: a key of the account catalogue, or a literal. */
const text = (ref: TextRef<MessageKey>) => textOf(messages, ref);

function Block({ block, groupToShow }: { block: ContentBlock; groupToShow?: string }) {
  switch (block.kind) {
    case 'articles':
      return <ArticlesBlock text={block.text} />;
    case 'legal-table':
      return <LegalTableBlock caption={block.caption} rows={block.rows} />;
    case 'link-groups':
      return (
        <LinkGroupsBlock
          groups={block.groups.map((group) => ({ slug: group.slug, title: text(group.title) }))}
          groupToShow={groupToShow}
        />
      );
    case 'videos':
      return <VideosBlock />;
    case 'faq-frame':
      return <FaqFrameBlock title={text(block.title)} />;
  }
}

export function ContentPageScreen({ route, page: given, groupToShow }: ContentPageScreenProps) {
  const page = given ?? findContentPage(route as ContentRouteName);
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} data-testid={`content-page-${page.route}`}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {text(page.title)}
          </Title>
          {page.description && <Text c="dimmed">{text(page.description)}</Text>}
        </Stack>
        {page.blocks.map((block, index) => (
          <Block key={index} block={block} groupToShow={groupToShow} />
        ))}
      </Stack>
    </Container>
  );
}
