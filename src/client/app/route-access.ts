/**
 * The access decision lives in stores/route-access.ts, below the engine, so that the home menu shows
 * exactly what the router lets in. The guard loads it from here (a lazy chunk, not the login page).
 */
export * from '../stores/route-access';
