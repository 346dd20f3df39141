/** The performers of an event page, as cards (a chunk of its own: src/templates/event.tsx). */
import type React from "react";
import { CardList } from "../components/card-list";
import { PersonCard } from "../components/cards";
import type { PersonSummary } from "../core/page-context";

export function EventPerformers({ persons }: { persons: PersonSummary[] }): React.JSX.Element {
  return <CardList items={persons} small island card={(p) => <PersonCard person={p} />} />;
}
