/** Page sizes of the inbox and its archive (spec 002 §9): 500 is not offered; 5 by default. */
export const NOTIFICATION_PAGE_SIZES = [5, 10, 25, 50, 100, 200] as const;
export const NOTIFICATION_DEFAULT_PAGE_SIZE = 5;
