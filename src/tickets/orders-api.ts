/**
 * The order calls this feature makes, through the page's one basket client (so the
 * session cookie and the page's language go with them).
 */

import { useBasket } from "../basket/basket-context";
import type { Order } from "../core/order";
import type { OrderWallets } from "../core/wallet";

export interface OrdersApi {
  /** GET /api/orders: this browser's orders (placed or found), newest first */
  listOrders(): Promise<Order[]>;
  /** POST /api/orders/lookup: the order with this number and e-mail; adds it to the session */
  lookupOrder(number: string, email: string): Promise<Order>;
  /** GET /api/orders/{id} */
  getOrder(id: string): Promise<Order>;
  /** GET /api/orders/{id}/wallet (2.3): the wallet links of its tickets; none from a 2.2 server */
  getWalletLinks(id: string): Promise<OrderWallets>;
}

export function useOrdersApi(): OrdersApi {
  return useBasket().client;
}
