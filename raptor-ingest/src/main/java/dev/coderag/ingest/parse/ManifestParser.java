package dev.coderag.ingest.parse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.types.ManifestChunk;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.ErrorHandler;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * Reads the name, description and dependencies of Cargo.toml, pom.xml, package.json, go.mod and
 * pyproject.toml into one chunk covering the whole file. A manifest that does not parse still gives a
 * chunk, named after the file: TOML (through {@link TomlTables}), JSON and XML are read whole or not at all,
 * go.mod line by line. Thread-safe.
 *
 * <p>Dependencies are written as "name version" (Cargo, npm, go, Poetry), as declared (PEP 621
 * requirement strings) or as "groupId:artifactId" (Maven); non-runtime ones carry a suffix such as
 * " (dev)" or " (test)".
 */
final class ManifestParser {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ManifestParser() {}

    private record Info(String name, String description, List<String> dependencies) {}

    static ManifestChunk parse(SourceFile file, SourceText src) {
        String fileName = ModuleNames.fileName(file.path());
        Info info;
        try {
            info = switch (fileName) {
                case "Cargo.toml" -> cargo(TomlTables.parse(src.text()));
                case "pyproject.toml" -> pyproject(TomlTables.parse(src.text()));
                case "package.json" -> packageJson(src.text());
                case "go.mod" -> goMod(src.text());
                case "pom.xml" -> pom(src.text());
                default -> new Info("", "", List.of());
            };
        } catch (RuntimeException | IOException | SAXException | ParserConfigurationException e) {
            info = new Info("", "", List.of()); // unreadable: still indexed under the file's name
        }
        String name = info.name().isBlank() ? fileName : info.name().strip();
        return new ManifestChunk(
                file.repo(),
                file.path(),
                name,
                collapse(info.description()),
                info.dependencies(),
                1,
                src.rowCount(),
                file.modelId());
    }

    private static String collapse(String text) {
        return text == null ? "" : text.strip().replaceAll("\\s+", " ");
    }

    private static String string(Object o) {
        return o instanceof String s ? s : "";
    }

    // ---- Cargo.toml ----

    private static Info cargo(Map<String, Object> toml) {
        List<String> deps = new ArrayList<>();
        cargoDeps(toml, deps);
        if (TomlTables.at(toml, "target") instanceof Map<?, ?> targets) {
            for (Object target : targets.values()) {
                if (target instanceof Map<?, ?> t) {
                    @SuppressWarnings("unchecked")
                    Map<String, Object> cast = (Map<String, Object>) t;
                    cargoDeps(cast, deps);
                }
            }
        }
        addCargoTable(TomlTables.at(toml, "workspace", "dependencies"), "", deps);
        return new Info(
                string(TomlTables.at(toml, "package", "name")),
                string(TomlTables.at(toml, "package", "description")),
                deps);
    }

    private static void cargoDeps(Map<String, Object> table, List<String> deps) {
        addCargoTable(table.get("dependencies"), "", deps);
        addCargoTable(table.get("dev-dependencies"), " (dev)", deps);
        addCargoTable(table.get("build-dependencies"), " (build)", deps);
    }

    private static void addCargoTable(Object table, String suffix, List<String> deps) {
        addVersionTable(table, suffix, deps, name -> true);
    }

    /**
     * A table of name → version: {@code serde = "1.0"}, {@code tokio = { version = "1", … }} or a
     * {@code [dependencies.x]} table (Cargo and Poetry write dependencies alike).
     */
    private static void addVersionTable(Object table, String suffix, List<String> deps, Predicate<String> include) {
        if (!(table instanceof Map<?, ?> map)) {
            return;
        }
        for (Map.Entry<?, ?> e : map.entrySet()) {
            String name = String.valueOf(e.getKey());
            if (!include.test(name)) {
                continue;
            }
            String version =
                    e.getValue() instanceof Map<?, ?> spec ? string(spec.get("version")) : string(e.getValue());
            deps.add((version.isEmpty() ? name : name + " " + version) + suffix);
        }
    }

    // ---- pyproject.toml ----

    private static Info pyproject(Map<String, Object> toml) {
        List<String> deps = new ArrayList<>();
        addStrings(TomlTables.at(toml, "project", "dependencies"), "", deps);
        if (TomlTables.at(toml, "project", "optional-dependencies") instanceof Map<?, ?> extras) {
            for (Map.Entry<?, ?> e : extras.entrySet()) {
                addStrings(e.getValue(), " (" + e.getKey() + ")", deps);
            }
        }
        if (TomlTables.at(toml, "dependency-groups") instanceof Map<?, ?> groups) {
            for (Map.Entry<?, ?> e : groups.entrySet()) {
                addStrings(e.getValue(), " (" + e.getKey() + ")", deps);
            }
        }
        addPoetry(TomlTables.at(toml, "tool", "poetry", "dependencies"), "", deps);
        addPoetry(TomlTables.at(toml, "tool", "poetry", "dev-dependencies"), " (dev)", deps);
        if (TomlTables.at(toml, "tool", "poetry", "group") instanceof Map<?, ?> groups) {
            for (Map.Entry<?, ?> e : groups.entrySet()) {
                if (e.getValue() instanceof Map<?, ?> group) {
                    addPoetry(group.get("dependencies"), " (" + e.getKey() + ")", deps);
                }
            }
        }
        String name = string(TomlTables.at(toml, "project", "name"));
        String description = string(TomlTables.at(toml, "project", "description"));
        if (name.isEmpty()) {
            name = string(TomlTables.at(toml, "tool", "poetry", "name"));
        }
        if (description.isEmpty()) {
            description = string(TomlTables.at(toml, "tool", "poetry", "description"));
        }
        return new Info(name, description, deps);
    }

    private static void addStrings(Object list, String suffix, List<String> deps) {
        if (list instanceof List<?> items) {
            for (Object item : items) {
                if (item instanceof String s && !s.isBlank()) {
                    deps.add(s.strip() + suffix);
                }
            }
        }
    }

    private static void addPoetry(Object table, String suffix, List<String> deps) {
        // "python" is the interpreter constraint, not a dependency
        addVersionTable(table, suffix, deps, name -> !name.equals("python"));
    }

    // ---- package.json ----

    private static Info packageJson(String text) throws JsonProcessingException {
        JsonNode root = JSON.readTree(text);
        if (root == null || !root.isObject()) {
            return new Info("", "", List.of());
        }
        List<String> deps = new ArrayList<>();
        addNpm(root.get("dependencies"), "", deps);
        addNpm(root.get("devDependencies"), " (dev)", deps);
        addNpm(root.get("peerDependencies"), " (peer)", deps);
        addNpm(root.get("optionalDependencies"), " (optional)", deps);
        return new Info(root.path("name").asText(""), root.path("description").asText(""), deps);
    }

    private static void addNpm(JsonNode table, String suffix, List<String> deps) {
        if (table == null || !table.isObject()) {
            return;
        }
        Iterator<Map.Entry<String, JsonNode>> fields = table.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> e = fields.next();
            String version = e.getValue().isTextual() ? e.getValue().asText() : "";
            deps.add((version.isEmpty() ? e.getKey() : e.getKey() + " " + version) + suffix);
        }
    }

    // ---- go.mod ----

    private static Info goMod(String text) {
        String module = "";
        List<String> deps = new ArrayList<>();
        boolean inRequire = false;
        for (String raw : text.split("\n")) {
            String line = raw.strip();
            boolean indirect = line.contains("// indirect");
            int comment = line.indexOf("//");
            if (comment >= 0) {
                line = line.substring(0, comment).strip();
            }
            if (line.isEmpty()) {
                continue;
            }
            if (inRequire) {
                if (line.equals(")")) {
                    inRequire = false;
                } else {
                    addGoRequire(line, indirect, deps);
                }
            } else if (line.startsWith("module ")) {
                module = unquote(line.substring("module ".length()).strip());
            } else if (line.equals("require (") || line.equals("require(")) {
                inRequire = true;
            } else if (line.startsWith("require ")) {
                addGoRequire(line.substring("require ".length()).strip(), indirect, deps);
            }
        }
        return new Info(module, "", deps);
    }

    private static void addGoRequire(String spec, boolean indirect, List<String> deps) {
        String[] parts = spec.split("\\s+");
        String dep = parts.length >= 2 ? unquote(parts[0]) + " " + parts[1] : unquote(parts[0]);
        deps.add(indirect ? dep + " (indirect)" : dep);
    }

    private static String unquote(String s) {
        return s.length() >= 2 && (s.startsWith("\"") && s.endsWith("\"") || s.startsWith("`") && s.endsWith("`"))
                ? s.substring(1, s.length() - 1)
                : s;
    }

    // ---- pom.xml ----

    /** The JDK parser with DOCTYPEs, external entities and XInclude off (no XXE, no network). */
    private static DocumentBuilder xmlParser() throws ParserConfigurationException {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
        factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.setXIncludeAware(false);
        factory.setExpandEntityReferences(false);
        factory.setNamespaceAware(false);
        DocumentBuilder builder = factory.newDocumentBuilder();
        builder.setErrorHandler(new ErrorHandler() {
            @Override
            public void warning(SAXParseException e) {}

            @Override
            public void error(SAXParseException e) throws SAXException {
                throw e;
            }

            @Override
            public void fatalError(SAXParseException e) throws SAXException {
                throw e;
            }
        });
        return builder;
    }

    private static Info pom(String text) throws ParserConfigurationException, IOException, SAXException {
        Document doc = xmlParser().parse(new InputSource(new StringReader(text)));
        Element project = doc.getDocumentElement();
        List<String> deps = new ArrayList<>();
        Element dependencies = child(project, "dependencies");
        addMavenDeps(dependencies, deps);
        Element management = child(project, "dependencyManagement");
        if (management != null) {
            addMavenDeps(child(management, "dependencies"), deps);
        }
        String name = childText(project, "artifactId");
        if (name.isEmpty()) {
            name = childText(project, "name");
        }
        return new Info(name, childText(project, "description"), deps);
    }

    private static void addMavenDeps(Element dependencies, List<String> deps) {
        if (dependencies == null) {
            return;
        }
        for (Node n = dependencies.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element dep && localName(dep).equals("dependency")) {
                String coordinates = childText(dep, "groupId") + ":" + childText(dep, "artifactId");
                String scope = childText(dep, "scope");
                boolean plain = scope.isEmpty() || scope.equals("compile");
                deps.add(plain ? coordinates : coordinates + " (" + scope + ")");
            }
        }
    }

    private static String localName(Element e) {
        String tag = e.getTagName();
        int colon = tag.indexOf(':');
        return colon < 0 ? tag : tag.substring(colon + 1);
    }

    private static Element child(Element parent, String name) {
        if (parent == null) {
            return null;
        }
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && localName(e).equals(name)) {
                return e;
            }
        }
        return null;
    }

    private static String childText(Element parent, String name) {
        Element e = child(parent, name);
        return e == null ? "" : e.getTextContent().strip();
    }
}
