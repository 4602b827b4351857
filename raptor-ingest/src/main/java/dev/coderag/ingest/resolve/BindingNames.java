package dev.coderag.ingest.resolve;

import java.util.StringJoiner;
import org.eclipse.jdt.core.dom.IMethodBinding;
import org.eclipse.jdt.core.dom.ITypeBinding;
import org.eclipse.jdt.core.dom.IVariableBinding;

/** Names of declarations as {@link ReferenceTarget.External} spells them. */
final class BindingNames {
    private BindingNames() {}

    /** A type's erasure by canonical name, arrays as {@code []}; a local or anonymous type by its key. */
    static String type(ITypeBinding t) {
        if (t.isArray()) {
            return type(t.getElementType()) + "[]".repeat(t.getDimensions());
        }
        if (t.isPrimitive()) {
            return t.getName();
        }
        ITypeBinding e = t.getErasure().getTypeDeclaration();
        if (e.isArray()) {
            return type(e);
        }
        String q = withoutTypeArguments(e.getQualifiedName());
        return q.isEmpty() ? e.getKey() : q;
    }

    /** {@code owner#name}, a constructor's name being {@code <init>}. */
    static String member(IMethodBinding m) {
        return type(owner(m)) + "#" + (m.isConstructor() ? "<init>" : m.getName());
    }

    /** The erased parameter types, {@code (int,java.lang.String[])}. */
    static String parameters(IMethodBinding m) {
        StringJoiner j = new StringJoiner(",", "(", ")");
        for (ITypeBinding p : m.getMethodDeclaration().getParameterTypes()) {
            j.add(type(p));
        }
        return j.toString();
    }

    static String method(IMethodBinding m) {
        return member(m) + parameters(m);
    }

    static String field(IVariableBinding v) {
        return type(v.getDeclaringClass()) + "#" + v.getName();
    }

    /** The declaring type; an array's {@code clone()} is declared, for the language, by {@code Object}. */
    static ITypeBinding owner(IMethodBinding m) {
        ITypeBinding o = m.getDeclaringClass();
        if (o.isArray()) {
            return o.getSuperclass() != null ? o.getSuperclass() : o;
        }
        return o;
    }

    private static String withoutTypeArguments(String name) {
        if (name.indexOf('<') < 0) {
            return name;
        }
        StringBuilder b = new StringBuilder(name.length());
        int depth = 0;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '<') {
                depth++;
            } else if (c == '>') {
                depth--;
            } else if (depth == 0) {
                b.append(c);
            }
        }
        return b.toString();
    }
}
