/** A mistyped address stays in the address bar on the Russian and Arabic 404 pages, as on the English one. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { noteNotFoundAddress, restoreNotFoundAddress } from "../../src/i18n/not-found-address";

function browser(address: string) {
  const url = new URL(address, "https://shop.example");
  const replaced: string[] = [];
  const location = {
    get pathname() {
      return url.pathname;
    },
    get search() {
      return url.search;
    },
    get hash() {
      return url.hash;
    },
  } as Location;
  const history = {
    state: { key: "1" },
    replaceState(_state: unknown, _title: string, to: string) {
      replaced.push(to);
      const next = new URL(to, url);
      url.pathname = next.pathname;
      url.search = next.search;
      url.hash = next.hash;
    },
  } as unknown as History;
  return { location, history, replaced };
}

describe("the address of a 404 page", () => {
  for (const lang of ["ru", "ar"]) {
    it(`puts back the address typed after Gatsby moved it to /${lang}/404/`, () => {
      const { location, history, replaced } = browser(`/${lang}/evnets/?q=1#x`);
      noteNotFoundAddress(`/${lang}/404/`, location);
      history.replaceState(history.state, "", `/${lang}/404/?q=1#x`); // what Gatsby does before it renders
      restoreNotFoundAddress(location, history);
      assert.equal(replaced.at(-1), `/${lang}/evnets/?q=1#x`);
      assert.equal(location.pathname, `/${lang}/evnets/`);
    });
  }

  it("leaves every other page's address alone", () => {
    const visited = browser("/ru/404/");
    noteNotFoundAddress("/ru/404/", visited.location); // the 404 page opened by its own address
    restoreNotFoundAddress(visited.location, visited.history);
    const event = browser("/ru/events/12/");
    noteNotFoundAddress("/ru/events/12/", event.location);
    restoreNotFoundAddress(event.location, event.history);
    const english = browser("/evnets/");
    noteNotFoundAddress("/404.html", english.location); // Gatsby keeps this one itself
    restoreNotFoundAddress(english.location, english.history);
    assert.deepEqual([...visited.replaced, ...event.replaced, ...english.replaced], []);
  });

  it("puts nothing back once the visitor has left the 404 page", () => {
    const { location, history, replaced } = browser("/ar/nothing");
    noteNotFoundAddress("/ar/404/", location);
    history.replaceState(history.state, "", "/ar/events/");
    replaced.length = 0;
    restoreNotFoundAddress(location, history);
    assert.deepEqual(replaced, []);
  });
});
