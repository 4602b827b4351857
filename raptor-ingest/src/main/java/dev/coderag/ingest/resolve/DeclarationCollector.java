package dev.coderag.ingest.resolve;

import dev.coderag.store.ReferenceKind;
import dev.coderag.store.Resolution;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.eclipse.jdt.core.dom.AbstractTypeDeclaration;
import org.eclipse.jdt.core.dom.AnnotationTypeDeclaration;
import org.eclipse.jdt.core.dom.AnnotationTypeMemberDeclaration;
import org.eclipse.jdt.core.dom.CompilationUnit;
import org.eclipse.jdt.core.dom.EnumConstantDeclaration;
import org.eclipse.jdt.core.dom.EnumDeclaration;
import org.eclipse.jdt.core.dom.FieldDeclaration;
import org.eclipse.jdt.core.dom.IBinding;
import org.eclipse.jdt.core.dom.IMethodBinding;
import org.eclipse.jdt.core.dom.ITypeBinding;
import org.eclipse.jdt.core.dom.IVariableBinding;
import org.eclipse.jdt.core.dom.ImportDeclaration;
import org.eclipse.jdt.core.dom.MethodDeclaration;
import org.eclipse.jdt.core.dom.Modifier;
import org.eclipse.jdt.core.dom.Name;
import org.eclipse.jdt.core.dom.QualifiedName;
import org.eclipse.jdt.core.dom.RecordDeclaration;
import org.eclipse.jdt.core.dom.SimpleName;
import org.eclipse.jdt.core.dom.SingleVariableDeclaration;
import org.eclipse.jdt.core.dom.Type;
import org.eclipse.jdt.core.dom.TypeDeclaration;
import org.eclipse.jdt.core.dom.VariableDeclarationFragment;

/**
 * The first walk of a compilation unit: its declarations (with their lines), imports, supertypes and overrides,
 * recorded into a {@link FileReferences}; the references in code are {@link ReferenceCollector}'s.
 */
final class DeclarationCollector extends SiteRecorder {
    DeclarationCollector(CompilationUnit unit, FileReferences out) {
        super(unit, out);
    }

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

    private static boolean hasOverrideAnnotation(MethodDeclaration node) {
        for (Object m : node.modifiers()) {
            if (m instanceof org.eclipse.jdt.core.dom.Annotation a
                    && a.getTypeName().getFullyQualifiedName().endsWith("Override")) {
                return true;
            }
        }
        return false;
    }
}
