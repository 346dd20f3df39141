/**
 * Toasts as data. The providers sit outside gatsby-plugin-react-i18next's I18nextProvider
 * (the site's wrapPageElement runs last, so it is outermost) and cannot translate; they
 * queue a translation key, and the ToastOutlet, rendered inside the page, words it in the
 * page's language and shows it.
 */
export type ToastKind = "info" | "success" | "warning" | "error" | "default";

export interface ShopToast {
  id: number;
  kind: ToastKind;
  /** a key in locales/{lng}/common.json, e.g. "toast.notEnoughTickets" */
  messageKey: string;
  values?: Record<string, string | number>;
}

type Listener = () => void;

export class ToastBus {
  private queue: ShopToast[] = [];
  private listeners = new Set<Listener>();
  private nextId = 1;

  notify(kind: ToastKind, messageKey: string, values?: Record<string, string | number>): void {
    this.queue.push({ id: this.nextId++, kind, messageKey, values });
    for (const listener of this.listeners) listener();
  }

  /** Hands over the queued toasts and forgets them (each is shown once). */
  take(): ShopToast[] {
    const taken = this.queue;
    this.queue = [];
    return taken;
  }

  get size(): number {
    return this.queue.length;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
