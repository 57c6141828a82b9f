/**
 * The home carousel (spec 000 §2 "Carousel"): slides of `GET /api/carosello_get_playlist`, one every
 * `screenConstants.carouselIntervalMs`, with previous/next controls, indicators and a pause/play control
 * (WAI-ARIA carousel pattern: the region and slides carry their role descriptions, the slides are a
 * polite live region only while not rotating). Rotation stops while the pointer or the focus is on it
 * and never starts by itself for users who ask for reduced motion.
 *
 * A click is counted with `POST /api/carosello_click_count {slide_id, click_action}`; the verified
 * action of the answer becomes a command (carousel-action.ts) run by the home. A refused action (400),
 * a failed call or an undeclared action does nothing but log.
 */
import { ActionIcon, Skeleton } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import {
  IconChevronLeft,
  IconChevronRight,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FocusEvent } from 'react';
import { screenConstants } from '../../../../config/screen-constants';
import { formatMessage, messages } from '../../../shared/catalogues/account';
import { ApiError, apiBase, apiRequest } from '../../api/client';
import { carouselPlaylistQueryOptions } from '../../api/query-options';
import type { CarouselClickAnswer, CarouselSlide } from '../../api/types';
import { resolveCarouselAction, type CarouselCommand } from './carousel-action';
import classes from './home-carousel.module.css';

/** The image address: a path of the API server (`/api/...`), following `VITE_API_BASE`. */
export function slideImageUrl(imgPath: string): string | null {
  if (!imgPath.startsWith('/') || imgPath.startsWith('//')) return null;
  return imgPath.startsWith('/api/') ? `${apiBase()}${imgPath.slice(4)}` : imgPath;
}

/** Counts the click and turns the verified action into a command; null when nothing is to be done. */
export async function clickSlide(slide: CarouselSlide): Promise<CarouselCommand | null> {
  let answer: CarouselClickAnswer | undefined;
  try {
    answer = await apiRequest<CarouselClickAnswer>('/carosello_click_count', {
      method: 'POST',
      body: { slide_id: slide.id, click_action: slide.click_action },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) {
      console.warn('Carousel action refused by the server: nothing done', slide.id, error.data);
    } else {
      console.warn('Carousel click not counted', slide.id, error);
    }
    return null;
  }
  const command = resolveCarouselAction(answer?.action ?? null);
  if (!command) console.warn('Carousel action not declared or unresolved: nothing done', answer?.action);
  return command;
}

export interface CarouselViewProps {
  slides: CarouselSlide[];
  onCommand: (command: CarouselCommand) => void;
}

export function CarouselView({ slides, onCommand }: CarouselViewProps) {
  const total = slides.length;
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);

  const autoRotate = choice ? choice === 'play' : !reducedMotion;
  const rotating = total > 1 && autoRotate && !hovered && !focused;
  const current = Math.min(index, total - 1);

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(
      () => setIndex((value) => (value + 1) % total),
      screenConstants.carouselIntervalMs,
    );
    return () => window.clearInterval(timer);
  }, [rotating, total]);

  const go = (next: number) => setIndex(((next % total) + total) % total);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  const click = async (slide: CarouselSlide) => {
    if (busy !== null) return;
    setBusy(slide.id);
    try {
      const command = await clickSlide(slide);
      if (command) onCommand(command);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section
      className={classes.carousel}
      aria-roledescription="carousel"
      aria-label={messages.carouselLabel}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      data-testid="home-carousel"
      data-rotating={rotating}
    >
      <div className={classes.viewport}>
        <div
          className={classes.track}
          style={{ transform: `translateX(-${current * 100}%)` }}
          aria-live={rotating ? 'off' : 'polite'}
          data-testid="carousel-slides"
        >
          {slides.map((slide, position) => {
            const src = slideImageUrl(slide.img_path);
            const active = position === current;
            return (
              <div
                key={slide.id}
                className={classes.slide}
                role="group"
                aria-roledescription="slide"
                aria-label={formatMessage('carouselSlideOf', { n: position + 1, total })}
                aria-hidden={!active}
                inert={!active}
                data-active={active}
              >
                <button
                  type="button"
                  className={classes.slideButton}
                  onClick={() => void click(slide)}
                  aria-busy={busy === slide.id}
                >
                  {src && (
                    // Decorative: the slide's words are the HTML below, not part of the picture.
                    <img
                      className={classes.image}
                      src={src}
                      alt=""
                      width={1200}
                      height={400}
                      loading={position === 0 ? 'eager' : 'lazy'}
                    />
                  )}
                  {/* Spaces between the lines keep the button's name readable (a flex column drops them). */}
                  <span className={classes.caption}>
                    <span className={classes.title}>{slide.title}</span>
                    {slide.subtitle && (
                      <>
                        {' '}
                        <span className={classes.subtitle}>{slide.subtitle}</span>
                      </>
                    )}
                    {slide.text && (
                      <>
                        {' '}
                        <span className={classes.text}>{slide.text}</span>
                      </>
                    )}
                    {slide.cta && (
                      <>
                        {' '}
                        <span className={classes.cta}>{slide.cta}</span>
                      </>
                    )}
                  </span>
                </button>
              </div>
            );
          })}
        </div>
      </div>
      {total > 1 && (
        <div className={classes.controls}>
          <ActionIcon
            className={classes.rotation}
            variant="default"
            radius="xl"
            size="lg"
            aria-label={autoRotate ? messages.carouselPause : messages.carouselPlay}
            onClick={() => setChoice(autoRotate ? 'pause' : 'play')}
          >
            {autoRotate ? (
              <IconPlayerPauseFilled size={16} aria-hidden="true" />
            ) : (
              <IconPlayerPlayFilled size={16} aria-hidden="true" />
            )}
          </ActionIcon>
          <div className={classes.nav}>
            <ActionIcon
              className={`${classes.arrow} ${classes.previous}`}
              variant="default"
              radius="xl"
              size="lg"
              aria-label={messages.carouselPrevious}
              onClick={() => go(current - 1)}
            >
              <IconChevronLeft size={20} aria-hidden="true" />
            </ActionIcon>
            <div className={classes.indicators}>
              {slides.map((slide, position) => (
                <button
                  key={slide.id}
                  type="button"
                  className={classes.indicator}
                  aria-label={formatMessage('carouselGoTo', { n: position + 1, title: slide.title })}
                  aria-current={position === current ? 'true' : undefined}
                  onClick={() => go(position)}
                />
              ))}
            </div>
            <ActionIcon
              className={`${classes.arrow} ${classes.next}`}
              variant="default"
              radius="xl"
              size="lg"
              aria-label={messages.carouselNext}
              onClick={() => go(current + 1)}
            >
              <IconChevronRight size={20} aria-hidden="true" />
            </ActionIcon>
          </div>
        </div>
      )}
    </section>
  );
}

/** The carousel of the home: nothing when the playlist is empty or cannot be loaded (logged). */
export function HomeCarousel({ onCommand }: { onCommand: (command: CarouselCommand) => void }) {
  const playlist = useQuery(carouselPlaylistQueryOptions());
  if (playlist.isPending) {
    return <Skeleton radius="lg" style={{ aspectRatio: '3 / 1' }} data-testid="carousel-loading" />;
  }
  const slides = (playlist.data ?? []).filter((slide) => slideImageUrl(slide.img_path) !== null);
  if (slides.length === 0) return null;
  return <CarouselView slides={slides} onCommand={onCommand} />;
}
