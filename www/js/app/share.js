// Copying a link (a deal's, a replay's, the day's result): to the clipboard where the browser
// lets the page, else shown in a field, selected, to copy by hand.

import { announce } from '../ui/ui.js';

const byId = (id) => document.getElementById(id);

/**
 * Copies `link` and says `said` (a notice, by `notice`, and "Link copied" in the live region
 * `announcer`); where the browser will not copy, shows the link to copy by hand.
 */
export async function copyLinkAndSay(link, said, { notice, announcer }) {
  let copied = false;
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no Clipboard API');
    // A permission prompt left unanswered must not leave the player without the link.
    await Promise.race([
      navigator.clipboard.writeText(link),
      new Promise((_, reject) => setTimeout(() => reject(new Error('clipboard timed out')), 2000)),
    ]);
    copied = true;
  } catch (error) {
    console.info('gridplay: copying the link failed, showing it instead:', error?.message ?? error);
  }
  if (copied) {
    byId('share-fallback')?.closest('.notice')?.remove();
    announce(announcer, 'Link copied');
    notice(said, 'shared');
  } else {
    showShareFallback(link, notice);
  }
}

/** The link in a read-only field, selected, for copying by hand. */
function showShareFallback(link, notice) {
  let input = byId('share-fallback');
  if (!input) {
    const field = document.createElement('div');
    field.className = 'share-field';
    const label = document.createElement('label');
    label.htmlFor = 'share-fallback';
    label.textContent = 'Copy this link';
    input = document.createElement('input');
    input.id = 'share-fallback';
    input.type = 'text';
    input.readOnly = true;
    input.spellcheck = false;
    field.append(label, input);
    notice('This browser would not copy the link for you.', 'share-fallback', { extra: field });
  }
  input.value = link;
  input.focus();
  input.select();
}
