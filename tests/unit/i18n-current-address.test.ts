/** The language switcher's target: the same page with its tail, query and hash. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { addressTail, withoutLanguagePrefix } from "../../src/i18n/current-address";

describe("the address the language switcher keeps", () => {
  it("takes the language prefix off and nothing else", () => {
    assert.equal(withoutLanguagePrefix("/ru/order/pay/abc-123/"), "/order/pay/abc-123/");
    assert.equal(withoutLanguagePrefix("/ar/"), "/");
    assert.equal(withoutLanguagePrefix("/ar"), "/");
    assert.equal(withoutLanguagePrefix("/events/12/"), "/events/12/");
    assert.equal(withoutLanguagePrefix("/russia/"), "/russia/", "a path that only starts like a language");
    assert.equal(withoutLanguagePrefix(""), "/");
  });

  it("keeps the query and the hash", () => {
    assert.equal(
      addressTail({ pathname: "/ru/events/search/", search: "?cities=2&q=%D0%B4%D0%B6%D0%B0%D0%B7", hash: "" }),
      "/events/search/?cities=2&q=%D0%B4%D0%B6%D0%B0%D0%B7",
    );
    assert.equal(
      addressTail({ pathname: "/payment/success/", search: "?order=A1", hash: "#codes" }),
      "/payment/success/?order=A1#codes",
    );
  });
});
