import { describe, expect, it } from "vitest";
import { CSHARP_PROJECT } from "../../src/analysis/csharp/csharp-project.js";
import { dotnetProjects } from "../../src/analysis/csharp/dotnet-projects.js";
import { extractCsharpImports } from "../../src/analysis/csharp/extract-imports.js";
import { msbuildProperty } from "../../src/analysis/csharp/msbuild-property.js";
import { grammarLoading, parseTree } from "../../src/analysis/tree-sitter.js";

const SDK = (properties: string): string => `<Project Sdk="Microsoft.NET.Sdk">\n  <PropertyGroup>\n${properties}\n  </PropertyGroup>\n</Project>\n`;

describe("MSBuild properties read by hand", () => {
  it("takes the last unconditioned value, else a conditioned one, ignoring comments and decoding entities", () => {
    const text = SDK(
      [
        "    <!-- <RootNamespace>Old.Name</RootNamespace> -->",
        "    <RootNamespace>Acme.First</RootNamespace>",
        "    <RootNamespace Condition=\"'$(Configuration)' == 'Debug'\">Acme.Debug</RootNamespace>",
        "    <RootNamespace>\n      Acme.Shop\n    </RootNamespace>",
        "    <AssemblyName Condition=\"'$(X)' != ''\">Acme.Conditional</AssemblyName>",
        "    <Description>Orders &amp; invoices</Description>",
        "    <Empty></Empty>",
      ].join("\n"),
    );
    expect(msbuildProperty(text, "RootNamespace")).toBe("Acme.Shop");
    expect(msbuildProperty(text, "AssemblyName")).toBe("Acme.Conditional");
    expect(msbuildProperty(text, "Description")).toBe("Orders & invoices");
    expect(msbuildProperty(text, "Empty")).toBeUndefined();
    expect(msbuildProperty(text, "TargetFramework")).toBeUndefined();
  });

  it("reads nothing from malformed XML rather than throwing", () => {
    expect(msbuildProperty("<Project><PropertyGroup><RootNamespace>Acme", "RootNamespace")).toBeUndefined();
    expect(msbuildProperty("<!-- never closed <RootNamespace>A</RootNamespace>", "RootNamespace")).toBeUndefined();
    expect(msbuildProperty("\u0000<<<>>>".repeat(1000), "RootNamespace")).toBeUndefined();
  });
});

describe(".csproj projects", () => {
  it("names the root namespace by RootNamespace, else AssemblyName, else the stem, inheriting the nearest Directory.Build.props", () => {
    const projects = dotnetProjects([
      { path: "Directory.Build.props", text: "<Project><PropertyGroup><RootNamespace>Bit.$(MSBuildProjectName)</RootNamespace></PropertyGroup></Project>" },
      { path: "src/Core/Core.csproj", text: SDK("") },
      { path: "src/Api/Api.csproj", text: SDK("    <RootNamespace>Bit.Api.Web</RootNamespace>") },
      { path: "tools/Directory.Build.props", text: "<Project><PropertyGroup><LangVersion>latest</LangVersion></PropertyGroup></Project>" },
      { path: "tools/Seeder/Seeder.csproj", text: SDK("    <AssemblyName>SeederUtility</AssemblyName>\n    <RootNamespace>$(AssemblyName).Cli</RootNamespace>") },
      { path: "tools/Gen/Gen.csproj", text: SDK("    <AssemblyName>Acme.Gen</AssemblyName>") },
      { path: "tools/Odd/Odd.csproj", text: SDK("    <RootNamespace>$(Company).Odd</RootNamespace>") },
    ]);
    expect(projects.map(({ dir, assemblyName, rootNamespace }) => [dir, assemblyName, rootNamespace])).toEqual([
      ["src/Core", "Core", "Bit.Core"],
      ["src/Api", "Api", "Bit.Api.Web"],
      // The nearest props file decides, even one that sets no namespace: MSBuild imports only that one.
      ["tools/Seeder", "SeederUtility", "SeederUtility.Cli"],
      ["tools/Gen", "Acme.Gen", "Acme.Gen"],
      // A property this reading cannot expand is not guessed at.
      ["tools/Odd", "Odd", "Odd"],
    ]);
  });

  it("makes each project in a subfolder a module named by its assembly, and none for a lone project at the root", () => {
    const packages = CSHARP_PROJECT.packages(
      [
        { path: "Acme.sln", text: "Microsoft Visual Studio Solution File" },
        { path: "src/Acme.Shop/Acme.Shop.csproj", text: SDK("") },
        { path: "src/Acme.Billing/Acme.Billing.csproj", text: SDK("    <AssemblyName>Acme.Invoicing</AssemblyName>") },
        { path: "src/Acme.Billing/Acme.Billing.Legacy.csproj", text: SDK("") },
        { path: "tests/Acme.Shop.Tests/Acme.Shop.Tests.csproj", text: "<Project><PropertyGroup><RootNamespace>" },
      ],
      [],
    );
    expect(packages).toEqual([
      { name: "Acme.Invoicing", dir: "src/Acme.Billing", entryHints: [] },
      { name: "Acme.Shop", dir: "src/Acme.Shop", entryHints: [] },
      { name: "Acme.Shop.Tests", dir: "tests/Acme.Shop.Tests", entryHints: [] },
    ]);
    expect(CSHARP_PROJECT.packages([{ path: "Shop.csproj", text: SDK("") }], [])).toEqual([]);
    expect(CSHARP_PROJECT.packages([], [])).toEqual([]);
  });

  it("watches .csproj, Directory.Build.props and .sln files only", () => {
    const watched = ["Acme.sln", "src/Acme.Shop/Acme.Shop.csproj", "Directory.Build.props", "src/Directory.Build.props"];
    expect(watched.filter((path) => !CSHARP_PROJECT.buildFile.test(path))).toEqual([]);
    const others = ["Directory.Build.targets", "src/Acme.Shop/Acme.Shop.csproj.user", "packages.config", "src/my.csproj/Order.cs", "global.json"];
    expect(others.filter((path) => CSHARP_PROJECT.buildFile.test(path))).toEqual([]);
  });
});

describe("using directives to files", () => {
  const resolve = CSHARP_PROJECT.resolver(
    [
      "src/Acme.Shop/Program.cs",
      "src/Acme.Shop/Orders/Order.cs",
      "src/Acme.Shop/Orders/IOrderStore.cs",
      "src/Acme.Shop/Orders/Lines/Line.cs",
      "src/Acme.Shop/Orders/Lines/Lines.Tests.cs",
      "src/Acme.Shop.Billing/Invoice.cs",
      "src/Acme.Shop.Billing/Taxes/Vat.cs",
      "tests/Acme.Shop.Tests/Fakes/FakeStore.cs",
      "tests/Acme.Shop.Tests/OrderTests.cs",
      "README.md",
    ],
    [
      { path: "src/Acme.Shop/Acme.Shop.csproj", text: SDK("    <RootNamespace>Acme.Shop</RootNamespace>") },
      { path: "src/Acme.Shop.Billing/Acme.Shop.Billing.csproj", text: SDK("") },
      { path: "tests/Acme.Shop.Tests/Acme.Shop.Tests.csproj", text: SDK("") },
    ],
  );

  it("resolves a namespace to the first source file of its folder under the project with the longest matching root namespace", () => {
    expect(resolve("src/Acme.Shop/Program.cs", "Acme.Shop.Orders")).toBe("src/Acme.Shop/Orders/IOrderStore.cs");
    expect(resolve("src/Acme.Shop/Program.cs", "Acme.Shop")).toBe("src/Acme.Shop/Program.cs");
    expect(resolve("src/Acme.Shop/Program.cs", "Acme.Shop.Billing")).toBe("src/Acme.Shop.Billing/Invoice.cs");
    expect(resolve("src/Acme.Shop/Program.cs", "Acme.Shop.Billing.Taxes")).toBe("src/Acme.Shop.Billing/Taxes/Vat.cs");
    // A test file stands for its folder only when nothing else is there.
    expect(resolve("src/Acme.Shop/Program.cs", "Acme.Shop.Orders.Lines")).toBe("src/Acme.Shop/Orders/Lines/Line.cs");
    expect(resolve("tests/Acme.Shop.Tests/OrderTests.cs", "Acme.Shop.Tests.Fakes")).toBe("tests/Acme.Shop.Tests/Fakes/FakeStore.cs");
  });

  it("resolves a type (using static, an alias) to the file named after it", () => {
    expect(resolve("src/Acme.Shop/Program.cs", "Acme.Shop.Orders.Order")).toBe("src/Acme.Shop/Orders/Order.cs");
    expect(resolve("src/Acme.Shop/Program.cs", "Acme.Shop.Orders.Order<int>")).toBe("src/Acme.Shop/Orders/Order.cs");
    expect(resolve("src/Acme.Shop/Program.cs", "Acme.Shop.Billing.Invoice")).toBe("src/Acme.Shop.Billing/Invoice.cs");
  });

  it("leaves a namespace no project's root starts, or a folder no file is in, outside the repository", () => {
    expect(resolve("src/Acme.Shop/Program.cs", "System.Linq")).toBeNull();
    expect(resolve("src/Acme.Shop/Program.cs", "Acme.ShopFloor")).toBeNull();
    expect(resolve("src/Acme.Shop/Program.cs", "Acme.Shop.Missing")).toBeNull();
    expect(resolve("src/Acme.Shop/Program.cs", "Acme")).toBeNull();
  });

  it("resolves nothing without a project", () => {
    expect(CSHARP_PROJECT.resolver(["Order.cs"], [])("Order.cs", "Acme.Order")).toBeNull();
  });
});

describe("using directives as written", () => {
  const importsOf = async (text: string): Promise<string[]> => {
    await grammarLoading("c-sharp");
    const tree = parseTree("c-sharp", text);
    try {
      return extractCsharpImports(tree.rootNode);
    } finally {
      tree.delete();
    }
  };

  it("lists namespaces and types in source order without duplicates, from the file, namespace bodies and #if branches", async () => {
    const text = [
      "global using Acme.Shop.Orders;",
      "using static System.Math;",
      "using Json = System.Text.Json.JsonSerializer;",
      "using Lookup = System.Collections.Generic.Dictionary<string, int>;",
      "using global::Acme.Shop.Billing;",
      "// A tuple alias names no namespace or type of the repository.",
      "using Point = (int X, int Y);",
      "using Acme.Shop.Orders;",
      "#if NET8_0",
      "using Acme.Shop.Net8;",
      "#endif",
      "namespace Acme.Shop.Api",
      "{",
      "    using Acme.Shop.Inner;",
      "    public class Handler { void Run() { using var scope = Open(); } }",
      "}",
    ].join("\n");
    expect(await importsOf(text)).toEqual([
      "Acme.Shop.Orders",
      "System.Math",
      "System.Text.Json.JsonSerializer",
      "System.Collections.Generic.Dictionary<string,int>",
      "Acme.Shop.Billing",
      "Acme.Shop.Net8",
      "Acme.Shop.Inner",
    ]);
  });

  it("reads the usings after a file-scoped namespace and none from a file without any", async () => {
    expect(await importsOf("namespace Acme.Shop;\n\nusing Acme.Shop.Orders;\n\npublic class A { }\n")).toEqual(["Acme.Shop.Orders"]);
    expect(await importsOf("Console.WriteLine(1);\n")).toEqual([]);
  });
});
