package dev.coderag.ingest.parse;

import static dev.coderag.ingest.parse.Fixtures.code;
import static dev.coderag.ingest.parse.Fixtures.names;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import org.junit.jupiter.api.Test;

/** C++ on LevelDB's {@code util/bloom.cc}, {@code util/status.cc} and {@code include/leveldb/status.h}. */
class CppChunksTest {
    private final ParseResult bloom = Fixtures.parseReal("leveldb", "util/bloom.cc");
    private final ParseResult statusHeader = Fixtures.parseReal("leveldb", "include/leveldb/status.h");
    private final ParseResult statusSource = Fixtures.parseReal("leveldb", "util/status.cc");

    @Test
    void cpp_source_yields_functions_classes_and_methods_enclosed_by_their_namespace() {
        assertThat(bloom.category()).isEqualTo(FileCategory.CODE);
        assertThat(names(bloom))
                .containsExactly(
                        "leveldb.BloomHash",
                        "leveldb.BloomFilterPolicy",
                        "leveldb.BloomFilterPolicy.BloomFilterPolicy",
                        "leveldb.BloomFilterPolicy.Name",
                        "leveldb.BloomFilterPolicy.CreateFilter",
                        "leveldb.BloomFilterPolicy.KeyMayMatch",
                        "leveldb.NewBloomFilterPolicy");
        assertThat(Fixtures.code(bloom))
                .allSatisfy(c -> assertThat(c.language()).isEqualTo(Language.CPP));
    }

    @Test
    void method_has_exact_lines_signature_and_calls() {
        CodeChunk create = code(bloom, "leveldb.BloomFilterPolicy.CreateFilter");
        assertThat(create.symbolKind()).isEqualTo(SymbolKind.METHOD);
        assertThat(create.enclosing()).isEqualTo("leveldb.BloomFilterPolicy");
        assertThat(create.location()).isEqualTo("util/bloom.cc:28-54");
        assertThat(create.signature())
                .isEqualTo("void CreateFilter(const Slice* keys, int n, std::string* dst) const override");
        assertThat(create.docstring()).as("a comment inside the body is no doc").isEmpty();
        assertThat(create.calls()).containsExactly("size", "resize", "push_back", "static_cast", "BloomHash");

        CodeChunk constructor = code(bloom, "leveldb.BloomFilterPolicy.BloomFilterPolicy");
        assertThat(constructor.symbolKind()).isEqualTo(SymbolKind.CONSTRUCTOR);
        assertThat(constructor.location()).isEqualTo("util/bloom.cc:19-24");
        assertThat(code(bloom, "leveldb.NewBloomFilterPolicy").calls())
                .as("new T(…) is a call of T")
                .containsExactly("BloomFilterPolicy");
    }

    @Test
    void class_chunk_keeps_members_and_signatures_but_no_bodies() {
        CodeChunk policy = code(bloom, "leveldb.BloomFilterPolicy");
        assertThat(policy.symbolKind()).isEqualTo(SymbolKind.CLASS);
        assertThat(policy.location()).isEqualTo("util/bloom.cc:17-85");
        assertThat(policy.signature()).isEqualTo("class BloomFilterPolicy : public FilterPolicy");
        assertThat(policy.code())
                .contains("const char* Name() const override { … }")
                .contains("size_t bits_per_key_;")
                .doesNotContain("bits_per_key * 0.69");
    }

    @Test
    void a_header_with_an_export_macro_keeps_its_class_and_inline_definitions() {
        assertThat(Fixtures.code(statusHeader))
                .allSatisfy(c -> assertThat(c.language()).isEqualTo(Language.CPP));
        CodeChunk status = code(statusHeader, "leveldb.Status");
        assertThat(status.symbolKind()).isEqualTo(SymbolKind.CLASS);
        assertThat(status.location()).isEqualTo("include/leveldb/status.h:24-101");
        assertThat(status.signature())
                .as("the text is the file's; only the parser saw the macro blanked")
                .isEqualTo("class LEVELDB_EXPORT Status");
        assertThat(status.code())
                .as("declarations without a body stay in the class with their comments")
                .contains("// Return a string representation of this status suitable for printing.\n"
                        + "  // Returns the string \"OK\" for success.\n  std::string ToString() const;");
        CodeChunk ok = code(statusHeader, "leveldb.Status.ok");
        assertThat(ok.docstring()).isEqualTo("Returns true iff the status indicates success.");
        assertThat(ok.location()).isEqualTo("include/leveldb/status.h:57-57");
        assertThat(code(statusHeader, "leveldb.Status.Code").symbolKind()).isEqualTo(SymbolKind.ENUM);
        assertThat(Fixtures.all(statusHeader, "leveldb.Status.operator="))
                .extracting(CodeChunk::location)
                .containsExactly("include/leveldb/status.h:106-114", "include/leveldb/status.h:115-118");
        assertThat(Fixtures.all(statusHeader, "leveldb.Status.Status"))
                .as("constructors in the class and inline after it")
                .extracting(CodeChunk::symbolKind)
                .containsOnly(SymbolKind.CONSTRUCTOR)
                .hasSize(3);
    }

    @Test
    void out_of_class_definitions_are_enclosed_by_their_class() {
        assertThat(names(statusSource))
                .containsExactly("leveldb.Status.CopyState", "leveldb.Status.Status", "leveldb.Status.ToString");
        CodeChunk toString = code(statusSource, "leveldb.Status.ToString");
        assertThat(toString.symbolKind()).isEqualTo(SymbolKind.METHOD);
        assertThat(toString.location()).isEqualTo("util/status.cc:38-75");
        assertThat(toString.signature()).isEqualTo("std::string Status::ToString() const");
        assertThat(code(statusSource, "leveldb.Status.Status").symbolKind()).isEqualTo(SymbolKind.CONSTRUCTOR);
        assertThat(code(statusSource, "leveldb.Status.CopyState").calls()).containsExactly("memcpy");
    }

    @Test
    void templates_and_a_dot_h_header_written_in_cpp() {
        ParseResult result = Fixtures.parse("src/cache.h", """
                #pragma once
                #include <map>

                namespace shop {

                /// An LRU cache.
                template <typename K, typename V>
                class Cache {
                 public:
                  /// The value, or nullptr.
                  const V* Get(const K& key) const;
                  void Put(const K& key, V value) { map_[key] = std::move(value); Evict(); }

                 private:
                  void Evict();
                  std::map<K, V> map_;
                };

                template <typename K, typename V>
                const V* Cache<K, V>::Get(const K& key) const {
                  auto it = map_.find(key);
                  return it == map_.end() ? nullptr : &it->second;
                }

                /// Makes an empty cache.
                Cache<int, int> MakeCache();

                }  // namespace shop
                """);
        assertThat(names(result)).containsExactly("shop.Cache", "shop.Cache.Put", "shop.Cache.Get", "shop.MakeCache");
        assertThat(Fixtures.code(result))
                .allSatisfy(c -> assertThat(c.language()).isEqualTo(Language.CPP));
        CodeChunk cache = code(result, "shop.Cache");
        assertThat(cache.location()).as("from the template line").isEqualTo("src/cache.h:7-17");
        assertThat(cache.docstring()).isEqualTo("An LRU cache.");
        assertThat(cache.code()).contains("/// The value, or nullptr.\n  const V* Get(const K& key) const;");
        CodeChunk get = code(result, "shop.Cache.Get");
        assertThat(get.symbolKind()).isEqualTo(SymbolKind.METHOD);
        assertThat(get.location()).isEqualTo("src/cache.h:19-23");
        assertThat(get.calls()).containsExactly("find", "end");
        assertThat(code(result, "shop.Cache.Put").calls()).containsExactly("move", "Evict");
        assertThat(code(result, "shop.MakeCache").docstring()).isEqualTo("Makes an empty cache.");
    }
}
