package dev.coderag.types;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The language registry: stored ordinals, extensions, comment markers, call families and highlighting. */
class LanguageTest {
    @Test
    void ordinals_stay_as_stored_and_new_languages_come_last() {
        // graph files record languages by ordinal: a constant inserted before these would rename stored data
        assertThat(Language.values())
                .extracting(Language::id)
                .containsExactly(
                        "java",
                        "python",
                        "rust",
                        "go",
                        "typescript",
                        "tsx",
                        "javascript",
                        "markdown",
                        "toml",
                        "xml",
                        "json",
                        "text",
                        "kotlin",
                        "csharp",
                        "c",
                        "cpp",
                        "shell",
                        "ruby",
                        "php",
                        "scala",
                        "swift",
                        "lua");
    }

    @Test
    void ruby_php_scala_swift_and_lua_by_their_extensions() {
        Map<String, Language> byName = Map.of(
                "lib/rack/builder.rb", Language.RUBY,
                "lib/tasks/db.rake", Language.RUBY,
                "rack.gemspec", Language.RUBY,
                "src/Logger.php", Language.PHP,
                "core/Defer.scala", Language.SCALA,
                "scripts/build.sc", Language.SCALA,
                "Sources/App.swift", Language.SWIFT,
                "lua/lazy/init.lua", Language.LUA);
        byName.forEach((name, language) -> {
            assertThat(Language.fromFileName(name)).as(name).contains(language);
            String ext = name.substring(name.lastIndexOf('.'));
            assertThat(Language.fromExtension(ext)).as(ext).contains(language);
            assertThat(Language.fromId(language.id())).isEqualTo(language);
        });
        assertThat(Language.fromFileName("Gemfile")).isEmpty();
        assertThat(Language.fromFileName("build.sbt")).isEmpty();
    }

    @Test
    void line_comments_and_highlighting() {
        assertThat(Language.RUBY.lineComment()).isEqualTo("#");
        assertThat(Language.PHP.lineComment()).isEqualTo("//");
        assertThat(Language.SCALA.lineComment()).isEqualTo("//");
        assertThat(Language.SWIFT.lineComment()).isEqualTo("//");
        assertThat(Language.LUA.lineComment()).isEqualTo("--");
        for (Language l : new Language[] {Language.RUBY, Language.PHP, Language.SCALA, Language.SWIFT, Language.LUA}) {
            assertThat(l.highlight("any")).isEqualTo(l.id());
            assertThat(l.isHeader(".h")).isFalse();
        }
        assertThat(Language.TEXT.highlight("Gemfile")).isEqualTo("ruby");
        assertThat(Language.TEXT.highlight("Rakefile")).isEqualTo("ruby");
        assertThat(Language.TEXT.highlight("build.sbt")).isEqualTo("scala");
        assertThat(Language.TEXT.highlight("busted-scm-1.rockspec")).isEqualTo("lua");
        assertThat(Language.TEXT.highlight("Gemfile.lock")).isEmpty();
    }

    @Test
    void scala_calls_into_java_and_kotlin_and_the_others_only_into_themselves() {
        Set<Language> jvm = Set.of(Language.JAVA, Language.KOTLIN, Language.SCALA);
        assertThat(Language.SCALA.callable()).isEqualTo(jvm);
        assertThat(Language.JAVA.callable()).isEqualTo(jvm);
        assertThat(Language.KOTLIN.callable()).isEqualTo(jvm);
        for (Language l : new Language[] {Language.RUBY, Language.PHP, Language.SWIFT, Language.LUA}) {
            assertThat(l.callable()).as(l.id()).containsExactly(l);
        }
    }
}
