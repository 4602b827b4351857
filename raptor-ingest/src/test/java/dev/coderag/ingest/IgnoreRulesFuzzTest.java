package dev.coderag.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.coderag.ingest.IgnoreRules.Match;
import java.util.regex.Pattern;

/**
 * Fuzzes {@link IgnoreRules}: a cloned repository's {@code .gitignore} / {@code .ragignore} is untrusted text,
 * and every path of the walk is matched against it. Contract: parsing and matching never throw, and each
 * takes bounded time (a glob must not become a regex that backtracks exponentially on a long name). A plain
 * name (no glob characters) also has a known verdict: it ignores that name at any depth, and {@code !name}
 * re-includes it.
 *
 * <p>{@code ./mvnw verify} fuzzes this for a fixed time; other runs replay
 * {@code IgnoreRulesFuzzTestInputs/parseAndMatch/}.
 */
class IgnoreRulesFuzzTest {
    private static final long BUDGET_NANOS = 1_000_000_000L;
    private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z0-9_.-]+");
    private static final String[] BASES = {"", "a", "a/b", "src/main"};

    @FuzzTest(maxDuration = "20s")
    void parseAndMatch(FuzzedDataProvider data) {
        String base = data.pickValue(BASES);
        String content = data.consumeString(1000);
        String path = data.consumeString(300);
        boolean dir = data.consumeBoolean();
        String name = data.consumeRemainingAsString();

        long start = System.nanoTime();
        IgnoreRules rules = IgnoreRules.parse(base, content);
        Match m = rules.match(path, dir);
        Match m2 = rules.match(base.isEmpty() ? path : base + "/" + path, dir);
        long took = System.nanoTime() - start;
        assertThat(m).isNotNull();
        assertThat(m2).isNotNull();
        assertThat(took)
                .as("parse+match took %d ms: rules %s, path %s", took / 1_000_000, content, path)
                .isLessThan(BUDGET_NANOS);

        if (PLAIN_NAME.matcher(name).matches() && !name.equals(".") && !name.equals("..")) {
            String at = (base.isEmpty() ? "" : base + "/") + "x/y/" + name;
            assertThat(IgnoreRules.parse(base, name + "\n").match(at, dir))
                    .as("rule %s on %s", name, at)
                    .isEqualTo(Match.IGNORED);
            assertThat(IgnoreRules.parse(base, name + "\n!" + name + "\n").match(at, dir))
                    .as("rule %s then !%s on %s", name, name, at)
                    .isEqualTo(Match.INCLUDED);
        }
    }
}
