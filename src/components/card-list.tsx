/** A list page's cards, or its "nothing here yet" line when there are none. */
import type React from "react";
import { CardGrid } from "./cards";

export function CardList<T extends { id: number }>({
  items,
  empty,
  small = false,
  island = false,
  card,
}: {
  items: readonly T[];
  /** shown instead of the grid when `items` is empty; without it the caller leaves out an empty list */
  empty?: string;
  small?: boolean;
  /** the cards never change after the build: keep the server's HTML, do not hydrate them */
  island?: boolean;
  /** the card of one item; `index` lets the first row load its images eagerly */
  card(item: T, index: number): React.ReactNode;
}): React.JSX.Element {
  if (items.length === 0 && empty !== undefined) return <p className="empty">{empty}</p>;
  return (
    <CardGrid small={small} island={island}>
      {items.map((item, i) => (
        <li key={item.id}>{card(item, i)}</li>
      ))}
    </CardGrid>
  );
}
