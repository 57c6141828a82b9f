/**
 * The loader of the sign-in steps chunk (second-factor.tsx), kept in a chunk of its own: the
 * list of files that chunk needs (Vite's preload list) then stays out of the login page's first
 * paint (performance budget of the login route). It is fetched while the credentials are checked.
 */
export const loadSecondFactor = () => import('./second-factor');
