// For the Node tests: a small seeded source of numbers in [0, 1), so that a failing case
// repeats. Not a test file (node --test runs only *.test.mjs here).

/** A linear congruential generator from `seed`: each call gives the next number in [0, 1). */
export function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
