import { describe, expect, it } from "vitest";
import { appendFileSync, cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ctx, indexedFixture, readAi, tableRows, tempDir } from "../helpers/fixture.js";

/** site, caller, callee, target of every call_index.md row. */
async function callRows(fixture: string): Promise<string[][]> {
  const dir = await indexedFixture(`calls/${fixture}`);
  return tableRows(dir, "call_index.md")
    .filter((row) => row.length === 7)
    .map(([site, caller, , , callee, , target]) => [site!, caller!, callee!, target!]);
}

describe("call_index.md for Python", () => {
  it("links calls through imports, self and its attributes, super(), bases, class calls and declared returns; locals and builtins are not calls", async () => {
    expect(await callRows("python-imports-and-self")).toEqual([
      // A nested class's base is its sibling in the enclosing class; `from .repo import *` brings make_repo.
      ["shop/cases.py:11", "Cases.Full.run", "Cases.Base.check", "shop/cases.py:6"],
      ["shop/cases.py:15", "build", "make_repo", "shop/repo.py:9"],
      ["shop/repo.py:3", "Repo.find", "Repo.load", "shop/repo.py:5"],
      // Calling a class makes an instance: the call lands on the class.
      ["shop/repo.py:10", "make_repo", "Repo", "shop/repo.py:1"],
      ["shop/service.py:13", "OrderService.__init__", "Repo", "shop/repo.py:1"],
      // An inherited method, through the base class.
      ["shop/service.py:16", "OrderService.get", "Base.audit", "shop/service.py:7"],
      // `self.repo` is what __init__ assigned it: a Repo.
      ["shop/service.py:17", "OrderService.get", "Repo.find", "shop/repo.py:2"],
      // `find(key)` calls the nested function, a local: no row. `made` holds what make_repo() returns (`-> Repo`).
      ["shop/service.py:24", "OrderService.again", "make_repo", "shop/repo.py:9"],
      ["shop/service.py:25", "OrderService.again", "Repo.load", "shop/repo.py:5"],
      // `import shop.repo` and `from . import repo as repo_module`: the module, then its function.
      ["shop/service.py:26", "OrderService.again", "make_repo", "shop/repo.py:9"],
      ["shop/service.py:27", "OrderService.again", "make_repo", "shop/repo.py:9"],
      ["shop/service.py:27", "OrderService.again", "Repo.find", "shop/repo.py:2"],
      // A receiver nothing declares stays a candidate by name; len() is a builtin: no row.
      ["shop/service.py:28", "OrderService.again", "find", "-"],
      ["shop/service.py:34", "SpecialService.get", "OrderService.get", "shop/service.py:15"],
      ["tests/test_service.py:5", "test_get", "OrderService", "shop/service.py:11"],
      ["tests/test_service.py:5", "test_get", "OrderService.get", "shop/service.py:15"],
    ]);
  });

  it("reads Django's ORM: a model's manager is its declared queryset's or Django's, a query hands back the model or a queryset of it", async () => {
    expect(await callRows("python-django-orm")).toEqual([
      // Tenant's manager is the RestrictedQuerySet its base declares: `create` (line 5) is Django's, inherited from
      // QuerySet, so no row; `restrict` is the repository's. Site declares no manager: `Site.objects.create()` (line 13)
      // is Django's, not Site's own `create`.
      ["shop/views.py:6", "tenants", "RestrictedQuerySet.restrict", "shop/querysets.py:5"],
      // `get()` and `filter(...).first()` hand back a Tenant.
      ["shop/views.py:8", "tenants", "Tenant.get_absolute_url", "shop/models.py:16"],
      ["shop/views.py:9", "tenants", "Tenant.get_absolute_url", "shop/models.py:16"],
      // Iterating a queryset gives its model's instances.
      ["shop/views.py:15", "sites", "Site.close", "shop/models.py:24"],
      // Rows of an untyped list: a candidate by name, as before.
      ["shop/views.py:17", "sites", "create", "-"],
    ]);
  });

  it("types an attribute or a local assigned from a typed parameter as the parameter's type", async () => {
    expect(await callRows("python-attributes-from-parameters")).toEqual([
      // `self.name = name`: an untyped parameter, so `find` stays a candidate by name.
      ["shop/service.py:10", "Service.get", "find", "-"],
      // `self.repo = repo` with `repo: Repo`; `same = repo` likewise.
      ["shop/service.py:11", "Service.get", "Repo.find", "shop/repo.py:2"],
      ["shop/service.py:16", "build", "Repo.find", "shop/repo.py:2"],
    ]);
  });

  it("types a Django model's fields as an instance holds them (the related model, its related manager, a value of Python's), a manager made from a queryset, a tuple's elements, the accessors relation fields give other models", async () => {
    expect(await callRows("python-django-model-fields")).toEqual([
      // `ForeignKey(to="dcim.Site")` and `ForeignKey("self")`: the related instance.
      ["shop/dcim/models.py:21", "Device.describe", "Site.get_absolute_url", "shop/dcim/models.py:8"],
      ["shop/dcim/models.py:22", "Device.describe", "Device.describe", "shop/dcim/models.py:19"],
      // `ManyToManyField("extras.Tag")`: Tag's manager, a RestrictedQuerySet; its `add` is Django's (no row).
      ["shop/dcim/models.py:24", "Device.describe", "RestrictedQuerySet.restrict", "shop/extras/querysets.py:5"],
      // `self.name.upper()` (a CharField) and `self.tags.add()` (TaggableManager): outside, no row.
      // `Manager.from_queryset(RestrictedQuerySet)` hands the queryset class on (a value) and makes a manager with its methods.
      ["shop/extras/models.py:14", "(module)", "RestrictedQuerySet", "shop/extras/querysets.py:4"],
      ["shop/extras/models.py:19", "Label", "LabelManager", "shop/extras/models.py:14"],
      ["shop/extras/models.py:27", "relabel", "RestrictedQuerySet.restrict", "shop/extras/querysets.py:5"],
      // `(Label(), Label())` holds Labels: the loop's variable is one.
      ["shop/extras/models.py:30", "relabel", "Label", "shop/extras/models.py:18"],
      ["shop/extras/models.py:31", "relabel", "Label.describe", "shop/extras/models.py:21"],
      // A relation field hands its model on (a value) and gives it an accessor: Tag's `notes` is Note's manager,
      // Label's `profile` (a one-to-one field's default) a Profile.
      ["shop/extras/models.py:35", "Note", "Tag", "shop/extras/models.py:6"],
      ["shop/extras/models.py:40", "Profile", "Label", "shop/extras/models.py:18"],
      ["shop/extras/models.py:49", "reverse", "RestrictedQuerySet.restrict", "shop/extras/querysets.py:5"],
      ["shop/extras/models.py:51", "reverse", "Profile.render", "shop/extras/models.py:42"],
    ]);
  });

  it("types a FilterSet's qs by its Meta.model, a test case's client by its client_class (else Django's), a custom queryset's chaining methods by their class", async () => {
    expect(await callRows("python-django-tests-and-filtersets")).toEqual([
      // A filter method's `queryset` is a queryset of Meta.model.
      ["shop/filters.py:13", "SiteFilterSet.filter_owner", "RestrictedQuerySet.restrict", "shop/models.py:6"],
      // `filterset = SiteFilterSet` (star-imported): calling the attribute makes a SiteFilterSet; `qs` is Site's
      // queryset, so `count` is Django's (no row) and `restrict` the repository's.
      ["shop/tests.py:13", "SiteFilterTests.test_filters", "SiteFilterTests.filterset", "shop/tests.py:10"],
      ["shop/tests.py:14", "SiteFilterTests.test_filters", "SiteFilterTests.filterset", "shop/tests.py:10"],
      ["shop/tests.py:14", "SiteFilterTests.test_filters", "RestrictedQuerySet.restrict", "shop/models.py:6"],
      // `self.client` of a django.test.TestCase is Django's client (no row at :15); with `client_class = ApiClient`, an ApiClient.
      ["shop/tests.py:22", "ApiTests.test_get", "ApiClient.get", "shop/clients.py:3"],
      // `restrict` returns `self.none()` or `self.filter(…)`: a copy of its queryset, so `count` is Django's (no row)
      // and a second `restrict` the repository's.
      ["shop/tests.py:26", "ApiTests.test_chained", "RestrictedQuerySet.restrict", "shop/models.py:6"],
      ["shop/tests.py:27", "ApiTests.test_chained", "RestrictedQuerySet.restrict", "shop/models.py:6"],
      // Device(TagsMixin, BaseModel): Django's Model, which TagsMixin extends, comes after BaseModel, whose manager this is.
      ["shop/tests.py:28", "ApiTests.test_chained", "RestrictedQuerySet.restrict", "shop/models.py:6"],
      // `ContentType.objects.get_for_model(Site)`: a package's model's manager is the package's (no row for the call,
      // though clients.py declares a get_for_model); Site is handed on (a value).
      ["shop/tests.py:41", "LoggedInTests.test_content_type", "Site", "shop/models.py:12"],
    ]);
  });

  it("keeps calls on builtin values outside: literals, builtins' results, `str` annotations, and a string's results", async () => {
    expect(await callRows("python-builtin-values")).toEqual([
      // `parts.append`, `label.strip().split`, `options.get`, `text.split`: no row, though Repo declares them.
      // What a list's `pop` hands back is an element, which may be the repository's: a candidate.
      ["shop/use.py:9", "run", "find", "-"],
    ]);
  });

  it("types a pytest test's and fixture's parameters by the fixture they name: the module's own, else the nearest conftest's", async () => {
    expect(await callRows("python-pytest-fixtures")).toEqual([
      ["app/__init__.py:11", "App.test_client", "Client", "app/__init__.py:1"],
      ["tests/api/test_api.py:9", "client", "Client", "app/__init__.py:1"],
      // `app` from tests/conftest.py (what it yields), `client` from this module's fixture.
      ["tests/api/test_api.py:13", "test_api", "App.route", "app/__init__.py:7"],
      ["tests/api/test_api.py:14", "test_api", "Client.get", "app/__init__.py:2"],
      // Not a test: its `app` is unknown, a candidate by name.
      ["tests/api/test_api.py:19", "helper", "route", "-"],
      ["tests/conftest.py:8", "app", "App", "app/__init__.py:6"],
      // A fixture asking for another: `app` is conftest's own fixture.
      ["tests/conftest.py:14", "client", "App.test_client", "app/__init__.py:10"],
      ["tests/test_routes.py:2", "test_index", "App.route", "app/__init__.py:7"],
      ["tests/test_routes.py:3", "test_index", "Client.get", "app/__init__.py:2"],
    ]);
  });

  it("types a FastAPI parameter injected with Depends(...) by what the dependency returns", async () => {
    expect(await callRows("python-fastapi-depends")).toEqual([
      // The dependency handed to Depends when the route is declared: a value, not a call.
      ["app/main.py:9", "(module)", "get_order_service", "app/services.py:6"],
      // `service=Depends(get_order_service)`, and get_order_service returns an OrderService.
      ["app/main.py:10", "place_order", "OrderService.place", "app/services.py:2"],
      // `Depends()` names no dependency: a candidate by name.
      ["app/main.py:15", "list_orders", "place", "-"],
      ["app/services.py:7", "get_order_service", "OrderService", "app/services.py:1"],
    ]);
  });

  it("answers traverse Caller for a method, overrides included", async () => {
    const dir = await indexedFixture("calls/python-imports-and-self");
    const run = await ctx(dir, "traverse", "Caller", "OrderService.get");
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n").slice(0, 4)).toEqual([
      "TRAVERSE_HIT Caller OrderService.get (2 sites in 2 files)",
      "→ method OrderService.get shop/service.py:15",
      "  (same file): SpecialService.get 34",
      "tests: 1 site in 1 file (--tests lists them)",
    ]);
  });
});

describe("call_index.md for Go", () => {
  it("keeps calls on values of outside types outside at any depth, and a generic's or a package function's result unknown", async () => {
    expect(await callRows("go-outside-values")).toEqual([
      // `w.Header().Set`, `r.Header.Get`, `r.URL.String()`, `err.Error()`, `time.Now().String()`,
      // `c.Request.URL.Query().Get`: no row, though Store declares every one of those names.
      // `atomic.Pointer[Store]` holds a Store: what Load returns is not known, so Reload is a candidate.
      ["main.go:27", "reload", "Reload", "-"],
      // What a package's function returns may be a repository value (lo.Find of []*Store): a candidate.
      ["main.go:29", "reload", "Reload", "-"],
      // `s, err := find()`: each result has its declared type (`err.Error()` is the error's, no row;
      // nor is `parseErr.Error()`, of strconv.Atoi).
      ["main.go:36", "results", "find", "main.go:32"],
      ["main.go:37", "results", "Store.Reload", "store.go:10"],
    ]);
  });

  it("links package-qualified calls, methods declared in another file of the package, receivers, fields and interface methods", async () => {
    expect(await callRows("go-packages-and-receivers")).toEqual([
      ["api/api.go:19", "Handler.Show", "New", "store/store.go:7"],
      // `s := store.New()` holds what New returns; `h.Store` is a field of type *store.Store.
      ["api/api.go:20", "Handler.Show", "Store.Get", "store/store.go:11"],
      ["api/api.go:21", "Handler.Show", "Store.Get", "store/store.go:11"],
      ["api/api.go:22", "Handler.Show", "Getter.Get", "api/api.go:10"],
      // `lower` is a local func value, `len` a builtin, strings.ToLower outside the repository: no rows.
      ["store/lookup.go:4", "Store.lookup", "normalize", "store/lookup.go:7"],
      // Declared in lookup.go, called from store.go: one package.
      ["store/store.go:12", "Store.Get", "Store.lookup", "store/lookup.go:3"],
    ]);
  });

  it("counts a call through an interface as a call of each type whose methods implement it, in any package", async () => {
    const dir = await indexedFixture("calls/go-packages-and-receivers");
    const overrides = tableRows(dir, "call_index.md").filter((row) => row.length === 4 && row[0] !== "member");
    // store.Store implements api.Getter by having Get(key string) string; store.Cache's Get takes no key.
    expect(overrides).toEqual([["Store.Get", "store/store.go:11", "Getter.Get", "api/api.go:10"]]);
    const run = await ctx(dir, "traverse", "Caller", "Store.Get");
    expect(run.stdout.split("\n").slice(0, 5)).toEqual([
      "TRAVERSE_HIT Caller Store.Get (3 sites in 1 file)",
      "→ method Store.Get store/store.go:11 · 2 sites in 1 file",
      "  api/api.go: Handler.Show 20, 21",
      "→ method Getter.Get api/api.go:10 · 1 site in 1 file · via interface Getter",
      "  (same file): Handler.Show 22",
    ]);
  });

  it("keeps implementations right across incremental runs: an interface that grows, a method added in another file", async () => {
    const dir = await indexedFixture("calls/go-packages-and-receivers");
    const afterFull = (): string => {
      const copy = tempDir();
      cpSync(dir, copy, { recursive: true });
      rmSync(join(copy, ".ai", ".cache"), { recursive: true, force: true });
      return copy;
    };
    writeFileSync(join(dir, "api/api.go"), readFileSync(join(dir, "api/api.go"), "utf8").replace("\tGet(key string) string\n", "\tGet(key string) string\n\tPut(key, value string)\n"));
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    expect(readAi(dir, "call_index.md")).not.toContain("| Store.Get | store/store.go:11 | Getter.Get |");
    let full = afterFull();
    expect((await ctx(full, "index", "-q")).code).toBe(0);
    expect(readAi(dir, "call_index.md")).toBe(readAi(full, "call_index.md"));
    appendFileSync(join(dir, "store/cache.go"), "\nfunc (s *Store) Put(key, value string) {}\n");
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    expect(readAi(dir, "call_index.md")).toContain("| Store.Get | store/store.go:11 | Getter.Get | api/api.go:10 |");
    full = afterFull();
    expect((await ctx(full, "index", "-q")).code).toBe(0);
    expect(readAi(dir, "call_index.md")).toBe(readAi(full, "call_index.md"));
  });
});
