package dev.coderag.ingest.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.Language;
import dev.coderag.types.ManifestChunk;
import org.junit.jupiter.api.Test;

class ManifestParserTest {

    private static ManifestChunk manifest(String path, String text) {
        ParseResult result = Fixtures.parse(path, text);
        assertThat(result.category()).isEqualTo(FileCategory.MANIFEST);
        assertThat(result.chunks()).hasSize(1);
        return (ManifestChunk) result.chunks().getFirst();
    }

    @Test
    void cargo_toml_gives_package_description_and_dependencies_of_every_kind() {
        ManifestChunk cargo = manifest("crates/shop/Cargo.toml", """
                [package]
                name = "shop-core"   # the crate
                description = "Core types of the shop"
                edition = "2021"

                [dependencies]
                serde = { version = "1.0", features = ["derive"] }
                tokio = "1"
                local = { path = "../local" }

                [dependencies.regex]
                version = "1.10"

                [dev-dependencies]
                proptest = "1.4"

                [target.'cfg(unix)'.dependencies]
                libc = "0.2"
                """);
        assertThat(cargo.name()).isEqualTo("shop-core");
        assertThat(cargo.description()).isEqualTo("Core types of the shop");
        assertThat(cargo.dependencies())
                .containsExactly("serde 1.0", "tokio 1", "local", "regex 1.10", "proptest 1.4 (dev)", "libc 0.2");
        assertThat(cargo.startLine()).isEqualTo(1);
        assertThat(cargo.endLine()).isEqualTo(18);
        assertThat(cargo.language()).isEqualTo(Language.TOML);
    }

    @Test
    void pyproject_reads_pep621_and_poetry_tables() {
        ManifestChunk pep621 = manifest("pyproject.toml", """
                [project]
                name = 'shop'
                description = \"\"\"
                Shop service,
                in Python.\"\"\"
                dependencies = [
                  "requests>=2.31",  # HTTP
                  'pydantic>=2',
                ]

                [project.optional-dependencies]
                test = ["pytest"]
                """);
        assertThat(pep621.name()).isEqualTo("shop");
        assertThat(pep621.description()).isEqualTo("Shop service, in Python.");
        assertThat(pep621.dependencies()).containsExactly("requests>=2.31", "pydantic>=2", "pytest (test)");

        ManifestChunk poetry = manifest("tools/pyproject.toml", """
                [tool.poetry]
                name = "shop-tools"
                description = "Admin tools"

                [tool.poetry.dependencies]
                python = "^3.11"
                click = "^8.1"
                httpx = { version = "^0.27", extras = ["http2"] }

                [tool.poetry.group.dev.dependencies]
                ruff = "^0.4"
                """);
        assertThat(poetry.name()).isEqualTo("shop-tools");
        assertThat(poetry.dependencies()).containsExactly("click ^8.1", "httpx ^0.27", "ruff ^0.4 (dev)");
    }

    @Test
    void package_json_gives_name_description_and_dependencies() {
        ManifestChunk npm = manifest("web/package.json", """
                {
                  "name": "@shop/web",
                  "description": "Storefront",
                  "dependencies": { "react": "^18.3.1" },
                  "devDependencies": { "vite": "^5.0.0" }
                }
                """);
        assertThat(npm.name()).isEqualTo("@shop/web");
        assertThat(npm.description()).isEqualTo("Storefront");
        assertThat(npm.dependencies()).containsExactly("react ^18.3.1", "vite ^5.0.0 (dev)");
        assertThat(npm.endLine()).isEqualTo(6);
        assertThat(npm.language()).isEqualTo(Language.JSON);
    }

    @Test
    void go_mod_gives_module_path_and_requirements() {
        ManifestChunk mod = manifest("go.mod", """
                module example.com/shop

                go 1.22

                require github.com/google/uuid v1.6.0

                require (
                \tgithub.com/spf13/cobra v1.8.0
                \tgolang.org/x/sys v0.20.0 // indirect
                )
                """);
        assertThat(mod.name()).isEqualTo("example.com/shop");
        assertThat(mod.description()).isEmpty();
        assertThat(mod.dependencies())
                .containsExactly(
                        "github.com/google/uuid v1.6.0",
                        "github.com/spf13/cobra v1.8.0",
                        "golang.org/x/sys v0.20.0 (indirect)");
    }

    @Test
    void pom_xml_gives_artifact_description_and_dependencies() {
        ManifestChunk pom = manifest("service/pom.xml", """
                <?xml version="1.0" encoding="UTF-8"?>
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <artifactId>shop-service</artifactId>
                  <description>
                    The shop's HTTP service.
                  </description>
                  <dependencyManagement><dependencies>
                    <dependency><groupId>org.junit</groupId><artifactId>junit-bom</artifactId></dependency>
                  </dependencies></dependencyManagement>
                  <dependencies>
                    <dependency><groupId>io.javalin</groupId><artifactId>javalin</artifactId></dependency>
                    <dependency><groupId>org.assertj</groupId><artifactId>assertj-core</artifactId><scope>test</scope></dependency>
                  </dependencies>
                </project>
                """);
        assertThat(pom.name()).isEqualTo("shop-service");
        assertThat(pom.description()).isEqualTo("The shop's HTTP service.");
        assertThat(pom.dependencies())
                .containsExactly("io.javalin:javalin", "org.assertj:assertj-core (test)", "org.junit:junit-bom");
        assertThat(pom.language()).isEqualTo(Language.XML);
    }

    @Test
    void pom_with_an_external_entity_is_refused_without_reading_the_entity() {
        ManifestChunk pom = manifest("evil/pom.xml", """
                <?xml version="1.0"?>
                <!DOCTYPE project [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
                <project><artifactId>&secret;</artifactId></project>
                """);
        assertThat(pom.name()).as("falls back to the file name").isEqualTo("pom.xml");
        assertThat(pom.dependencies()).isEmpty();
        assertThat(pom.embeddingText()).doesNotContain("root:");
    }

    @Test
    void unreadable_manifests_still_give_a_chunk_named_after_the_file() {
        assertThat(manifest("package.json", "{ not json").name()).isEqualTo("package.json");
        assertThat(manifest("Cargo.toml", "[package\nname = ").name()).isEqualTo("Cargo.toml");
        assertThat(manifest("pyproject.toml", "").endLine()).isEqualTo(1);
        assertThat(manifest("go.mod", "garbage ((").name()).isEqualTo("go.mod");
    }
}
