/** Versioned articles (terms of service, privacy notice): version and date, index, the articles. */
import { Anchor, Card, List, Stack, Text, Title } from '@mantine/core';
import type { VersionedText } from '../../../../config/content-pages';
import { formatDate } from '../../../shared/dates';
import { formatMessage, messages } from '../../../shared/catalogues/account';

function Paragraph({ text }: { text: string }) {
  if (text.startsWith('- ')) {
    return (
      <List spacing={4} size="sm">
        {text.split('\n').map((line) => (
          <List.Item key={line}>{line.replace(/^- /, '')}</List.Item>
        ))}
      </List>
    );
  }
  return <Text size="sm">{text}</Text>;
}

const anchorOf = (index: number) => `articolo-${index + 1}`;

export function ArticlesBlock({ text }: { text: VersionedText }) {
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed" data-testid="content-version">
        {formatMessage('contentVersion', { version: text.version, date: formatDate(text.effectiveFrom) })}
      </Text>
      {text.intro?.map((paragraph) => (
        <Paragraph key={paragraph} text={paragraph} />
      ))}
      <Card withBorder radius="lg" padding="md" component="nav" aria-labelledby="content-index">
        <Title order={2} size="h5" id="content-index" mb="xs">
          {messages.contentContents}
        </Title>
        <List size="sm" spacing={2} listStyleType="none" ml={0} pl={0}>
          {text.articles.map((article, index) => (
            <List.Item key={article.title}>
              <Anchor href={`#${anchorOf(index)}`} size="sm">
                {article.title}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </Card>
      {text.articles.map((article, index) => (
        <Stack
          gap="xs"
          component="section"
          key={article.title}
          id={anchorOf(index)}
          data-testid="content-article"
        >
          <Title order={2} size="h4">
            {article.title}
          </Title>
          {article.paragraphs.map((paragraph) => (
            <Paragraph key={paragraph} text={paragraph} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
