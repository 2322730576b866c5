# The symbol oracle for Ruby in scripts/eval-languages.mjs: Ruby's own parser (Ripper), sharing no
# code with ctx's tree-sitter extractor. Usage: ruby ruby_symbols.rb <root>, repo-relative paths on
# stdin, one JSON object per line: {"path","container","name","kind","line"} per declaration in scope,
# or {"path","error"} when Ripper cannot parse the file.
#
# Scope (scripts/languages/ruby.mjs): classes and modules, `def` (a method in a class, module or
# `class << x` body, a function at top level; `def self.x` alike), constant assignments (`X =`,
# `X ||=`, `A, B =`, `Mod::X =`; a class when the value is `Class.new`/`Struct.new`/`Data.define`, a
# module for `Module.new`) and `attr_reader`/`attr_writer`/`attr_accessor` names (properties), in
# class and module bodies and at the top of a file, including inside `if`/`unless`/`case`/`begin`
# branches and modifiers there and as the arguments of a receiverless call without a block
# (`private def x`); never inside a method or a block. The line is the name's.
require "json"
require "ripper"

ROOT = ARGV.fetch(0)
ATTRIBUTES = %w[attr_reader attr_writer attr_accessor].freeze
FACTORIES = { "Class.new" => "class", "Struct.new" => "class", "Data.define" => "class", "Module.new" => "module" }.freeze

class Declarations
  attr_reader :rows

  def initialize(path)
    @path = path
    @rows = []
  end

  def emit(container, name, kind, line)
    @rows << { path: @path, container: container, name: name, kind: kind, line: line }
  end

  def statements(list, container, in_type)
    return unless list.is_a?(Array)
    # A lone statement (`[:def, …]`) and a list of them (`[[:def, …], …]`) both reach here.
    if list.first.is_a?(Symbol)
      statement(list, container, in_type)
    else
      list.each { |node| statement(node, container, in_type) }
    end
  end

  def bodystmt(node, container, in_type)
    return unless node.is_a?(Array)
    return statements(node, container, in_type) unless node.first == :bodystmt
    _, stmts, rescue_clause, else_clause, ensure_clause = node
    statements(stmts, container, in_type)
    statement(rescue_clause, container, in_type) if rescue_clause
    statements(else_clause, container, in_type) if else_clause
    statement(ensure_clause, container, in_type) if ensure_clause
  end

  def join(container, segments)
    ([container] + segments).reject(&:empty?).join(".")
  end

  # [segments, absolute] of a constant path's scope part, or nil when it goes through anything but constants.
  def scope_segments(node)
    case node&.first
    when :var_ref then node[1][0] == :@const ? [[node[1][1]], false] : nil
    when :top_const_ref then [[node[1][1]], true]
    when :const_path_ref
      outer = scope_segments(node[1])
      outer && [outer[0] + [node[2][1]], outer[1]]
    end
  end

  # [name, container, line] a class path or an assigned constant declares, or nil.
  def constant_target(node, container)
    case node&.first
    when :const_ref, :top_const_ref, :top_const_field
      const = node[1]
      return nil unless const[0] == :@const
      [const[1], node.first == :const_ref ? container : "", const[2][0]]
    when :var_field
      const = node[1]
      const.is_a?(Array) && const[0] == :@const ? [const[1], container, const[2][0]] : nil
    when :const_path_ref, :const_path_field
      outer = scope_segments(node[1])
      return nil unless outer
      segments, absolute = outer
      [node[2][1], absolute ? segments.join(".") : join(container, segments), node[2][2][0]]
    end
  end

  def factory_kind(value)
    value = value[1] while value.is_a?(Array) && %i[method_add_block method_add_arg].include?(value.first)
    return nil unless value.is_a?(Array) && value.first == :call
    receiver = value[1]
    method = value[3]
    owner = %i[var_ref top_const_ref].include?(receiver&.first) && receiver[1][0] == :@const ? receiver[1][1] : nil
    owner && method.is_a?(Array) ? FACTORIES["#{owner}.#{method[1]}"] : nil
  end

  def assignment(node, container)
    targets = []
    value = node
    while value.is_a?(Array) && %i[assign opassign massign].include?(value.first)
      if value.first == :massign
        targets.concat(value[1]) if value[1].is_a?(Array) && value[1].first.is_a?(Array)
        value = value[2]
      else
        targets << value[1]
        value = value.first == :assign ? value[2] : value[3]
      end
    end
    kind = factory_kind(value) || "constant"
    targets.each do |target|
      found = constant_target(target, container)
      emit(found[1], found[0], kind, found[2]) if found
    end
  end

  def literal_name(arg)
    case arg&.first
    when :symbol_literal
      symbol = arg[1]
      symbol = symbol[1] if symbol.first == :symbol
      symbol[1]
    when :string_literal, :dyna_symbol
      content = arg[1]
      parts = content.first == :string_content ? content[1..] : nil
      parts && parts.length == 1 && parts[0][0] == :@tstring_content ? parts[0][1] : nil
    end
  end

  def call(name, args, container, in_type)
    args = args[1] if args.is_a?(Array) && args.first == :args_add_block
    return unless args.is_a?(Array) && !args.first.is_a?(Symbol)
    if ATTRIBUTES.include?(name)
      args.each do |arg|
        attr = literal_name(arg)
        next unless attr
        position = arg.flatten.find { |x| x.is_a?(Integer) }
        emit(container, attr, "property", position)
      end
    else
      args.each { |arg| statement(arg, container, in_type) }
    end
  end

  def statement(node, container, in_type)
    return unless node.is_a?(Array)
    case node.first
    when :class, :module
      found = constant_target(node[1], container)
      return unless found
      name, outer, line = found
      emit(outer, name, node.first.to_s, line)
      bodystmt(node.first == :class ? node[3] : node[2], join(outer, [name]), true)
    when :sclass
      bodystmt(node[2], container, true)
    when :def
      emit(container, node[1][1], in_type ? "method" : "function", node[1][2][0])
    when :defs
      emit(container, node[3][1], in_type ? "method" : "function", node[3][2][0])
    when :assign, :opassign, :massign
      assignment(node, container)
    when :command
      call(node[1][1], node[2], container, in_type) if node[1][0] == :@ident
    when :method_add_arg
      fcall = node[1]
      paren = node[2]
      args = paren.is_a?(Array) && paren.first == :arg_paren ? paren[1] : nil
      call(fcall[1][1], args, container, in_type) if fcall.first == :fcall && args
    when :if, :unless, :elsif
      statements(node[2], container, in_type)
      statement(node[3], container, in_type)
    when :else, :ensure
      statements(node[1], container, in_type)
    when :if_mod, :unless_mod
      statement(node[2], container, in_type)
    when :case
      statement(node[2], container, in_type) if node[2]&.first == :when
    when :when
      statements(node[2], container, in_type)
      statement(node[3], container, in_type)
    when :begin
      bodystmt(node[1], container, in_type)
    when :rescue
      statements(node[3], container, in_type)
      statement(node[4], container, in_type)
    end
  end
end

$stdin.each_line do |line|
  path = line.chomp
  next if path.empty?
  begin
    source = File.binread(File.join(ROOT, path)).force_encoding(Encoding::UTF_8)
    tree = Ripper.sexp(source, path)
    if tree.nil?
      puts JSON.generate({ path: path, error: "syntax error" })
      next
    end
    declarations = Declarations.new(path)
    declarations.statements(tree[1], "", false)
    declarations.rows.each { |row| puts JSON.generate(row) }
  rescue StandardError, SystemStackError => e
    puts JSON.generate({ path: path, error: e.class.name })
  end
end
