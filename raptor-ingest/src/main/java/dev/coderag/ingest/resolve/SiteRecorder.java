package dev.coderag.ingest.resolve;

import dev.coderag.store.ReferenceKind;
import dev.coderag.store.Resolution;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.eclipse.jdt.core.compiler.IProblem;
import org.eclipse.jdt.core.dom.ASTNode;
import org.eclipse.jdt.core.dom.ASTVisitor;
import org.eclipse.jdt.core.dom.CompilationUnit;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.IMethodBinding;
import org.eclipse.jdt.core.dom.ITypeBinding;
import org.eclipse.jdt.core.dom.IVariableBinding;
import org.eclipse.jdt.core.dom.Javadoc;
import org.eclipse.jdt.core.dom.Modifier;
import org.eclipse.jdt.core.dom.NameQualifiedType;
import org.eclipse.jdt.core.dom.ParameterizedType;
import org.eclipse.jdt.core.dom.QualifiedName;
import org.eclipse.jdt.core.dom.QualifiedType;
import org.eclipse.jdt.core.dom.SimpleType;
import org.eclipse.jdt.core.dom.Type;

/**
 * What the two walks of a compilation unit share ({@link DeclarationCollector}, {@link ReferenceCollector}): the
 * unit, the references recorded into a {@link FileReferences}, how a reference's target and line are written, and
 * the binding checks both ask. Javadoc is walked by neither.
 */
abstract class SiteRecorder extends ASTVisitor {
    final CompilationUnit unit;
    final FileReferences out;
    /** Error ranges, [start, end] inclusive, sorted by start: a reference overlapping one is not EXACT. */
    private final int[][] errors;

    SiteRecorder(CompilationUnit unit, FileReferences out) {
        super(false);
        this.unit = unit;
        this.out = out;
        this.errors = Arrays.stream(unit.getProblems())
                .filter(IProblem::isError)
                .map(p -> new int[] {p.getSourceStart(), p.getSourceEnd()})
                .sorted((a, b) -> Integer.compare(a[0], b[0]))
                .toArray(int[][]::new);
    }

    static List<ITypeBinding> supertypes(ITypeBinding t) {
        List<ITypeBinding> s = new ArrayList<>();
        if (t.getSuperclass() != null) {
            s.add(t.getSuperclass());
        }
        s.addAll(Arrays.asList(t.getInterfaces()));
        return s;
    }

    static boolean isObject(ITypeBinding t) {
        return "java.lang.Object".equals(t.getErasure().getQualifiedName());
    }
    /**
     * A method JDT found in {@code Object} for a receiver whose type, or one of its supertypes, is missing: the
     * missing type may declare it (an override, an overload), so which method is meant is not known.
     */
    static boolean objectMethodOnIncompleteType(IMethodBinding m, ITypeBinding receiver) {
        ITypeBinding d = m.getDeclaringClass();
        if (d == null || !"java.lang.Object".equals(d.getErasure().getQualifiedName())) {
            return false;
        }
        return receiver == null || incomplete(receiver, new HashSet<>());
    }

    static boolean incomplete(ITypeBinding t, Set<String> seen) {
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

    static boolean argumentsIncomplete(List<?> arguments) {
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
    static boolean hasNamesake(IMethodBinding m, ITypeBinding receiver) {
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

    static boolean hasRecovered(IMethodBinding d) {
        for (ITypeBinding p : d.getParameterTypes()) {
            if (p.isRecovered() || (p.isArray() && p.getElementType().isRecovered())) {
                return true;
            }
        }
        return false;
    }

    void referType(ReferenceKind kind, int line, ITypeBinding t, Resolution r) {
        ITypeBinding d = t.getErasure().getTypeDeclaration();
        if (d.isFromSource()) {
            out.references.add(new FileReferences.Pending(kind, line, d.getKey(), null, null, r));
        } else {
            out.references.add(new FileReferences.Pending(kind, line, null, null, BindingNames.type(d), r));
        }
    }

    void referMethod(ReferenceKind kind, int line, IMethodBinding m, Resolution r) {
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
    static String implicitDeclaration(IMethodBinding d, ITypeBinding owner) {
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

    void referField(ReferenceKind kind, int line, IVariableBinding v, Resolution r) {
        IVariableBinding d = v.getVariableDeclaration();
        ITypeBinding owner = d.getDeclaringClass().getErasure().getTypeDeclaration();
        if (owner.isFromSource()) {
            out.references.add(new FileReferences.Pending(kind, line, d.getKey(), null, null, r));
        } else {
            out.references.add(new FileReferences.Pending(kind, line, null, null, BindingNames.field(d), r));
        }
    }

    Resolution resolution(ASTNode site) {
        return overlapsError(site) ? Resolution.INFERRED : Resolution.EXACT;
    }

    boolean overlapsError(ASTNode node) {
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

    int line(ASTNode node) {
        return unit.getLineNumber(node.getStartPosition());
    }
    /** The node of a type's own simple name: {@code Map} in {@code java.util.Map<K, V>}. */
    static ASTNode typeName(Type t) {
        return switch (t) {
            case SimpleType s -> s.getName() instanceof QualifiedName q ? q.getName() : s.getName();
            case ParameterizedType p -> typeName(p.getType());
            case QualifiedType q -> q.getName();
            case NameQualifiedType n -> n.getName();
            default -> t;
        };
    }

    @Override
    public boolean visit(Javadoc node) {
        return false; // a compiler does not resolve comments; links in Javadoc are no references
    }
}
