package dev.coderag.ingest.parse.manifest;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
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
 * Maven's pom.xml and MSBuild's {@code *.csproj}, read with the JDK's XML parser with DOCTYPEs, external
 * entities and XInclude off (no XXE, no network, no entity expansion). Thread-safe.
 */
final class XmlManifests {
    private XmlManifests() {}

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

    private static Element root(String text) throws ParserConfigurationException, IOException, SAXException {
        Document doc = xmlParser().parse(new InputSource(new StringReader(text)));
        return doc.getDocumentElement();
    }

    // ---- pom.xml ----

    /** artifactId (else name), description, and dependencies as "groupId:artifactId" with a non-compile scope. */
    static ManifestInfo pom(String text) throws ParserConfigurationException, IOException, SAXException {
        Element project = root(text);
        List<String> deps = new ArrayList<>();
        addMavenDeps(child(project, "dependencies"), deps);
        Element management = child(project, "dependencyManagement");
        if (management != null) {
            addMavenDeps(child(management, "dependencies"), deps);
        }
        String name = childText(project, "artifactId");
        if (name.isEmpty()) {
            name = childText(project, "name");
        }
        return new ManifestInfo(name, childText(project, "description"), deps);
    }

    private static void addMavenDeps(Element dependencies, List<String> deps) {
        for (Element dep : children(dependencies, "dependency")) {
            String coordinates = childText(dep, "groupId") + ":" + childText(dep, "artifactId");
            String scope = childText(dep, "scope");
            boolean plain = scope.isEmpty() || scope.equals("compile");
            deps.add(plain ? coordinates : coordinates + " (" + scope + ")");
        }
    }

    // ---- *.csproj ----

    /**
     * AssemblyName (else PackageId, else RootNamespace, else the file name without {@code .csproj}: MSBuild's
     * project name), Description, and the items: {@code PackageReference} as "Name Version",
     * {@code ProjectReference} as "Name (project)", {@code FrameworkReference} as "Name (framework)".
     */
    static ManifestInfo csproj(String text, String fileName)
            throws ParserConfigurationException, IOException, SAXException {
        Element project = root(text);
        String name = "";
        String description = "";
        List<String> deps = new ArrayList<>();
        for (Element group : children(project, "PropertyGroup")) {
            for (String property : List.of("AssemblyName", "PackageId", "RootNamespace")) {
                if (name.isEmpty()) {
                    name = childText(group, property);
                }
            }
            if (description.isEmpty()) {
                description = childText(group, "Description");
            }
        }
        for (Element group : children(project, "ItemGroup")) {
            for (Node n = group.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element item) {
                    addMsBuildItem(item, deps);
                }
            }
        }
        if (name.isEmpty()) {
            name = fileName.substring(0, fileName.length() - ".csproj".length());
        }
        return new ManifestInfo(name, description, deps);
    }

    private static void addMsBuildItem(Element item, List<String> deps) {
        String include = item.getAttribute("Include").strip();
        switch (localName(item)) {
            case "PackageReference" -> {
                String name = include.isEmpty() ? item.getAttribute("Update").strip() : include;
                String version = item.getAttribute("Version").strip();
                if (version.isEmpty()) {
                    version = childText(item, "Version");
                }
                if (!name.isEmpty()) {
                    deps.add(version.isEmpty() ? name : name + " " + version);
                }
            }
            case "ProjectReference" -> {
                if (!include.isEmpty()) {
                    deps.add(projectName(include) + " (project)");
                }
            }
            case "FrameworkReference" -> {
                if (!include.isEmpty()) {
                    deps.add(include + " (framework)");
                }
            }
            default -> {}
        }
    }

    /** {@code ..\Shop.Core\Shop.Core.csproj} is {@code Shop.Core}. */
    private static String projectName(String path) {
        int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
        String file = path.substring(slash + 1);
        int dot = file.lastIndexOf('.');
        return dot > 0 ? file.substring(0, dot) : file;
    }

    // ---- DOM helpers ----

    private static String localName(Element e) {
        String tag = e.getTagName();
        int colon = tag.indexOf(':');
        return colon < 0 ? tag : tag.substring(colon + 1);
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        if (parent == null) {
            return found;
        }
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && localName(e).equals(name)) {
                found.add(e);
            }
        }
        return found;
    }

    private static Element child(Element parent, String name) {
        List<Element> found = children(parent, name);
        return found.isEmpty() ? null : found.getFirst();
    }

    private static String childText(Element parent, String name) {
        Element e = child(parent, name);
        return e == null ? "" : e.getTextContent().strip();
    }
}
