/** The home menu engine (spec 000 §2 "Home menu", §4, §5 "Menu visibility"). */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { menu, type MenuConfig } from '../../config/menu';
import { messages } from '../../config/messages-account.it';
import { MenuEngine } from '../../src/client/engine/menu/menu-engine';
import type { MenuSession } from '../../src/client/engine/menu/menu-visibility';
import { demoUser, renderInRouter } from './helpers';
import { literal } from '../../config/texts';

function sessionWith(perms: string[], ollipay = { profile: null as string | null, reg_status: false }) {
  return {
    isLogged: true,
    userPerms: perms,
    user: { ...demoUser(), ollipay_status: ollipay },
  } as MenuSession;
}

function Harness({ config, session }: { config: MenuConfig; session: MenuSession }) {
  const [subsection, setSubsection] = useState<string | undefined>();
  return (
    <>
      <MenuEngine
        menu={config}
        session={session}
        subsection={subsection}
        onSubsectionChange={setSubsection}
      />
      <output data-testid="open-subsection">{subsection ?? ''}</output>
    </>
  );
}

/** A test-only configuration: one section with a route, a direct link and a subsection. */
const FIXTURE: MenuConfig = [
  {
    key: 'prova',
    section_title: literal('Sezione di prova'),
    section_menu: [
      { title: literal('Aiuto di prova'), image: '/menu/faq.svg', route_name: 'site-faq' },
      {
        title: literal('Sito esterno'),
        image: '/menu/documenti.svg',
        direct_link: 'https://example.org/guida',
      },
      {
        title: literal('Gruppo di prova'),
        image: '/menu/stella.svg',
        subsection_name: 'tree-prova',
        subroutes: [
          {
            title: literal('Normativa di prova'),
            image: '/menu/normativa.svg',
            route_name: 'site-normativa',
          },
          { title: literal('Tutorial di prova'), image: '/menu/tutorial.svg', route_name: 'site-tutorial' },
        ],
      },
    ],
  },
];

describe('adding a badge or a section is one configuration entry', () => {
  it('renders a fixture section with its route badge, direct link and subsection', async () => {
    await renderInRouter(
      <Harness config={FIXTURE} session={sessionWith(['site-faq', 'tree-prova', 'site-tutorial'])} />,
      { path: '/menu', extraPaths: ['/helpdesk/site-faq'] },
    );
    expect(screen.getByRole('heading', { name: 'Sezione di prova' })).toBeTruthy();
    const route = screen.getByRole('link', { name: 'Aiuto di prova' });
    expect(route.getAttribute('href')).toBe('/helpdesk/site-faq');
    const external = screen.getByRole('link', { name: /Sito esterno/ });
    expect(external.getAttribute('href')).toBe('https://example.org/guida');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toContain('noopener');
    expect(external.textContent).toContain(messages.opensInNewTab);
    expect(screen.getByRole('button', { name: 'Gruppo di prova' })).toBeTruthy();
    // 3 badges: the row of 4 is padded with one empty, hidden badge.
    const empties = screen.getAllByTestId('menu-badge-empty');
    expect(empties).toHaveLength(1);
    expect(empties[0]?.getAttribute('aria-hidden')).toBe('true');
  });

  it('gates the fixture entries like the real ones', async () => {
    await renderInRouter(<Harness config={FIXTURE} session={sessionWith(['tree-prova', 'site-faq'])} />, {
      path: '/menu',
    });
    expect(screen.getByRole('link', { name: 'Aiuto di prova' })).toBeTruthy();
    // tree-prova is granted but none of its routes: no subsection badge.
    expect(screen.queryByRole('button', { name: 'Gruppo di prova' })).toBeNull();
    // A direct link has no route to gate: it is shown.
    expect(screen.getByRole('link', { name: /Sito esterno/ })).toBeTruthy();
  });

  it('shows a text instead of an empty menu', async () => {
    const config: MenuConfig = [
      {
        key: 'x',
        section_title: literal('X'),
        section_menu: [{ title: literal('A'), image: '/menu/faq.svg', route_name: 'site-faq' }],
      },
    ];
    await renderInRouter(<Harness config={config} session={sessionWith([])} />, { path: '/menu' });
    expect(screen.getByTestId('menu-empty').textContent).toBe(messages.homeNoServices);
  });
});

describe('the portal menu (config/menu.ts)', () => {
  const everything = sessionWith(
    [
      'tree-rimborsi',
      'rimb-spese',
      'conv-ondemand',
      'tree-buoni',
      'conv-aml',
      'bonus-benzina',
      'conv-ollipay',
      'site-faq',
      'site-assistenza',
      'site-notifiche',
      'cond-servizio',
    ],
    { profile: 'wfm', reg_status: true },
  );

  it('shows the sections as collapsible cards, the first open, badges in rows of 4', async () => {
    await renderInRouter(<Harness config={menu} session={everything} />, { path: '/menu' });
    const first = screen.getByRole('button', { name: 'Utilizza il tuo credito welfare' });
    const assistance = screen.getByRole('button', { name: 'Assistenza' });
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(assistance.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('heading', { level: 2, name: 'Informazioni' })).toBeTruthy();
    fireEvent.click(assistance);
    expect(assistance.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('false');
    // Every grid pads its last row to 4 (000 §9), however many badges config/menu.ts gives it.
    const grids = new Set(
      [...screen.getByTestId('home-menu').querySelectorAll('[data-menu-key]')].map(
        (badge) => badge.parentElement,
      ),
    );
    expect(grids.size).toBeGreaterThan(1);
    for (const grid of grids) {
      const children = [...(grid?.children ?? [])];
      const badges = children.filter((child) => child.hasAttribute('data-menu-key')).length;
      const empties = children.filter((child) => child.getAttribute('data-testid') === 'menu-badge-empty');
      expect(empties).toHaveLength((4 - (badges % 4)) % 4);
    }
  });

  it('navigates with the router to the path of the route name', async () => {
    const { router } = await renderInRouter(<Harness config={menu} session={everything} />, {
      path: '/menu',
      extraPaths: ['/base-request/conv-ondemand'],
    });
    const badge = screen.getByRole('link', { name: 'Preventivo on demand' });
    expect(badge.getAttribute('href')).toBe('/base-request/conv-ondemand');
    fireEvent.click(badge);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/base-request/conv-ondemand'));
  });

  it('opens tree-buoni in place of the main menu, with its dismissible warning, and comes back', async () => {
    await renderInRouter(<Harness config={menu} session={everything} />, { path: '/menu' });
    const opener = screen.getByRole('button', { name: 'Buoni e gift card' });
    fireEvent.click(opener);

    const heading = screen.getByRole('heading', { level: 2, name: /Buoni e gift card/ });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByTestId('open-subsection').textContent).toBe('tree-buoni');
    expect(screen.queryByRole('button', { name: 'Utilizza il tuo credito welfare' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Buoni acquisto' }).getAttribute('href')).toBe('/aml/conv-aml');
    expect(screen.getByRole('link', { name: 'Bonus carburante' })).toBeTruthy();
    // Registered with ollipay, profile wfm.
    expect(screen.getByRole('link', { name: 'Welfare Di Marca' }).getAttribute('href')).toBe(
      '/ollipay/conv-ollipay',
    );

    const warning = screen.getByRole('alert');
    expect(warning.textContent).toContain(messages.menuBuoniWarning);
    expect(warning.getAttribute('data-testid')).toBe('menu-subsection-warning');
    fireEvent.click(within(warning).getByRole('button', { name: messages.menuWarningClose }));
    expect(screen.queryByTestId('menu-subsection-warning')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: messages.menuBackToMain }));
    expect(screen.getByTestId('open-subsection').textContent).toBe('');
    expect(screen.getByRole('button', { name: 'Utilizza il tuo credito welfare' })).toBeTruthy();
    await act(async () => undefined);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Buoni e gift card' }));
  });

  it('shows no warning in other subsections', async () => {
    await renderInRouter(<Harness config={menu} session={everything} />, { path: '/menu' });
    fireEvent.click(screen.getByRole('button', { name: 'Rimborsi' }));
    expect(screen.getByRole('link', { name: 'Rimborso spese' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Bollette' })).toBeNull();
    expect(screen.queryByTestId('menu-subsection-warning')).toBeNull();
  });

  it('shows the main menu when the requested subsection is not the user’s', async () => {
    await renderInRouter(
      <MenuEngine
        menu={menu}
        session={everything}
        subsection="tree-salabam"
        onSubsectionChange={() => undefined}
      />,
      { path: '/menu' },
    );
    expect(screen.getByRole('button', { name: 'Utilizza il tuo credito welfare' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: messages.menuBackToMain })).toBeNull();
  });
});
