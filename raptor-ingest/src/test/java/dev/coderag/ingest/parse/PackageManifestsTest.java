package dev.coderag.ingest.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.Language;
import dev.coderag.types.ManifestChunk;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Ruby (Gemfile, *.gemspec), PHP (composer.json), Scala (build.sbt), Swift (Package.swift) and Lua (*.rockspec)
 * manifests: real files (real/README.md names their projects and commits) and snippets for the notations those
 * files do not use.
 */
class PackageManifestsTest {

    private static ManifestChunk real(String project, String path) {
        ParseResult result = Fixtures.parseReal(project, path);
        assertThat(result.category()).as(path).isEqualTo(FileCategory.MANIFEST);
        assertThat(result.chunks()).hasSize(1);
        return (ManifestChunk) result.chunks().getFirst();
    }

    private static ManifestChunk manifest(String path, String text) {
        ParseResult result = Fixtures.parse(path, text);
        assertThat(result.category()).as(path).isEqualTo(FileCategory.MANIFEST);
        assertThat(result.chunks()).hasSize(1);
        return (ManifestChunk) result.chunks().getFirst();
    }

    @Test
    void gemfile_gives_its_gems_with_constraints_and_groups() {
        ManifestChunk gemfile = real("rack", "Gemfile");
        assertThat(gemfile.name()).as("a Gemfile declares no name").isEqualTo("Gemfile");
        assertThat(gemfile.language()).isEqualTo(Language.TEXT);
        assertThat(gemfile.dependencies())
                .as("`gemspec` points at rack.gemspec; the jruby branch and the other are both declared")
                .containsExactly(
                        "rubocop (maintenance)",
                        "rubocop-packaging (maintenance)",
                        "rdoc < 8 (doc)",
                        "rdoc (doc)",
                        "logger (test)",
                        "webrick (test)",
                        "bake-test-external (test)");
        assertThat(gemfile.endLine()).isEqualTo(27);

        ManifestChunk options = manifest("Gemfile", """
                source "https://rubygems.org"
                gem "rails", "~> 7.1", ">= 7.1.2" # the framework
                gem 'pg', platforms: :ruby
                gem "rspec-rails", group: [:development, :test]
                platforms :jruby do
                  gem "jdbc-postgres"
                end
                # gem "commented-out"
                gem "puma", require: false
                """);
        assertThat(options.dependencies())
                .containsExactly(
                        "rails ~> 7.1, >= 7.1.2", "pg", "rspec-rails (development, test)", "jdbc-postgres", "puma");
    }

    @Test
    void gemspec_gives_name_heredoc_description_and_runtime_and_development_dependencies() {
        ManifestChunk gemspec = real("rack", "rack.gemspec");
        assertThat(gemspec.name()).isEqualTo("rack");
        assertThat(gemspec.language()).as("a .gemspec is Ruby").isEqualTo(Language.RUBY);
        assertThat(gemspec.description())
                .startsWith("Rack provides a minimal, modular and adaptable interface for developing web applications")
                .endsWith("into a single method call.");
        assertThat(gemspec.dependencies())
                .containsExactly(
                        "minitest > 5 (dev)", "minitest-global_expectations (dev)", "bundler (dev)", "rake (dev)");

        ManifestChunk runtime = manifest("shop.gemspec", """
                Gem::Specification.new do |spec|
                  spec.name    = 'shop'
                  spec.summary = "Carts and prices."
                  spec.add_dependency("money", "~> 6.16")
                  spec.add_runtime_dependency 'json'
                end
                """);
        assertThat(runtime.name()).isEqualTo("shop");
        assertThat(runtime.description()).as("no description: the summary").isEqualTo("Carts and prices.");
        assertThat(runtime.dependencies()).containsExactly("money ~> 6.16", "json");
    }

    @Test
    void composer_json_gives_name_description_and_require_and_require_dev() {
        ManifestChunk composer = real("monolog", "composer.json");
        assertThat(composer.name()).isEqualTo("monolog/monolog");
        assertThat(composer.description())
                .isEqualTo("Sends your logs to files, sockets, inboxes, databases and various web services");
        assertThat(composer.dependencies())
                .startsWith("php >=8.1", "psr/log ^2.0 || ^3.0", "ext-json * (dev)", "aws/aws-sdk-php ^3.0 (dev)")
                .endsWith("symfony/mime ^5.4 || ^6 (dev)")
                .hasSize(21)
                .as("suggestions are not dependencies")
                .noneMatch(d -> d.contains("ext-amqp"));
        assertThat(composer.language()).isEqualTo(Language.JSON);
    }

    @Test
    void build_sbt_gives_module_ids_with_versions_from_vals_and_configurations() {
        ManifestChunk sbt = real("cats", "build.sbt");
        assertThat(sbt.name()).as("cats declares names per project only").isEqualTo("build.sbt");
        assertThat(sbt.language()).isEqualTo(Language.TEXT);
        assertThat(sbt.dependencies())
                .containsExactly(
                        "org.scala-lang:scala-reflect:scalaVersion.value (provided)",
                        "org.typelevel:discipline-core:1.7.0",
                        "org.scalameta:munit:1.3.5 (test)",
                        "org.typelevel:discipline-munit:2.0.0 (test)",
                        "org.scalacheck:scalacheck:1.19.0 (test)",
                        "org.typelevel:cats-core:oldV (provided)",
                        "org.typelevel:discipline-munit:2.0.0");

        ManifestChunk simple = manifest("build.sbt", """
                // name := "commented"
                ThisBuild / scalaVersion := "3.3.1"
                name := "shop"
                description := "Carts and prices."
                val circe = "0.14.6"
                libraryDependencies ++= Seq(
                  "io.circe" %% "circe-core" % circe,
                  "org.scalatest" %% "scalatest" % "3.2.17" % "test"
                )
                addSbtPlugin("org.scalameta" % "sbt-scalafmt" % "2.5.2")
                """);
        assertThat(simple.name()).isEqualTo("shop");
        assertThat(simple.description()).isEqualTo("Carts and prices.");
        assertThat(simple.dependencies())
                .containsExactly(
                        "io.circe:circe-core:0.14.6",
                        "org.scalatest:scalatest:3.2.17 (test)",
                        "org.scalameta:sbt-scalafmt:2.5.2 (plugin)");
    }

    @Test
    void package_swift_gives_its_name_and_package_dependencies_but_not_commented_out_ones() {
        ManifestChunk vapor = real("vapor", "Package.swift");
        assertThat(vapor.name()).isEqualTo("vapor");
        assertThat(vapor.language()).isEqualTo(Language.SWIFT);
        assertThat(vapor.dependencies())
                .startsWith("async-http-client 1.24.0", "console-kit 5.0.0-beta", "swift-configuration 1.0.0")
                .contains("swift-nio 2.101.3", "multipart-kit 5.0.0-beta.1", "swift-http-types 1.0.0")
                .endsWith("swift-http-server 13b8e725554b5d10dbf704f9abc39d7c1c80b30a")
                .hasSize(22)
                .noneMatch(d -> d.startsWith("websocket-kit"));

        ManifestChunk forms = manifest("Package.swift", """
                let package = Package(
                    name: "Shop",
                    dependencies: [
                        .package(url: "https://github.com/apple/swift-log", .upToNextMajor(from: "1.5.0")),
                        .package(url: "https://github.com/a/b.git", "1.0.0"..<"2.0.0"),
                        .package(url: "https://github.com/a/c.git", branch: "main"),
                        .package(path: "../Money"),
                        /* .package(url: "https://github.com/a/old.git", from: "0.1.0"), */
                    ]
                )
                """);
        assertThat(forms.name()).isEqualTo("Shop");
        assertThat(forms.dependencies())
                .containsExactly("swift-log 1.5.0", "b 1.0.0..<2.0.0", "c (branch main)", "Money (local)");
    }

    @Test
    void rockspec_gives_package_summary_and_dependencies_through_locals() {
        ManifestChunk busted = real("busted", "busted-scm-1.rockspec");
        assertThat(busted.name()).as("package = package_name, a local").isEqualTo("busted");
        assertThat(busted.description()).isEqualTo("Elegant Lua unit testing");
        assertThat(busted.dependencies())
                .containsExactly(
                        "lua >= 5.1",
                        "lua_cliargs >= 3.0",
                        "luasystem >= 0.2.0",
                        "dkjson >= 2.1.0",
                        "say >= 1.4-1",
                        "luassert >= 1.9.0-1",
                        "lua-term >= 0.1",
                        "penlight >= 1.15.0",
                        "mediator_lua >= 1.1.1",
                        "busted (test)");

        ManifestChunk detailed = manifest("shop-1.0-1.rockspec", """
                package = "shop"
                -- dependencies = { "commented" }
                description = { detailed = [[
                  Carts and prices.
                ]] }
                dependencies = { "lua >= 5.1" } --[[ and nothing else ]]
                build_dependencies = { "luarocks-build-rust-mlua" }
                """);
        assertThat(detailed.name()).isEqualTo("shop");
        assertThat(detailed.description()).isEqualTo("Carts and prices.");
        assertThat(detailed.dependencies()).containsExactly("lua >= 5.1", "luarocks-build-rust-mlua (build)");
    }

    @Test
    void unreadable_manifests_still_give_a_chunk_named_after_the_file() {
        for (String name :
                List.of("Gemfile", "x.gemspec", "composer.json", "build.sbt", "Package.swift", "x-1.0-1.rockspec")) {
            ManifestChunk chunk = manifest("m/" + name, "<<<{{{ \"unterminated [=[ (( ''' %% do");
            assertThat(chunk.name()).as(name).isEqualTo(name);
            assertThat(chunk.startLine()).isEqualTo(1);
            assertThat(chunk.endLine()).isEqualTo(1);
        }
    }

    @Test
    void hostile_manifests_are_read_in_linear_time() {
        List<String> hostile = List.of(
                "group :a do\n".repeat(100_000),
                "end\n".repeat(100_000),
                "gem " + "\"a\", ".repeat(100_000),
                "s.description = <<~EOF\n" + "x\n".repeat(100_000),
                "\"a\" " + "%".repeat(200_000),
                "\"a\" % \"b\" % " + "x.".repeat(100_000),
                ".package(" + "(".repeat(100_000),
                ".package(url: " + "\"a\"..".repeat(100_000),
                "x = " + "{".repeat(200_000),
                "--[[" + "[".repeat(200_000),
                "[" + "=".repeat(200_000),
                "\"".repeat(200_000));
        for (String name : List.of("Gemfile", "x.gemspec", "build.sbt", "Package.swift", "x.rockspec")) {
            for (String text : hostile) {
                long start = System.nanoTime();
                ManifestChunk chunk = manifest(name, text);
                assertThat(Duration.ofNanos(System.nanoTime() - start))
                        .as("%s on %s…", name, text.substring(0, 12))
                        .isLessThan(Duration.ofSeconds(2));
                assertThat(chunk.dependencies()).doesNotContainNull();
            }
        }
    }
}
