package dev.coderag.cli;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.expr.LambdaExpr;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Measures the shape of Java sources with a real parser (JavaParser): files per package directory, lines per file,
 * lines per method, constructor and lambda (from the first line of its declaration to its closing brace).
 */
final class SourceShape {
    private SourceShape() {}

    /** One place over a limit, e.g. {@code rag-store/src/main/java/.../Store.java:12 Store.open: 93 lines}. */
    record Finding(String where, int size) {}

    /** Sizes over the limits in every {@code *.java} file under {@code roots}, relative to {@code base}. */
    static List<Finding> findings(
            Path base, List<Path> roots, int maxPackageFiles, int maxFileLines, int maxMethodLines) throws IOException {
        List<Finding> out = new ArrayList<>();
        Map<Path, Integer> perPackage = new TreeMap<>();
        JavaParser parser =
                new JavaParser(new ParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_21));
        for (Path root : roots) {
            List<Path> files;
            try (Stream<Path> walk = Files.walk(root)) {
                files = walk.filter(p -> p.toString().endsWith(".java"))
                        .sorted()
                        .toList();
            }
            for (Path file : files) {
                String where = base.relativize(file).toString();
                perPackage.merge(file.getParent(), 1, Integer::sum);
                String text = Files.readString(file);
                int lines = (int) text.lines().count();
                if (lines > maxFileLines) {
                    out.add(new Finding(where, lines));
                }
                ParseResult<CompilationUnit> parsed = parser.parse(text);
                CompilationUnit unit = parsed.getResult()
                        .filter(u -> parsed.isSuccessful())
                        .orElseThrow(
                                () -> new IllegalStateException(where + " does not parse: " + parsed.getProblems()));
                for (CallableDeclaration<?> callable : unit.findAll(CallableDeclaration.class)) {
                    check(out, where + " " + callable.getNameAsString(), callable, maxMethodLines);
                }
                for (LambdaExpr lambda : unit.findAll(LambdaExpr.class)) {
                    check(out, where + " lambda", lambda, maxMethodLines);
                }
            }
        }
        perPackage.forEach((dir, count) -> {
            if (count > maxPackageFiles) {
                out.add(new Finding(base.relativize(dir).toString(), count));
            }
        });
        return out;
    }

    private static void check(List<Finding> out, String name, Node node, int max) {
        node.getRange().ifPresent(r -> {
            int lines = r.end.line - r.begin.line + 1;
            if (lines > max) {
                out.add(new Finding(name + ":" + r.begin.line, lines));
            }
        });
    }
}
