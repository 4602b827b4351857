package dev.coderag.ingest.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.Language;
import dev.coderag.types.ManifestChunk;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Gradle, MSBuild, CMake and Python packaging manifests: real files (real/README.md names their projects and
 * commits) and snippets for the notations those files do not use.
 */
class BuildManifestsTest {

    private static ManifestChunk real(String project, String path) {
        ParseResult result = Fixtures.parseReal(project, path);
        assertThat(result.category()).as(path).isEqualTo(FileCategory.MANIFEST);
        return (ManifestChunk) result.chunks().getFirst();
    }

    private static ManifestChunk manifest(String path, String text) {
        ParseResult result = Fixtures.parse(path, text);
        assertThat(result.category()).as(path).isEqualTo(FileCategory.MANIFEST);
        assertThat(result.chunks()).hasSize(1);
        return (ManifestChunk) result.chunks().getFirst();
    }

    @Test
    void gradle_kotlin_dsl_gives_plugins_and_dependencies_per_source_set() {
        ManifestChunk build = real("kotlinpoet", "kotlinpoet/build.gradle.kts");
        assertThat(build.name()).as("a build script declares no name").isEqualTo("build.gradle.kts");
        assertThat(build.language()).isEqualTo(Language.KOTLIN);
        assertThat(build.dependencies())
                .containsExactly(
                        "org.jetbrains.kotlin.multiplatform (plugin)",
                        "libs.kotlin.reflect",
                        "org.jetbrains.kotlin:kotlin-test (commonTest)",
                        "libs.kotlin.junit (jvmTest)",
                        "libs.assertk (jvmTest)",
                        "libs.compileTesting (jvmTest)",
                        "libs.jimfs (jvmTest)",
                        "libs.ecj (jvmTest)",
                        "libs.kotlinCompileTesting (jvmTest)",
                        "libs.kotlin.annotationProcessingEmbeddable (jvmTest)",
                        "libs.kotlin.compilerEmbeddable (jvmTest)");
        assertThat(build.startLine()).isEqualTo(1);
        assertThat(build.endLine()).isEqualTo(118);

        ManifestChunk root = real("kotlinpoet", "build.gradle.kts");
        assertThat(root.dependencies())
                .startsWith("libs.plugins.kotlin.multiplatform (plugin)", "libs.plugins.kotlin.jvm (plugin)")
                .contains("org.jetbrains.dokka (plugin)", "com.vanniktech.maven.publish (plugin)");

        ManifestChunk settings = real("kotlinpoet", "settings.gradle.kts");
        assertThat(settings.name()).isEqualTo("kotlinpoet-root");
        assertThat(settings.dependencies())
                .containsExactly(
                        "org.gradle.toolchains.foojay-resolver-convention 1.0.0 (plugin)",
                        ":kotlinpoet (module)",
                        ":interop:kotlin-metadata (module)",
                        ":interop:ksp (module)",
                        ":interop:ksp:test-processor (module)");
    }

    @Test
    void gradle_groovy_dsl_gives_applied_plugins_classpath_and_configurations() {
        ManifestChunk timber = real("timber", "timber/build.gradle");
        assertThat(timber.name()).isEqualTo("build.gradle");
        assertThat(timber.language()).isEqualTo(Language.TEXT);
        assertThat(timber.dependencies())
                .containsExactly(
                        "com.android.library (plugin)",
                        "org.jetbrains.kotlin.android (plugin)",
                        "com.vanniktech.maven.publish (plugin)",
                        "org.jetbrains.dokka (plugin)",
                        "deps.kotlin.stdlib",
                        "deps.annotations",
                        "deps.annotations (testImplementation)",
                        "deps.junit (testImplementation)",
                        "deps.truth (testImplementation)",
                        "deps.robolectric (testImplementation)",
                        "project :timber-lint (lintPublish)");
        assertThat(real("timber", "build.gradle").dependencies())
                .contains(
                        "deps.androidPlugin (classpath)",
                        "com.github.ben-manes:gradle-versions-plugin:0.39.0 (classpath)",
                        "org.jetbrains.dokka:dokka-gradle-plugin:1.4.32 (classpath)");
        ManifestChunk settings = real("timber", "settings.gradle");
        assertThat(settings.name()).isEqualTo("timber-root");
        assertThat(settings.dependencies())
                .containsExactly(
                        ":timber (module)",
                        ":timber:japicmp (module)",
                        ":timber-lint (module)",
                        ":timber-sample (module)");
    }

    @Test
    void gradle_notations_closures_templates_and_comments() {
        ManifestChunk build = manifest("app/build.gradle", """
                plugins {
                    id 'java-library'
                    id "org.springframework.boot" version "3.3.0"
                    `maven-publish`
                }
                description = 'The shop\\'s service'
                archivesBaseName = "shop-service"
                dependencies {
                    implementation platform("org.springframework.boot:spring-boot-dependencies:${bootVersion}")
                    implementation group: 'com.google.guava', name: 'guava', version: '33.0-jre'
                    implementation("io.javalin:javalin:6.1.3") {
                        exclude group: "org.slf4j" // the closure is not a dependency
                    }
                    compileOnly files('libs/local.jar')
                    runtimeOnly "org.postgresql:postgresql:42.7.3"; testImplementation 'junit:junit:4.13.2'
                    /* api 'commented:out:1' */
                    constraints {
                        implementation 'org.yaml:snakeyaml:2.2'
                    }
                    def unused = "not:a:dependency"
                    testImplementation(
                        "org.assertj:assertj-core:3.25.3",
                    )
                }
                """);
        assertThat(build.name()).isEqualTo("shop-service");
        assertThat(build.description()).isEqualTo("The shop\\'s service");
        assertThat(build.dependencies())
                .containsExactly(
                        "java-library (plugin)",
                        "org.springframework.boot 3.3.0 (plugin)",
                        "maven-publish (plugin)",
                        "org.springframework.boot:spring-boot-dependencies:${bootVersion}",
                        "com.google.guava:guava:33.0-jre",
                        "io.javalin:javalin:6.1.3",
                        "org.postgresql:postgresql:42.7.3 (runtimeOnly)",
                        "junit:junit:4.13.2 (testImplementation)",
                        "org.assertj:assertj-core:3.25.3 (testImplementation)");
    }

    @Test
    void csproj_gives_assembly_description_packages_and_project_references() {
        ManifestChunk mediatr = real("mediatr", "src/MediatR/MediatR.csproj");
        assertThat(mediatr.name()).isEqualTo("MediatR");
        assertThat(mediatr.description()).isEqualTo("Simple, unambitious mediator implementation in .NET");
        assertThat(mediatr.dependencies())
                .containsExactly(
                        "IsExternalInit 1.0.3",
                        "MediatR.Contracts [2.0.1, 3.0.0)",
                        "Microsoft.Bcl.AsyncInterfaces 8.0.0",
                        "Microsoft.Extensions.DependencyInjection.Abstractions 8.0.0",
                        "Microsoft.SourceLink.GitHub 8.0.0",
                        "MinVer 6.0.0");
        ManifestChunk tests = real("mediatr", "test/MediatR.Tests/MediatR.Tests.csproj");
        assertThat(tests.name()).as("no AssemblyName: MSBuild's project name").isEqualTo("MediatR.Tests");
        assertThat(tests.dependencies()).startsWith("MediatR (project)", "Lamar 12.1.0", "xunit 2.6.1");

        ManifestChunk web = manifest("src/Shop.Web/Shop.Web.csproj", """
                <Project Sdk="Microsoft.NET.Sdk.Web">
                  <ItemGroup>
                    <FrameworkReference Include="Microsoft.AspNetCore.App" />
                    <PackageReference Include="Serilog"><Version>3.1.1</Version></PackageReference>
                    <PackageReference Update="Polly" Version="8.2.0" />
                  </ItemGroup>
                </Project>
                """);
        assertThat(web.name()).isEqualTo("Shop.Web");
        assertThat(web.dependencies())
                .containsExactly("Microsoft.AspNetCore.App (framework)", "Serilog 3.1.1", "Polly 8.2.0");
    }

    @Test
    void csproj_with_an_external_entity_is_refused_without_reading_the_entity() {
        ManifestChunk evil = manifest("Evil.csproj", """
                <?xml version="1.0"?>
                <!DOCTYPE Project [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
                <Project><PropertyGroup><AssemblyName>&secret;</AssemblyName></PropertyGroup></Project>
                """);
        assertThat(evil.name()).isEqualTo("Evil.csproj");
        assertThat(evil.embeddingText()).doesNotContain("root:");
    }

    @Test
    void cmake_gives_the_project_and_its_packages() {
        ManifestChunk leveldb = real("leveldb", "CMakeLists.txt");
        assertThat(leveldb.name()).isEqualTo("leveldb");
        assertThat(leveldb.dependencies())
                .containsExactly(
                        "Threads", "third_party/googletest (subdirectory)", "third_party/benchmark (subdirectory)");
        assertThat(leveldb.endLine()).isEqualTo(519);

        ManifestChunk app = manifest("CMakeLists.txt", """
                cmake_minimum_required(VERSION 3.24)
                PROJECT(shop VERSION 1.2.0 DESCRIPTION "A shop, in C++" LANGUAGES CXX)
                # find_package(Commented 1.0)
                #[[ find_package(BracketCommented 2.0) ]]
                find_package(Boost 1.83 REQUIRED COMPONENTS system)
                find_package(OpenSSL REQUIRED)
                find_package(PkgConfig)
                pkg_check_modules(GLIB REQUIRED IMPORTED_TARGET glib-2.0>=2.70)
                include(FetchContent)
                FetchContent_Declare(
                  json
                  GIT_REPOSITORY https://github.com/nlohmann/json.git
                  GIT_TAG v3.11.3)
                CPMAddPackage("gh:fmtlib/fmt#10.2.1")
                CPMAddPackage(NAME spdlog VERSION 1.13.0 GITHUB_REPOSITORY gabime/spdlog)
                message([=[ find_package(InBracket 3.0) ]=])
                add_subdirectory(src)
                """);
        assertThat(app.name()).isEqualTo("shop");
        assertThat(app.description()).isEqualTo("A shop, in C++");
        assertThat(app.dependencies())
                .containsExactly(
                        "Boost 1.83",
                        "OpenSSL",
                        "PkgConfig",
                        "glib-2.0>=2.70",
                        "json v3.11.3",
                        "fmt 10.2.1",
                        "spdlog 1.13.0",
                        "src (subdirectory)");
    }

    @Test
    void setup_py_reads_literal_arguments_and_names_bound_to_literals() {
        ManifestChunk boto3 = real("boto3", "setup.py");
        assertThat(boto3.name()).isEqualTo("boto3");
        assertThat(boto3.description()).isEqualTo("The AWS SDK for Python");
        assertThat(boto3.language()).isEqualTo(Language.PYTHON);
        assertThat(boto3.dependencies())
                .containsExactly("botocore>=1.43.78,<1.44.0", "jmespath>=0.7.1,<2.0.0", "s3transfer>=0.19.0,<0.20.0");

        ManifestChunk shop = manifest("setup.py", """
                from setuptools import setup
                import os
                here = os.path.abspath(os.path.dirname(__file__))
                EXTRAS = {
                    "postgres": ["psycopg[binary]>=3.1"],  # a comment
                    'docs': ('sphinx',),
                }
                setup(
                    name="shop" "-service",
                    description=(
                        "Shop service"
                    ),
                    install_requires=["flask>=3", r'click'] + [],
                    extras_require=EXTRAS,
                    tests_require=[\"\"\"pytest\"\"\"],
                    setup_requires=get_requires(),
                )
                """);
        assertThat(shop.name()).isEqualTo("shop-service");
        assertThat(shop.description()).isEqualTo("Shop service");
        assertThat(shop.dependencies())
                .as("an expression (a list + a list, a call) is not read")
                .containsExactly("psycopg[binary]>=3.1 (postgres)", "sphinx (docs)", "pytest (test)");
    }

    @Test
    void setup_cfg_and_requirements_files() {
        ManifestChunk cfg = real("boto3", "setup.cfg");
        assertThat(cfg.name()).isEqualTo("setup.cfg");
        assertThat(cfg.dependencies())
                .containsExactly(
                        "botocore>=1.43.78,<1.44.0",
                        "jmespath>=0.7.1,<2.0.0",
                        "s3transfer>=0.19.0,<0.20.0",
                        "botocore[crt]>=1.21.0,<2.0a0 (crt)");
        ManifestChunk shop = manifest("setup.cfg", """
                [metadata]
                name = shop
                description = A shop
                ; a comment
                [options]
                install_requires =
                    requests>=2.31
                    # pinned for the API
                    pydantic>=2,<3
                tests_require = pytest; pytest-cov
                [options.extras_require]
                pg = psycopg>=3
                """);
        assertThat(shop.name()).isEqualTo("shop");
        assertThat(shop.description()).isEqualTo("A shop");
        assertThat(shop.dependencies())
                .containsExactly(
                        "requests>=2.31", "pydantic>=2,<3", "psycopg>=3 (pg)", "pytest (test)", "pytest-cov (test)");

        assertThat(real("boto3", "requirements.txt").dependencies())
                .containsExactly("botocore (editable)", "jmespath (editable)", "s3transfer (editable)");
        ManifestChunk dev = real("requests", "requirements-dev.txt");
        assertThat(dev.name()).isEqualTo("requirements-dev.txt");
        assertThat(dev.dependencies())
                .containsExactly(
                        ".[socks] (editable) (dev)",
                        "pytest>=2.8.0,<10 (dev)",
                        "pytest-cov (dev)",
                        "pytest-httpbin==2.1.0 (dev)",
                        "httpbin~=0.10.0 (dev)",
                        "trustme (dev)",
                        "wheel (dev)");
        ManifestChunk pinned = manifest("requirements.txt", """
                -r base.txt
                --index-url https://pypi.org/simple
                requests==2.32.3 \\
                    --hash=sha256:aaaa
                pywin32 >= 306 ; sys_platform == "win32"  # Windows only
                git+https://github.com/org/lib.git#egg=lib
                """);
        assertThat(pinned.dependencies())
                .containsExactly(
                        "requests==2.32.3",
                        "pywin32 >= 306 ; sys_platform == \"win32\"",
                        "git+https://github.com/org/lib.git#egg=lib");
    }

    @Test
    void unreadable_build_files_still_give_a_chunk_named_after_the_file() {
        for (String name : List.of(
                "build.gradle", "settings.gradle.kts", "App.csproj", "CMakeLists.txt", "setup.py", "setup.cfg")) {
            ManifestChunk chunk = manifest("m/" + name, "<<<{{{ \"unterminated [=[ (( '''");
            assertThat(chunk.name()).as(name).isEqualTo(name);
            assertThat(chunk.startLine()).isEqualTo(1);
            assertThat(chunk.endLine()).isEqualTo(1);
        }
    }

    @Test
    void hostile_build_files_are_read_in_linear_time() {
        List<String> hostile = List.of(
                "{".repeat(200_000),
                "dependencies {\n" + "implementation(".repeat(100_000),
                "(".repeat(200_000),
                "[".repeat(200_000),
                "setup(" + "[".repeat(100_000),
                "x = " + "{'a': [".repeat(50_000),
                "project(" + "[=".repeat(100_000),
                "\"${".repeat(100_000),
                "a\\\n".repeat(100_000),
                "[a]\n" + " b\n".repeat(100_000));
        for (String name : List.of(
                "build.gradle.kts",
                "settings.gradle",
                "x.csproj",
                "CMakeLists.txt",
                "setup.py",
                "setup.cfg",
                "requirements.txt")) {
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
