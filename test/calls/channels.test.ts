import { describe, expect, it } from "vitest";
import { ctx, hitLines, indexedFixture } from "../helpers/fixture.js";

// Dispatch the compiler does not see and a reader follows: what publishes on a channel reaches what
// listens on it. Each fixture is one kind of channel; Impact walks up through it, Flow down.

describe("an event class: `bus.publish(new E())` reaches `ofType(E)`, `@EventsHandler(E)` and `@OnEvent(E.getName())`", () => {
  const indexed = (): Promise<string> => indexedFixture("calls/event-class-subscribers");

  it("lists the listeners as entries and the routes that publish the event past them, the step labelled", async () => {
    const dir = await indexed();
    expect(await hitLines(dir, "traverse", "Impact", "writeAudit")).toEqual([
      "TRAVERSE_HIT Impact writeAudit (3 entry points; 4 declarations reach it)",
      "→ function writeAudit src/write-audit.ts:1",
      "directly (2):",
      "  src/audit.handler.ts: AuditHandler.handle 7; StatsListener.onOrderPlaced 13",
      "via AuditHandler.handle src/audit.handler.ts:7 (1):",
      "  src/order.controller.ts: OrderController.create 10",
      "shortest chain:",
      "  OrderController.create → OrderService.placeOrder → AuditHandler.handle (on event OrderPlacedEvent) → writeAudit",
      "complete",
    ]);
    const answer = JSON.parse((await ctx(dir, "traverse", "Impact", "sendConfirmation", "--json")).stdout) as { entries: { name: string; dispatch?: unknown }[] };
    // Kept apart from proven calls in JSON: the subscriber set up in onApplicationBootstrap is reached on the event, not called.
    expect(answer.entries.find((e) => e.name === "OrderController.create")!.dispatch).toEqual([{ name: "EmailPlugin.onApplicationBootstrap", kind: "event", through: "OrderPlacedEvent" }]);
  });

  it("hangs each listener under the declaration that publishes, in Flow and in its paths", async () => {
    const dir = await indexed();
    expect(await hitLines(dir, "traverse", "Flow", "OrderService.placeOrder")).toEqual([
      "TRAVERSE_HIT Flow OrderService.placeOrder (11 declarations, depth 2)",
      "OrderService.placeOrder src/order.service.ts:7",
      "  EventBus.publish src/event-bus.ts:6",
      "  OrderPlacedEvent src/order-placed-event.ts:1",
      "  AuditHandler.handle src/audit.handler.ts:7 (event OrderPlacedEvent)",
      "    writeAudit src/write-audit.ts:1",
      "  StatsListener.onOrderPlaced src/audit.handler.ts:13 (event OrderPlacedEvent)",
      "    OnEvent src/event-bus.ts:19",
      "    OrderPlacedEvent.getName src/order-placed-event.ts:4",
      "  EmailPlugin.onApplicationBootstrap src/email.plugin.ts:8 (event OrderPlacedEvent)",
      "    EventBus.ofType src/event-bus.ts:10",
      "    sendConfirmation src/send-confirmation.ts:1",
      "complete",
    ]);
    expect(await hitLines(dir, "traverse", "Flow", "OrderController.create", "--to", "sendConfirmation")).toEqual([
      "TRAVERSE_HIT Flow OrderController.create → sendConfirmation (1 path)",
      "OrderController.create src/order.controller.ts:10 → OrderService.placeOrder src/order.service.ts:7 → EmailPlugin.onApplicationBootstrap src/email.plugin.ts:8 (event OrderPlacedEvent) → sendConfirmation src/send-confirmation.ts:1",
      "complete",
    ]);
  });

  it("leaves listening out of Caller and Callee, which list calls", async () => {
    const dir = await indexed();
    expect(await hitLines(dir, "traverse", "Callee", "EmailPlugin.onApplicationBootstrap")).toEqual([
      "TRAVERSE_HIT Callee EmailPlugin.onApplicationBootstrap (2 sites in 1 file)",
      "← method EmailPlugin.onApplicationBootstrap src/email.plugin.ts",
      "  9 EventBus.ofType · method @ src/event-bus.ts:10",
      "  9 sendConfirmation · function @ src/send-confirmation.ts:1",
      "complete; 0 unresolved",
    ]);
  });
});

describe("a string-keyed emitter: `emit(\"stock.low\")` reaches `@OnEvent(\"stock.low\")`, a template topic its subscription", () => {
  const indexed = (): Promise<string> => indexedFixture("calls/string-keyed-emitter");

  it("joins publisher and listener by the key, a template's substitutions matched as one", async () => {
    const dir = await indexed();
    expect(await hitLines(dir, "traverse", "Impact", "placeSupplierOrder")).toContain("  StockService.reserve → ReorderListener.onStockLow (on channel 'stock.low') → placeSupplierOrder");
    expect(await hitLines(dir, "traverse", "Flow", "TeamResolver.addTeamMember")).toEqual([
      "TRAVERSE_HIT Flow TeamResolver.addTeamMember (5 declarations, depth 3)",
      "TeamResolver.addTeamMember src/team.resolver.ts:10",
      "  TeamService.addMember src/team.service.ts:6",
      "    PubSub.publish src/emitter.ts:12",
      "    TeamResolver.memberAdded src/team.resolver.ts:14 (channel 'team/*/member_added')",
      "      PubSub.asyncIterator src/emitter.ts:14",
      "complete",
    ]);
  });

  it("matches a key declared outside the repository by its name as written, through a wrapper named after emit", async () => {
    const dir = await indexed();
    expect(await hitLines(dir, "traverse", "Impact", "notifyCustomer")).toContain("  ShippingService.ship → ShippingController.onShipped (on channel 'KAFKA_TOPICS.ORDER_SHIPPED') → notifyCustomer");
  });

  it("does not join a stream's own events (`on(\"error\")`) to the repository's other `emit(\"error\")`", async () => {
    const dir = await indexed();
    expect(await hitLines(dir, "traverse", "Impact", "logFailure")).toEqual([
      "TRAVERSE_HIT Impact logFailure (1 entry point; 1 declaration reaches it)",
      "→ function logFailure src/supplier.ts:5",
      "  src/socket.ts: SupplierSocket.watch 7",
      "complete",
    ]);
  });
});

describe("a queue: `add` reaches the function that processes its jobs", () => {
  const indexed = (): Promise<string> => indexedFixture("calls/queue-process");

  it("through the property the queue is stored in (`createQueue({ process })`), and through a job name (`@Process(JOB)`, `@Process({ name: JOB })`)", async () => {
    const dir = await indexed();
    expect(await hitLines(dir, "traverse", "Impact", "reindex")).toContain(
      "  ProductController.update → SearchIndexService.updateProduct → SearchIndexService.onModuleInit (on queue SearchIndexService.updateQueue) → reindex",
    );
    // `@Process({ name: JOB })` too: the options object's name is the key (a file with one was once skipped whole).
    expect(await hitLines(dir, "traverse", "Impact", "renderReport")).toEqual([
      "TRAVERSE_HIT Impact renderReport (4 entry points; 6 declarations reach it)",
      "→ function renderReport src/reindex.ts:5",
      "directly (2):",
      "  src/report.ts: ReportProcessor.rebuild 20; ArchiveProcessor.archive 27",
      "via ArchiveProcessor.archive src/report.ts:27 (1):",
      "  src/product.controller.ts: ProductController.archive 15",
      "via ReportProcessor.rebuild src/report.ts:20 (1):",
      "  src/product.controller.ts: ProductController.update 10",
      "shortest chains:",
      "  ProductController.update → ReportService.requestRebuild → ReportProcessor.rebuild (on channel REBUILD_REPORT) → renderReport",
      "  ProductController.archive → ReportService.requestArchive → ArchiveProcessor.archive (on channel ARCHIVE_REPORT) → renderReport",
      "complete",
    ]);
    // `this.seen.add(id)` is a Set's: no queue, nothing listens.
    const flow = await hitLines(dir, "traverse", "Flow", "SearchIndexService.updateProduct");
    expect(flow).toContain("  SearchIndexService.onModuleInit :10 (queue SearchIndexService.updateQueue)");
    expect(flow.filter((line) => line.includes("(queue") || line.includes("(channel") || line.includes("(event"))).toHaveLength(1);
  });
});

describe("a NestJS queue: `@InjectQueue(Q)` and `add` reach the `@Processor(Q)` class's handlers", () => {
  const indexed = (): Promise<string> => indexedFixture("calls/queue-processor-class");

  it("by job name when `add` names one, every handler when the name is known only at run time, and a catch-all `process` always", async () => {
    const dir = await indexed();
    // scheduleDaily adds DAILY_JOB: the daily handler, not the weekly one; schedule(name) may add either.
    expect((await hitLines(dir, "traverse", "Impact", "countDaily")).slice(4, 6)).toEqual(["via StatsProcessor.daily src/stats.processor.ts:7 (2):", "  src/stats.service.ts: StatsService.{scheduleDaily 10; schedule 14}"]);
    expect(await hitLines(dir, "traverse", "Impact", "countWeekly")).toContain("  StatsService.schedule → StatsProcessor.weekly (on queue STATS_QUEUE) → countWeekly");
    expect(await hitLines(dir, "traverse", "Impact", "deliver")).toContain("  StatsService.sendWelcome → MailWorker.process (on queue MAIL_QUEUE) → deliver");
  });
});

describe("NestJS providers injected by token or class (`@Inject(TOKEN) p: PaymentProvider`, `@InjectRepository(R)`)", () => {
  const indexed = (): Promise<string> => indexedFixture("calls/nest-injected-providers");

  it("reach the class the type names, and an interface's implementations, in Impact and in Flow", async () => {
    const dir = await indexed();
    expect(await hitLines(dir, "traverse", "Impact", "recordCharge")).toContain("  CheckoutController.pay → CheckoutService.checkout → StripeProvider.charge (as PaymentProvider.charge) → recordCharge");
    expect(await hitLines(dir, "traverse", "Impact", "saveOrder")).toContain("  CheckoutController.pay → CheckoutService.checkout → OrderRepository.save → saveOrder");
    expect(await hitLines(dir, "traverse", "Flow", "CheckoutController.pay")).toEqual([
      "TRAVERSE_HIT Flow CheckoutController.pay (8 declarations, depth 4)",
      "CheckoutController.pay src/checkout.controller.ts:10",
      "  Post :3",
      "  CheckoutService.checkout src/checkout.service.ts:11",
      "    OrderRepository.save src/order.repository.ts:4",
      "      saveOrder src/ledger.ts:5",
      "    PaymentProvider.charge src/payment-provider.ts:4",
      "      StripeProvider.charge src/stripe.provider.ts:5 (implementation)",
      "        recordCharge src/ledger.ts:1",
      "complete",
    ]);
  });
});

describe("middleware handed on with a route's handler (`router.get(\"/orders\", requireAuth, listOrders)`)", () => {
  const indexed = (): Promise<string> => indexedFixture("calls/route-middleware");

  it("is reached from each route it guards, labelled as middleware, and runs first in the route's Flow", async () => {
    const dir = await indexed();
    expect(await hitLines(dir, "traverse", "Impact", "verifyToken")).toEqual([
      "TRAVERSE_HIT Impact verifyToken (2 entry points; 1 declaration reaches it)",
      "→ function verifyToken src/token.ts:1",
      "via requireAuth src/auth.ts:3 (2):",
      "  src/app.ts: [GET /api/orders] listOrders 8; [POST /api/orders] createOrder 9",
      "shortest chain:",
      "  GET /api/orders → requireAuth (middleware) → verifyToken",
      "complete",
    ]);
    expect(await hitLines(dir, "traverse", "Flow", "GET /api/orders")).toEqual([
      "TRAVERSE_HIT Flow GET /api/orders (3 declarations, depth 1)",
      "[GET /api/orders] listOrders src/orders.ts:1",
      "requireAuth src/auth.ts:3 (middleware, runs before the handler)",
      "  verifyToken src/token.ts:1",
      "complete",
    ]);
  });
});
