export { cartRouter } from "./cart-router";
export { catalogRouter } from "./catalog-router";
export { ordersRouter } from "./orders-router";
export { registerShopRoutes } from "./rest";
export { createCartService } from "./cart";
export { createCatalogService } from "./catalog";
export { createOrderService } from "./orders";
