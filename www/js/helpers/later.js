// Controls whose code loads at their first use rather than with the first board (a game's
// solver controls, say): until then a click on one of their buttons, or one of their keys,
// loads and makes them and then does what was asked; from then on the controls listen for
// themselves. Their code is imported by its URL (a URL made relative to import.meta.url), which
// the build makes a script of its own, outside the route's.

import { onKey } from '../input/keys.js';

export class Later {
  /**
   * @param {() => Promise<object>} make  loads the code and makes the controls
   * @param {object} triggers
   * @param {[Element, string][]} [triggers.clicks]  a click on the element calls that method
   * @param {[(event: KeyboardEvent) => boolean, string][]} [triggers.keys]  a key the test
   *        accepts calls that method (once per press, not on repeats)
   */
  constructor(make, { clicks = [], keys = [] } = {}) {
    /** The controls, once made; null before. */
    this.made = null;
    this._make = make;
    this._making = null;
    this._dead = false;
    this._offs = clicks.map(([element, method]) => {
      const onClick = () => this.call(method);
      element.addEventListener('click', onClick);
      return () => element.removeEventListener('click', onClick);
    });
    const onPress = (event) => {
      const [, method] = keys.find(([accepts]) => accepts(event)) ?? [];
      if (!method) return;
      event.preventDefault();
      if (!event.repeat) this.call(method);
    };
    this._offs.push(onKey(document, 'helpers', onPress));
  }

  /** The controls, made now if they are not yet: a promise. */
  get() {
    this._making ??= this._make().then((made) => {
      for (const off of this._offs) off();
      this._offs = [];
      // Gone before its code came: it goes too.
      if (this._dead) made.destroy?.();
      else this.made = made;
      return made;
    });
    return this._making;
  }

  /** `method` of the controls, made first if need be: a promise of what it returns. */
  call(method, ...args) {
    return this.get().then((made) => (this._dead ? undefined : made[method](...args)));
  }

  /** `method` of the controls if they are made; nothing otherwise. */
  ifMade(method, ...args) {
    return this.made?.[method](...args);
  }

  /** The route closed: the controls (made, or still on their way) go with it. */
  destroy() {
    this._dead = true;
    for (const off of this._offs) off();
    this._offs = [];
    this.made?.destroy?.();
  }
}
