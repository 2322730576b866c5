// Symbol oracle for `npm run eval` (scripts/eval-languages.mjs): Go's own parser, go/parser and go/ast.
//
// Reads repository-relative paths on stdin (one per line) under the root given as the first
// argument and prints one JSON object per declaration in ctx's scope: package-level funcs, methods
// (container: the receiver's type name), types, consts and vars, the fields of struct types and the
// methods of interface types declared at package level (an embedded field named by its type). The
// blank identifier declares nothing. A file Go cannot parse is reported as {"path", "error"}.
package main

import (
	"bufio"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
)

type declaration struct {
	Path      string `json:"path"`
	Container string `json:"container"`
	Name      string `json:"name"`
	Kind      string `json:"kind"`
	Line      int    `json:"line"`
}

func typeName(expr ast.Expr) string {
	for {
		switch e := expr.(type) {
		case *ast.StarExpr:
			expr = e.X
		case *ast.ParenExpr:
			expr = e.X
		case *ast.IndexExpr:
			expr = e.X
		case *ast.IndexListExpr:
			expr = e.X
		case *ast.SelectorExpr:
			return e.Sel.Name
		case *ast.Ident:
			return e.Name
		default:
			return ""
		}
	}
}

func main() {
	root := os.Args[1]
	out := json.NewEncoder(os.Stdout)
	scanner := bufio.NewScanner(os.Stdin)
	for scanner.Scan() {
		path := scanner.Text()
		if path == "" {
			continue
		}
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, filepath.Join(root, path), nil, parser.SkipObjectResolution)
		if err != nil {
			out.Encode(map[string]string{"path": path, "error": err.Error()})
			continue
		}
		line := func(pos token.Pos) int { return fset.Position(pos).Line }
		emit := func(container, name, kind string, pos token.Pos) {
			if name == "_" || name == "" {
				return
			}
			out.Encode(declaration{path, container, name, kind, line(pos)})
		}
		for _, decl := range file.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if d.Recv != nil && len(d.Recv.List) > 0 {
					emit(typeName(d.Recv.List[0].Type), d.Name.Name, "method", d.Pos())
				} else {
					emit("", d.Name.Name, "function", d.Pos())
				}
			case *ast.GenDecl:
				grouped := d.Lparen.IsValid()
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						pos := d.Pos()
						if grouped {
							pos = s.Pos()
						}
						kind := "type"
						if s.Assign.IsValid() {
							kind = "type"
						} else if _, ok := s.Type.(*ast.StructType); ok {
							kind = "struct"
						} else if _, ok := s.Type.(*ast.InterfaceType); ok {
							kind = "interface"
						}
						emit("", s.Name.Name, kind, pos)
						if s.Assign.IsValid() {
							continue
						}
						switch t := s.Type.(type) {
						case *ast.StructType:
							for _, field := range t.Fields.List {
								if len(field.Names) == 0 {
									emit(s.Name.Name, typeName(field.Type), "property", field.Pos())
								}
								for _, name := range field.Names {
									emit(s.Name.Name, name.Name, "property", field.Pos())
								}
							}
						case *ast.InterfaceType:
							for _, method := range t.Methods.List {
								if _, ok := method.Type.(*ast.FuncType); !ok {
									continue
								}
								for _, name := range method.Names {
									emit(s.Name.Name, name.Name, "method", method.Pos())
								}
							}
						}
					case *ast.ValueSpec:
						pos := d.Pos()
						if grouped {
							pos = s.Pos()
						}
						kind := "variable"
						if d.Tok == token.CONST {
							kind = "constant"
						}
						for _, name := range s.Names {
							emit("", name.Name, kind, pos)
						}
					}
				}
			}
		}
	}
}
