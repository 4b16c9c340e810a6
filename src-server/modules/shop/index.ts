export { cartRouter } from "./cart-router";
export { catalogRouter } from "./catalog-router";
export { ordersRouter } from "./orders-router";
export { registerShopRoutes } from "./rest";
export { createCartService, type CartService } from "./cart";
export { createCatalogService, type CatalogService } from "./catalog";
export { createOrderService, type OrderService } from "./orders";
