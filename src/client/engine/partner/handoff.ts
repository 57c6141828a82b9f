/**
 * The hand-offs of config/partners.ts in the browser: a hidden form posted to a new tab, a link opened
 * in a new tab, a blank window sent to an address. No markup of the portal reaches the partner: the form
 * is built, submitted and removed at once.
 */

/** Only http(s) addresses are followed (a `javascript:` answer would run in the portal). */
export function isPartnerAddress(value: unknown): value is string {
  return typeof value === 'string' && /^https?:\/\//i.test(value);
}

/** Posts `fields` to `action` in a new tab (hidden form, 001 §2). */
export function postToNewTab(action: string, fields: Record<string, string>): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = action;
  form.target = '_blank';
  form.rel = 'noopener';
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  try {
    form.submit();
  } finally {
    form.remove();
  }
}

/** Opens `address` in a new tab that cannot reach back into the portal. */
export function openInNewTab(address: string): void {
  window.open(address, '_blank', 'noopener');
}

/**
 * A blank window opened while the click still counts as the user's gesture (popup blockers refuse a
 * window opened after a network wait); `go` sends it to the address, `close` closes it on error.
 */
export function openBlankWindow(): { go(address: string): void; close(): void } {
  const popup = window.open('', '_blank');
  if (popup) popup.opener = null;
  return {
    go(address) {
      if (popup) popup.location.href = address;
      else openInNewTab(address);
    },
    close() {
      popup?.close();
    },
  };
}
