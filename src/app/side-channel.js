/**
 * What `qs` (the search page's query parser) asks of the `side-channel` package, kept in a
 * WeakMap (a Map for the odd primitive key), as every browser the site supports has one.
 * The package brings get-intrinsic, object-inspect and six more helpers for old engines: about
 * 11 KB gzipped of the search page's start-up JavaScript. gatsby-node.ts points qs's requests
 * here in the browser bundle; the server and the build keep the package.
 */
module.exports = function getSideChannel() {
  const objects = new WeakMap();
  const primitives = new Map();
  const store = (key) =>
    key !== null && (typeof key === "object" || typeof key === "function") ? objects : primitives;
  return {
    assert(key) {
      if (!store(key).has(key)) throw new TypeError("Side channel does not contain the given key");
    },
    delete: (key) => store(key).delete(key),
    get: (key) => store(key).get(key),
    has: (key) => store(key).has(key),
    set(key, value) {
      store(key).set(key, value);
    },
  };
};
