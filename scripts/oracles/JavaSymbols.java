// Symbol oracle for `npm run eval` (scripts/eval-languages.mjs): javac's own parser, through its tree
// API (com.sun.source), parse only: no attribution, no annotation processing.
//
// Reads repository-relative paths on stdin (one per line) under the root given as the first argument
// and prints one JSON object per declaration in ctx's scope: classes, interfaces, annotation types
// (kind interface), enums and records at top level and nested in one another (never a local class in
// a body, an anonymous class, or an enum constant's body); their fields (one row per declarator:
// `static final`, or any field of an interface or annotation type, is a constant, else a property),
// methods, constructors (a compact one too; named after the class), enum constants (constant),
// record components (property) and annotation type elements (method). The container is the dotted
// path of enclosing types; the line is that of javac's start position of the declaration, which
// includes its annotations and modifiers. A file javac reports a syntax error in is {"path", "error"}.
//
// Run: java --add-exports jdk.compiler/com.sun.tools.javac.tree=ALL-UNNAMED
//           --add-exports jdk.compiler/com.sun.tools.javac.code=ALL-UNNAMED
//           scripts/oracles/JavaSymbols.java <root>
// (the flags tell enum constants and record components apart from the fields javac's tree shows them as).

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.LineMap;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.Trees;
import com.sun.tools.javac.code.Flags;
import com.sun.tools.javac.tree.JCTree;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Modifier;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

public class JavaSymbols {
  private static PrintStream out;

  public static void main(String[] args) throws Exception {
    out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    String root = args[0];
    List<String> paths = new ArrayList<>();
    try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) if (!line.isEmpty()) paths.add(line);
    }
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    // Batches keep memory bounded on large repositories; each file parses on its own anyway.
    for (int from = 0; from < paths.size(); from += 500) parseBatch(compiler, root, paths.subList(from, Math.min(paths.size(), from + 500)));
    out.flush();
  }

  private static void parseBatch(JavaCompiler compiler, String root, List<String> paths) throws Exception {
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    StandardJavaFileManager files = compiler.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8);
    Map<String, String> pathOf = new HashMap<>();
    List<File> sources = new ArrayList<>();
    for (String path : paths) {
      File file = new File(root, path);
      sources.add(file);
      pathOf.put(file.getAbsoluteFile().toPath().normalize().toString(), path);
    }
    List<String> options = List.of("-proc:none", "-encoding", "UTF-8", "-Xlint:none", "-nowarn");
    JavacTask task = (JavacTask) compiler.getTask(null, files, diagnostics, options, null, files.getJavaFileObjectsFromFiles(sources));
    Iterable<? extends CompilationUnitTree> units = task.parse();
    Set<String> broken = new HashSet<>();
    for (Diagnostic<? extends JavaFileObject> diagnostic : diagnostics.getDiagnostics()) {
      if (diagnostic.getKind() == Diagnostic.Kind.ERROR && diagnostic.getSource() != null) broken.add(pathOf.get(new File(diagnostic.getSource().toUri()).toPath().normalize().toString()));
    }
    SourcePositions positions = Trees.instance(task).getSourcePositions();
    for (CompilationUnitTree unit : units) {
      String path = pathOf.get(new File(unit.getSourceFile().toUri()).toPath().normalize().toString());
      if (path == null) continue;
      if (broken.contains(path)) {
        out.println("{\"path\":" + json(path) + ",\"error\":\"syntax error\"}");
        continue;
      }
      for (Tree type : unit.getTypeDecls()) if (type instanceof ClassTree) visitType((ClassTree) type, "", path, unit, positions);
    }
    files.close();
  }

  private static void visitType(ClassTree type, String container, String path, CompilationUnitTree unit, SourcePositions positions) {
    String name = type.getSimpleName().toString();
    String kind;
    switch (type.getKind()) {
      case INTERFACE:
      case ANNOTATION_TYPE:
        kind = "interface";
        break;
      case ENUM:
        kind = "enum";
        break;
      case RECORD:
        kind = "record";
        break;
      default:
        kind = "class";
    }
    emit(path, container, name, kind, line(unit, positions, type));
    String inner = container.isEmpty() ? name : container + "." + name;
    boolean interfaceLike = type.getKind() == Tree.Kind.INTERFACE || type.getKind() == Tree.Kind.ANNOTATION_TYPE;
    for (Tree member : type.getMembers()) {
      if (member instanceof ClassTree) {
        visitType((ClassTree) member, inner, path, unit, positions);
      } else if (member instanceof MethodTree) {
        MethodTree method = (MethodTree) member;
        boolean constructor = method.getName().contentEquals("<init>");
        emit(path, inner, constructor ? name : method.getName().toString(), constructor ? "constructor" : "method", line(unit, positions, method));
      } else if (member instanceof VariableTree) {
        VariableTree variable = (VariableTree) member;
        long flags = ((JCTree.JCVariableDecl) variable).mods.flags;
        Set<Modifier> modifiers = variable.getModifiers().getFlags();
        String fieldKind;
        if ((flags & Flags.ENUM) != 0) fieldKind = "constant";
        else if ((flags & Flags.RECORD) != 0) fieldKind = "property";
        else if (interfaceLike || (modifiers.contains(Modifier.STATIC) && modifiers.contains(Modifier.FINAL))) fieldKind = "constant";
        else fieldKind = "property";
        emit(path, inner, variable.getName().toString(), fieldKind, line(unit, positions, variable));
      }
      // Initializer blocks and stray `;` declare nothing.
    }
  }

  private static long line(CompilationUnitTree unit, SourcePositions positions, Tree tree) {
    LineMap lines = unit.getLineMap();
    return lines.getLineNumber(positions.getStartPosition(unit, tree));
  }

  private static void emit(String path, String container, String name, String kind, long line) {
    out.println("{\"path\":" + json(path) + ",\"container\":" + json(container) + ",\"name\":" + json(name) + ",\"kind\":\"" + kind + "\",\"line\":" + line + "}");
  }

  private static String json(String value) {
    StringBuilder quoted = new StringBuilder("\"");
    for (char c : value.toCharArray()) {
      if (c == '"' || c == '\\') quoted.append('\\').append(c);
      else if (c < 0x20) quoted.append(String.format("\\u%04x", (int) c));
      else quoted.append(c);
    }
    return quoted.append('"').toString();
  }
}
