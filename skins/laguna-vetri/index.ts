import type { Skin } from '../../config/skins';
import loginLogo from './login-logo.svg';
import navbarLogo from './navbar-logo.svg';
import definition from './skin.json';

/** The skin with its logo files resolved to asset URLs (this module is its own lazy chunk). */
const skin: Skin = { ...definition, login_logo: loginLogo, navbar_logo: navbarLogo };

export default skin;
