// The small pieces of page furniture every route shares: notices (#notices), the polite live
// region (#announcer) and the confirm dialog (#confirm-dialog). Nothing here knows about a game.

/**
 * Shows a short notice in `container` (the page's #notices) with a Dismiss button; a notice of
 * the same `kind` is shown only once (the existing one is returned).
 * @param {object} [options]
 * @param {{label: string, onClick: () => void}} [options.action] a button before Dismiss
 * @param {Element} [options.extra] shown under the text (e.g. a field to copy from)
 * @param {number} [options.timeout] removes the notice after this many ms
 */
export function showNotice(container, text, kind = 'info', { action = null, extra = null, timeout = 0 } = {}) {
  if (!container) return null;
  const existing = container.querySelector(`.notice[data-notice="${CSS.escape(kind)}"]`);
  if (existing) return existing;
  const notice = document.createElement('div');
  notice.className = 'notice';
  notice.dataset.notice = kind;
  const body = document.createElement('div');
  body.className = 'notice-body';
  const message = document.createElement('p');
  message.className = 'notice-text';
  message.textContent = text;
  body.append(message);
  if (extra) body.append(extra);
  notice.append(body);
  if (action) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'button notice-action';
    button.textContent = action.label;
    button.addEventListener('click', action.onClick);
    notice.append(button);
  }
  const dismiss = document.createElement('button');
  dismiss.type = 'button';
  dismiss.className = 'notice-dismiss';
  dismiss.setAttribute('aria-label', 'Dismiss notice');
  dismiss.textContent = '×';
  dismiss.addEventListener('click', () => notice.remove());
  notice.append(dismiss);
  container.append(notice);
  if (timeout > 0) setTimeout(() => notice.remove(), timeout);
  return notice;
}

/** Says `text` through the polite live region; the same words twice are still announced. */
export function announce(announcer, text) {
  if (!announcer) return;
  // A trailing no-break space makes a repeat a change, so screen readers say it again.
  announcer.textContent = announcer.textContent === text ? `${text}\u00a0` : text;
}

/** What the confirm dialog says unless told otherwise: the New game question. */
export const NEW_GAME_QUESTION = {
  title: 'Start a new game?',
  text: 'Your current game will be lost.',
  ok: 'New game',
  cancel: 'Keep playing',
};

/**
 * Opens the confirm dialog (#confirm-dialog: #confirm-title, #confirm-text, #confirm-ok,
 * #confirm-cancel) with `question`'s words; resolves true iff the player chose OK.
 */
export function ask(dialog, question = NEW_GAME_QUESTION) {
  const words = { ...NEW_GAME_QUESTION, ...question };
  const set = (id, text) => {
    const el = dialog.querySelector(`#${id}`);
    if (el) el.textContent = text;
  };
  set('confirm-title', words.title);
  set('confirm-text', words.text);
  set('confirm-ok', words.ok);
  set('confirm-cancel', words.cancel);
  dialog.returnValue = '';
  if (!dialog.open) dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'confirm'), { once: true });
  });
}
