// Symbol oracle for `npm run eval` (scripts/eval-languages.mjs): Rust's own syn parser (full).
//
// Reads repository-relative paths on stdin (one per line) under the root given as the first
// argument and prints one JSON object per declaration in ctx's scope (scripts/languages/rust.mjs):
// items at file level, in inline `mod x { … }` (container: the module path, dotted) and in
// `extern { … }` blocks; the fns, consts and types of `impl` blocks (container: the implemented
// type's last path segment, `dyn Trait` by its trait; impls of other types are left out) and of
// traits; the named fields of structs and unions and the variants of enums. Nothing inside a fn
// body or a macro invocation; `_` declares nothing. A declaration's line is that of its first
// token, attributes included, doc comments (which syn turns into `#[doc]` attributes) excluded.
// A file syn cannot parse is reported as {"path", "error"}.
use std::io::{self, BufRead, Write};
use std::path::Path;

use syn::spanned::Spanned;
use syn::{Attribute, FnArg, ImplItem, Item, Pat, TraitItem, Type, TypeParamBound};

struct Emitter<'a> {
    path: &'a str,
    lines: Vec<&'a str>,
    out: &'a mut dyn Write,
}

impl Emitter<'_> {
    fn emit(&mut self, container: &str, name: &str, kind: &str, line: usize) {
        if name == "_" || name.is_empty() {
            return;
        }
        let _ = writeln!(
            self.out,
            "{{\"path\":{},\"container\":{},\"name\":{},\"kind\":{},\"line\":{}}}",
            json(self.path),
            json(container),
            json(name),
            json(kind),
            line
        );
    }

    /// Whether an attribute is a doc comment (`///`, `//!`, `/** */`) rather than a written `#[doc]`:
    /// syn gives both the same shape, the source text at its span tells them apart.
    fn is_doc_comment(&self, attr: &Attribute) -> bool {
        if !attr.path.is_ident("doc") {
            return false;
        }
        let start = attr.pound_token.span.start();
        let Some(text) = self.lines.get(start.line.wrapping_sub(1)) else { return false };
        let rest: String = text.chars().skip(start.column).take(2).collect();
        rest == "//" || rest == "/*"
    }

    /// The first line of a node, its doc comments left out.
    fn line<T: Clone + Spanned>(&self, node: &T, attrs: impl Fn(&mut T) -> &mut Vec<Attribute>) -> usize {
        let mut stripped = node.clone();
        let list = attrs(&mut stripped);
        let kept: Vec<Attribute> = list.drain(..).filter(|attr| !self.is_doc_comment(attr)).collect();
        *list = kept;
        stripped.span().start().line
    }

    fn items(&mut self, items: &[Item], container: &str) {
        for item in items {
            self.item(item, container);
        }
    }

    fn item(&mut self, item: &Item, container: &str) {
        let line = |me: &Self| {
            me.line(item, |item| match item {
                Item::Const(i) => &mut i.attrs,
                Item::Enum(i) => &mut i.attrs,
                Item::ExternCrate(i) => &mut i.attrs,
                Item::Fn(i) => &mut i.attrs,
                Item::ForeignMod(i) => &mut i.attrs,
                Item::Impl(i) => &mut i.attrs,
                Item::Macro(i) => &mut i.attrs,
                Item::Macro2(i) => &mut i.attrs,
                Item::Mod(i) => &mut i.attrs,
                Item::Static(i) => &mut i.attrs,
                Item::Struct(i) => &mut i.attrs,
                Item::Trait(i) => &mut i.attrs,
                Item::TraitAlias(i) => &mut i.attrs,
                Item::Type(i) => &mut i.attrs,
                Item::Union(i) => &mut i.attrs,
                Item::Use(i) => &mut i.attrs,
                _ => unreachable!("only items with attributes are asked for"),
            })
        };
        match item {
            Item::Fn(f) => self.emit(container, &f.sig.ident.to_string(), "function", line(self)),
            Item::Struct(s) => {
                self.emit(container, &s.ident.to_string(), "struct", line(self));
                let inner = join(container, &s.ident.to_string());
                if let syn::Fields::Named(named) = &s.fields {
                    for field in &named.named {
                        let at = self.line(field, |f| &mut f.attrs);
                        self.emit(&inner, &field.ident.as_ref().map(|i| i.to_string()).unwrap_or_default(), "property", at);
                    }
                }
            }
            Item::Union(u) => {
                self.emit(container, &u.ident.to_string(), "struct", line(self));
                let inner = join(container, &u.ident.to_string());
                for field in &u.fields.named {
                    let at = self.line(field, |f| &mut f.attrs);
                    self.emit(&inner, &field.ident.as_ref().map(|i| i.to_string()).unwrap_or_default(), "property", at);
                }
            }
            Item::Enum(e) => {
                self.emit(container, &e.ident.to_string(), "enum", line(self));
                let inner = join(container, &e.ident.to_string());
                for variant in &e.variants {
                    let at = self.line(variant, |v| &mut v.attrs);
                    self.emit(&inner, &variant.ident.to_string(), "constant", at);
                }
            }
            Item::Trait(t) => {
                self.emit(container, &t.ident.to_string(), "trait", line(self));
                let inner = join(container, &t.ident.to_string());
                for member in &t.items {
                    self.trait_item(member, &inner);
                }
            }
            Item::Type(t) => self.emit(container, &t.ident.to_string(), "type", line(self)),
            Item::Const(c) => self.emit(container, &c.ident.to_string(), "constant", line(self)),
            Item::Static(s) => self.emit(container, &s.ident.to_string(), "variable", line(self)),
            Item::Mod(m) => {
                self.emit(container, &m.ident.to_string(), "module", line(self));
                if let Some((_, content)) = &m.content {
                    self.items(content, &join(container, &m.ident.to_string()));
                }
            }
            Item::Macro(m) => {
                if let Some(ident) = &m.ident {
                    if m.mac.path.is_ident("macro_rules") {
                        self.emit(container, &ident.to_string(), "function", line(self));
                    }
                }
            }
            Item::ForeignMod(f) => {
                for foreign in &f.items {
                    match foreign {
                        syn::ForeignItem::Fn(i) => {
                            let at = self.line(i, |i| &mut i.attrs);
                            self.emit(container, &i.sig.ident.to_string(), "function", at)
                        }
                        syn::ForeignItem::Static(i) => {
                            let at = self.line(i, |i| &mut i.attrs);
                            self.emit(container, &i.ident.to_string(), "variable", at)
                        }
                        syn::ForeignItem::Type(i) => {
                            let at = self.line(i, |i| &mut i.attrs);
                            self.emit(container, &i.ident.to_string(), "type", at)
                        }
                        _ => {}
                    }
                }
            }
            Item::Impl(i) => {
                let Some(name) = type_name(&i.self_ty) else { return };
                let inner = join(container, &name);
                for member in &i.items {
                    match member {
                        ImplItem::Method(m) => {
                            let at = self.line(m, |m| &mut m.attrs);
                            self.emit(&inner, &m.sig.ident.to_string(), receiver_kind(&m.sig), at)
                        }
                        ImplItem::Const(c) => {
                            let at = self.line(c, |c| &mut c.attrs);
                            self.emit(&inner, &c.ident.to_string(), "constant", at)
                        }
                        ImplItem::Type(t) => {
                            let at = self.line(t, |t| &mut t.attrs);
                            self.emit(&inner, &t.ident.to_string(), "type", at)
                        }
                        _ => {}
                    }
                }
            }
            // syn 1 keeps what it has no node for as tokens: a `static` or `const` without a value
            // (`static TESTS: [Test];`, filled in by a linker attribute), `type X: Bound;`.
            Item::Verbatim(tokens) => {
                let parsed = syn::parse::Parser::parse2(
                    |input: syn::parse::ParseStream| {
                        let attrs = input.call(Attribute::parse_outer)?;
                        let _: syn::Visibility = input.parse()?;
                        let kind = if input.peek(syn::Token![static]) {
                            let _: syn::Token![static] = input.parse()?;
                            let _: Option<syn::Token![mut]> = input.parse()?;
                            "variable"
                        } else if input.peek(syn::Token![const]) {
                            let _: syn::Token![const] = input.parse()?;
                            "constant"
                        } else if input.peek(syn::Token![type]) {
                            let _: syn::Token![type] = input.parse()?;
                            "type"
                        } else {
                            return Err(input.error("not a declaration"));
                        };
                        let name: proc_macro2::Ident = input.call(syn::ext::IdentExt::parse_any)?;
                        let _: proc_macro2::TokenStream = input.parse()?;
                        Ok((attrs, kind, name))
                    },
                    tokens.clone(),
                );
                if let Ok((attrs, kind, name)) = parsed {
                    let first = attrs.iter().find(|attr| !self.is_doc_comment(attr)).map(|attr| attr.pound_token.span.start().line);
                    let at = first.unwrap_or_else(|| {
                        let rest: proc_macro2::TokenStream = tokens.clone().into_iter().skip_while(|token| {
                            matches!(token, proc_macro2::TokenTree::Punct(p) if p.as_char() == '#') || matches!(token, proc_macro2::TokenTree::Group(g) if g.delimiter() == proc_macro2::Delimiter::Bracket)
                        }).collect();
                        rest.span().start().line
                    });
                    self.emit(container, &name.to_string(), kind, at);
                }
            }
            _ => {}
        }
    }

    fn trait_item(&mut self, member: &TraitItem, container: &str) {
        match member {
            TraitItem::Method(m) => {
                let at = self.line(m, |m| &mut m.attrs);
                self.emit(container, &m.sig.ident.to_string(), receiver_kind(&m.sig), at)
            }
            TraitItem::Const(c) => {
                let at = self.line(c, |c| &mut c.attrs);
                self.emit(container, &c.ident.to_string(), "constant", at)
            }
            TraitItem::Type(t) => {
                let at = self.line(t, |t| &mut t.attrs);
                self.emit(container, &t.ident.to_string(), "type", at)
            }
            _ => {}
        }
    }
}

/// A fn taking `self` in any form (`&self`, `mut self`, `self: Box<Self>`) is a method.
fn receiver_kind(sig: &syn::Signature) -> &'static str {
    match sig.inputs.first() {
        Some(FnArg::Receiver(_)) => "method",
        Some(FnArg::Typed(typed)) => match &*typed.pat {
            Pat::Ident(ident) if ident.ident == "self" => "method",
            _ => "function",
        },
        None => "function",
    }
}

/// The implemented type's name: the last segment of its path, through references, parentheses
/// and `dyn`; None for a type without one (a tuple, a slice, a pointer, a fn type).
fn type_name(ty: &Type) -> Option<String> {
    match ty {
        Type::Reference(r) => type_name(&r.elem),
        Type::Paren(p) => type_name(&p.elem),
        Type::Group(g) => type_name(&g.elem),
        Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
        Type::TraitObject(t) => t.bounds.iter().find_map(|bound| match bound {
            TypeParamBound::Trait(t) => t.path.segments.last().map(|s| s.ident.to_string()),
            _ => None,
        }),
        _ => None,
    }
}

fn join(container: &str, name: &str) -> String {
    if container.is_empty() {
        name.to_string()
    } else {
        format!("{container}.{name}")
    }
}

fn json(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn main() {
    let root = std::env::args().nth(1).expect("usage: rust-symbols <root> < paths");
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    for path in io::stdin().lock().lines() {
        let path = path.expect("stdin");
        if path.is_empty() {
            continue;
        }
        let text = match std::fs::read_to_string(Path::new(&root).join(&path)) {
            Ok(text) => text,
            Err(error) => {
                let _ = writeln!(out, "{{\"path\":{},\"error\":{}}}", json(&path), json(&error.to_string()));
                continue;
            }
        };
        match syn::parse_file(&text) {
            Ok(file) => {
                let mut emitter = Emitter { path: &path, lines: text.split('\n').collect(), out: &mut out };
                emitter.items(&file.items, "");
            }
            Err(error) => {
                let _ = writeln!(out, "{{\"path\":{},\"error\":{}}}", json(&path), json(&error.to_string()));
            }
        }
    }
}
