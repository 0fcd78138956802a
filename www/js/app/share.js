// Sharing a link (a deal's, a replay's, the day's result): through the device's share sheet
// where the browser has one (navigator.share: a phone's apps, the system's on a desktop), else
// to the clipboard where the browser lets the page, else shown in a field, selected, to copy by
// hand. Loaded after the first screen (later.js): no first load carries it.

import { announce } from '../ui/ui.js';

const byId = (id) => document.getElementById(id);

/**
 * Shares `link` (an address, or a text that ends in one: the day's result) through the share
 * sheet where there is one, an address with `title` and `text` beside it (what the sheet's
 * apps show above the link: a bare address says nothing of what it opens); a sheet the player
 * closed shares nothing, and says nothing. Else (no sheet, or one the browser refused) copies
 * it and says `said`, as copyLinkAndSay.
 */
export async function shareLink(link, said, say, { title, text } = {}) {
  const shared = /^https?:\/\/\S+$/.test(link) ? { url: link, ...(title ? { title } : {}), ...(text ? { text } : {}) } : { text: link };
  if (navigator.share && (navigator.canShare?.(shared) ?? true)) {
    try {
      await navigator.share(shared);
      announce(say.announcer, 'Shared');
      return;
    } catch (error) {
      if (error?.name === 'AbortError') return;
      console.info('gridplay: the share sheet failed, copying instead:', error?.message ?? error);
    }
  }
  await copyLinkAndSay(link, said, say);
}

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
