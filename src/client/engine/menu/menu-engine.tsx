/**
 * The renderer of the home menu (spec 000 §2 "Home menu", §4 "main menu, or one open subsection").
 *
 * It draws any menu configuration (config/menu.ts in the portal, a fixture in the tests): collapsible
 * section cards (the first open), badges in rows of 4 padded with empty badges (2 per row on phones),
 * a subsection in place of the main menu with "Torna al menu principale" and, when configured, a red
 * dismissible warning. Which subsection is open is the caller's state (the home keeps it in the URL).
 */
import { Accordion, Alert, Button, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconChevronRight, IconExternalLink } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { MenuConfig, SubsectionKey } from '../../../../config/menu';
import { screenConstants } from '../../../../config/screen-constants';
import { messages } from '../../../../config/messages-account.it';
import { useRouteLinkProps } from '../../components/route-link';
import classes from './menu.module.css';
import {
  findSubsection,
  visibleMenu,
  type MenuSession,
  type VisibleBadge,
  type VisibleLinkBadge,
  type VisibleRouteBadge,
  type VisibleSubsection,
} from './menu-visibility';

export interface MenuEngineProps {
  menu: MenuConfig;
  session: MenuSession;
  /** The open subsection (a `tree-` key); the main menu when absent or not visible to the user. */
  subsection?: string | undefined;
  onSubsectionChange: (key: SubsectionKey | undefined) => void;
  /** Every section open at first (the referent home's two sections); default only the first. */
  openAll?: boolean;
}

/** URL of a badge image of public/ (the portal may be served under a base path). */
function imageUrl(image: string): string {
  const base = import.meta.env.BASE_URL ?? '/';
  return `${base.replace(/\/$/, '')}${image}`;
}

function BadgeIcon({ image }: { image: string }) {
  const style = { '--menu-icon': `url("${imageUrl(image)}")` } as CSSProperties;
  return (
    <span className={classes.iconCircle} aria-hidden="true">
      <span className={classes.icon} style={style} data-image={image} />
    </span>
  );
}

function RouteBadge({ badge }: { badge: VisibleRouteBadge }) {
  const link = useRouteLinkProps(badge.routeName);
  return (
    <a {...link} className={classes.badge} data-menu-key={badge.key}>
      <BadgeIcon image={badge.image} />
      <span className={classes.title}>{badge.title}</span>
    </a>
  );
}

function LinkBadge({ badge }: { badge: VisibleLinkBadge }) {
  return (
    <a
      href={badge.href}
      target="_blank"
      rel="noopener noreferrer"
      className={classes.badge}
      data-menu-key={badge.key}
    >
      <IconExternalLink size={16} className={classes.corner} aria-hidden="true" />
      <BadgeIcon image={badge.image} />
      <span className={classes.title}>
        {badge.title}
        <span className="visually-hidden"> {messages.opensInNewTab}</span>
      </span>
    </a>
  );
}

function SubsectionBadge({ badge, onOpen }: { badge: VisibleSubsection; onOpen: () => void }) {
  return (
    <button type="button" className={classes.badge} data-menu-key={badge.key} onClick={onOpen}>
      <IconChevronRight size={18} className={classes.corner} aria-hidden="true" />
      <BadgeIcon image={badge.image} />
      <span className={classes.title}>{badge.title}</span>
    </button>
  );
}

function BadgeGrid({
  badges,
  onOpenSubsection,
}: {
  badges: VisibleBadge[];
  onOpenSubsection: (key: SubsectionKey) => void;
}) {
  const row = screenConstants.menuRowSize;
  const padding = (row - (badges.length % row)) % row;
  return (
    <div className={classes.grid}>
      {badges.map((badge) => {
        switch (badge.kind) {
          case 'route':
            return <RouteBadge key={badge.key} badge={badge} />;
          case 'link':
            return <LinkBadge key={badge.key} badge={badge} />;
          case 'subsection':
            return (
              <SubsectionBadge key={badge.key} badge={badge} onOpen={() => onOpenSubsection(badge.key)} />
            );
        }
      })}
      {Array.from({ length: padding }, (_, index) => (
        <div
          key={`empty-${index}`}
          className={classes.empty}
          aria-hidden="true"
          data-testid="menu-badge-empty"
        />
      ))}
    </div>
  );
}

function SubsectionView({
  subsection,
  onBack,
  onOpenSubsection,
}: {
  subsection: VisibleSubsection;
  onBack: () => void;
  onOpenSubsection: (key: SubsectionKey) => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [warningOpen, setWarningOpen] = useState(true);
  useEffect(() => {
    headingRef.current?.focus();
  }, [subsection.key]);

  return (
    <section className={classes.subsection} aria-labelledby={`menu-sub-${subsection.key}`}>
      <div className={classes.subsectionHeader}>
        <div>
          <span className={classes.subsectionEyebrow}>{subsection.sectionTitle}</span>
          <h2
            className={classes.subsectionTitle}
            id={`menu-sub-${subsection.key}`}
            ref={headingRef}
            tabIndex={-1}
          >
            {subsection.title}
          </h2>
        </div>
        <Button
          variant="outline"
          className={classes.backButton}
          leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
          onClick={onBack}
        >
          {messages.menuBackToMain}
        </Button>
      </div>
      <div className={classes.content}>
        {subsection.warning && warningOpen && (
          <Alert
            color="red"
            variant="light"
            mb="md"
            role="alert"
            icon={<IconAlertTriangle aria-hidden="true" />}
            withCloseButton
            closeButtonLabel={messages.menuWarningClose}
            onClose={() => setWarningOpen(false)}
            data-testid="menu-subsection-warning"
          >
            {messages[subsection.warning]}
          </Alert>
        )}
        <BadgeGrid badges={subsection.badges} onOpenSubsection={onOpenSubsection} />
      </div>
    </section>
  );
}

export function MenuEngine({ menu, session, subsection, onSubsectionChange, openAll }: MenuEngineProps) {
  const sections = useMemo(() => visibleMenu(menu, session), [menu, session]);
  const open = findSubsection(sections, subsection);
  const [expanded, setExpanded] = useState<string[]>(() =>
    openAll ? sections.map((section) => section.key) : sections[0] ? [sections[0].key] : [],
  );
  const rootRef = useRef<HTMLDivElement>(null);
  // The badge that opened a subsection gets the focus back when the user returns.
  const returnFocusTo = useRef<string | null>(null);

  useEffect(() => {
    if (open || !returnFocusTo.current) return;
    const key = returnFocusTo.current;
    returnFocusTo.current = null;
    const badges = rootRef.current?.querySelectorAll<HTMLElement>('[data-menu-key]') ?? [];
    [...badges].find((badge) => badge.dataset.menuKey === key)?.focus();
  }, [open]);

  if (sections.length === 0) {
    return (
      <Text c="dimmed" data-testid="menu-empty">
        {messages.homeNoServices}
      </Text>
    );
  }

  const openSubsection = (key: SubsectionKey) => {
    returnFocusTo.current = key;
    onSubsectionChange(key);
  };

  return (
    <div ref={rootRef} data-testid="home-menu">
      {open ? (
        <SubsectionView
          key={open.key}
          subsection={open}
          onBack={() => onSubsectionChange(undefined)}
          onOpenSubsection={openSubsection}
        />
      ) : (
        <Accordion
          multiple
          value={expanded}
          onChange={setExpanded}
          order={2}
          variant="unstyled"
          classNames={{
            root: classes.sections,
            item: classes.item,
            control: classes.control,
            label: classes.label,
            chevron: classes.chevron,
            content: classes.content,
          }}
        >
          {sections.map((section) => (
            <Accordion.Item key={section.key} value={section.key}>
              <Accordion.Control>{section.title}</Accordion.Control>
              <Accordion.Panel>
                <BadgeGrid badges={section.badges} onOpenSubsection={openSubsection} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </div>
  );
}
