/**
 * The built-in skins as product staff review them (demo mode, `/dev/skins`): for every folder of
 * `skins/`, its login card and its navbar, section header and footer drawn with its colours and
 * logos, side by side, each linking to the real login page of that customer.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Skin } from '../../../config/skins';
import { skinFolderOf } from '../../../config/skins';
import { escapeHtml } from '../html';

const SKINS_DIR = fileURLToPath(new URL('../../../skins/', import.meta.url));

export interface GallerySkin {
  /** The customer of `/login/<customer>`. */
  customer: string;
  skin: Skin;
  loginLogo: string;
  navbarLogo: string;
}

/** The customer of a folder (`default` is `userportal`). */
function customerOf(folder: string): string {
  return Object.entries(skinFolderOf).find(([, name]) => name === folder)?.[0] ?? folder;
}

/** Every built-in skin (a folder with `index.ts`), by display name. */
export function builtInSkins(dir = SKINS_DIR): GallerySkin[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'index.ts')))
    .map((entry) => {
      const folder = join(dir, entry.name);
      const skin = JSON.parse(readFileSync(join(folder, 'skin.json'), 'utf8')) as Skin;
      return {
        customer: customerOf(entry.name),
        skin,
        loginLogo: readFileSync(join(folder, 'login-logo.svg'), 'utf8'),
        navbarLogo: readFileSync(join(folder, 'navbar-logo.svg'), 'utf8'),
      };
    })
    .sort((a, b) => a.skin.display_name.localeCompare(b.skin.display_name, 'it'));
}

/** An SVG of our own skins folder, as an image (never inlined: nothing in it can run). */
const svgImage = (svg: string, alt: string, height: number) =>
  `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" alt="${escapeHtml(alt)}" height="${height}">`;

function card({ customer, skin, loginLogo, navbarLogo }: GallerySkin): string {
  const c = skin.colors;
  const name = escapeHtml(skin.display_name);
  return `<article aria-labelledby="s-${escapeHtml(customer)}">
<h2 id="s-${escapeHtml(customer)}">${name} <small>(${escapeHtml(customer)})</small></h2>
<div class="pair">
<div class="login">${svgImage(loginLogo, `Logo di accesso di ${skin.display_name}`, 64)}
<span class="field">Email</span><span class="field">Password</span>
<span class="button" style="background:${c.primary}">Accedi</span></div>
<div class="shell">
<div class="navbar" style="background:${c.navbar_background};color:${c.navbar_text}">${svgImage(navbarLogo, `Logo della barra di ${skin.display_name}`, 28)}<span>Credito 1.500,00 €</span></div>
<div class="header" style="background:${c.section_header_background};color:${c.section_header_text}">Rimborsi</div>
<div class="footer" style="background:${c.footer_background};color:${c.footer_text}">${escapeHtml(skin.footer_text)}</div>
</div></div>
<p><a href="/login/${encodeURIComponent(customer)}">Apri la pagina di accesso di ${name}</a></p>
</article>`;
}

export function skinGalleryPage(skins: readonly GallerySkin[]): string {
  return `<!doctype html>
<html lang="it">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Galleria delle skin</title>
<style>
body{font-family:system-ui,sans-serif;margin:1.5rem;color:#1f2933;line-height:1.4}
main{display:grid;grid-template-columns:repeat(auto-fill,minmax(34rem,1fr));gap:1rem}
article{border:1px solid #d8dee4;border-radius:.5rem;padding:.75rem 1rem}
h2{font-size:1.05rem;margin:0 0 .5rem}small{color:#52606d;font-weight:400}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:.75rem;align-items:start}
.login{display:flex;flex-direction:column;gap:.4rem;padding:.75rem;border:1px solid #d8dee4;border-radius:.5rem;box-shadow:0 1px 3px #0002}
.login img{max-width:100%;height:auto}
.field{border:1px solid #c3cbd3;border-radius:.25rem;padding:.3rem .5rem;color:#52606d;font-size:.85rem}
.button{color:#fff;border-radius:.25rem;padding:.4rem;text-align:center;font-weight:600}
.shell{border:1px solid #d8dee4;border-radius:.5rem;overflow:hidden;font-size:.85rem}
.navbar{display:flex;align-items:center;justify-content:space-between;gap:.5rem;padding:.5rem}
.navbar img{max-width:60%;height:auto}
.header{padding:.5rem;font-weight:700}.footer{padding:.5rem}
@media (max-width:40rem){main{grid-template-columns:1fr}.pair{grid-template-columns:1fr}}
</style></head>
<body>
<h1>Galleria delle skin (${skins.length})</h1>
<p>Le skin dei clienti integrate nel portale, in modalità demo: pagina di accesso, barra di navigazione,
intestazione di sezione e piè di pagina di ciascuna, con i suoi colori e i suoi loghi.</p>
<main>
${skins.map(card).join('\n')}
</main>
</body>
</html>
`;
}
