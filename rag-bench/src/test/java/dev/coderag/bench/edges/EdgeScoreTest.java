package dev.coderag.bench.edges;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class EdgeScoreTest {
    static final Edge CALL_IN = new Edge(Edge.Kind.CALL, "A.java", 3, new Edge.InRepo("B.java", 7));
    static final Edge CALL_OUT = new Edge(Edge.Kind.CALL, "A.java", 4, new Edge.External("java.lang.String#length()"));
    static final Edge TYPE_IN = new Edge(Edge.Kind.TYPE, "A.java", 5, new Edge.InRepo("B.java", 1));
    static final List<Edge> TRUTH = List.of(CALL_IN, CALL_OUT, TYPE_IN);

    @Test
    void theTruthItselfScoresOne() {
        EdgeScore.Report r = EdgeScore.score(TRUTH, List.of(), TRUTH);
        assertThat(r.overall()).isEqualTo(new EdgeScore.Counts(3, 3, 3, 0));
        assertThat(r.overall().precision()).isEqualTo(1.0);
        assertThat(r.overall().recall()).isEqualTo(1.0);
        assertThat(r.falsePositives()).isEmpty();
        assertThat(r.falseNegatives()).isEmpty();
    }

    @Test
    void aWrongTargetLowersPrecisionAndRecall() {
        Edge wrong = new Edge(Edge.Kind.CALL, "A.java", 3, new Edge.InRepo("B.java", 9));
        EdgeScore.Report r = EdgeScore.score(TRUTH, List.of(), List.of(wrong, CALL_OUT, TYPE_IN));
        EdgeScore.Counts call = r.byKind().get(Edge.Kind.CALL);
        assertThat(call).isEqualTo(new EdgeScore.Counts(2, 2, 1, 0));
        assertThat(call.precision()).isEqualTo(0.5);
        assertThat(call.recall()).isEqualTo(0.5);
        assertThat(r.falsePositives()).containsExactly(wrong);
        assertThat(r.falseNegatives()).containsExactly(CALL_IN);
        assertThat(r.byKind().get(Edge.Kind.TYPE).precision()).isEqualTo(1.0);
    }

    @Test
    void anExtraEdgeLowersOnlyPrecision() {
        Edge extra = new Edge(Edge.Kind.FIELD, "A.java", 8, new Edge.External("java.lang.System#out"));
        EdgeScore.Report r = EdgeScore.score(TRUTH, List.of(), List.of(CALL_IN, CALL_OUT, TYPE_IN, extra));
        assertThat(r.overall().precision()).isEqualTo(0.75);
        assertThat(r.overall().recall()).isEqualTo(1.0);
        assertThat(r.byKind().get(Edge.Kind.FIELD).precision()).isEqualTo(0.0);
        assertThat(r.byKind().get(Edge.Kind.FIELD).recall()).isNaN();
    }

    @Test
    void aMissLowersOnlyRecall() {
        EdgeScore.Report r = EdgeScore.score(TRUTH, List.of(), List.of(CALL_IN, TYPE_IN));
        assertThat(r.overall().precision()).isEqualTo(1.0);
        assertThat(r.overall().recall()).isEqualTo(2.0 / 3);
        assertThat(r.falseNegatives()).containsExactly(CALL_OUT);
        assertThat(r.byCategory().get(Edge.Kind.CALL).get(EdgeScore.Category.EXTERNAL))
                .isEqualTo(new EdgeScore.Counts(1, 0, 0, 0));
        assertThat(r.byCategory().get(Edge.Kind.CALL).get(EdgeScore.Category.IN_REPO))
                .isEqualTo(new EdgeScore.Counts(1, 1, 1, 0));
    }

    @Test
    void aClaimAtAnUnknownSiteIsUnjudgedButOnlyForItsKind() {
        Edge atUnknown = new Edge(Edge.Kind.CALL, "A.java", 10, new Edge.External("org.x.Lib#run()"));
        Edge otherKind = new Edge(Edge.Kind.FIELD, "A.java", 10, new Edge.External("org.x.Lib#f"));
        List<Site> unknown = List.of(new Site(Edge.Kind.CALL, "A.java", 10));
        EdgeScore.Report r = EdgeScore.score(TRUTH, unknown, List.of(CALL_IN, CALL_OUT, TYPE_IN, atUnknown, otherKind));
        assertThat(r.byKind().get(Edge.Kind.CALL)).isEqualTo(new EdgeScore.Counts(2, 3, 2, 1));
        assertThat(r.byKind().get(Edge.Kind.CALL).precision()).isEqualTo(1.0);
        assertThat(r.unjudged()).containsExactly(atUnknown);
        assertThat(r.falsePositives()).containsExactly(otherKind);
    }

    @Test
    void aTrueEdgeAtAnUnknownSiteStillCounts() {
        List<Site> unknown = List.of(Site.of(CALL_IN));
        EdgeScore.Report r = EdgeScore.score(TRUTH, unknown, List.of(CALL_OUT, TYPE_IN));
        assertThat(r.falseNegatives()).containsExactly(CALL_IN);
        r = EdgeScore.score(TRUTH, unknown, TRUTH);
        assertThat(r.byKind().get(Edge.Kind.CALL)).isEqualTo(new EdgeScore.Counts(2, 2, 2, 0));
    }
}
