// Ruby in scripts/eval-languages.mjs: repositories and the symbol oracle, Ruby's own parser (Ripper).
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { mirrored } from "../corpora.mjs";
import { ROOT } from "./root.mjs";

export default {
  language: "ruby",
  extensions: [".rb", ".rake"],
  calls: true,
  repos: [
    // A Rails application of more than 1,000 Ruby files (mastodon/mastodon's snapshot is over the fetch limit).
    { ...mirrored("rubygems/rubygems.org", "tuning"), commit: "3c8ea0d4cbe85bd2a2bb5d22486247656a3dfb6c" },
    { ...mirrored("sinatra/sinatra", "tuning"), commit: "cb22afd7902b566b6eaba6c4ea89739494a65d12" },
    // Held out until its three wrong samples (module Telebugs's methods redefined under an `if`) were read for
    // the redefinition rule (a method defined more than once: the one Ruby evaluates last): tuning since.
    { ...mirrored("lobsters/lobsters", "tuning"), commit: "57268d762e1c2c95b7a8e64ee8deb259cddd8cc0" },
    // Held out: measured, never read to change extraction.
    { ...mirrored("maybe-finance/maybe", "held-out"), commit: "77b5469832758d1cbee1a940f3012a1ae1c74cd3" },
  ],
  oracle: (dir) => ["ruby", [join(ROOT, "scripts", "oracles", "ruby_symbols.rb"), dir]],
  oracleName: () => `Ruby ${execFileSync("ruby", ["-e", "print RUBY_VERSION"], { encoding: "utf8" }).trim()} Ripper (scripts/oracles/ruby_symbols.rb)`,
  scope:
    "classes and modules (`class A::B`: B in container A), `def` (a method in a class, module or `class << self` body, `def self.x` alike; a function at top level), constant assignments (`X =`, `X ||=`, `A, B =`, `Mod::X =`; kind class for `Class.new`/`Struct.new`/`Data.define`, module for `Module.new`) and `attr_reader`/`attr_writer`/`attr_accessor` names (property, each on its own line), in class and module bodies and at file level, including inside `if`/`unless`/`case`/`begin`/`rescue` branches and `if`/`unless` modifiers there and as arguments of a receiverless call without a block (`private def x`), never inside a method or a block (`included do`, `describe … do`); line: the keyword's (the name's for constants and attributes)",
};
