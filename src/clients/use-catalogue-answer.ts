/**
 * Something the browser asks the catalogue for a component: nothing (`none`) until the
 * catalogue answers, and nothing when it does not, so a page never waits on it or breaks
 * for it. Asked again only when `key` changes (the key names everything the question
 * depends on); an answer that comes after the key changed or the component went is dropped.
 * An empty key asks nothing.
 */
import { useEffect, useRef, useState } from "react";
import type { CatalogueClient } from "./catalogue-client";
import { loadCatalogueClient } from "./load-catalogue-client";

export function useCatalogueAnswer<T>(key: string, ask: (client: CatalogueClient) => Promise<T>, none: T): T {
  const [answer, setAnswer] = useState<T>(none);
  // the question of the latest render; the key alone decides when it is asked
  const question = useRef(ask);
  question.current = ask;

  useEffect(() => {
    if (key === "") return;
    let current = true;
    loadCatalogueClient()
      .then((client) => question.current(client))
      .then((value) => {
        if (current) setAnswer(value);
      })
      .catch(() => {
        // the caller's fallback stands: live data only ever adds to what the page shows
      });
    return () => {
      current = false;
    };
  }, [key]);

  return answer;
}
