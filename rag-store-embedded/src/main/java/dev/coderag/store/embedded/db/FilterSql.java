package dev.coderag.store.embedded.db;

import dev.coderag.store.SearchFilter;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** A {@link SearchFilter} as SQL conditions on a chunks alias ({@code " AND ..."}, or ""), with their parameters. */
public record FilterSql(String sql, List<String> params) {
    public static FilterSql of(SearchFilter filter, String alias) {
        StringBuilder sql = new StringBuilder();
        List<String> params = new ArrayList<>();
        if (!filter.repos().isEmpty()) {
            sql.append(" AND ")
                    .append(alias)
                    .append(".repo IN (")
                    .append(Sql.placeholders(filter.repos().size()))
                    .append(')');
            params.addAll(new TreeSet<>(filter.repos()));
        }
        if (!filter.languages().isEmpty()) {
            sql.append(" AND ")
                    .append(alias)
                    .append(".language IN (")
                    .append(Sql.placeholders(filter.languages().size()))
                    .append(')');
            filter.languages().stream().map(Language::id).sorted().forEach(params::add);
        }
        if (!filter.symbolKinds().isEmpty()) {
            sql.append(" AND ")
                    .append(alias)
                    .append(".symbol_kind IN (")
                    .append(Sql.placeholders(filter.symbolKinds().size()))
                    .append(')');
            filter.symbolKinds().stream().map(SymbolKind::id).sorted().forEach(params::add);
        }
        if (!filter.pathGlob().isEmpty()) {
            sql.append(" AND rag_path_match(?, ").append(alias).append(".path)");
            params.add(filter.pathGlob());
        }
        return new FilterSql(sql.toString(), params);
    }

    /** Binds the parameters from index {@code from}; returns the next free index. */
    public int bind(PreparedStatement st, int from) throws SQLException {
        return Sql.bind(st, from, params);
    }
}
