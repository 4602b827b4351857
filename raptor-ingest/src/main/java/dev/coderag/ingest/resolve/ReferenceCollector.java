package dev.coderag.ingest.resolve;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.jdt.core.compiler.IProblem;
import org.eclipse.jdt.core.dom.ASTNode;
import org.eclipse.jdt.core.dom.ASTVisitor;
import org.eclipse.jdt.core.dom.AbstractTypeDeclaration;
import org.eclipse.jdt.core.dom.AnnotationTypeDeclaration;
import org.eclipse.jdt.core.dom.AnnotationTypeMemberDeclaration;
import org.eclipse.jdt.core.dom.BreakStatement;
import org.eclipse.jdt.core.dom.ClassInstanceCreation;
import org.eclipse.jdt.core.dom.CompilationUnit;
import org.eclipse.jdt.core.dom.ConstructorInvocation;
import org.eclipse.jdt.core.dom.ContinueStatement;
import org.eclipse.jdt.core.dom.CreationReference;
import org.eclipse.jdt.core.dom.EnumConstantDeclaration;
import org.eclipse.jdt.core.dom.EnumDeclaration;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.ExpressionMethodReference;
import org.eclipse.jdt.core.dom.FieldDeclaration;
import org.eclipse.jdt.core.dom.IBinding;
import org.eclipse.jdt.core.dom.IMethodBinding;
import org.eclipse.jdt.core.dom.ITypeBinding;
import org.eclipse.jdt.core.dom.IVariableBinding;
import org.eclipse.jdt.core.dom.ImportDeclaration;
import org.eclipse.jdt.core.dom.Javadoc;
import org.eclipse.jdt.core.dom.LabeledStatement;
import org.eclipse.jdt.core.dom.MethodDeclaration;
import org.eclipse.jdt.core.dom.MethodInvocation;
import org.eclipse.jdt.core.dom.Modifier;
import org.eclipse.jdt.core.dom.Name;
import org.eclipse.jdt.core.dom.NameQualifiedType;
import org.eclipse.jdt.core.dom.ParameterizedType;
import org.eclipse.jdt.core.dom.QualifiedName;
import org.eclipse.jdt.core.dom.QualifiedType;
import org.eclipse.jdt.core.dom.RecordDeclaration;
import org.eclipse.jdt.core.dom.SimpleName;
import org.eclipse.jdt.core.dom.SimpleType;
import org.eclipse.jdt.core.dom.SingleVariableDeclaration;
import org.eclipse.jdt.core.dom.SuperConstructorInvocation;
import org.eclipse.jdt.core.dom.SuperMethodInvocation;
import org.eclipse.jdt.core.dom.SuperMethodReference;
import org.eclipse.jdt.core.dom.Type;
import org.eclipse.jdt.core.dom.TypeDeclaration;
import org.eclipse.jdt.core.dom.TypeMethodReference;
import org.eclipse.jdt.core.dom.VariableDeclarationFragment;

/**
 * Walks one compilation unit with bindings and records its declarations and references into a {@link
 * FileReferences}. The sites are those of {@link ReferenceKind}; a name resolved onto a type that does not exist,
 * or a call whose overload cannot be told, is counted as unresolved instead.
 */
final class ReferenceCollector extends ASTVisitor {
    private final CompilationUnit unit;
    private final FileReferences out;
    /** Error ranges, [start, end] inclusive, sorted by start: a reference overlapping one is not EXACT. */
    private final int[][] errors;

    private ReferenceCollector(CompilationUnit unit, FileReferences out) {
        super(false);
        this.unit = unit;
        this.out = out;
        this.errors = Arrays.stream(unit.getProblems())
                .filter(IProblem::isError)
                .map(p -> new int[] {p.getSourceStart(), p.getSourceEnd()})
                .sorted((a, b) -> Integer.compare(a[0], b[0]))
                .toArray(int[][]::new);
    }

    static void collect(CompilationUnit unit, FileReferences out) {
        unit.accept(new ReferenceCollector(unit, out));
    }

    // ---- what is not walked

    @Override
    public boolean visit(Javadoc node) {
        return false; // a compiler does not resolve comments; links in Javadoc are no references
    }

    // ---- imports

    @Override
    public boolean visit(ImportDeclaration node) {
        if (node.isOnDemand()) {
            return false;
        }
        int line = line(node);
        if (!node.isStatic()) {
            IBinding b = node.resolveBinding();
            if (b instanceof ITypeBinding t && !t.isRecovered()) {
                referType(ReferenceKind.IMPORT, line, t, Resolution.EXACT);
            } else {
                out.unresolved(ReferenceKind.IMPORT);
            }
            return false;
        }
        // import static a.B.m: every static member of B named m (overloads, a field, a member type).
        Name name = node.getName();
        if (!(name instanceof QualifiedName q)
                || !(q.getQualifier().resolveBinding() instanceof ITypeBinding owner)
                || owner.isRecovered()) {
            out.unresolved(ReferenceKind.IMPORT);
            return false;
        }
        String member = q.getName().getIdentifier();
        int found = 0;
        for (IMethodBinding m : owner.getDeclaredMethods()) {
            if (m.getName().equals(member) && Modifier.isStatic(m.getModifiers())) {
                referMethod(ReferenceKind.IMPORT, line, m, Resolution.EXACT);
                found++;
            }
        }
        for (IVariableBinding f : owner.getDeclaredFields()) {
            if (f.getName().equals(member) && Modifier.isStatic(f.getModifiers())) {
                referField(ReferenceKind.IMPORT, line, f, Resolution.EXACT);
                found++;
            }
        }
        for (ITypeBinding t : owner.getDeclaredTypes()) {
            if (t.getName().equals(member)) {
                referType(ReferenceKind.IMPORT, line, t, Resolution.EXACT);
                found++;
            }
        }
        if (found == 0) {
            // Inherited by B from a supertype: the compiler's binding names the member.
            switch (node.resolveBinding()) {
                case IMethodBinding m -> referMethod(ReferenceKind.IMPORT, line, m, Resolution.EXACT);
                case IVariableBinding f when f.isField() -> referField(ReferenceKind.IMPORT, line, f, Resolution.EXACT);
                case ITypeBinding t when !t.isRecovered() -> referType(ReferenceKind.IMPORT, line, t, Resolution.EXACT);
                case null, default -> out.unresolved(ReferenceKind.IMPORT);
            }
        }
        return false;
    }

    // ---- declarations, supertypes, overrides

    @Override
    public boolean visit(TypeDeclaration node) {
        declareType(node);
        if (node.getSuperclassType() != null) {
            supertype(node, node.getSuperclassType());
        }
        for (Object t : node.superInterfaceTypes()) {
            supertype(node, (Type) t);
        }
        return true;
    }

    @Override
    public boolean visit(EnumDeclaration node) {
        declareType(node);
        for (Object t : node.superInterfaceTypes()) {
            supertype(node, (Type) t);
        }
        return true;
    }

    @Override
    public boolean visit(RecordDeclaration node) {
        ITypeBinding type = declareType(node);
        for (Object t : node.superInterfaceTypes()) {
            supertype(node, (Type) t);
        }
        if (type != null) {
            // A component declares a private field and, unless the body declares it, an accessor: both are at the
            // component's name.
            for (Object c : node.recordComponents()) {
                SimpleName n = ((SingleVariableDeclaration) c).getName();
                for (IVariableBinding f : type.getDeclaredFields()) {
                    if (f.getName().equals(n.getIdentifier())) {
                        declare(f.getKey(), n, BindingNames.field(f), "");
                    }
                }
            }
        }
        return true;
    }

    @Override
    public boolean visit(AnnotationTypeDeclaration node) {
        declareType(node);
        return true;
    }

    @Override
    public boolean visit(AnnotationTypeMemberDeclaration node) {
        IMethodBinding m = node.resolveBinding();
        if (m != null) {
            declare(m.getKey(), node.getName(), BindingNames.member(m), BindingNames.parameters(m));
        }
        return true;
    }

    @Override
    public boolean visit(MethodDeclaration node) {
        IMethodBinding m = node.resolveBinding();
        if (m == null) {
            return true;
        }
        declare(m.getKey(), node.getName(), BindingNames.member(m), BindingNames.parameters(m));
        if (!m.isConstructor()) {
            overrides(node, m);
        }
        return true;
    }

    @Override
    public boolean visit(FieldDeclaration node) {
        for (Object f : node.fragments()) {
            VariableDeclarationFragment v = (VariableDeclarationFragment) f;
            IVariableBinding b = v.resolveBinding();
            if (b != null && b.getDeclaringClass() != null) {
                declare(b.getKey(), v.getName(), BindingNames.field(b), "");
            }
        }
        return true;
    }

    @Override
    public boolean visit(EnumConstantDeclaration node) {
        IVariableBinding b = node.resolveVariable();
        if (b != null && b.getDeclaringClass() != null) {
            declare(b.getKey(), node.getName(), BindingNames.field(b), "");
        }
        return true;
    }

    private ITypeBinding declareType(AbstractTypeDeclaration node) {
        ITypeBinding t = node.resolveBinding();
        if (t != null) {
            declare(t.getKey(), node.getName(), BindingNames.type(t), "");
        }
        return t;
    }

    private void declare(String key, SimpleName name, String qualifiedName, String signature) {
        out.declarations.add(new FileReferences.Declaration(key, line(name), qualifiedName, signature));
    }

    private void supertype(AbstractTypeDeclaration decl, Type named) {
        ITypeBinding t = named.resolveBinding();
        if (t == null || t.isRecovered()) {
            out.unresolved(ReferenceKind.SUPERTYPE);
            return;
        }
        referType(ReferenceKind.SUPERTYPE, line(decl.getName()), t, resolution(named));
    }

    /** The methods {@code m} directly overrides: on each path up its supertypes, the first that it overrides. */
    private void overrides(MethodDeclaration node, IMethodBinding m) {
        if (Modifier.isStatic(m.getModifiers()) || Modifier.isPrivate(m.getModifiers())) {
            return;
        }
        ITypeBinding owner = m.getDeclaringClass();
        if (owner == null) {
            return;
        }
        Map<String, IMethodBinding> found = new LinkedHashMap<>();
        boolean[] incomplete = {false};
        Set<String> seen = new HashSet<>();
        for (ITypeBinding s : supertypes(owner)) {
            overridden(m, s, found, seen, incomplete);
        }
        if (owner.isInterface() && !isObject(owner)) {
            // An interface's supertype is Object too (JLS 9.2): toString(), equals(), hashCode() redeclared there
            // override Object's.
            overridden(m, unit.getAST().resolveWellKnownType("java.lang.Object"), found, seen, incomplete);
        }
        int line = line(node.getName());
        for (IMethodBinding o : found.values()) {
            referMethod(ReferenceKind.OVERRIDE, line, o, incomplete[0] ? Resolution.INFERRED : Resolution.EXACT);
        }
        if (found.isEmpty() && incomplete[0] && hasOverrideAnnotation(node)) {
            // It overrides something, in a supertype that is missing.
            out.unresolved(ReferenceKind.OVERRIDE);
        }
    }

    private static void overridden(
            IMethodBinding m,
            ITypeBinding type,
            Map<String, IMethodBinding> found,
            Set<String> seen,
            boolean[] incomplete) {
        if (type == null) {
            return;
        }
        if (type.isRecovered()) {
            incomplete[0] = true;
            return;
        }
        if (!seen.add(type.getKey())) {
            return;
        }
        for (IMethodBinding c : type.getDeclaredMethods()) {
            if (!c.isConstructor()
                    && c.getName().equals(m.getName())
                    && !Modifier.isStatic(c.getModifiers())
                    && !Modifier.isPrivate(c.getModifiers())
                    && m.overrides(c)) {
                IMethodBinding d = c.getMethodDeclaration();
                found.putIfAbsent(d.getKey(), d);
                return;
            }
        }
        for (ITypeBinding s : supertypes(type)) {
            overridden(m, s, found, seen, incomplete);
        }
    }

    private static List<ITypeBinding> supertypes(ITypeBinding t) {
        List<ITypeBinding> s = new ArrayList<>();
        if (t.getSuperclass() != null) {
            s.add(t.getSuperclass());
        }
        s.addAll(Arrays.asList(t.getInterfaces()));
        return s;
    }

    private static boolean isObject(ITypeBinding t) {
        return "java.lang.Object".equals(t.getErasure().getQualifiedName());
    }

    private static boolean hasOverrideAnnotation(MethodDeclaration node) {
        for (Object m : node.modifiers()) {
            if (m instanceof org.eclipse.jdt.core.dom.Annotation a
                    && a.getTypeName().getFullyQualifiedName().endsWith("Override")) {
                return true;
            }
        }
        return false;
    }

    // ---- calls

    @Override
    public boolean visit(MethodInvocation node) {
        IMethodBinding m = node.resolveMethodBinding();
        Expression receiver = node.getExpression();
        ITypeBinding receiverType = receiver == null ? enclosingType(node) : receiver.resolveTypeBinding();
        if (m != null && objectMethodOnIncompleteType(m, receiverType)) {
            out.unresolved(ReferenceKind.CALL);
            return true;
        }
        call(node.getName(), m, node.arguments(), receiver);
        return true;
    }

    @Override
    public boolean visit(SuperMethodInvocation node) {
        IMethodBinding m = node.resolveMethodBinding();
        ITypeBinding enclosing = enclosingType(node);
        if (m != null && objectMethodOnIncompleteType(m, enclosing)) {
            out.unresolved(ReferenceKind.CALL);
            return true;
        }
        call(node.getName(), m, node.arguments(), null);
        return true;
    }

    @Override
    public boolean visit(ConstructorInvocation node) {
        constructorCall(node, node.resolveConstructorBinding(), node.arguments(), enclosingType(node));
        return true;
    }

    @Override
    public boolean visit(SuperConstructorInvocation node) {
        ITypeBinding enclosing = enclosingType(node);
        constructorCall(
                node,
                node.resolveConstructorBinding(),
                node.arguments(),
                enclosing == null ? null : enclosing.getSuperclass());
        return true;
    }

    /**
     * {@code this(...)}/{@code super(...)}: the constructor must be {@code owner}'s own. For a superclass missing
     * from the classpath JDT recovers the call onto {@code Object()}, whatever the arguments.
     */
    private void constructorCall(ASTNode node, IMethodBinding m, List<?> arguments, ITypeBinding owner) {
        if (owner == null
                || owner.isRecovered()
                || (m != null
                        && m.getDeclaringClass() != null
                        && !m.getDeclaringClass()
                                .getErasure()
                                .getKey()
                                .equals(owner.getErasure().getKey()))) {
            out.unresolved(ReferenceKind.CALL);
            return;
        }
        call(node, m, arguments, null);
    }

    /**
     * A method JDT found in {@code Object} for a receiver whose type, or one of its supertypes, is missing: the
     * missing type may declare it (an override, an overload), so which method is meant is not known.
     */
    private static boolean objectMethodOnIncompleteType(IMethodBinding m, ITypeBinding receiver) {
        ITypeBinding d = m.getDeclaringClass();
        if (d == null || !"java.lang.Object".equals(d.getErasure().getQualifiedName())) {
            return false;
        }
        return receiver == null || incomplete(receiver, new HashSet<>());
    }

    private static boolean incomplete(ITypeBinding t, Set<String> seen) {
        if (t == null) {
            return false;
        }
        if (t.isRecovered()) {
            return true;
        }
        if (!seen.add(t.getErasure().getKey())) {
            return false;
        }
        for (ITypeBinding s : supertypes(t.getErasure())) {
            if (incomplete(s, seen)) {
                return true;
            }
        }
        return false;
    }

    /** The innermost class, interface, enum, record or anonymous class around {@code node}. */
    private static ITypeBinding enclosingType(ASTNode node) {
        for (ASTNode n = node.getParent(); n != null; n = n.getParent()) {
            if (n instanceof AbstractTypeDeclaration t) {
                return t.resolveBinding();
            }
            if (n instanceof org.eclipse.jdt.core.dom.AnonymousClassDeclaration a) {
                return a.resolveBinding();
            }
        }
        return null;
    }

    @Override
    public boolean visit(ClassInstanceCreation node) {
        ASTNode site = typeName(node.getType());
        if (node.getAnonymousClassDeclaration() != null) {
            anonymous(node, site);
            return true;
        }
        // For a type that does not exist, JDT's recovered constructor can be Object's: the constructor must be
        // the created type's own.
        ITypeBinding created = node.getType().resolveBinding();
        IMethodBinding constructor = node.resolveConstructorBinding();
        if (created == null
                || created.isRecovered()
                || (constructor != null
                        && constructor.getDeclaringClass() != null
                        && !constructor
                                .getDeclaringClass()
                                .getErasure()
                                .getKey()
                                .equals(created.getErasure().getKey()))) {
            out.unresolved(ReferenceKind.CALL);
            return true;
        }
        call(site, constructor, node.arguments(), null);
        return true;
    }

    @Override
    public boolean visit(ExpressionMethodReference node) {
        call(node.getName(), node.resolveMethodBinding(), List.of(), null);
        return true;
    }

    @Override
    public boolean visit(TypeMethodReference node) {
        call(node.getName(), node.resolveMethodBinding(), List.of(), null);
        return true;
    }

    @Override
    public boolean visit(SuperMethodReference node) {
        call(node.getName(), node.resolveMethodBinding(), List.of(), null);
        return true;
    }

    @Override
    public boolean visit(CreationReference node) {
        IMethodBinding m = node.resolveMethodBinding();
        if (m != null && m.getDeclaringClass() != null && m.getDeclaringClass().isArray()) {
            return true; // int[]::new creates an array: no constructor
        }
        // The line of "new", the reference's last token.
        int end = node.getStartPosition() + node.getLength() - 1;
        callAt(unit.getLineNumber(end), node, m, List.of(), null);
        return true;
    }

    /**
     * {@code new T(...) {...}}: the anonymous class's constructor passes its arguments to the superclass's; the
     * target is that constructor, or, for an interface (whose anonymous class calls {@code Object()}), the
     * interface, as for a class that declares no constructor.
     */
    private void anonymous(ClassInstanceCreation node, ASTNode site) {
        ITypeBinding anon = node.getAnonymousClassDeclaration().resolveBinding();
        ITypeBinding named = node.getType().resolveBinding();
        if (anon == null || named == null || named.isRecovered()) {
            out.unresolved(ReferenceKind.CALL);
            return;
        }
        if (named.isInterface()) {
            referType(ReferenceKind.CALL, line(site), named, resolution(site));
            return;
        }
        IMethodBinding anonConstructor = node.resolveConstructorBinding();
        IMethodBinding superConstructor = null;
        if (anonConstructor != null && anon.getSuperclass() != null) {
            for (IMethodBinding c : anon.getSuperclass().getDeclaredMethods()) {
                if (c.isConstructor()
                        && Arrays.equals(
                                erasures(c.getParameterTypes()), erasures(anonConstructor.getParameterTypes()))) {
                    superConstructor = c;
                }
            }
        }
        if (superConstructor == null
                && anonConstructor != null
                && !anonConstructor.getDeclaringClass().isAnonymous()) {
            superConstructor = anonConstructor; // JDT gave the superclass's constructor itself
        }
        if (superConstructor == null) {
            // The superclass declares no constructor: its default one, i.e. the class.
            if (anon.getSuperclass() != null && hasNoConstructor(anon.getSuperclass())) {
                referType(ReferenceKind.CALL, line(site), anon.getSuperclass(), resolution(site));
            } else {
                out.unresolved(ReferenceKind.CALL);
            }
            return;
        }
        call(site, superConstructor, node.arguments(), null);
    }

    private static boolean hasNoConstructor(ITypeBinding t) {
        for (IMethodBinding m : t.getDeclaredMethods()) {
            if (m.isConstructor() && !m.isDefaultConstructor()) {
                return false;
            }
        }
        return true;
    }

    private static String[] erasures(ITypeBinding[] types) {
        String[] s = new String[types.length];
        for (int i = 0; i < types.length; i++) {
            s[i] = BindingNames.type(types[i]);
        }
        return s;
    }

    private void call(ASTNode site, IMethodBinding m, List<?> arguments, Expression receiver) {
        callAt(line(site), site, m, arguments, receiver);
    }

    /**
     * A call at {@code line}. JDT answers a call it could not resolve exactly with the closest match; that is
     * kept (as INFERRED) only when no other method of that name and arity could have been meant.
     */
    private void callAt(int line, ASTNode site, IMethodBinding m, List<?> arguments, Expression receiver) {
        if (m == null
                || m.isRecovered()
                || m.getDeclaringClass() == null
                || m.getDeclaringClass().isRecovered()) {
            out.unresolved(ReferenceKind.CALL);
            return;
        }
        boolean uncertain = overlapsError(site) || argumentsIncomplete(arguments);
        if (uncertain) {
            ITypeBinding receiverType = receiver == null ? null : receiver.resolveTypeBinding();
            if (hasNamesake(m, receiverType)) {
                out.unresolved(ReferenceKind.CALL);
                return;
            }
        }
        Resolution r = uncertain || hasRecovered(m.getMethodDeclaration()) ? Resolution.INFERRED : Resolution.EXACT;
        referMethod(ReferenceKind.CALL, line, m, r);
    }

    private static boolean argumentsIncomplete(List<?> arguments) {
        for (Object a : arguments) {
            ITypeBinding t = ((Expression) a).resolveTypeBinding();
            if (t == null
                    || t.isRecovered()
                    || (t.isArray() && t.getElementType().isRecovered())) {
                return true;
            }
        }
        return false;
    }

    /** Whether a method other than {@code m}, of its name and arity, is visible from its owner or the receiver. */
    private static boolean hasNamesake(IMethodBinding m, ITypeBinding receiver) {
        IMethodBinding d = m.getMethodDeclaration();
        int arity = d.getParameterTypes().length;
        Set<String> seen = new HashSet<>();
        List<ITypeBinding> todo = new ArrayList<>();
        todo.add(d.getDeclaringClass());
        if (receiver != null) {
            todo.add(receiver);
        }
        while (!todo.isEmpty()) {
            ITypeBinding t = todo.removeLast();
            if (t == null || t.isRecovered() || !seen.add(t.getErasure().getKey())) {
                continue;
            }
            for (IMethodBinding c : t.getErasure().getDeclaredMethods()) {
                if (c.getName().equals(d.getName())
                        && c.isConstructor() == d.isConstructor()
                        && (c.getParameterTypes().length == arity || c.isVarargs() || d.isVarargs())
                        && !c.getMethodDeclaration().getKey().equals(d.getKey())) {
                    return true;
                }
            }
            if (!d.isConstructor()) {
                todo.addAll(supertypes(t));
            }
        }
        return false;
    }

    private static boolean hasRecovered(IMethodBinding d) {
        for (ITypeBinding p : d.getParameterTypes()) {
            if (p.isRecovered() || (p.isArray() && p.getElementType().isRecovered())) {
                return true;
            }
        }
        return false;
    }

    // ---- type and field names

    @Override
    public boolean visit(SimpleName node) {
        if (node.isDeclaration()) {
            return false;
        }
        IBinding b = node.resolveBinding();
        if (b == null) {
            unbound(node);
            return false;
        }
        switch (b) {
            case ITypeBinding t -> {
                if (t.isTypeVariable() || t.isCapture() || t.isWildcardType() || isVar(node)) {
                    return false;
                }
                if (t.isRecovered()) {
                    out.unresolved(ReferenceKind.TYPE);
                    return false;
                }
                referType(ReferenceKind.TYPE, line(node), t, resolution(node));
            }
            case IVariableBinding v -> {
                if (!v.isField() || v.getDeclaringClass() == null) {
                    return false; // a local, a parameter, an array's length
                }
                if (v.getDeclaringClass().isRecovered()) {
                    out.unresolved(ReferenceKind.FIELD);
                    return false;
                }
                referField(ReferenceKind.FIELD, line(node), v, resolution(node));
            }
            default -> {
                // methods are handled at their invocation; packages, modules and annotation members are no sites
            }
        }
        return false;
    }

    /** A name with no binding: a type name is an unresolved TYPE; a label is nothing; other kinds are unknown. */
    private void unbound(SimpleName node) {
        ASTNode parent = node.getParent();
        if (parent instanceof LabeledStatement
                || parent instanceof BreakStatement
                || parent instanceof ContinueStatement) {
            return;
        }
        if (parent instanceof MethodInvocation mi && mi.getName() == node
                || parent instanceof SuperMethodInvocation smi && smi.getName() == node
                || parent instanceof ExpressionMethodReference
                || parent instanceof TypeMethodReference
                || parent instanceof SuperMethodReference) {
            return; // counted at the call
        }
        if (parent instanceof SimpleType || parent instanceof QualifiedType || parent instanceof NameQualifiedType) {
            out.unresolved(ReferenceKind.TYPE);
            return;
        }
        if (parent instanceof org.eclipse.jdt.core.dom.MemberValuePair) {
            return; // an annotation's element name: no site
        }
        out.unresolvedNames++;
    }

    private static boolean isVar(SimpleName node) {
        return node.getParent() instanceof SimpleType st && st.isVar();
    }

    // ---- targets

    private void referType(ReferenceKind kind, int line, ITypeBinding t, Resolution r) {
        ITypeBinding d = t.getErasure().getTypeDeclaration();
        if (d.isFromSource()) {
            out.references.add(new FileReferences.Pending(kind, line, d.getKey(), null, null, r));
        } else {
            out.references.add(new FileReferences.Pending(kind, line, null, null, BindingNames.type(d), r));
        }
    }

    private void referMethod(ReferenceKind kind, int line, IMethodBinding m, Resolution r) {
        IMethodBinding d = m.getMethodDeclaration();
        ITypeBinding owner = BindingNames.owner(d).getErasure().getTypeDeclaration();
        if (owner.isFromSource()) {
            out.references.add(
                    new FileReferences.Pending(kind, line, d.getKey(), implicitDeclaration(d, owner), null, r));
        } else {
            out.references.add(new FileReferences.Pending(kind, line, null, null, BindingNames.method(d), r));
        }
    }

    /**
     * Where a member the language declares implicitly is: a default or record's canonical constructor, an enum's
     * {@code values()}/{@code valueOf}, at its class; a record's accessor at its component (the component's field).
     * Used only when the member has no declaration of its own.
     */
    private static String implicitDeclaration(IMethodBinding d, ITypeBinding owner) {
        if (d.isConstructor()) {
            return owner.getKey();
        }
        if (owner.isEnum() && (d.getName().equals("values") || d.getName().equals("valueOf"))) {
            return owner.getKey();
        }
        if (owner.isRecord() && d.getParameterTypes().length == 0) {
            for (IVariableBinding f : owner.getDeclaredFields()) {
                if (f.getName().equals(d.getName()) && !Modifier.isStatic(f.getModifiers())) {
                    return f.getKey();
                }
            }
        }
        return null;
    }

    private void referField(ReferenceKind kind, int line, IVariableBinding v, Resolution r) {
        IVariableBinding d = v.getVariableDeclaration();
        ITypeBinding owner = d.getDeclaringClass().getErasure().getTypeDeclaration();
        if (owner.isFromSource()) {
            out.references.add(new FileReferences.Pending(kind, line, d.getKey(), null, null, r));
        } else {
            out.references.add(new FileReferences.Pending(kind, line, null, null, BindingNames.field(d), r));
        }
    }

    // ---- positions

    private Resolution resolution(ASTNode site) {
        return overlapsError(site) ? Resolution.INFERRED : Resolution.EXACT;
    }

    private boolean overlapsError(ASTNode node) {
        int start = node.getStartPosition();
        int end = start + node.getLength() - 1;
        for (int[] e : errors) {
            if (e[0] > end) {
                break;
            }
            if (e[1] >= start) {
                return true;
            }
        }
        return false;
    }

    private int line(ASTNode node) {
        return unit.getLineNumber(node.getStartPosition());
    }

    /** The node of a type's own simple name: {@code Map} in {@code java.util.Map<K, V>}. */
    private static ASTNode typeName(Type t) {
        return switch (t) {
            case SimpleType s -> s.getName() instanceof QualifiedName q ? q.getName() : s.getName();
            case ParameterizedType p -> typeName(p.getType());
            case QualifiedType q -> q.getName();
            case NameQualifiedType n -> n.getName();
            default -> t;
        };
    }
}
