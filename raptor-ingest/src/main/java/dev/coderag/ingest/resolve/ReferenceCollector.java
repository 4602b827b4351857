package dev.coderag.ingest.resolve;

import dev.coderag.store.ReferenceKind;
import dev.coderag.store.Resolution;
import java.util.Arrays;
import java.util.List;
import org.eclipse.jdt.core.dom.ASTNode;
import org.eclipse.jdt.core.dom.AbstractTypeDeclaration;
import org.eclipse.jdt.core.dom.BreakStatement;
import org.eclipse.jdt.core.dom.ClassInstanceCreation;
import org.eclipse.jdt.core.dom.CompilationUnit;
import org.eclipse.jdt.core.dom.ConstructorInvocation;
import org.eclipse.jdt.core.dom.ContinueStatement;
import org.eclipse.jdt.core.dom.CreationReference;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.ExpressionMethodReference;
import org.eclipse.jdt.core.dom.IBinding;
import org.eclipse.jdt.core.dom.IMethodBinding;
import org.eclipse.jdt.core.dom.ITypeBinding;
import org.eclipse.jdt.core.dom.IVariableBinding;
import org.eclipse.jdt.core.dom.ImportDeclaration;
import org.eclipse.jdt.core.dom.LabeledStatement;
import org.eclipse.jdt.core.dom.MethodInvocation;
import org.eclipse.jdt.core.dom.NameQualifiedType;
import org.eclipse.jdt.core.dom.QualifiedType;
import org.eclipse.jdt.core.dom.SimpleName;
import org.eclipse.jdt.core.dom.SimpleType;
import org.eclipse.jdt.core.dom.SuperConstructorInvocation;
import org.eclipse.jdt.core.dom.SuperMethodInvocation;
import org.eclipse.jdt.core.dom.SuperMethodReference;
import org.eclipse.jdt.core.dom.TypeMethodReference;

/**
 * Walks one compilation unit with bindings and records its declarations and references into a {@link
 * FileReferences}. The sites are those of {@link ReferenceKind}; a name resolved onto a type that does not exist,
 * or a call whose overload cannot be told, is counted as unresolved instead.
 */
final class ReferenceCollector extends SiteRecorder {
    private ReferenceCollector(CompilationUnit unit, FileReferences out) {
        super(unit, out);
    }

    /** Both walks of {@code unit}: its declarations, imports, supertypes and overrides, then its references. */
    static void collect(CompilationUnit unit, FileReferences out) {
        unit.accept(new DeclarationCollector(unit, out));
        unit.accept(new ReferenceCollector(unit, out));
    }

    @Override
    public boolean visit(ImportDeclaration node) {
        return false; // imports are the first walk's
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
}
