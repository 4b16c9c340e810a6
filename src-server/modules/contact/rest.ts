import type { FastifyInstance } from "fastify";
import type { ContactMessageInput } from "../../../src/schemas/contact";
import { jsonBody, restRoute } from "../../platform/rest";
import { createCallerFactory, router } from "../../platform/trpc/init";
import { contactRouter } from "./router";

const route = restRoute(createCallerFactory(router({ contact: contactRouter })));

export function registerContactRoutes(app: FastifyInstance): void {
  app.post(
    "/api/contact",
    route((caller, req) => caller.contact.send(jsonBody<ContactMessageInput>(req))),
  );
}
