/**
 * The images of an article (spec 002 §2.3, §9): one image, or a carousel that fades to the next every
 * `constants.articleCarouselMs` (4 s) when there are several. The images are stacked and the shown one
 * fades in (no motion for users who ask for reduced motion); a dot per image lets the user pick one.
 */
import { Group, Image, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { constants } from '../../../../config/constants';
import { formatFormMessage } from '../../../shared/catalogues/forms';
import classes from './sellers.module.css';

export function ArticleImages({ urls, name }: { urls: readonly string[]; name: string }) {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (urls.length < 2) return;
    const timer = window.setInterval(
      () => setShown((index) => (index + 1) % urls.length),
      constants.articleCarouselMs,
    );
    return () => window.clearInterval(timer);
  }, [urls.length]);
  if (urls.length === 0) return null;
  const alt = (index: number) =>
    formatFormMessage('formSellersImageAlt', { n: index + 1, total: urls.length, name });
  if (urls.length === 1) {
    return (
      <Image src={urls[0]} alt={alt(0)} radius="md" className={classes.single} data-testid="article-image" />
    );
  }
  return (
    <div data-testid="article-carousel" data-shown={shown}>
      <div className={classes.carousel}>
        {urls.map((url, index) => (
          <img
            key={url}
            src={url}
            alt={alt(index)}
            aria-hidden={index !== shown}
            className={classes.slide}
            data-active={index === shown || undefined}
          />
        ))}
      </div>
      <Group justify="center" gap={6} mt="xs">
        {urls.map((url, index) => (
          <UnstyledButton
            key={url}
            className={classes.dot}
            data-active={index === shown || undefined}
            aria-label={alt(index)}
            aria-current={index === shown}
            onClick={() => setShown(index)}
          />
        ))}
      </Group>
    </div>
  );
}
