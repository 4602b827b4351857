package dev.coderag.chat.answer;

import dev.coderag.chat.answer.Generator.GenerationInput;
import dev.coderag.types.CodeChunk;
import java.util.Optional;

/**
 * The extractive answer to "who calls X": the subject's callers (product code first) with their locations and
 * citations, what it calls, what it is, then the other sources. The subject is the definition the question
 * names when retrieval resolved one; otherwise the best code match, and then nothing is claimed about callers
 * the index does not show: "no caller" is said only of a resolved subject. Pure.
 */
final class RelationsAnswer {
    private RelationsAnswer() {}

    static String compose(GenerationInput input) {
        StringBuilder sb = new StringBuilder();
        Optional<ContextBlock> named = input.subject().flatMap(id -> input.blocks().stream()
                .filter(b -> b.hit().chunk().id().equals(id))
                .findFirst());
        Optional<ContextBlock> subject = named.or(() -> Relations.firstCode(input.blocks()));
        if (subject.isEmpty()) {
            sb.append("No code among the sources, so no callers or callees to list.\n\n");
            Others.append(sb, input.blocks(), 0);
            return sb.toString();
        }
        ContextBlock s = subject.get();
        String name = Evidence.code(((CodeChunk) s.hit().chunk()).qualifiedName());
        Relations rel = Relations.of(input, s);
        if (!rel.implementers().isEmpty()) {
            sb.append(name)
                    .append(' ')
                    .append(Evidence.cite(s))
                    .append(" is ")
                    .append(rel.implementedBy())
                    .append(' ')
                    .append(Evidence.join(rel.implementers()))
                    .append(".\n\n");
        }
        if (!rel.callers().isEmpty()) {
            sb.append(name)
                    .append(' ')
                    .append(Evidence.cite(s))
                    .append(" is called by ")
                    .append(rel.counted())
                    .append(": ")
                    .append(rel.callerList())
                    .append(".\n\n");
        } else if (!rel.implementers().isEmpty()) {
            // a type or method with implementations: what they are is the answer; callers of it are not asked for
        } else if (named.isPresent() && input.unplacedCallers() > 0) {
            // calls of this name exist, but none could be told to be of this definition rather than a namesake
            sb.append("The callers of ")
                    .append(name)
                    .append(' ')
                    .append(Evidence.cite(s))
                    .append(" are uncertain: the index holds ")
                    .append(input.unplacedCallers())
                    .append(input.unplacedCallers() == 1 ? " call" : " calls")
                    .append(" of that name that it cannot tell apart from calls of other definitions with the same"
                            + " name.\n\n");
        } else if (named.isPresent()) {
            // the question named this definition and the index resolved it: the absence of callers is known
            sb.append("No caller of ")
                    .append(name)
                    .append(' ')
                    .append(Evidence.cite(s))
                    .append(" is in the index.\n\n");
        } else {
            sb.append("The question names no symbol the index resolves to one definition, so callers are listed"
                            + " only when the call graph shows them; it shows none for ")
                    .append(name)
                    .append(' ')
                    .append(Evidence.cite(s))
                    .append(".\n\n");
        }
        if (!rel.callees().isEmpty()) {
            sb.append(name)
                    .append(' ')
                    .append(Evidence.cite(s))
                    .append(" calls ")
                    .append(Evidence.join(rel.callees()))
                    .append(".\n\n");
        }
        sb.append(Evidence.line(s)).append("\n\n");
        Others.append(sb, input.blocks(), 0);
        return sb.toString();
    }
}
