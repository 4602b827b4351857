'use strict';
// The walk of one source file: which names are sites, of which kind, and where each goes. The rules are those of
// README.md (and docs/EVALUATION.md, "Navigation edges: TypeScript"); each comment names the rule it implements.

const TYPE_FLAGS = (ts) => ts.SymbolFlags.Class | ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Enum;

function walkFile(ctx, sf) {
  const { ts, checker } = ctx;
  const file = ctx.rel(sf.fileName);
  const lineOf = (node) => node.getSourceFile().getLineAndCharacterOfPosition(node.getStart(node.getSourceFile())).line + 1;

  /** The line of a declaration's name; a constructor's `constructor` keyword; a nameless one's first token. */
  function declLine(d) {
    if (d.name) return lineOf(d.name);
    if (d.kind === ts.SyntaxKind.Constructor) {
      const kw = d.getChildren(d.getSourceFile()).find((c) => c.kind === ts.SyntaxKind.ConstructorKeyword);
      if (kw) return lineOf(kw);
    }
    return lineOf(d);
  }

  /** The owner-qualified name of a declaration outside the repository (in practice: the TypeScript library's). */
  function externalName(d, withParams) {
    const sym = d.name ? checker.getSymbolAtLocation(d.name) : undefined;
    let name;
    if (sym) {
      name = checker.getFullyQualifiedName(sym);
    } else {
      // the interface or class declaring it; for a type literal's signature, the variable or property typed by it
      // (the library's `declare var AbortController: { new(): AbortController }`)
      const o = d.parent && ts.isTypeLiteralNode(d.parent) ? d.parent.parent : d.parent;
      const owner = o && o.name ? checker.getSymbolAtLocation(o.name) : undefined;
      const member = { [ts.SyntaxKind.Constructor]: 'constructor', [ts.SyntaxKind.ConstructSignature]: 'new' }[d.kind] || 'call';
      name = `${owner ? checker.getFullyQualifiedName(owner) : '?'}.${member}`;
    }
    if (withParams && d.parameters) {
      const params = d.parameters.map((p) => (p.dotDotDotToken ? '...' : '') + (p.type ? p.type.getText() : 'any'));
      name += `(${params.join(',').replace(/\s+/g, ' ')})`;
    }
    return name;
  }

  function target(d, withParams) {
    const f = ctx.rel(d.getSourceFile().fileName);
    return f !== null ? { file: f, line: declLine(d) } : { external: externalName(d, withParams) };
  }

  const isAnyish = (type) => !!type && (type.flags & ts.TypeFlags.Any) !== 0;
  const isTypeDecl = (d) =>
    ts.isClassDeclaration(d) || ts.isClassExpression(d) || ts.isInterfaceDeclaration(d) || ts.isTypeAliasDeclaration(d) || ts.isEnumDeclaration(d);

  /** A symbol with aliases (imports, re-exports) followed; null when the chain ends nowhere (a missing module). */
  function resolved(s) {
    if (!s) return null;
    if (s.flags & ts.SymbolFlags.Alias) s = checker.getAliasedSymbol(s);
    return s && s.declarations && s.declarations.length > 0 ? s : null;
  }

  /** TYPE targets the first class/interface/type alias/enum declaration; a merged value's type side first. */
  const typeDecl = (s) => s.declarations.find(isTypeDecl) || s.declarations[0];
  const valueDecl = (s) => s.valueDeclaration || s.declarations[0];

  const isModuleLevel = (d) =>
    ts.isVariableDeclaration(d) &&
    ts.isVariableDeclarationList(d.parent) &&
    ts.isVariableStatement(d.parent.parent) &&
    (ts.isSourceFile(d.parent.parent.parent) || ts.isModuleBlock(d.parent.parent.parent));

  /** A function expression's or arrow's holder: the variable, property or field it initialises. */
  function holder(fn) {
    const p = fn.parent;
    if ((ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) && p.initializer === fn && p.name) return p;
    return null;
  }

  /** The declaration a call goes to, or undefined (no edge), or null (unknown). */
  function callDecl(call, s) {
    const type = checker.getTypeAtLocation(call.expression);
    const sigs = ts.isNewExpression(call) ? type.getConstructSignatures() : type.getCallSignatures();
    if (sigs.length > 1 && (call.arguments || []).some((a) => isAnyish(checker.getTypeAtLocation(a)))) return null;
    const d = (checker.getResolvedSignature(call) || {}).declaration;
    if (ts.isNewExpression(call) && s.flags & ts.SymbolFlags.Class) {
      // A class's own constructor (the overload that resolved), else the class itself (no constructor declared).
      return d && ts.isConstructorDeclaration(d) && s.declarations.includes(d.parent) ? d : s.declarations.find(ts.isClassLike);
    }
    if (!d) return isAnyish(type) || sigs.length > 0 ? null : undefined;
    switch (d.kind) {
      case ts.SyntaxKind.FunctionDeclaration:
      case ts.SyntaxKind.MethodDeclaration:
      case ts.SyntaxKind.MethodSignature:
      case ts.SyntaxKind.Constructor:
      case ts.SyntaxKind.ConstructSignature:
      case ts.SyntaxKind.CallSignature:
        return d;
      case ts.SyntaxKind.ArrowFunction:
      case ts.SyntaxKind.FunctionExpression:
        return holder(d) || (d.name ? d : valueDecl(s));
      default: {
        // A function type (of a property, variable or parameter): the property or module-level variable called
        // through; a parameter's or local's function type is no declaration of the called code.
        const v = valueDecl(s);
        const field = s.flags & (ts.SymbolFlags.Property | ts.SymbolFlags.Method) || isModuleLevel(v);
        return field ? v : undefined;
      }
    }
  }

  /** The call or new whose callee name `node` is (through a property access, parentheses or `!`), if any. */
  function callOf(node) {
    let e = ts.isPropertyAccessExpression(node.parent) && node.parent.name === node ? node.parent : node;
    while ((ts.isParenthesizedExpression(e.parent) || ts.isNonNullExpression(e.parent)) && e.parent.expression === e) e = e.parent;
    const p = e.parent;
    return (ts.isCallExpression(p) || ts.isNewExpression(p)) && p.expression === e ? p : null;
  }

  const inHeritage = (node) => {
    let e = node;
    while (ts.isPropertyAccessExpression(e.parent) && e.parent.name === e) e = e.parent;
    return ts.isExpressionWithTypeArguments(e.parent) && ts.isHeritageClause(e.parent.parent);
  };

  /** Names that are no sites: declarations' own names, binding patterns, labels, JSX attribute and meta names. */
  function notASite(node) {
    const p = node.parent;
    if (ts.isBindingElement(p)) return p.name === node || p.propertyName === node;
    if (ts.isShorthandPropertyAssignment(p)) return false; // a read of the variable of that name (below)
    if (ts.isDeclarationName(node)) return true;
    return (
      ts.isLabeledStatement(p) || ts.isBreakOrContinueStatement(p) || ts.isJsxAttribute(p) || ts.isMetaProperty(p) ||
      ts.isTypePredicateNode(p) || ts.isNamedTupleMember(p) || ts.isImportTypeNode(p) || ts.isJsxNamespacedName(p)
    );
  }

  function identifier(node) {
    if (notASite(node)) return;
    const line = lineOf(node);
    const call = callOf(node);
    const isNew = call && ts.isNewExpression(call);
    const typePos = ts.isPartOfTypeNode(node) || inHeritage(node);
    const raw = ts.isShorthandPropertyAssignment(node.parent)
      ? checker.getShorthandAssignmentValueSymbol(node.parent)
      : checker.getSymbolAtLocation(node);
    const s = resolved(raw);
    if (!s) {
      if (raw && !(raw.flags & ts.SymbolFlags.Alias)) return; // resolved to something without a declaration (undefined, arguments)
      const member = ts.isPropertyAccessExpression(node.parent) && node.parent.name === node;
      if (call) ctx.unknown('CALL', file, line);
      if (isNew || typePos || (!call && !member)) ctx.unknown('TYPE', file, line);
      if (!call && !typePos) ctx.unknown('FIELD', file, line);
      return;
    }
    if (call) {
      const d = callDecl(call, s);
      if (d === null) ctx.unknown('CALL', file, line);
      else if (d) ctx.edge('CALL', file, line, target(d, true));
      if (isNew && s.flags & TYPE_FLAGS(ts)) ctx.edge('TYPE', file, line, target(typeDecl(s)));
      return;
    }
    if (s.flags & ts.SymbolFlags.TypeParameter) return;
    if (typePos) {
      if (s.flags & TYPE_FLAGS(ts)) ctx.edge('TYPE', file, line, target(typeDecl(s)));
      return;
    }
    const libConstructor = s.flags & ts.SymbolFlags.Variable && s.flags & ts.SymbolFlags.Interface;
    if (s.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Enum) || libConstructor) {
      ctx.edge('TYPE', file, line, target(typeDecl(s)));
    } else if (s.flags & (ts.SymbolFlags.Property | ts.SymbolFlags.EnumMember | ts.SymbolFlags.Accessor)) {
      ctx.edge('FIELD', file, line, target(valueDecl(s)));
    } else if (s.flags & ts.SymbolFlags.Variable && isModuleLevel(valueDecl(s))) {
      ctx.edge('FIELD', file, line, target(valueDecl(s)));
    }
  }

  /** `super(...)`: the base class's constructor that resolved, else the base class. */
  function superCall(call) {
    const line = lineOf(call.expression);
    const cls = ts.findAncestor(call, ts.isClassLike);
    const ext = cls && (cls.heritageClauses || []).find((h) => h.token === ts.SyntaxKind.ExtendsKeyword);
    const e = ext && ext.types[0].expression;
    const base = e && resolved(checker.getSymbolAtLocation(ts.isPropertyAccessExpression(e) ? e.name : e));
    if (!base) return ctx.unknown('CALL', file, line);
    const d = (checker.getResolvedSignature(call) || {}).declaration;
    const own = d && ts.isConstructorDeclaration(d) && base.declarations.includes(d.parent);
    const decl = own ? d : base.declarations.find(ts.isClassLike);
    if (decl) ctx.edge('CALL', file, line, target(decl, true));
    else ctx.unknown('CALL', file, line);
  }

  /** IMPORT: a named or default import, or a named re-export from a module, to the declaration it names. */
  function importName(spec, name) {
    const s = resolved(checker.getSymbolAtLocation(name));
    if (s) ctx.edge('IMPORT', file, lineOf(spec), target(s.declarations[0]));
    else ctx.unknown('IMPORT', file, lineOf(spec));
  }

  function imports(node) {
    if (ts.isImportDeclaration(node) && node.importClause) {
      const c = node.importClause;
      if (c.name) importName(c.name, c.name);
      if (c.namedBindings && ts.isNamedImports(c.namedBindings)) c.namedBindings.elements.forEach((e) => importName(e, e.name));
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && node.exportClause && ts.isNamedExports(node.exportClause)) {
      node.exportClause.elements.forEach((e) => importName(e, e.name));
    }
  }

  /** Whether every supertype up a class's extends chain (an interface's extends) resolved. */
  function chainResolved(type, seen = new Set()) {
    const sym = type && type.symbol;
    if (!sym || seen.has(sym)) return true;
    seen.add(sym);
    for (const d of sym.declarations || []) {
      for (const h of d.heritageClauses || []) {
        if (ts.isClassLike(d) && h.token !== ts.SyntaxKind.ExtendsKeyword) continue;
        for (const t of h.types) {
          const e = t.expression;
          if (!resolved(checker.getSymbolAtLocation(ts.isPropertyAccessExpression(e) ? e.name : e))) return false;
          if (!chainResolved(checker.getTypeAtLocation(t), seen)) return false;
        }
      }
    }
    return true;
  }

  /** SUPERTYPE edges of a named class or interface, and OVERRIDE edges of its methods. */
  function typeDeclaration(node) {
    if (!node.name) return;
    const line = lineOf(node.name);
    const supers = [];
    for (const h of node.heritageClauses || []) {
      for (const t of h.types) {
        supers.push(t);
        const e = t.expression;
        if (!ts.isIdentifier(e) && !ts.isPropertyAccessExpression(e)) continue; // a mixin call is no named type
        const s = resolved(checker.getSymbolAtLocation(ts.isPropertyAccessExpression(e) ? e.name : e));
        if (s) ctx.edge('SUPERTYPE', file, line, target(typeDecl(s)));
        else ctx.unknown('SUPERTYPE', file, line);
      }
    }
    for (const m of node.members) {
      if (!(ts.isMethodDeclaration(m) || ts.isMethodSignature(m)) || !m.name) continue;
      if (!(ts.isIdentifier(m.name) || ts.isStringLiteral(m.name))) continue;
      if ((ts.getCombinedModifierFlags(m) & ts.ModifierFlags.Static) !== 0) continue; // statics hide, they do not override
      const own = checker.getSymbolAtLocation(m.name);
      if (own && own.declarations && own.declarations[0] !== m) continue; // one site per overloaded method
      for (const t of supers) {
        const type = checker.getTypeAtLocation(t);
        const prop = isAnyish(type) ? undefined : checker.getPropertyOfType(type, m.name.text);
        if (prop && prop.declarations && prop.declarations.length) ctx.edge('OVERRIDE', file, lineOf(m.name), target(prop.declarations[0], true));
        else if (isAnyish(type) || !chainResolved(type)) ctx.unknown('OVERRIDE', file, lineOf(m.name));
      }
    }
  }

  function visit(node) {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isImportEqualsDeclaration(node)) {
      imports(node);
      return;
    }
    if (ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node)) typeDeclaration(node);
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.SuperKeyword) superCall(node);
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) identifier(node);
    ts.forEachChild(node, visit);
  }

  visit(sf);
}

module.exports = { walkFile };
